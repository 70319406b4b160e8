// The confirmation before a fan or an artist-side user deletes their account: what is erased, what is kept, and that
// it cannot be undone. Loaded the first time it opens, like the disconnect dialog, so the settings screen does not
// carry the dialog library.
import * as Dialog from '@radix-ui/react-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { accountDeletionText } from '../../../lib/account-deletion';
import type { SelfServiceArea } from '../api/auth-area';
import { ConfirmActions, ConfirmDialog } from '../../../components/confirm-dialog';

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
    <ConfirmDialog open={open} busy={busy} onCancel={onCancel} className="dialog dialog--scrolling-actions">
      <Dialog.Title className="dialog__title">{deleteAccountDialogText.title}</Dialog.Title>
      <Dialog.Description className="dialog__description">
        {deleteAccountDialogText.lead[area]}
      </Dialog.Description>
      <DeletionSummary
        id="delete-account-erased"
        title={deleteAccountDialogText.erasedTitle}
        items={erased}
      />
      <DeletionSummary id="delete-account-kept" title={deleteAccountDialogText.keptTitle} items={kept} />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <ConfirmActions
        busy={busy}
        cancelLabel={deleteAccountDialogText.cancel}
        confirmLabel={deleteAccountDialogText.confirm}
        confirmingLabel={deleteAccountDialogText.confirming}
        tone="danger"
        onConfirm={onConfirm}
      />
    </ConfirmDialog>
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
