// What a fan's cards paid (decision 037): the fan's `fan-payment` ledger transactions, gross, before Stripe's fee and
// before any refund, found through the fan's pies (each paid pie names the invoice whose payment opened it, and the
// transaction's id is derived from that invoice). Staff's fan page counts it live; staff's fans list sorts by the copy
// kept on the fan's account item, refreshed here each time a pie opens (a payment is booked just before its pie).
import type { StoredTransaction } from '../../data/ledger';
import { getLedgerTransaction, transactionIdOf } from '../../data/ledger';
import type { FanSpend } from '../../data/directories';
import { recordFanSpend } from '../../data/directories';
import type { StoredPie } from '../../data/pies';
import { listFanPies } from '../../data/pies';
import type { TableRef } from '../../data/table';
import type { Clock } from '../../runtime/clock';

/** A fan has one pie a period: 1,000 pies are decades of monthly pies. */
const maxPiesRead = 1_000;

/** One card payment of the fan: its ledger transaction and the pie it paid for. */
export interface FanPayment {
  transaction: StoredTransaction;
  pie: StoredPie;
  /** What the card paid: the money the transaction brought in. */
  grossCents: number;
}

/** The money a transaction brought in: the sum of its credits (a payment moves it from Stripe to the wallet). */
function grossOf(transaction: StoredTransaction): number {
  return transaction.postings.reduce((sum, posting) => sum + Math.max(posting.amountCents, 0), 0);
}

/** The fan's pies, newest first, and the booked card payment of each paid one. */
export async function readFanPayments(
  table: TableRef,
  fanId: string,
): Promise<{ pies: StoredPie[]; payments: FanPayment[] }> {
  const pies = await listFanPies(table, fanId, { limit: maxPiesRead });
  const paid = pies.filter((pie) => !pie.promo && pie.invoiceId !== null);
  const transactions = await Promise.all(
    paid.map((pie) => getLedgerTransaction(table, transactionIdOf(`fan-payment:${pie.invoiceId ?? ''}`))),
  );
  const payments = paid.flatMap((pie, index) => {
    const transaction = transactions[index];
    return transaction && transaction.kind === 'fan-payment'
      ? [{ transaction, pie, grossCents: grossOf(transaction) }]
      : [];
  });
  return { pies, payments };
}

/** The fan's spend as the list keeps it: the gross of every payment, and the end of the latest pie still running. */
export function spendOf(pies: readonly StoredPie[], payments: readonly FanPayment[]): FanSpend {
  const ends = pies.filter((pie) => pie.status !== 'inactive').map((pie) => pie.periodEnd);
  return {
    spentCents: payments.reduce((sum, payment) => sum + payment.grossCents, 0),
    paymentCount: payments.length,
    pieEndsAt: ends.length === 0 ? null : ends.reduce((a, b) => (a > b ? a : b)),
  };
}

/**
 * Counts the fan's payments again from the ledger and keeps the result on the fan's account item. Idempotent and
 * order-free: a count made earlier never overwrites one made later (payments only add up).
 */
export async function refreshFanSpend(
  deps: { table: TableRef; clock: Clock },
  fanId: string,
): Promise<FanSpend> {
  const { pies, payments } = await readFanPayments(deps.table, fanId);
  const spend = spendOf(pies, payments);
  await recordFanSpend(deps.table, fanId, spend, deps.clock.now());
  return spend;
}
