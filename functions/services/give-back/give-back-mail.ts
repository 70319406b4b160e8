// The fan's mail of a give-back (`give-back`, decision 030): how much came back, from which artist's office, and
// that it funds their next pie.
import type { EmailMessage } from '../../domain/email';
import { composePlainMail } from '../../domain/email';
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
  return composePlainMail({
    kind: 'give-back',
    to: input.to,
    subject: `${input.artistName} gave something back to you`,
    title: 'A gift back from an artist you support',
    paragraphs,
    link,
    linkLabel: 'Open your wallet',
    layout: 'column',
  });
}
