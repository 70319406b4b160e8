// The confirmation before a fan cancels their pie: it says what happens (the pie runs to its end, nothing renews).
import type { PieSummary } from '@contracts/payments';
import { ConfirmationDialog } from '../../../components/confirm-dialog';
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
    <ConfirmationDialog
      open={pie !== null}
      busy={busy}
      onCancel={onCancel}
      title={cancelPieText.title}
      description={pie ? describeCancelConsequence(pie) : ''}
      labels={{
        cancel: cancelPieText.keep,
        confirm: cancelPieText.confirm,
        confirming: cancelPieText.confirming,
      }}
      tone="danger"
      onConfirm={() => {
        if (pie) onConfirm(pie);
      }}
    />
  );
}
