// The confirmation before a fan or an artist-side user deletes their account: what is erased, what is kept, and that
// it cannot be undone. Loaded the first time it opens, like the disconnect dialog, so the settings screen does not
// carry the dialog library.
import * as Dialog from '@radix-ui/react-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { accountDeletionText } from '../../../lib/account-deletion';
import type { SelfServiceArea } from '../api/auth-area';

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
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--scrolling-actions">
          <Dialog.Title className="dialog__title">{deleteAccountDialogText.title}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {deleteAccountDialogText.lead[area]}
          </Dialog.Description>
          <section aria-labelledby="delete-account-erased" className="deletion-summary">
            <h3 id="delete-account-erased" className="deletion-summary__title">
              {deleteAccountDialogText.erasedTitle}
            </h3>
            <ul>
              {erased.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="delete-account-kept" className="deletion-summary">
            <h3 id="delete-account-kept" className="deletion-summary__title">
              {deleteAccountDialogText.keptTitle}
            </h3>
            <ul>
              {kept.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary" disabled={busy}>
                {deleteAccountDialogText.cancel}
              </button>
            </Dialog.Close>
            <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
              {busy ? deleteAccountDialogText.confirming : deleteAccountDialogText.confirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
