// The confirmation before a fan or an artist-side user deletes their account: what is erased, what is kept, and that
// it cannot be undone. Loaded the first time it opens, like the disconnect dialog, so the settings screen does not
// carry the dialog library.
import { accountDeletionText } from '../../../lib/account-deletion';
import type { SelfServiceArea } from '../api/auth-area';
import { ConfirmationDialog } from '../../../components/confirm-dialog';

export const deleteAccountDialogText = {
  title: 'Delete your account?',
  lead: {
    fan: 'Your OpenPie account is deleted at once and cannot be restored. Cancel your pie subscription first, so no further payment is taken; credit left in your fan wallet can no longer be used.',
    artist:
      'Your OpenPie for Artists account is deleted at once and cannot be restored. If you look after an office’s money, request a payout of its balance first.',
  },
  erasedTitle: 'What is erased',
  keptTitle: 'What is kept',
  cancel: 'Cancel',
  confirm: 'Delete my account',
  confirming: 'Deleting...',
} as const;

export interface DeleteAccountDialogProps {
  area: SelfServiceArea;
  open: boolean;
  busy: boolean;
  /** Why the last attempt failed; the dialog stays open so the person can try again or cancel. */
  failure: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeleteAccountDialog({
  area,
  open,
  busy,
  failure,
  onCancel,
  onConfirm,
}: DeleteAccountDialogProps) {
  const { erased, kept } = accountDeletionText[area];
  return (
    <ConfirmationDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      className="dialog dialog--scrolling-actions"
      title={deleteAccountDialogText.title}
      description={deleteAccountDialogText.lead[area]}
      labels={deleteAccountDialogText}
      tone="danger"
      onConfirm={onConfirm}
      failure={failure}
    >
      <DeletionSummary
        id="delete-account-erased"
        title={deleteAccountDialogText.erasedTitle}
        items={erased}
      />
      <DeletionSummary id="delete-account-kept" title={deleteAccountDialogText.keptTitle} items={kept} />
    </ConfirmationDialog>
  );
}

function DeletionSummary({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <section aria-labelledby={id} className="deletion-summary">
      <h3 id={id} className="deletion-summary__title">
        {title}
      </h3>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
