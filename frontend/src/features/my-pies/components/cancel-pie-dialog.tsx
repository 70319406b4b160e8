// The confirmation before a fan cancels their pie: it says what happens (the pie runs to its end, nothing renews).
import * as Dialog from '@radix-ui/react-dialog';
import type { PieSummary } from '@contracts/payments';
import { ConfirmActions, ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDate, formatMoney } from '../../../lib/format';

export const cancelPieText = {
  title: 'Cancel your pie?',
  keep: 'Keep my pie',
  confirm: 'Cancel my pie',
  confirming: 'Cancelling…',
} as const;

export function describeCancelConsequence(pie: PieSummary): string {
  return `Your pie of ${formatMoney(pie.amountCents)} keeps running to ${formatDate(pie.periodEnd)} and is split among your artists as usual. After that it does not renew and your card is not charged again.`;
}

export interface CancelPieDialogProps {
  pie: PieSummary | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (pie: PieSummary) => void;
}

export function CancelPieDialog({ pie, busy, onCancel, onConfirm }: CancelPieDialogProps) {
  return (
    <ConfirmDialog open={pie !== null} busy={busy} onCancel={onCancel}>
      {pie ? (
        <>
          <Dialog.Title className="dialog__title">{cancelPieText.title}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {describeCancelConsequence(pie)}
          </Dialog.Description>
          <ConfirmActions
            busy={busy}
            cancelLabel={cancelPieText.keep}
            confirmLabel={cancelPieText.confirm}
            confirmingLabel={cancelPieText.confirming}
            tone="danger"
            onConfirm={() => onConfirm(pie)}
          />
        </>
      ) : null}
    </ConfirmDialog>
  );
}
