// What an office reads of its money (decision 029): its payable and what is in flight (the
// ledger), its connected account's balance (Stripe), its payouts (data/payouts.ts), and the lines of its payable (the
// ledger entries of `office-payable:<officeId>`, each described by its transaction). Every read needs `read-money`
// (admins and accountants; a member 403, someone outside the office 404). The parts without Stripe, and the claims'
// money reads, are in money.ts. An office has a few lines a month per artist, so reading all of them for a page and
// its count is a few small Query pages, like the fan wallet.
import type { Pagination } from '../../contracts/envelope';
import type {
  ConnectedBalanceReply,
  MonthlyFeeReply,
  OfficeBalanceReply,
  OfficeTransaction,
  OfficeTransactionDetail,
  OfficeWalletBalanceReply,
  PayoutListReply,
  PayoutReply,
  PayoutTotalReply,
  TransferWithoutPayout,
} from '../../contracts/artist-payments';
import type { StoredTransaction } from '../../data/ledger';
import { getOfficeStripeAccount } from '../../data/offices/stripe-account';
import { getOpenPayoutId, getPayout, listOfficePayouts } from '../../data/payouts';
import { AppError } from '../../domain/errors';
import { activeAccountMonthlyFeeCents, advisePayoutFees } from '../../domain/money/payout-fees';
import { getBalance, getTransaction } from '../ledger';
import { requireOffice } from '../offices/office-gate';
import type { PayoutDependencies } from './payouts';
import type { TransactionFilter } from './money';
import {
  connectInFlightOf,
  describeEntries,
  listAllPayableEntries,
  matchesFilter,
  officePayableOf,
  pageOf,
  toPayoutReply,
  totalOf,
} from './money';
import { quotePayout } from './payouts';

/** `GET stripe/balance`. */
export async function readOfficeBalance(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
): Promise<OfficeBalanceReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  const [payableCents, inFlightCents] = await Promise.all([
    getBalance(deps, officePayableOf(officeId)),
    getBalance(deps, connectInFlightOf(officeId)),
  ]);
  return { payableCents, inFlightCents, currency: 'usd' };
}

/** `GET stripe/wallet-balance`: what can be paid out now, what is on its way, what reached the bank. */
export async function readOfficeWalletBalance(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
): Promise<OfficeWalletBalanceReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  return readOfficeFunds(deps, officeId);
}

/**
 * The office's funds without a rights check: what the funds screen shows (above, after `read-money`) and what staff's
 * office page shows, so the two never differ.
 */
export async function readOfficeFunds(
  deps: Pick<PayoutDependencies, 'table' | 'payoutMinimumCents'>,
  officeId: string,
): Promise<OfficeWalletBalanceReply> {
  const [availableCents, inFlightCents, payouts] = await Promise.all([
    getBalance(deps, officePayableOf(officeId)),
    getBalance(deps, connectInFlightOf(officeId)),
    listOfficePayouts(deps.table, officeId),
  ]);
  return {
    availableCents,
    inFlightCents,
    paidOutCents: totalOf(payouts).totalCents,
    minimumCents: deps.payoutMinimumCents,
  };
}

/** `GET stripe/connected-account-balance`: as Stripe says now; zero for an office without an account. */
export async function readConnectedBalance(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
): Promise<ConnectedBalanceReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  const account = await getOfficeStripeAccount(deps.table, officeId);
  if (!account) return { hasAccount: false, availableCents: 0, pendingCents: 0 };
  const balance = await (await deps.stripe()).retrieveConnectBalance(account.accountId);
  return { hasAccount: true, ...balance };
}

/** `GET stripe/total-payout`: completed payouts, what reached the bank. */
export async function readTotalPayout(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
): Promise<PayoutTotalReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  return totalOf(await listOfficePayouts(deps.table, officeId));
}

/** `GET stripe/payouts`: every payout of the office, newest first, with the completed total. */
export async function listPayouts(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
): Promise<PayoutListReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  const payouts = await listOfficePayouts(deps.table, officeId);
  return { data: payouts.map(toPayoutReply), total: totalOf(payouts) };
}

/** `GET stripe/payout-details`: a payout of this office; another office's id is a 404 like an unknown one. */
export async function readPayout(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
  payoutId: string,
): Promise<PayoutReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  const payout = await getPayout(deps.table, payoutId);
  if (payout?.officeId !== officeId) throw new AppError('not_found', 'There is no such payout.');
  return toPayoutReply(payout);
}

/** `GET stripe/transfers-without-payouts`: transferred to the office's Stripe account, not paid to its bank yet. */
export async function listTransfersWithoutPayouts(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
): Promise<TransferWithoutPayout[]> {
  await requireOffice(deps, userId, officeId, 'read-money');
  const payouts = await listOfficePayouts(deps.table, officeId);
  return payouts.flatMap((payout) =>
    payout.transferId && !payout.stripePayoutId && payout.status === 'in_progress'
      ? [
          {
            payoutId: payout.id,
            transferId: payout.transferId,
            netCents: payout.netCents,
            createdAt: payout.createdAt,
            status: payout.status,
          },
        ]
      : [],
  );
}

/** `GET stripe/check-monthly-fee`: this month's fee, and the payout of the whole payable now (the same quote). */
export async function checkMonthlyFee(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
): Promise<MonthlyFeeReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  const [payableCents, account, openId] = await Promise.all([
    getBalance(deps, officePayableOf(officeId)),
    getOfficeStripeAccount(deps.table, officeId),
    getOpenPayoutId(deps.table, officeId),
  ]);
  const { month, monthlyFeePaid, outcome } = await quotePayout(deps, officeId, payableCents);
  let blockedBy: MonthlyFeeReply['blockedBy'] = outcome.ok ? null : outcome.reason;
  if (!account?.payoutsEnabled) blockedBy = 'payout_account_not_ready';
  else if (openId) blockedBy = 'payout_in_progress';
  return {
    month,
    monthlyFeePaid,
    monthlyFeeCents: monthlyFeePaid ? 0 : activeAccountMonthlyFeeCents,
    payableCents,
    minimumCents: deps.payoutMinimumCents,
    preview: outcome.ok
      ? {
          amountCents: outcome.amountCents,
          payoutFeeCents: outcome.payoutFeeCents,
          monthlyFeeCents: outcome.monthlyFeeCents,
          feesCents: outcome.feesCents,
          netCents: outcome.netCents,
        }
      : null,
    blockedBy,
    // The same function as the quote: its fees' share and the payout worth waiting for, said before it is sent.
    feeAdvice: outcome.ok
      ? advisePayoutFees({ amountCents: payableCents, monthlyFeePaid, minimumCents: deps.payoutMinimumCents })
      : null,
  };
}

/** `GET stripe/transactions`: a numbered page of the payable's lines, all, credits or payouts, newest first. */
export async function listOfficeTransactions(
  deps: PayoutDependencies,
  userId: string,
  input: { officeId: string; filter: TransactionFilter; page: number; limit: number },
): Promise<{ data: OfficeTransaction[]; pagination: Pagination }> {
  await requireOffice(deps, userId, input.officeId, 'read-money');
  const entries = (await listAllPayableEntries(deps, input.officeId)).filter((entry) =>
    matchesFilter(entry, input.filter),
  );
  const { shown, pagination } = pageOf(entries, input.page, input.limit);
  const described = await describeEntries(deps, shown);
  return { data: described.map(({ line }) => line), pagination };
}

/** `GET stripe/transaction-details`: one line of the payable with every posting of its transaction. */
export async function readOfficeTransaction(
  deps: PayoutDependencies,
  userId: string,
  officeId: string,
  transactionId: string,
): Promise<OfficeTransactionDetail> {
  await requireOffice(deps, userId, officeId, 'read-money');
  let transaction: StoredTransaction;
  try {
    transaction = await getTransaction(deps, transactionId);
  } catch {
    throw new AppError('not_found', 'There is no such transaction.');
  }
  const payable = officePayableOf(officeId);
  const own = transaction.postings.find((posting) => posting.accountId === payable);
  if (!own) throw new AppError('not_found', 'There is no such transaction.');
  const [described] = await describeEntries(deps, [
    {
      accountId: payable,
      transactionId: transaction.id,
      kind: transaction.kind,
      amountCents: own.amountCents,
      at: transaction.at,
    },
  ]);
  if (!described) throw new AppError('not_found', 'There is no such transaction.');
  return {
    ...described.line,
    postings: postingsShownToOffice(transaction),
    references: transaction.references,
  };
}

/** A give-back's fans are not the office's to know one by one: their wallets are shown as one line. */
function postingsShownToOffice(transaction: StoredTransaction): { account: string; amountCents: number }[] {
  const shown: { account: string; amountCents: number }[] = [];
  let fansCents = 0;
  for (const posting of transaction.postings) {
    if (posting.accountId.startsWith('fan-wallet:')) fansCents += posting.amountCents;
    else shown.push({ account: posting.accountId, amountCents: posting.amountCents });
  }
  if (fansCents !== 0) shown.push({ account: 'fan-wallet:fans', amountCents: fansCents });
  return shown;
}
