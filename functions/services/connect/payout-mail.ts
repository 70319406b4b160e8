// The office's mail when a payout it requested fails after its money had left (`payout-failed`, decision 029 "Failures
// after paid"): the bank returned it, even days after Stripe said it was paid. It says how much, why in Stripe's words,
// that the money is back on the office's balance, and links to the payout.
import { neutraliseLinks } from '../../contracts/public-names';
import type { EmailMessage } from '../../domain/email';
import { escapeHtml } from '../../domain/identity/emails';
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
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A payout did not reach the bank</title></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f"><div style="max-width:560px;margin:0 auto;padding:32px 24px">' +
    paragraphs.map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(input.link)}">Open the payout</a></p></div></body></html>`;
  return {
    kind: 'payout-failed',
    to: input.to,
    subject: `A payout of ${formatUsd(input.amountCents)} did not reach the bank`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html,
    links: [input.link],
  };
}
