// Wallet credit that belongs to no pie goes to the fan's next split (issue #12 point 3: "the money stays in the wallet
// for the next pie"; docs/decisions/023-the-split-run-and-escrow.md). A fan's wallet holds, for each pie not split
// yet, what that pie's payment put there (its amount less Stripe's fee); anything beyond that belongs to no pie: the net
// of a pie that had nothing to split, lots returned by escrow aging, give-backs. The oldest pie not split yet carries
// it, so two previews never both count it, and the split pays it out with that pie's net, through the one split
// function. Pure: the caller reads the balance and the pies.
import { isSplittablePie, type SplittablePieFacts } from './escrow';

export interface CarryPie extends SplittablePieFacts {
  id: string;
  periodStart: string;
  amountCents: number;
  /** Null until Stripe's fee is known and booked. */
  processingFeeCents: number | null;
}

/**
 * What a pie holds in the wallet: its amount less Stripe's fee once that fee has left the wallet (OpenPie's fee leaves
 * with the split). While the fee is not known it has not left the wallet yet, so the whole amount is held: the credit
 * carried is never money a pie still needs.
 */
export function reservedCentsOf(pie: Pick<CarryPie, 'amountCents' | 'processingFeeCents'>): number {
  return pie.amountCents - (pie.processingFeeCents ?? 0);
}

/**
 * The wallet credit `pieId` carries into its split: the balance beyond what the fan's pies not split yet hold, when
 * `pieId` is the oldest of them (by period start, then id); otherwise 0. Never negative.
 */
export function carriedInCentsOf(input: {
  pieId: string;
  walletBalanceCents: number;
  fanPies: readonly CarryPie[];
}): number {
  const unsplit = input.fanPies
    .filter((pie) => isSplittablePie(pie))
    .sort((a, b) =>
      a.periodStart === b.periodStart ? (a.id < b.id ? -1 : 1) : a.periodStart < b.periodStart ? -1 : 1,
    );
  if (unsplit[0]?.id !== input.pieId) return 0;
  const reserved = unsplit.reduce((sum, pie) => sum + reservedCentsOf(pie), 0);
  return Math.max(0, input.walletBalanceCents - reserved);
}
