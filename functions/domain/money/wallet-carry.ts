// What a pie's split spends, by origin (docs/decisions/031-money-by-origin.md), pure: the caller reads the balances.
// A fan's wallet is their `fan-wallet` account (credit from no payment: give-backs) and one `pie-funds` account per
// pie (its payment less Stripe's fee and refunds, later what its lots returned). A split spends its own pie's money
// first, and the oldest pie not split yet also carries the credit that belongs to no pie waiting for a split: the
// free credit, and what is left of pies already split (a pie that had nothing to split, returned lots) or that will
// never be split (refunded, disputed). Any other pie's money is never touched, so a refund always finds its own.
import { isSplittablePie, type SplittablePieFacts } from './escrow';
import type { AccountId } from './ledger';
import { accountIdOf } from './ledger';

export interface CarryPie extends SplittablePieFacts {
  id: string;
  periodStart: string;
}

/** An account a split debits, and by how much. */
export interface FundingSource {
  accountId: AccountId;
  cents: number;
}

function byPeriodThenId(a: CarryPie, b: CarryPie): number {
  if (a.periodStart !== b.periodStart) return a.periodStart < b.periodStart ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whether `pieId` is the fan's oldest pie still waiting for its split (by period start, then id). */
export function isOldestUnsplit(pieId: string, fanPies: readonly CarryPie[]): boolean {
  const unsplit = fanPies.filter((pie) => isSplittablePie(pie)).sort(byPeriodThenId);
  return unsplit[0]?.id === pieId;
}

/**
 * The credit `pieId` carries into its split, account by account: when it is the oldest pie not split yet, the free
 * credit and every positive balance of the fan's other pies that will not be split themselves; otherwise none.
 */
export function carrySourcesOf(input: {
  pieId: string;
  fanId: string;
  freeCreditCents: number;
  fanPies: readonly CarryPie[];
  pieFundsCents: ReadonlyMap<string, number>;
}): FundingSource[] {
  if (!isOldestUnsplit(input.pieId, input.fanPies)) return [];
  const sources: FundingSource[] = [];
  if (input.freeCreditCents > 0) {
    sources.push({ accountId: accountIdOf('fan-wallet', input.fanId), cents: input.freeCreditCents });
  }
  for (const pie of [...input.fanPies].sort(byPeriodThenId)) {
    if (pie.id === input.pieId || isSplittablePie(pie)) continue;
    const cents = input.pieFundsCents.get(pie.id) ?? 0;
    if (cents > 0) sources.push({ accountId: accountIdOf('pie-funds', pie.id), cents });
  }
  return sources;
}

/**
 * A pie's own money as its split sees it: what is left in its account, less Stripe's fee while that fee has not left
 * it yet (the estimate, as the fee quote showed), less OpenPie's fee (never more than what is left). Never negative.
 */
export function ownMoneyOf(input: {
  fundsCents: number;
  /** 0 once Stripe's fee is booked (it already left the account); the estimate while it is unknown. */
  unbookedFeeCents: number;
  platformFeeCents: number;
}): { platformFeeCents: number; netCents: number } {
  const afterStripe = Math.max(0, input.fundsCents - input.unbookedFeeCents);
  const platformFeeCents = Math.min(input.platformFeeCents, afterStripe);
  return { platformFeeCents, netCents: afterStripe - platformFeeCents };
}

/**
 * The accounts a split debits: its own pie's money (net and OpenPie's fee), then each carried source whole. They add
 * up to the split's net plus OpenPie's fee.
 */
export function splitFundingOf(input: {
  pieId: string;
  ownSpendCents: number;
  carried: readonly FundingSource[];
}): FundingSource[] {
  return [
    ...(input.ownSpendCents > 0
      ? [{ accountId: accountIdOf('pie-funds', input.pieId), cents: input.ownSpendCents }]
      : []),
    ...input.carried.filter((source) => source.cents > 0),
  ];
}
