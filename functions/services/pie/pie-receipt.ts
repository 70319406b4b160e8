// "Where my pie went": GET /api/pie/pie/{id}, a pie in the realtime-stats shape (the live preview
// until it is split, then its frozen receipt with what became of each held cent), and the mails the split sends.
import type { PieDetail, PieReceiptFacts, PieTakeBack } from '../../contracts/pie';
import type { StoredTakeBack } from '../../data/take-backs';
import { listPieTakeBacks } from '../../data/take-backs';
import { listPieLots } from '../../data/escrow-lots';
import type { StoredPieReceipt } from '../../data/pie-receipts';
import { getPieReceipt } from '../../data/pie-receipts';
import { getPie } from '../../data/pies';
import { getFanSubscription } from '../../data/subscriptions';
import { transactionIdOf } from '../../data/ledger';
import type { EmailKind, EmailMessage } from '../../domain/email';
import { escapeHtml } from '../../domain/email';
import { AppError } from '../../domain/errors';
import type { EscrowLot } from '../../domain/money/escrow';
import { splitIdempotencyKey, summariseLots } from '../../domain/money/escrow';
import { derivePieStatus } from '../../domain/money/pie-status';
import { formatUsd } from '../../domain/money/usd';
import type { PieDependencies } from '../payments/pies';
import { computePieSplit, toRealtimeStats } from './pie-preview';

export { formatUsd };

/** A refund or dispute as the receipt shows it: how much, and where its money was taken from. */
export function toPieTakeBack(takeBack: StoredTakeBack): PieTakeBack {
  const outcome = takeBack.outcome ?? { fromPieFundsCents: 0, fromLotsCents: 0, lossCents: 0 };
  return {
    kind: takeBack.kind,
    at: takeBack.at,
    amountCents: takeBack.plan.amountCents,
    fromWalletCents: outcome.fromPieFundsCents,
    fromHeldCents: outcome.fromLotsCents,
    coveredByOpenPieCents: outcome.lossCents,
    reinstated: takeBack.reinstatedBy !== null,
  };
}

/** What a split receipt says about the money: the stored split, the lots as they are now, refunds and disputes. */
export function toReceiptFacts(
  receipt: StoredPieReceipt,
  lots: readonly EscrowLot[],
  takeBacks: readonly StoredTakeBack[] = [],
): PieReceiptFacts {
  const totals = summariseLots(lots);
  return {
    outcome: receipt.outcome,
    splitAt: receipt.computedAt,
    allocatedCents: receipt.allocatedCents,
    keptInWalletCents: receipt.keptInWalletCents,
    transactionId: receipt.outcome === 'split' ? transactionIdOf(splitIdempotencyKey(receipt.pieId)) : null,
    held: totals.held,
    returnedCents: totals.returnedCents,
    releasedCents: totals.releasedCents,
    lots: lots.map((lot) => ({
      artist_key: lot.artistKey,
      artist_id: lot.artistId,
      artist_name: lot.artistName,
      cents: lot.cents,
      status: lot.status,
      heldUntil: lot.heldUntil,
      ...(lot.takenBackCents ? { taken_back_cents: lot.takenBackCents } : {}),
    })),
    takeBacks: takeBacks.filter((takeBack) => takeBack.outcome !== null).map(toPieTakeBack),
  };
}

/**
 * GET /api/pie/pie/{id}: the fan's own pie (another fan's, like an unknown id, is a 404). Until it is split, the
 * live preview through the one split call (`receipt: null`); once split, the stored receipt: the cents actually paid,
 * with its lots as they are now.
 */
export async function readPieDetail(deps: PieDependencies, fanId: string, pieId: string): Promise<PieDetail> {
  const pie = await getPie(deps.table, pieId);
  if (!pie || pie.fanId !== fanId) throw new AppError('not_found', 'You have no pie with this id.');
  const subscription = pie.subscriptionId
    ? await getFanSubscription(deps.table, fanId, pie.subscriptionId)
    : null;
  const status = derivePieStatus(pie, {
    now: deps.clock.now(),
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
  });
  if (pie.status === 'split') {
    const [receipt, lots, takeBacks] = await Promise.all([
      getPieReceipt(deps.table, pieId),
      listPieLots(deps.table, pieId),
      listPieTakeBacks(deps.table, pieId),
    ]);
    if (!receipt) throw new Error(`Pie ${pieId} is split but has no receipt`);
    const facts = toReceiptFacts(receipt, lots, takeBacks);
    return { ...receipt.stats, status, receipt: facts, takeBacks: facts.takeBacks ?? [] };
  }
  const [{ split, stats, fees }, takeBacks] = await Promise.all([
    computePieSplit(deps, pie),
    listPieTakeBacks(deps.table, pieId),
  ]);
  return {
    ...toRealtimeStats(pie, fees, split, stats),
    status,
    receipt: null,
    takeBacks: takeBacks.filter((takeBack) => takeBack.outcome !== null).map(toPieTakeBack),
  };
}

// ── mails ─────────────────────────────────────────────────────────────────────────────────────────────────────

const brandColour = '#7c3aed';
/** The receipt mail names the artists paid most; the rest are on the receipt page. */
const artistsInMail = 10;

function greetingOf(firstName: string | null): string {
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    '<body style="margin:0;padding:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">' +
    '<div style="max-width:560px;margin:0 auto;padding:32px 24px">' +
    `<div style="font-size:24px;font-weight:bold;color:${brandColour};margin-bottom:24px">OpenPie</div>` +
    `<div style="background:#ffffff;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>` +
    body +
    '</div></div></body></html>'
  );
}

const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
const button = (label: string, url: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:${brandColour};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(label)}</a></p>`;

/** A mail of a greeting, a few paragraphs and one button: the text part says them and the link, the HTML the same. */
function noticeMail(
  kind: EmailKind,
  input: { to: string; firstName: string | null },
  content: { subject: string; title: string; paragraphs: string[]; button: string; link: string },
): EmailMessage {
  const paragraphs = [greetingOf(input.firstName), ...content.paragraphs];
  return {
    kind,
    to: input.to,
    subject: content.subject,
    text: `${paragraphs.join('\n\n')}\n\n${content.link}\n`,
    html: page(content.title, paragraphs.map(paragraph).join('') + button(content.button, content.link)),
    links: [content.link],
  };
}

export interface ReceiptMailInput {
  to: string;
  firstName: string | null;
  siteOrigin: string;
  receipt: StoredPieReceipt;
  /** Held for artists who have not joined: how many, how much, and the day it goes back (YYYY-MM-DD). */
  held: { artistCount: number; cents: number; returnsOn: string | null };
}

/** The receipt mail (`pie-receipt`): where the pie's money went, the artists paid most, the fees, what is held. */
export function buildPieReceiptMail(input: ReceiptMailInput): EmailMessage {
  const { receipt, held } = input;
  const link = `${input.siteOrigin}/pie/${receipt.pieId}`;
  const stats = receipt.stats;
  const day = stats.periodEnd.slice(0, 10);
  const top = stats.includedArtists.slice(0, artistsInMail);
  const others = stats.includedArtists.length - top.length;
  const othersCents = stats.includedArtists
    .slice(artistsInMail)
    .reduce((sum, artist) => sum + artist.cents, 0);
  const intro = `Your pie that ended on ${day} has been split: ${formatUsd(receipt.allocatedCents)} went to the ${stats.includedArtists.length} artists you listened to.`;
  const fees = `Of your ${formatUsd(stats.amountCents)}, fees took ${formatUsd(stats.feesCents.processing + stats.feesCents.platform)} (card processing ${formatUsd(stats.feesCents.processing)}, OpenPie ${formatUsd(stats.feesCents.platform)}).`;
  const heldLine =
    held.artistCount > 0 && held.returnsOn
      ? `Held for ${held.artistCount} artists who have not joined yet: ${formatUsd(held.cents)}; returned to your wallet on ${held.returnsOn} if they do not.`
      : null;
  const lines = top.map((artist) => `${artist.artist_name}: ${formatUsd(artist.cents)}`);
  if (others > 0) lines.push(`${others} more artists: ${formatUsd(othersCents)}`);
  const text =
    [greetingOf(input.firstName), intro, lines.join('\n'), fees, ...(heldLine ? [heldLine] : [])].join(
      '\n\n',
    ) + `\n\nSee where every cent went: ${link}\n`;
  const rows = lines
    .map((line) => {
      const at = line.lastIndexOf(': ');
      return (
        `<tr><td style="padding:4px 8px 4px 0">${escapeHtml(line.slice(0, at))}</td>` +
        `<td style="padding:4px 0;text-align:right">${escapeHtml(line.slice(at + 2))}</td></tr>`
      );
    })
    .join('');
  const html = page(
    'Where your pie went',
    paragraph(greetingOf(input.firstName)) +
      paragraph(intro) +
      `<table style="border-collapse:collapse;margin:0 0 16px;width:100%"><thead><tr><th style="text-align:left;padding:4px 8px 4px 0">Artist</th><th style="text-align:right;padding:4px 0">Paid</th></tr></thead><tbody>${rows}</tbody></table>` +
      paragraph(fees) +
      (heldLine ? paragraph(heldLine) : '') +
      button('See your receipt', link),
  );
  return { kind: 'pie-receipt', to: input.to, subject: 'Where your pie went', text, html, links: [link] };
}

/** The mail of a pie with nothing to split (`pie-nothing-to-split`): the money stays, the subscription stops. */
export function buildNothingToSplitMail(input: {
  to: string;
  firstName: string | null;
  siteOrigin: string;
  pieId: string;
  periodEnd: string;
  keptInWalletCents: number;
  /** A card subscription set to cancel at the end of its current period; false for a promo pie. */
  cancelsSubscription: boolean;
}): EmailMessage {
  return noticeMail('pie-nothing-to-split', input, {
    subject: 'Your pie had nothing to split',
    title: 'Nothing to split this time',
    paragraphs: [
      `Your pie that ended on ${input.periodEnd.slice(0, 10)} had no listening we could split, so no artist was paid: ${formatUsd(input.keptInWalletCents)} stays in your wallet.`,
      ...(input.cancelsSubscription
        ? [
            'So that you are not charged for music you do not play, your subscription will not renew after its current period. You can start a new pie any time.',
          ]
        : []),
      'Connect Spotify or import your listening history so your next pie knows whom to pay.',
    ],
    button: 'Open your pie',
    link: `${input.siteOrigin}/pie/${input.pieId}`,
  });
}

/** The mail of lots returned by escrow-aging (`escrow-returned`): one per fan and run. */
export function buildEscrowReturnedMail(input: {
  to: string;
  firstName: string | null;
  siteOrigin: string;
  cents: number;
  artistCount: number;
}): EmailMessage {
  return noticeMail('escrow-returned', input, {
    subject: 'Held money is back in your wallet',
    title: 'Money back in your wallet',
    paragraphs: [
      `${formatUsd(input.cents)} held for ${input.artistCount} ${input.artistCount === 1 ? 'artist' : 'artists'} who did not join OpenPie in time is back in your wallet.`,
      'You can see it on My pies, in your wallet.',
    ],
    button: 'Open your wallet',
    link: `${input.siteOrigin}/my-pies`,
  });
}
