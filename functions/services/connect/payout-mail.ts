// The office's mail when a payout it requested fails after its money had left (`payout-failed`, decision 029 "Failures
// after paid"): the bank returned it, even days after Stripe said it was paid. It says how much, why in Stripe's words,
// that the money is back on the office's balance, and links to the payout.
import { neutraliseLinks } from '../../contracts/public-names';
import type { EmailMessage } from '../../domain/email';
import { composePlainMail } from '../../domain/email';
import { formatUsd } from '../../domain/money/usd';

export function buildPayoutFailedMail(input: {
  to: string;
  officeName: string;
  amountCents: number;
  netCents: number;
  reason: string;
  link: string;
}): EmailMessage {
  const paragraphs = [
    'Hello,',
    `A payout of ${formatUsd(input.amountCents)} from ${neutraliseLinks(input.officeName)} (${formatUsd(input.netCents)} after fees) did not reach its bank account. Stripe said: ${input.reason}`,
    `The ${formatUsd(input.amountCents)} is back on the office's balance. Check the bank account in the Stripe dashboard, then request the payout again.`,
  ];
  return composePlainMail({
    kind: 'payout-failed',
    to: input.to,
    subject: `A payout of ${formatUsd(input.amountCents)} did not reach the bank`,
    title: 'A payout did not reach the bank',
    paragraphs,
    link: input.link,
    linkLabel: 'Open the payout',
    layout: 'column',
  });
}
