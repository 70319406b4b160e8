// What the office's money reads share, without Stripe (decision 029): the office's ledger accounts, a payout as the
// API answers it, and the lines of the office payable, each described by its transaction. The claims' money reads
// live here too, so the artist-claims Lambda does not bundle the Stripe SDK for them.
import type { Pagination } from '../../contracts/envelope';
import type {
  OfficeTransaction,
  PayoutListReply,
  PayoutReply,
  PayoutTotalReply,
} from '../../contracts/artist-payments';
import { getClaim } from '../../data/claims';
import type { LedgerEntry, StoredTransaction } from '../../data/ledger';
import type { StoredPayout } from '../../data/payouts';
import { getPayout, listOfficePayouts } from '../../data/payouts';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import type { AccountId, TransactionKind } from '../../domain/money/ledger';
import { accountIdOf } from '../../domain/money/ledger';
import { getTable } from '../../runtime/table';
import { getTransaction, listEntries } from '../ledger';
import { requireOffice } from '../offices/office-gate';

export interface MoneyReadDependencies {
  table: TableRef;
}

export function moneyReadDependencies(): MoneyReadDependencies {
  return { table: getTable() };
}

export type TransactionFilter = 'all' | 'credit' | 'payout';

export function officePayableOf(officeId: string): AccountId {
  return accountIdOf('office-payable', officeId);
}

export function connectInFlightOf(officeId: string): AccountId {
  return accountIdOf('connect-in-flight', officeId);
}

export function toPayoutReply(payout: StoredPayout): PayoutReply {
  return {
    id: payout.id,
    officeId: payout.officeId,
    status: payout.status,
    amountCents: payout.amountCents,
    payoutFeeCents: payout.payoutFeeCents,
    monthlyFeeCents: payout.monthlyFeeCents,
    feesCents: payout.feesCents,
    netCents: payout.netCents,
    createdAt: payout.createdAt,
    updatedAt: payout.updatedAt,
    arrivalDate: payout.arrivalDate ?? null,
    completedAt: payout.completedAt ?? null,
    failureReason: payout.failureReason ?? null,
    transferId: payout.transferId ?? null,
    stripePayoutId: payout.stripePayoutId ?? null,
    transactionId: payout.transactionId,
  };
}

export function totalOf(payouts: readonly StoredPayout[]): PayoutTotalReply {
  const completed = payouts.filter((payout) => payout.status === 'completed');
  return {
    totalCents: completed.reduce((sum, payout) => sum + payout.netCents, 0),
    count: completed.length,
  };
}

// ── lines of the payable ──────────────────────────────────────────────────────────────────────────────────────

/** Every entry of the office payable, newest first. */
export async function listAllPayableEntries(
  deps: MoneyReadDependencies,
  officeId: string,
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await listEntries(deps, officePayableOf(officeId), { limit: 100, cursor });
    entries.push(...page.entries);
    cursor = page.cursor;
  } while (cursor);
  return entries;
}

function kindOf(
  entry: { kind: TransactionKind; amountCents: number },
  reversed: TransactionKind | null,
): OfficeTransaction['kind'] {
  if (entry.kind === 'escrow-release') return 'earnings';
  if (entry.kind === 'payout') return 'payout';
  if (entry.kind === 'give-back') return 'give-back';
  if (entry.kind === 'reversal' && reversed === 'payout') return 'payout-returned';
  // A payout the bank returned after Stripe had said it was paid (decision 029, "Failures after paid").
  if (entry.kind === 'transfer-reversal') return 'payout-returned';
  return 'correction';
}

const descriptions: Record<OfficeTransaction['kind'], string> = {
  earnings: "Fans' earnings released to the office",
  payout: 'Payout to the bank account',
  'payout-returned': 'Payout returned to the balance',
  'give-back': 'Given back to fans',
  correction: 'Correction of an earlier entry',
};

export function matchesFilter(entry: LedgerEntry, filter: TransactionFilter): boolean {
  if (filter === 'credit') return entry.amountCents > 0;
  if (filter === 'payout') return entry.kind === 'payout';
  return true;
}

export async function describeEntries(
  deps: MoneyReadDependencies,
  entries: readonly LedgerEntry[],
): Promise<{ line: OfficeTransaction; transaction: StoredTransaction }[]> {
  const transactions = await Promise.all(entries.map((entry) => getTransaction(deps, entry.transactionId)));
  const reversedKinds = await Promise.all(
    transactions.map(async (transaction) =>
      transaction.reverses ? (await getTransaction(deps, transaction.reverses)).kind : null,
    ),
  );
  const kinds = entries.map((entry, index) => kindOf(entry, reversedKinds[index] ?? null));
  // A payout's lines say what reached the bank beside what left the balance: the payout's own amount, fees and net.
  const payouts = await Promise.all(
    transactions.map(async (transaction, index) => {
      const payoutId = transaction.references['payoutId'];
      const kind = kinds[index];
      return payoutId && (kind === 'payout' || kind === 'payout-returned')
        ? getPayout(deps.table, payoutId)
        : null;
    }),
  );
  return entries.map((entry, index) => {
    const transaction = transactions[index] as StoredTransaction;
    const kind = kinds[index] ?? 'correction';
    const payout = payouts[index] ?? null;
    return {
      transaction,
      line: {
        id: entry.transactionId,
        kind,
        description: descriptions[kind],
        amountCents: entry.amountCents,
        at: entry.at,
        payoutId: transaction.references['payoutId'] ?? null,
        artistId: transaction.references['artistId'] ?? null,
        payout: payout
          ? {
              amountCents: payout.amountCents,
              payoutFeeCents: payout.payoutFeeCents,
              monthlyFeeCents: payout.monthlyFeeCents,
              feesCents: payout.feesCents,
              netCents: payout.netCents,
            }
          : null,
      },
    };
  });
}

export function pageOf<T>(
  items: readonly T[],
  page: number,
  limit: number,
): { shown: T[]; pagination: Pagination } {
  return {
    shown: items.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: items.length, pages: Math.ceil(items.length / limit) },
  };
}

/** The claim, and its office checked for `read-money`: an unknown claim and another office's claim are both 404. */
async function requireClaimMoneyRight(
  deps: MoneyReadDependencies,
  userId: string,
  claimId: string,
): Promise<{ officeId: string; artistId: string }> {
  const claim = await getClaim(deps.table, claimId);
  if (!claim) throw new AppError('not_found', 'There is no such claim.');
  await requireOffice(deps, userId, claim.officeId, 'read-money');
  return { officeId: claim.officeId, artistId: claim.artistId };
}

/** `GET claims/{id}/transactions`: the office's lines that name the claim's artist (its released earnings …). */
export async function listClaimTransactions(
  deps: MoneyReadDependencies,
  userId: string,
  input: { claimId: string; filter: TransactionFilter; page: number; limit: number },
): Promise<{ data: OfficeTransaction[]; pagination: Pagination }> {
  const { officeId, artistId } = await requireClaimMoneyRight(deps, userId, input.claimId);
  const entries = (await listAllPayableEntries(deps, officeId)).filter((entry) =>
    matchesFilter(entry, input.filter),
  );
  const described = (await describeEntries(deps, entries)).filter(
    ({ transaction }) => transaction.references['artistId'] === artistId,
  );
  const { shown, pagination } = pageOf(described, input.page, input.limit);
  return { data: shown.map(({ line }) => line), pagination };
}

/**
 * `GET claims/{id}/payouts`: payouts are the office's, paid from its whole payable, never one artist's; the claim's
 * office's payouts are answered, with their completed total (decision 029).
 */
export async function listClaimPayouts(
  deps: MoneyReadDependencies,
  userId: string,
  claimId: string,
): Promise<PayoutListReply> {
  const { officeId } = await requireClaimMoneyRight(deps, userId, claimId);
  const payouts = await listOfficePayouts(deps.table, officeId);
  return { data: payouts.map(toPayoutReply), total: totalOf(payouts) };
}
