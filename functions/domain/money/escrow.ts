// The end-of-period split's money rules, pure (docs/decisions/023-the-split-run-and-escrow.md):
// which pies are split, the ledger postings of a split, the artist accounts money is credited to, the escrow lots
// held for artists nobody has claimed, and the holding period's calendar arithmetic.
import type { AccountId, Posting } from './ledger';
import { accountIdOf, platformOwner } from './ledger';

/** What a pie item says about whether its money may be split (data/pies.ts). */
export interface SplittablePieFacts {
  status: 'open' | 'inactive' | 'split';
  inactiveReason: 'renewal-failed' | 'refunded' | 'disputed' | null;
  periodEnd: string;
}

/**
 * A pie is split once its period is over, when it is open, or inactive only because the renewal after it failed
 * (its own period was paid for, decision 020). A refunded or disputed pie is never split: its money went back.
 */
export function isSplittablePie(pie: SplittablePieFacts): boolean {
  return pie.status === 'open' || (pie.status === 'inactive' && pie.inactiveReason === 'renewal-failed');
}

export function hasPeriodEnded(pie: Pick<SplittablePieFacts, 'periodEnd'>, now: Date): boolean {
  return Date.parse(pie.periodEnd) <= now.getTime();
}

/** The longest account owner the ledger takes (domain/money/ledger.ts). */
const maxOwnerLength = 200;

/**
 * The ledger account an artist's share is credited to, from its split key (decision 021): `id:<catalogue id>` →
 * `artist-earnings:<id>`; `name:<normalised name>` → `artist-name-earnings:<name, spaces as '-'>`. A normalised name
 * holds only letters, digits and single spaces, so writing the spaces as '-' keeps two names two accounts. A name too
 * long for an account owner keeps its first 150 characters and a hash of the whole (`~<16 hex>`).
 */
export function artistEarningsAccountOf(artistKey: string, hash: (text: string) => string): AccountId {
  if (artistKey.startsWith('id:')) return accountIdOf('artist-earnings', artistKey.slice(3));
  if (!artistKey.startsWith('name:')) throw new RangeError(`Not a split artist key: ${artistKey}`);
  // A name of punctuation only normalises to nothing; '-' alone can stand for it (no other name becomes '-').
  const owner = artistKey.slice(5).replaceAll(' ', '-') || '-';
  if (owner.length <= maxOwnerLength) return accountIdOf('artist-name-earnings', owner);
  return accountIdOf('artist-name-earnings', `${owner.slice(0, 150)}~${hash(owner).slice(0, 16)}`);
}

/** One artist's share of a split, as the receipt keeps it. */
export interface SplitPayout {
  artistKey: string;
  artistId: string | null;
  artistName: string;
  cents: number;
}

/**
 * The split's postings: the accounts that fund it (its pie's money, then carried credit: wallet-carry.ts) give the net
 * and OpenPie's platform fee (the processing fee left the pie's money when the payment was booked, decision 020); each
 * paid artist's earnings account receives its cents, and the platform fees account the platform fee. The sum is zero
 * when the payouts add up to the net and the sources to the net and the fee.
 */
export function buildSplitPostings(input: {
  sources: readonly { accountId: AccountId; cents: number }[];
  netCents: number;
  platformFeeCents: number;
  payouts: readonly SplitPayout[];
  accountOf: (artistKey: string) => AccountId;
}): Posting[] {
  const paid = input.payouts.reduce((sum, payout) => sum + payout.cents, 0);
  if (paid !== input.netCents) {
    throw new RangeError(`The payouts add up to ${paid} cents, not the net of ${input.netCents}`);
  }
  const funded = input.sources.reduce((sum, source) => sum + source.cents, 0);
  if (funded !== paid + input.platformFeeCents) {
    throw new RangeError(
      `The sources give ${funded} cents, not the ${paid + input.platformFeeCents} the split pays`,
    );
  }
  const postings: Posting[] = [
    ...input.sources
      .filter((source) => source.cents > 0)
      .map((source) => ({ accountId: source.accountId, amountCents: -source.cents })),
    ...input.payouts.map((payout) => ({
      accountId: input.accountOf(payout.artistKey),
      amountCents: payout.cents,
    })),
  ];
  if (input.platformFeeCents > 0) {
    postings.push({
      accountId: accountIdOf('platform-fees', platformOwner),
      amountCents: input.platformFeeCents,
    });
  }
  return postings;
}

/**
 * The instant a lot held from `periodEnd` goes back to the fan: `months` calendar months later at the same time of
 * day; a day the target month lacks becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function heldUntilOf(periodEnd: string, months: number): string {
  if (!Number.isSafeInteger(months) || months < 0) throw new RangeError(`Not a holding period: ${months}`);
  const start = new Date(periodEnd);
  if (Number.isNaN(start.getTime())) throw new RangeError(`Not an instant: ${periodEnd}`);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  ).toISOString();
}

export const escrowLotStatuses = ['held', 'released', 'returned', 'taken-back'] as const;
export type EscrowLotStatus = (typeof escrowLotStatuses)[number];

/** Money held for one artist from one pie, until the artist is claimed (released) or the holding period ends. */
export interface EscrowLot {
  pieId: string;
  fanId: string;
  artistKey: string;
  artistId: string | null;
  artistName: string;
  accountId: AccountId;
  cents: number;
  status: EscrowLotStatus;
  heldFrom: string;
  heldUntil: string;
  /** Set when a successful claim released the lot (decision 028): whose office got it, through which claim. */
  officeId?: string;
  claimId?: string;
  releasedAt?: string;
  /** Cents a refund or lost dispute of the pie's payment took back from this lot (decision 031); `cents` is what is left. */
  takenBackCents?: number;
}

/**
 * One held lot per paid artist whose share is held: an unclaimed artist's share waits in escrow for the office that
 * claims it. A claimed artist's share goes to its office instead.
 */
export function buildEscrowLots(input: {
  pieId: string;
  fanId: string;
  periodEnd: string;
  holdingMonths: number;
  payouts: readonly SplitPayout[];
  accountOf: (artistKey: string) => AccountId;
}): EscrowLot[] {
  const heldUntil = heldUntilOf(input.periodEnd, input.holdingMonths);
  return input.payouts
    .filter((payout) => payout.cents > 0)
    .map((payout) => ({
      pieId: input.pieId,
      fanId: input.fanId,
      artistKey: payout.artistKey,
      artistId: payout.artistId,
      artistName: payout.artistName,
      accountId: input.accountOf(payout.artistKey),
      cents: payout.cents,
      status: 'held',
      heldFrom: input.periodEnd,
      heldUntil,
    }));
}

export interface EscrowTotals {
  held: { artistCount: number; cents: number; returnsOn: string | null };
  returnedCents: number;
  releasedCents: number;
  /** Taken back from the lots by refunds or lost disputes of the pie's payment. */
  takenBackCents: number;
}

/** What became of a pie's lots: held (with the first day one goes back), returned to the wallet, released. */
export function summariseLots(
  lots: readonly (Pick<EscrowLot, 'cents' | 'status' | 'heldUntil'> & { takenBackCents?: number })[],
): EscrowTotals {
  const totals: EscrowTotals = {
    held: { artistCount: 0, cents: 0, returnsOn: null },
    returnedCents: 0,
    releasedCents: 0,
    takenBackCents: 0,
  };
  for (const lot of lots) {
    totals.takenBackCents += lot.takenBackCents ?? 0;
    if (lot.status === 'taken-back') continue;
    if (lot.status === 'returned') totals.returnedCents += lot.cents;
    else if (lot.status === 'released') totals.releasedCents += lot.cents;
    else {
      totals.held.artistCount += 1;
      totals.held.cents += lot.cents;
      const day = lot.heldUntil.slice(0, 10);
      if (totals.held.returnsOn === null || day < totals.held.returnsOn) totals.held.returnsOn = day;
    }
  }
  return totals;
}

/**
 * The ledger postings a lot's return makes: the artist's earnings back to the money of the pie it came from, in the
 * fan's wallet (decision 031), or, when the fan deleted their account, to the platform's named account for it.
 */
export function buildEscrowReturnPostings(
  lot: Pick<EscrowLot, 'pieId' | 'accountId' | 'cents'>,
  { fanDeleted = false }: { fanDeleted?: boolean } = {},
): Posting[] {
  return [
    { accountId: lot.accountId, amountCents: -lot.cents },
    {
      accountId: fanDeleted
        ? accountIdOf('deleted-fan-returns', platformOwner)
        : accountIdOf('pie-funds', lot.pieId),
      amountCents: lot.cents,
    },
  ];
}

/** Idempotency keys: one split per pie, one return per lot. */
export function splitIdempotencyKey(pieId: string): string {
  return `split:${pieId}`;
}
/** A name key too long for the ledger's 300-character keys is replaced by its (bounded) account id. */
export function escrowReturnIdempotencyKey(
  lot: Pick<EscrowLot, 'pieId' | 'artistKey' | 'accountId'>,
): string {
  const key = `escrow-return:${lot.pieId}:${lot.artistKey}`;
  return key.length <= 300 ? key : `escrow-return:${lot.pieId}:${lot.accountId}`;
}
