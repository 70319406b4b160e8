// The frame of a confirmation (disconnect a provider, delete the account, cancel a pie): a modal that cannot
// be dismissed while its action runs, and Cancel beside the action that names what it is doing.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  /** The content's classes; `dialog` unless told. */
  className?: string;
  children: ReactNode;
}

export function ConfirmDialog({ open, busy, onCancel, className = 'dialog', children }: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={className}>{children}</Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface ConfirmActionsProps {
  busy: boolean;
  cancelLabel: string;
  confirmLabel: string;
  confirmingLabel: string;
  /** The action button's look: `danger` for what cannot be undone. */
  tone: 'primary' | 'danger';
  onConfirm: () => void;
}

export function ConfirmActions({
  busy,
  cancelLabel,
  confirmLabel,
  confirmingLabel,
  tone,
  onConfirm,
}: ConfirmActionsProps) {
  return (
    <div className="dialog__actions">
      <Dialog.Close asChild>
        <button type="button" className="button button--secondary" disabled={busy}>
          {cancelLabel}
        </button>
      </Dialog.Close>
      <button type="button" className={`button button--${tone}`} disabled={busy} onClick={onConfirm}>
        {busy ? confirmingLabel : confirmLabel}
      </button>
    </div>
  );
}
