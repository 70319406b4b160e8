// The frame of a staff action confirmed in a dialog with a form (a refund, the removal of a Stripe connection): its
// title, the page's fields and sentences, and Cancel beside the action, which says it is running and cannot be
// pressed twice. Both actions cannot be undone, so the action looks dangerous.
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';

export interface ActionDialogFormProps {
  open?: boolean;
  title: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  cancelLabel: string;
  submitLabel: string;
  submittingLabel: string;
  /** Holds the action back until the form says it may run (the office's name typed, say). */
  submitDisabled?: boolean;
  children: ReactNode;
}

export function ActionDialogForm({
  open = true,
  title,
  busy,
  onCancel,
  onSubmit,
  cancelLabel,
  submitLabel,
  submittingLabel,
  submitDisabled = false,
  children,
}: ActionDialogFormProps) {
  const titleId = useId();
  return (
    <ConfirmDialog open={open} busy={busy} onCancel={onCancel} labelledBy={titleId}>
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" className="button button--danger" disabled={busy || submitDisabled}>
            {busy ? submittingLabel : submitLabel}
          </button>
        </div>
      </form>
    </ConfirmDialog>
  );
}
