// Account deletion in the fan's and the artist-side user's settings (SPEC §7: DELETE /api/auth/account, DELETE
// /api/for-artists/auth/delete-account): a button, a confirmation that says what is erased and what is kept, then a
// full load of the instructions page, signed out, with the confirmation at its top.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { SettingsPanel } from '../../../components/settings-panel';
import { accountDeletedParam } from '../../../lib/account-deletion';
import { browserActions } from '../../../lib/browser-actions';
import { describeFormFailure } from '../../../lib/form-failure';
import { appendQuery, paths } from '../../../lib/paths';
import type { SelfServiceArea } from '../api/auth-area';
import { deleteAccount } from '../api/delete-account';
import '../auth.css';

const DeleteAccountDialog = lazy(async () => {
  const { DeleteAccountDialog: Dialog } = await import('./delete-account-dialog');
  return { default: Dialog };
});

export const deleteAccountText = {
  title: 'Delete your account',
  lead: {
    fan: 'Deleting your account erases your personal details and every way to sign in. Your money records stay, anonymously, so the books still balance.',
    artist:
      'Deleting your account erases your personal details and every way to sign in. Payout records stay, anonymously, so every office’s books still balance.',
  },
  help: 'How account deletion works',
  open: 'Delete account',
  failed: 'We could not delete your account. Please try again.',
} as const;

/** Where the browser goes once the account is gone: the instructions page, confirming the deletion. */
export function buildDeletedPath(area: SelfServiceArea): string {
  return appendQuery(paths.public.deleteAccountInstructions(), { [accountDeletedParam]: area });
}

export interface DeleteAccountSectionProps {
  area: SelfServiceArea;
}

export function DeleteAccountSection({ area }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteAccount(area);
      // A full load, as after logging out: nothing the signed-in screens cached survives the account.
      browserActions.goTo(buildDeletedPath(area));
    } catch (error) {
      setFailure(describeFormFailure(error, [], deleteAccountText.failed).message);
      setBusy(false);
    }
  };

  return (
    <SettingsPanel
      titleId={`delete-account-${area}`}
      title={deleteAccountText.title}
      className="settings-screen__section"
    >
      <p>
        {deleteAccountText.lead[area]}{' '}
        <Link to={paths.public.deleteAccountInstructions()}>{deleteAccountText.help}</Link>
      </p>
      <button
        type="button"
        className="button button--danger-outline"
        onClick={() => {
          setFailure(null);
          setDialogWanted(true);
          setOpen(true);
        }}
      >
        {deleteAccountText.open}
      </button>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog
            area={area}
            open={open}
            busy={busy}
            failure={failure}
            onCancel={() => setOpen(false)}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </SettingsPanel>
  );
}
