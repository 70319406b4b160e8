// Staff refund a fan's card payment through Stripe (decision 043), from the staff fan page: a Refund button per
// payment opens a dialog with the amount (all that is left unless changed), the reason and a sentence that says
// what will happen. Stripe makes the refund; its webhook books it like any refund, and the audit log keeps the reason.
import { useState } from 'react';
import * as z from 'zod/mini';
import type { StaffFanDetail } from '@contracts/admin-people';
import { maxStaffReasonLength } from '@contracts/admin-audit';
import { FormAlert } from '../../../components/form/form-alert';
import { TextInput } from '../../../components/form/text-input';
import { StaffReasonField } from '../../../components/staff-page/staff-reason-field';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useServerForm } from '../../../lib/use-server-form';
import { refundFanPayment } from '../api/refund-fan-payment';
import '../staff-actions.css';
import { ActionDialogForm } from './action-dialog-form';

type Payment = StaffFanDetail['paymentList'][number];

export const refundWords = {
  title: 'Refunds by staff',
  lead: 'Refund a payment in full or in part through Stripe. The ledger books it when Stripe confirms, like any refund.',
  refund: 'Refund',
  dialogTitle: (amount: string) => `Refund the payment of ${amount}`,
  amount: 'Amount to refund, in dollars',
  amountHint: (left: string) => `At most ${left} is left to refund. Leave it as it is to refund all of it.`,
  whatHappens: (amount: string, fan: string) =>
    `Stripe will give ${amount} back to ${fan}'s card. The fan's pie loses what is refunded; a full refund stops the pie. This cannot be undone.`,
  confirm: (amount: string) => `Refund ${amount}`,
  refunding: 'Refunding…',
  cancel: 'Cancel',
  failed: 'We could not make the refund. Please try again.',
  made: (amount: string, refundId: string) =>
    `Stripe is refunding ${amount} (${refundId}). It shows under Refunds once booked, and it is in the audit log.`,
  nothingLeft: 'Refunded in full',
} as const;

/** Dollars as typed (`12`, `12.5`, `12.50`) → cents; null when it is not an amount. */
export function centsOfDollars(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function dollarsOf(cents: number): string {
  return `${String(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

const refundFormSchema = z.object({
  amount: z.string().check(
    z.refine((text) => {
      const cents = centsOfDollars(text);
      return cents !== null && cents > 0;
    }, 'Use an amount in dollars, e.g. 5 or 5.50'),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Say why you are doing this'),
      z.maxLength(maxStaffReasonLength, `Use at most ${String(maxStaffReasonLength)} characters`),
    ),
});
type RefundValues = z.infer<typeof refundFormSchema>;

interface RefundActionsProps {
  fan: StaffFanDetail;
  onChanged: () => void;
}

/** What is left to refund of each payment: its gross less the refunds Stripe made of its charge. */
function leftOf(fan: StaffFanDetail, payment: Payment): number {
  const refunded = (fan.refunds ?? [])
    .filter((refund) => refund.chargeId === payment.chargeId && refund.status !== 'failed')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  return Math.max(0, payment.grossCents - refunded);
}

export function RefundActions({ fan, onChanged }: RefundActionsProps) {
  const [open, setOpen] = useState<Payment | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refundable = fan.paymentList.filter((payment) => payment.chargeId !== null);
  if (refundable.length === 0) return null;
  return (
    <section className="staff-actions" aria-label={refundWords.title}>
      <h2 className="staff-actions__title">{refundWords.title}</h2>
      <p className="staff-page__muted">{refundWords.lead}</p>
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      <ul className="staff-actions__list">
        {refundable.map((payment) => {
          const left = leftOf(fan, payment);
          return (
            <li key={payment.transactionId} className="staff-actions__item">
              <span>
                {formatMoney(payment.grossCents)} on {formatDateTime(payment.at)}
                {left < payment.grossCents ? ` (${formatMoney(left)} left)` : ''}
              </span>
              {left > 0 ? (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => setOpen(payment)}
                >
                  {refundWords.refund}
                </button>
              ) : (
                <span className="staff-page__muted">{refundWords.nothingLeft}</span>
              )}
            </li>
          );
        })}
      </ul>
      {open ? (
        <RefundDialog
          fan={fan}
          payment={open}
          leftCents={leftOf(fan, open)}
          onCancel={() => setOpen(null)}
          onRefunded={(message) => {
            setOpen(null);
            setDone(message);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

function RefundDialog({
  fan,
  payment,
  leftCents,
  onCancel,
  onRefunded,
}: {
  fan: StaffFanDetail;
  payment: Payment;
  leftCents: number;
  onCancel: () => void;
  onRefunded: (message: string) => void;
}) {
  // One request id per dialog: a repeated click or a retry is the same refund at Stripe.
  const [requestId] = useState(() => crypto.randomUUID());
  const { bindField, submitWith, failure, formState, watch } = useServerForm<RefundValues>({
    schema: refundFormSchema,
    defaultValues: { amount: dollarsOf(leftCents), reason: '' },
    fallback: refundWords.failed,
  });
  const typedCents = centsOfDollars(watch('amount'));
  const shown = formatMoney(typedCents ?? leftCents);
  const submit = submitWith(async (values) => {
    const cents = centsOfDollars(values.amount) ?? leftCents;
    const reply = await refundFanPayment(fan._id, payment.transactionId, {
      ...(cents === leftCents ? {} : { amountCents: cents }),
      reason: values.reason,
      requestId,
    });
    onRefunded(refundWords.made(formatMoney(reply.amountCents), reply.refundId));
  });
  return (
    <ActionDialogForm
      title={refundWords.dialogTitle(formatMoney(payment.grossCents))}
      busy={formState.isSubmitting}
      onCancel={onCancel}
      onSubmit={submit}
      cancelLabel={refundWords.cancel}
      submitLabel={refundWords.confirm(shown)}
      submittingLabel={refundWords.refunding}
    >
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextInput
        label={refundWords.amount}
        hint={refundWords.amountHint(formatMoney(leftCents))}
        required
        inputMode="decimal"
        autoComplete="off"
        {...bindField('amount')}
      />
      <StaffReasonField {...bindField('reason')} />
      <p className="dialog__description">{refundWords.whatHappens(shown, fan.name ?? 'the fan')}</p>
    </ActionDialogForm>
  );
}
