// The confirmations (disconnect a provider, delete the account, cancel a pie, decide a claim): a modal that cannot be
// dismissed while its action runs, its question and what will happen, and Cancel beside the action that names what
// it is doing.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { FormAlert } from './form/form-alert';

export interface ConfirmDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  /** The content's classes; `dialog` unless told. */
  className?: string;
  /** The id of the heading that names the dialog, when it is not a `Dialog.Title` (a form's own heading). */
  labelledBy?: string;
  children: ReactNode;
}

/** The frame alone, for a confirmation that is a form of its own (a staff action with a reason). */
export function ConfirmDialog({
  open,
  busy,
  onCancel,
  className = 'dialog',
  labelledBy,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={className} {...(labelledBy ? { 'aria-labelledby': labelledBy } : {})}>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The two buttons' words: the way out, the action, and the action while it runs ("Deleting..."). */
export interface ConfirmLabels {
  cancel: string;
  confirm: string;
  confirming: string;
}

export interface ConfirmationDialogProps extends Omit<ConfirmDialogProps, 'children'> {
  /** The question, the dialog's accessible name. */
  title: string;
  /** What will happen, the dialog's accessible description. */
  description: string;
  labels: ConfirmLabels;
  /** The action button's look: `danger` for what cannot be undone. */
  tone: 'primary' | 'danger';
  onConfirm: () => void;
  /** Why the last attempt failed; the dialog stays open so the person can try again or cancel. */
  failure?: string | null | undefined;
  /** What the dialog shows between what will happen and the buttons (a summary, a warning). */
  children?: ReactNode;
}

/** A whole confirmation: its question, what will happen, anything more to show, the last failure and the buttons. */
export function ConfirmationDialog({
  title,
  description,
  labels,
  tone,
  onConfirm,
  failure,
  children,
  ...frame
}: ConfirmationDialogProps) {
  return (
    <ConfirmDialog {...frame}>
      <Dialog.Title className="dialog__title">{title}</Dialog.Title>
      <Dialog.Description className="dialog__description">{description}</Dialog.Description>
      {children}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--secondary" disabled={frame.busy}>
            {labels.cancel}
          </button>
        </Dialog.Close>
        <button type="button" className={`button button--${tone}`} disabled={frame.busy} onClick={onConfirm}>
          {frame.busy ? labels.confirming : labels.confirm}
        </button>
      </div>
    </ConfirmDialog>
  );
}
