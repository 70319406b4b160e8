// The fan's mail of a give-back (`give-back`, decision 030): how much came back, from which artist's office, and
// that it funds their next pie.
import type { EmailMessage } from '../../domain/email';
import { escapeHtml } from '../../domain/identity/emails';
import { formatUsd } from '../pie/pie-receipt';

export function buildGiveBackMail(input: {
  to: string;
  firstName: string | null;
  siteOrigin: string;
  cents: number;
  artistName: string;
}): EmailMessage {
  const link = `${input.siteOrigin}/my-pies`;
  const paragraphs = [
    input.firstName ? `Hello ${input.firstName},` : 'Hello,',
    `${input.artistName} gave ${formatUsd(input.cents)} back to you, as thanks for supporting them through your pie.`,
    'It is in your wallet now and goes into your next pie.',
  ];
  const text = `${paragraphs.join('\n\n')}\n\n${link}\n`;
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A gift back from an artist you support</title></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f"><div style="max-width:560px;margin:0 auto;padding:32px 24px">' +
    paragraphs.map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}">Open your wallet</a></p></div></body></html>`;
  return {
    kind: 'give-back',
    to: input.to,
    subject: `${input.artistName} gave something back to you`,
    text,
    html,
    links: [link],
  };
}
