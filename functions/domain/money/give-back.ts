// Give-back's money rules, pure (docs/decisions/030-give-back-statements-and-artist-stats.md): an
// office gives part of what it received for one artist back to the fans who funded that artist in the last 12
// months, pro rata to what each gave, as wallet credit. The preview and the give-back both call `planGiveBack`, so
// what the screen shows is what is posted.
import { apportion } from './apportion';
import type { Posting } from './ledger';
import { accountIdOf, maxPostings } from './ledger';

/** How far back a fan's funding counts: 12 calendar months before now. */
export const giveBackLookbackMonths = 12;

/** One fan's part in what the office received for the artist (released lots, summed per fan). */
export interface FanContribution {
  fanId: string;
  cents: number;
}

/** What the office may give back for one artist now. */
export interface GiveBackBalance {
  /** Everything released to the office for this artist, ever. */
  receivedCents: number;
  /** Everything the office gave back for this artist before (pending ones included). */
  givenBackCents: number;
  /** The office's payable now: no give-back may take it below zero. */
  payableCents: number;
  /**
   * What the fans of the last 12 months gave, less what earlier give-backs for the artist returned to each of them
   * (`remainingContributions`): a fan never gets back more than they gave.
   */
  fundedCents: number;
}

/** The most one give-back may move: the artist's balance in the office, capped by the payable and by the funding. */
export function availableForGiveBack(balance: GiveBackBalance): number {
  return Math.max(
    0,
    Math.min(balance.receivedCents - balance.givenBackCents, balance.payableCents, balance.fundedCents),
  );
}

/** The start of the lookback: `months` calendar months before `now`, same time of day (31 March − 1 = 28/29 Feb). */
export function giveBackSince(now: Date, months = giveBackLookbackMonths): Date {
  const monthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth() - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const since = new Date(now.getTime());
  since.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return since;
}

/** Sums lots per fan; a fan whose lots add up to nothing is left out. */
export function sumContributions(lots: readonly { fanId: string; cents: number }[]): FanContribution[] {
  const byFan = new Map<string, number>();
  for (const lot of lots) byFan.set(lot.fanId, (byFan.get(lot.fanId) ?? 0) + lot.cents);
  return [...byFan]
    .filter(([, cents]) => cents > 0)
    .map(([fanId, cents]) => ({ fanId, cents }))
    .sort((a, b) => (a.fanId < b.fanId ? -1 : a.fanId > b.fanId ? 1 : 0));
}

/**
 * What each fan may still receive: what they gave in the lookback less what earlier give-backs of the office for the
 * same artist already returned to them (`returned`: their shares, pending ones included). A fan with nothing left is
 * left out. Planning on these keeps "no fan receives more than they gave" true across all give-backs, not only
 * within one.
 */
export function remainingContributions(
  given: readonly FanContribution[],
  returned: readonly FanContribution[],
): FanContribution[] {
  const back = new Map<string, number>();
  for (const share of returned) back.set(share.fanId, (back.get(share.fanId) ?? 0) + share.cents);
  return given
    .map((contribution) => ({
      fanId: contribution.fanId,
      cents: contribution.cents - (back.get(contribution.fanId) ?? 0),
    }))
    .filter((contribution) => contribution.cents > 0);
}

/**
 * The most fans one give-back reaches: its record keeps every fan's share in one item (DynamoDB's 400 KB item limit;
 * 5,000 shares are about 300 KB). A give-back of more than 999 fans is posted in parts (`planGiveBackParts`).
 */
export const maxGiveBackFans = 5_000;

/** Fans one part of a give-back in parts credits: with the payable's or holder's posting and the holder's, 1,000. */
export const fansPerGiveBackPart = maxPostings - 2;

export type GiveBackRefusal =
  | { reason: 'nothing_to_give'; availableCents: number }
  | { reason: 'over_available'; availableCents: number }
  | { reason: 'too_many_fans'; fanCount: number };

export interface GiveBackPlan {
  amountCents: number;
  availableCents: number;
  /** Each fan's credit, in fan id order; fans whose share rounds to 0 are left out. */
  shares: FanContribution[];
}

/**
 * The give-back of `amountCents`: refused when it is not a whole positive amount within what is available, or when
 * more fans funded the artist than one give-back reaches (`maxGiveBackFans`); otherwise each fan's share by largest remainder
 * (`apportion`), which adds up to the amount exactly and gives nobody more than they gave (the amount never exceeds
 * the funding, so no quota exceeds a contribution).
 */
export function planGiveBack(input: {
  amountCents: number;
  balance: GiveBackBalance;
  contributions: readonly FanContribution[];
}): GiveBackPlan | GiveBackRefusal {
  const availableCents = availableForGiveBack(input.balance);
  if (availableCents === 0) return { reason: 'nothing_to_give', availableCents };
  if (
    !Number.isSafeInteger(input.amountCents) ||
    input.amountCents <= 0 ||
    input.amountCents > availableCents
  ) {
    return { reason: 'over_available', availableCents };
  }
  const funding = input.contributions.filter((contribution) => contribution.cents > 0);
  if (funding.length > maxGiveBackFans) return { reason: 'too_many_fans', fanCount: funding.length };
  const shares = apportion(
    input.amountCents,
    new Map(funding.map((contribution) => [contribution.fanId, contribution.cents])),
  );
  return {
    amountCents: input.amountCents,
    availableCents,
    shares: [...shares]
      .filter(([, cents]) => cents > 0)
      .map(([fanId, cents]) => ({ fanId, cents }))
      .sort((a, b) => (a.fanId < b.fanId ? -1 : a.fanId > b.fanId ? 1 : 0)),
  };
}

export function isGiveBackPlan(plan: GiveBackPlan | GiveBackRefusal): plan is GiveBackPlan {
  return 'shares' in plan;
}

/** The office's payable gives the amount; each fan's wallet receives their share. Sums to zero by construction. */
export function buildGiveBackPostings(officeId: string, plan: Pick<GiveBackPlan, 'shares'>): Posting[] {
  const total = plan.shares.reduce((sum, share) => sum + share.cents, 0);
  return [
    { accountId: accountIdOf('office-payable', officeId), amountCents: -total },
    ...plan.shares.map((share) => ({
      accountId: accountIdOf('fan-wallet', share.fanId),
      amountCents: share.cents,
    })),
  ];
}

/**
 * One key per request the screen sends: the same request, however often it arrives, is one transaction (its first
 * part); a later part of a give-back in parts adds its number (`:part-2` …). A request id has no colon, so no key of
 * one request is a key of another.
 */
export function giveBackIdempotencyKey(officeId: string, requestId: string, part = 1): string {
  const base = `give-back:${officeId}:${requestId}`;
  return part === 1 ? base : `${base}:part-${part}`;
}

/** One ledger transaction of a give-back: its number (from 1), key, postings and references. */
export interface GiveBackPart {
  part: number;
  idempotencyKey: string;
  postings: Posting[];
  references: Record<string, string>;
}

/**
 * The ledger transactions of a stored give-back. Up to `maxPostings − 1` fans: ONE transaction, the payable −amount
 * and each fan's wallet +share (`buildGiveBackPostings`). More fans: parts of `fansPerGiveBackPart` fans in fan order.
 * Part 1 takes the WHOLE amount from the payable (the only guarded debit, so the only write that can be refused for
 * want of money, and it writes nothing then), credits its fans and puts the rest in the give-back's
 * `give-back-in-flight:<officeId>:<requestId>` account; each later part moves its fans' shares from there to their
 * wallets, so the holder ends at zero and no later part can be refused. Each part balances, stays within the
 * ledger's posting cap and has its own key (`giveBackIdempotencyKey` with its number): posted in order, a retry
 * answers the parts written and writes the rest, so the give-back moves its money once, as one.
 */
export function planGiveBackParts(record: {
  officeId: string;
  requestId: string;
  artistId: string;
  shares: readonly FanContribution[];
}): GiveBackPart[] {
  const { officeId, requestId, artistId } = record;
  const references = { officeId, artistId, requestId };
  const shares = record.shares.filter((share) => share.cents !== 0);
  if (shares.length <= maxPostings - 1) {
    return [
      {
        part: 1,
        idempotencyKey: giveBackIdempotencyKey(officeId, requestId),
        postings: buildGiveBackPostings(officeId, { shares }),
        references,
      },
    ];
  }
  const holder = accountIdOf('give-back-in-flight', `${officeId}:${requestId}`);
  const amount = shares.reduce((sum, share) => sum + share.cents, 0);
  const groups: FanContribution[][] = [];
  for (let start = 0; start < shares.length; start += fansPerGiveBackPart) {
    groups.push(shares.slice(start, start + fansPerGiveBackPart));
  }
  return groups.map((group, index) => {
    const credited = group.reduce((sum, share) => sum + share.cents, 0);
    const credits = group.map((share) => ({
      accountId: accountIdOf('fan-wallet', share.fanId),
      amountCents: share.cents,
    }));
    const from: Posting[] =
      index === 0
        ? [
            { accountId: accountIdOf('office-payable', officeId), amountCents: -amount },
            { accountId: holder, amountCents: amount - credited },
          ]
        : [{ accountId: holder, amountCents: -credited }];
    return {
      part: index + 1,
      idempotencyKey: giveBackIdempotencyKey(officeId, requestId, index + 1),
      postings: [...from, ...credits],
      references: { ...references, part: `${index + 1}/${groups.length}` },
    };
  });
}
