// Reconciliation's pie check: every pie due a split is split (or raised to staff), and each split pie's receipt,
// totals and split transaction agree.
import type { AccountId } from '../money/ledger';
import type { CheckResult, ReconciledTransaction, ReconciliationProblem } from './checks';
import { cents, dailyJobGraceMs, sum } from './checks';

/** A pie as the pie check reads it. */
export interface ReconciledPie {
  id: string;
  status: 'open' | 'inactive' | 'split';
  inactiveReason: 'renewal-failed' | 'refunded' | 'disputed' | null;
  periodEnd: string;
  splitRaisedAt?: string;
  /** The totals the pie item keeps of its receipt (null before the split). */
  receipt: {
    outcome: 'split' | 'nothing_to_split';
    allocatedCents: number;
    keptInWalletCents: number;
  } | null;
}

/** A pie's receipt item, as far as its money goes. */
export interface ReconciledReceipt {
  pieId: string;
  outcome: 'split' | 'nothing_to_split';
  allocatedCents: number;
  platformFeeCents: number;
  keptInWalletCents: number;
  payouts: readonly { artistKey: string; cents: number }[];
}

/**
 * The pie check: every pie past its end (a daily run of grace) that may be split is split, or raised to staff after
 * its split failed; each split pie has its receipt, the totals on the pie are the receipt's, and its split
 * transaction takes the receipt's allocated cents and platform fee from the fan and credits each paid artist its cents
 * and the platform its fee.
 */
export function checkPies(input: {
  pies: readonly ReconciledPie[];
  receipts: ReadonlyMap<string, ReconciledReceipt>;
  /** Each split pie's split transaction, by pie id (null: none written). */
  splits: ReadonlyMap<string, ReconciledTransaction | null>;
  accountOfArtistKey: (artistKey: string) => AccountId;
  platformFeesAccount: AccountId;
  now: Date;
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const problem = (pieId: string, expected: string, found: string, message: string) =>
    problems.push({ check: 'pie', subject: `pie:${pieId}`, expected, found, message });
  for (const pie of input.pies) {
    const splittable =
      pie.status === 'open' || (pie.status === 'inactive' && pie.inactiveReason === 'renewal-failed');
    if (splittable) {
      const late = Date.parse(pie.periodEnd) + dailyJobGraceMs < input.now.getTime();
      if (late && pie.splitRaisedAt === undefined) {
        problem(
          pie.id,
          'split or raised',
          pie.status,
          `Pie ${pie.id} ended ${pie.periodEnd} and was not split.`,
        );
      }
      continue;
    }
    if (pie.status !== 'split') continue;
    const receipt = input.receipts.get(pie.id);
    if (!receipt) {
      problem(pie.id, 'a receipt', 'none', `Pie ${pie.id} is split but has no receipt.`);
      continue;
    }
    if (
      !pie.receipt ||
      pie.receipt.outcome !== receipt.outcome ||
      pie.receipt.allocatedCents !== receipt.allocatedCents ||
      pie.receipt.keptInWalletCents !== receipt.keptInWalletCents
    ) {
      problem(
        pie.id,
        `${receipt.outcome} ${receipt.allocatedCents} allocated, ${receipt.keptInWalletCents} kept`,
        pie.receipt
          ? `${pie.receipt.outcome} ${pie.receipt.allocatedCents} allocated, ${pie.receipt.keptInWalletCents} kept`
          : 'no totals',
        `Pie ${pie.id}'s totals are not its receipt's.`,
      );
    }
    const owed = receipt.allocatedCents + receipt.platformFeeCents;
    const split = input.splits.get(pie.id) ?? null;
    if (receipt.outcome === 'nothing_to_split' || owed === 0) {
      if (split && split.postings.some((posting) => posting.amountCents !== 0)) {
        problem(
          pie.id,
          'no split transaction',
          `transaction ${split.id}`,
          `Pie ${pie.id} had nothing to split yet moved money.`,
        );
      }
      continue;
    }
    if (!split) {
      problem(pie.id, `a split of ${owed}`, 'none', `Pie ${pie.id}'s receipt has no split transaction.`);
      continue;
    }
    const taken = -sum(split.postings.filter((p) => p.amountCents < 0).map((p) => p.amountCents));
    if (taken !== owed) {
      problem(
        pie.id,
        cents(owed),
        cents(taken),
        `Pie ${pie.id}'s split takes ${taken} cents, not its receipt's allocated + platform fee.`,
      );
    }
    const credited = new Map<string, number>();
    for (const posting of split.postings) {
      if (posting.amountCents > 0)
        credited.set(posting.accountId, (credited.get(posting.accountId) ?? 0) + posting.amountCents);
    }
    const owedTo = new Map<string, number>();
    for (const payout of receipt.payouts) {
      const account = input.accountOfArtistKey(payout.artistKey);
      owedTo.set(account, (owedTo.get(account) ?? 0) + payout.cents);
    }
    if (receipt.platformFeeCents > 0) {
      owedTo.set(
        input.platformFeesAccount,
        (owedTo.get(input.platformFeesAccount) ?? 0) + receipt.platformFeeCents,
      );
    }
    for (const accountId of new Set([...owedTo.keys(), ...credited.keys()])) {
      const expected = owedTo.get(accountId) ?? 0;
      const found = credited.get(accountId) ?? 0;
      if (expected !== found) {
        problem(
          pie.id,
          `${expected} to ${accountId}`,
          `${found} to ${accountId}`,
          `Pie ${pie.id}'s split does not credit ${accountId} what its receipt says.`,
        );
      }
    }
  }
  return { check: 'pie', checked: input.pies.length, problems };
}
