// A successful claim releases the artist's held earnings to its office (decision 028). The money
// a split credited to a catalogue artist sits in `artist-earnings:<artistId>`, and each held escrow lot says whose it
// is (decision 023). Releasing moves it to `office-payable:<officeId>` in `escrow-release` transactions, each written
// in the same TransactWriteItems as its lots leaving `held`, so a lot's money moves exactly when the lot does, once:
// a second run, a concurrent approval or the escrow-aging job meets the lots' `status = held` condition or the
// transaction's idempotency key and writes nothing. The claim's status is written first; whatever stops a release
// half-way (a crash, a timeout) is finished by the next run of the same function. A daily sweep
// (`releaseLotsLeftHeld`, in the escrow-aging job) releases what a release left behind: a lot a split wrote just as
// the claim was released, which the artist's index did not show yet.
import { createHash } from 'node:crypto';
import { getAccount } from '../../data/accounts';
import type { StoredClaim } from '../../data/claims';
import {
  getSuccessfulClaimOfArtist,
  getSuccessfulClaimsOfArtists,
  pagesOfClaimsByStatus,
} from '../../data/claims';
import { buildReleaseLotItems, findHeldLotsOfArtist, getEscrowLot } from '../../data/escrow-lots';
import { listHeldLots } from '../../data/escrow-held';
import { putOutboxMailOnce } from '../../data/outbox';
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';
import type { EmailMessage } from '../../domain/email';
import { composePlainMail } from '../../domain/email';
import { AppError, isAppError } from '../../domain/errors';
import type { EscrowLot } from '../../domain/money/escrow';
import type { Posting } from '../../domain/money/ledger';
import { accountIdOf } from '../../domain/money/ledger';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import { getTable } from '../../runtime/table';
import { postTransactionAlongside } from '../ledger';

export interface ReleaseDependencies {
  table: TableRef;
  clock: Clock;
  /** The site's origin for the mail's link (SITE_ORIGIN). */
  siteOrigin: string;
}

/** The deployment's table, clock and site origin. */
export function releaseDependencies(): ReleaseDependencies {
  const env = getEnv();
  if (!env.SITE_ORIGIN)
    throw new Error('SITE_ORIGIN is not set: the artist-joined mail cannot link to the site.');
  return { table: getTable(), clock: getClock(), siteOrigin: env.SITE_ORIGIN.replace(/\/+$/, '') };
}

/** What a release needs of the claim. */
export type ReleasingClaim = Pick<StoredClaim, 'id' | 'officeId' | 'artistId' | 'artistName'>;

/**
 * Lots per transaction: the ledger's transaction item and two postings take 5 of TransactWriteItems' 100 items, the
 * artist's held total one, each lot one more; 90 leaves room and keeps a retry cheap.
 */
export const lotsPerRelease = 90;

/** How often a batch refused because some of its lots moved meanwhile is re-read and tried again. */
const batchAttempts = 5;

export interface ReleaseCounts {
  /** Lots this call moved from held to released (lots released before, or by a concurrent call, are not counted). */
  releasedLots: number;
  releasedCents: number;
  transactions: number;
  fansMailed: number;
}

/** The split key of a catalogue artist (decision 021): only these can be claimed. */
export function catalogueArtistKeyOf(artistId: string): string {
  return `id:${artistId}`;
}

/** The idempotency key of one batch: the claim and the first lot of the batch (lots are batched in key order). */
export function escrowReleaseIdempotencyKey(
  claimId: string,
  firstLot: Pick<EscrowLot, 'pieId' | 'artistKey'>,
) {
  return `escrow-release:${claimId}:${firstLot.pieId}:${firstLot.artistKey}`;
}

function lotOrder(a: EscrowLot, b: EscrowLot): number {
  return a.pieId.localeCompare(b.pieId) || a.artistKey.localeCompare(b.artistKey);
}

/** The batch's postings: each earnings account the lots sit in gives their cents, the office's payable gets them all. */
function releasePostings(officeId: string, lots: readonly EscrowLot[]): Posting[] {
  const byAccount = new Map<string, number>();
  for (const lot of lots) byAccount.set(lot.accountId, (byAccount.get(lot.accountId) ?? 0) + lot.cents);
  const total = lots.reduce((sum, lot) => sum + lot.cents, 0);
  return [
    ...[...byAccount].map(([accountId, cents]) => ({
      accountId: accountId as Posting['accountId'],
      amountCents: -cents,
    })),
    { accountId: accountIdOf('office-payable', officeId), amountCents: total },
  ];
}

/**
 * Releases one batch; answers the lots this call moved. A batch refused because a lot left `held` meanwhile (returned
 * by escrow aging, released by a concurrent approval) or whose key a concurrent run used for other lots (read from a
 * stale index) is re-read consistently and tried again with the lots still held.
 */
async function releaseBatch(
  deps: ReleaseDependencies,
  claim: ReleasingClaim,
  batch: readonly EscrowLot[],
): Promise<EscrowLot[]> {
  let lots = batch.filter((lot) => lot.status === 'held' && lot.cents > 0);
  for (let attempt = 0; attempt < batchAttempts && lots.length > 0; attempt += 1) {
    const first = lots[0];
    if (!first) break;
    const at = deps.clock.now();
    try {
      const posted = await postTransactionAlongside(
        deps,
        {
          kind: 'escrow-release',
          idempotencyKey: escrowReleaseIdempotencyKey(claim.id, first),
          postings: releasePostings(claim.officeId, lots),
          references: { claimId: claim.id, officeId: claim.officeId, artistId: claim.artistId },
        },
        buildReleaseLotItems(deps.table, lots, claim.officeId, at, claim.id),
      );
      if (posted) return posted.written ? lots : [];
    } catch (error) {
      if (!isAppError(error) || error.code !== 'idempotency_key_reused') throw error;
    }
    const now = await Promise.all(lots.map((lot) => getEscrowLot(deps.table, lot.pieId, lot.artistKey)));
    lots = now.filter((lot): lot is EscrowLot => lot?.status === 'held' && lot.cents > 0);
  }
  if (lots.length > 0) {
    throw new Error(`The release of claim ${claim.id} kept meeting concurrent changes; run it again`);
  }
  return [];
}

function artistJoinedMail(input: {
  to: string;
  firstName: string | null;
  artistName: string;
  siteOrigin: string;
}): EmailMessage {
  const link = `${input.siteOrigin}/my-pies`;
  const paragraphs = [
    input.firstName ? `Hello ${input.firstName},` : 'Hello,',
    `The artist you supported has joined: ${input.artistName} is now on OpenPie.`,
    'The money your pies gave them, which we held until they joined, now goes to them.',
    'You can see where each pie went on My pies.',
  ];
  return composePlainMail({
    kind: 'artist-joined',
    to: input.to,
    subject: `The artist you supported has joined: ${input.artistName}`,
    title: 'The artist you supported has joined',
    paragraphs,
    link,
    linkLabel: 'Open My pies',
    layout: 'body',
  });
}

/** One mail per claim and fan ever: its outbox id comes from both, and the outbox item is put only where none is. */
function artistJoinedMailId(claimId: string, fanId: string): string {
  const hex = createHash('sha256').update(`artist-joined:${claimId}:${fanId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

async function mailFan(deps: ReleaseDependencies, claim: ReleasingClaim, fanId: string): Promise<boolean> {
  const account = await getAccount(deps.table, 'fan', fanId);
  if (account?.status !== 'active' || !account.email) return false;
  const message = artistJoinedMail({
    to: account.email,
    firstName: account.firstName,
    artistName: claim.artistName,
    siteOrigin: deps.siteOrigin,
  });
  return putOutboxMailOnce(deps.table, {
    id: artistJoinedMailId(claim.id, fanId),
    message,
    createdAt: deps.clock.now(),
  });
}

/**
 * Releases these lots of the claim's artist to its office, in batches of `lotsPerRelease`, and (unless `mail` is
 * false) mails each fan whose lot this call released, once per claim. Lots not held any more are skipped. The split
 * uses it for the lots it just wrote for an artist already claimed; `releaseHeldEarnings` for all held lots.
 */
export async function releaseLotsToClaim(
  deps: ReleaseDependencies,
  claim: ReleasingClaim,
  lots: readonly EscrowLot[],
  { mail = true }: { mail?: boolean } = {},
): Promise<ReleaseCounts> {
  const artistKey = catalogueArtistKeyOf(claim.artistId);
  const ordered = lots.filter((lot) => lot.artistKey === artistKey).sort(lotOrder);
  const counts: ReleaseCounts = { releasedLots: 0, releasedCents: 0, transactions: 0, fansMailed: 0 };
  const fans = new Set<string>();
  for (let start = 0; start < ordered.length; start += lotsPerRelease) {
    const released = await releaseBatch(deps, claim, ordered.slice(start, start + lotsPerRelease));
    if (released.length === 0) continue;
    counts.transactions += 1;
    counts.releasedLots += released.length;
    for (const lot of released) {
      counts.releasedCents += lot.cents;
      fans.add(lot.fanId);
    }
  }
  // After the money moved: a crash before this loses a mail, never tells a fan about money that did not move.
  if (mail) {
    await forEachItem([...fans].sort(), 16, async (fanId) => {
      if (await mailFan(deps, claim, fanId)) counts.fansMailed += 1;
    });
  }
  return counts;
}

/**
 * `releaseHeldEarnings(deps, claim)`: every lot still held for the claim's artist goes to the claim's office. Only
 * while the claim holds the artist's successful-claim guard (409 `claim_not_successful` otherwise), so a claim
 * deleted meanwhile releases nothing. Idempotent and resumable: run it again after any failure, or concurrently,
 * and each lot moves once. Held lots are read from the artist's index (eventually consistent): a lot written a
 * moment before may be missed by one run and is released by the next (the split releases its own lots itself).
 */
export async function releaseHeldEarnings(
  deps: ReleaseDependencies,
  claim: ReleasingClaim,
): Promise<ReleaseCounts> {
  const holder = await getSuccessfulClaimOfArtist(deps.table, claim.artistId);
  if (holder?.claimId !== claim.id) {
    throw new AppError('conflict', 'Only a successful claim releases the held earnings of its artist.', {
      code: 'claim_not_successful',
    });
  }
  const lots = await findHeldLotsOfArtist(deps.table, catalogueArtistKeyOf(claim.artistId));
  return releaseLotsToClaim(deps, claim, lots);
}

export interface SweepCounts {
  /** Successful claims whose artist had lots held when the sweep began (their held lots read again and released). */
  claims: number;
  /** Lots found still held for a claimed artist and released by this sweep. */
  sweptLots: number;
  sweptCents: number;
  fansMailed: number;
}

/**
 * The daily sweep (run by the escrow-aging job before it returns aged lots): for each artist with a successful claim,
 * releases every lot still held to the claim's office through `releaseHeldEarnings`. A lot a split wrote just as the
 * claim was released (the split read the claim's guard before it was written, the release read the artist's index
 * before the lot reached it) stays held otherwise until escrow aging would return it to the fan. Idempotent: a lot
 * released before, or by a concurrent run, is not moved again; a claim that stopped being the successful one
 * meanwhile is skipped.
 */
export async function releaseLotsLeftHeld(deps: ReleaseDependencies): Promise<SweepCounts> {
  const counts: SweepCounts = { claims: 0, sweptLots: 0, sweptCents: 0, fansMailed: 0 };
  // What is held, read once (the held lots' index): successful claims pile up, while the artists anything is held
  // for stay what the holding period keeps, so the sweep looks at a claim's artist only when something is held for it.
  const held = new Set((await listHeldLots(deps.table)).map((lot) => lot.artistKey));
  for await (const page of pagesOfClaimsByStatus(deps.table, 'Successful')) {
    await forEachItem(page, 8, async (claim) => {
      if (!held.has(catalogueArtistKeyOf(claim.artistId))) return;
      counts.claims += 1;
      try {
        const released = await releaseHeldEarnings(deps, claim);
        counts.sweptLots += released.releasedLots;
        counts.sweptCents += released.releasedCents;
        counts.fansMailed += released.fansMailed;
      } catch (error) {
        if (!isAppError(error) || error.code !== 'claim_not_successful') throw error;
      }
    });
  }
  return counts;
}

/**
 * After a split wrote its lots (pie-split.ts): the lots of artists that already have a successful claim go straight
 * to the claim's office, so a claimed artist's money never sits held. Answers the lots as they are now (released
 * ones marked so) for the receipt's totals. No artist-joined mail: the fan's receipt mail tells them where it went.
 * Re-running it (a resumed split) moves nothing twice.
 */
export async function releaseLotsOfClaimedArtists(
  deps: ReleaseDependencies,
  lots: readonly EscrowLot[],
): Promise<EscrowLot[]> {
  const catalogueIds = lots.flatMap((lot) =>
    lot.artistId !== null && lot.artistKey === catalogueArtistKeyOf(lot.artistId) ? [lot.artistId] : [],
  );
  if (catalogueIds.length === 0) return [...lots];
  const claimed = await getSuccessfulClaimsOfArtists(deps.table, catalogueIds);
  if (claimed.size === 0) return [...lots];
  for (const [artistId, holder] of claimed) {
    const ofArtist = lots.filter((lot) => lot.artistId === artistId);
    await releaseLotsToClaim(
      deps,
      { id: holder.claimId, officeId: holder.officeId, artistId, artistName: ofArtist[0]?.artistName ?? '' },
      ofArtist,
      { mail: false },
    );
  }
  return lots.map((lot) => {
    const holder = lot.artistId === null ? undefined : claimed.get(lot.artistId);
    if (!holder || lot.artistKey !== catalogueArtistKeyOf(lot.artistId ?? '')) return lot;
    return { ...lot, status: 'released', officeId: holder.officeId, claimId: holder.claimId };
  });
}
