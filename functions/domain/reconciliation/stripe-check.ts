// Reconciliation's stripe check: what the ledger booked in Stripe clearing and fees against the balance movements
// Stripe reports, and each Stripe object the ledger names found at Stripe.
import type { AccountId } from '../money/ledger';
import type { CheckResult, LedgerSnapshot, ReconciliationProblem } from './checks';
import { cents, sum } from './checks';
import type { ReconciledPayout } from './payout-check';

/** One movement of a Stripe balance as the stripe check reads it. */
export interface StripeBalanceMovement {
  id: string;
  amountCents: number;
  feeCents: number;
  reportingCategory: string;
  sourceId: string | null;
  /** The connected account whose balance it moved; null for the platform's own. */
  accountId: string | null;
}

/** What the ledger says of one Stripe object: the transactions that name it and what they put in one account. */
interface Booked {
  transactionIds: string[];
  cents: number;
}

/** The Stripe objects the ledger names, each with what its transactions posted to clearing (or fees). */
export interface LedgerStripeIndex {
  /** Charge id → fan payments: Stripe clearing. */
  charges: Map<string, Booked>;
  /** Charge id → processing fees: the processing-fees account. */
  chargeFees: Map<string, Booked>;
  /** Refund id → Stripe clearing. */
  refunds: Map<string, Booked>;
  /** Dispute id → what the dispute took back: Stripe clearing. */
  disputes: Map<string, Booked>;
  /** Dispute id → what a dispute decided for us gave back: Stripe clearing. */
  disputesReinstated: Map<string, Booked>;
  /** Balance transaction id → a dispute's fee: Stripe clearing. */
  disputeFees: Map<string, Booked>;
  /** Stripe payout id (a connected account's) → the payout's settlement: Stripe clearing. */
  payoutSettlements: Map<string, Booked>;
}

/** Each Stripe id the ledger names in a transaction of the period, with the transaction and the category. */
export interface LedgerStripeReference {
  transactionId: string;
  sourceId: string;
  category: 'charge' | 'refund' | 'dispute' | 'payout';
  /** The connected account, for a payout. */
  accountId: string | null;
}

function book(map: Map<string, Booked>, key: string | undefined, transactionId: string, cents: number) {
  if (!key) return;
  const booked = map.get(key) ?? { transactionIds: [], cents: 0 };
  booked.transactionIds.push(transactionId);
  booked.cents += cents;
  map.set(key, booked);
}

/** The Stripe objects every transaction of the ledger names, with what each put in Stripe clearing or fees. */
export function indexLedgerStripe(
  snapshot: LedgerSnapshot,
  clearingAccount: AccountId,
  feesAccount: AccountId,
): LedgerStripeIndex {
  const index: LedgerStripeIndex = {
    charges: new Map(),
    chargeFees: new Map(),
    refunds: new Map(),
    disputes: new Map(),
    disputesReinstated: new Map(),
    disputeFees: new Map(),
    payoutSettlements: new Map(),
  };
  for (const transaction of snapshot.transactions.values()) {
    if (!transaction) continue;
    const on = (accountId: AccountId) =>
      sum(transaction.postings.filter((p) => p.accountId === accountId).map((p) => p.amountCents));
    const refs = transaction.references;
    const clearing = on(clearingAccount);
    const id = transaction.id;
    if (transaction.kind === 'fan-payment') book(index.charges, refs['chargeId'], id, clearing);
    else if (transaction.kind === 'processing-fee')
      book(index.chargeFees, refs['chargeId'], id, on(feesAccount));
    else if (transaction.kind === 'refund') book(index.refunds, refs['refundId'], id, clearing);
    else if (transaction.kind === 'dispute') book(index.disputes, refs['disputeId'], id, clearing);
    else if (transaction.kind === 'dispute-reinstated')
      book(index.disputesReinstated, refs['disputeId'], id, clearing);
    else if (transaction.kind === 'dispute-fee')
      book(index.disputeFees, refs['balanceTransactionId'], id, clearing);
    else if (transaction.kind === 'transfer')
      book(index.payoutSettlements, refs['stripePayoutId'], id, clearing);
  }
  return index;
}

/**
 * The Stripe objects named by the ledger's transactions of `[from, to)`, so the service can look up at Stripe those
 * whose balance transactions fall outside the period's list (a charge settled the second before it began).
 */
export function ledgerStripeReferences(
  snapshot: LedgerSnapshot,
  payouts: readonly ReconciledPayout[],
  from: Date,
  to: Date,
): LedgerStripeReference[] {
  const accountOfPayout = new Map(
    payouts.flatMap((p) => (p.stripePayoutId ? [[p.stripePayoutId, p.stripeAccountId] as const] : [])),
  );
  const references: LedgerStripeReference[] = [];
  for (const transaction of snapshot.transactions.values()) {
    if (!transaction) continue;
    const at = Date.parse(transaction.at);
    if (at < from.getTime() || at >= to.getTime()) continue;
    const refs = transaction.references;
    const add = (category: LedgerStripeReference['category'], sourceId: string | undefined) => {
      if (!sourceId) return;
      const accountId = category === 'payout' ? (accountOfPayout.get(sourceId) ?? null) : null;
      references.push({ transactionId: transaction.id, sourceId, category, accountId });
    };
    if (transaction.kind === 'fan-payment') add('charge', refs['chargeId']);
    else if (transaction.kind === 'refund') add('refund', refs['refundId']);
    else if (transaction.kind === 'dispute') add('dispute', refs['disputeId']);
    else if (transaction.kind === 'transfer') add('payout', refs['stripePayoutId']);
  }
  return references;
}

/**
 * The categories of the platform's balance the stripe check compares (a connected account's: `payout`); the others
 * (the platform's own bank payouts, transfer reversals …) are not on the ledger.
 */
const platformCategories: ReadonlySet<string> = new Set([
  'charge',
  'refund',
  'dispute',
  'dispute_reversal',
  'fee',
  'transfer',
]);

/**
 * The stripe check: the ledger's Stripe clearing and processing-fees accounts against Stripe's balance transactions,
 * by `reporting_category`, each Stripe object against the ledger transactions that name it. From Stripe's side,
 * each movement of the period: a charge is booked as a fan payment of its amount and a processing fee of its fee; a
 * refund, a dispute and a dispute decided for us move Stripe clearing by what they moved Stripe's balance, and a
 * dispute's fee is booked by its balance transaction; a fee Stripe billed on its own is booked; a transfer is a
 * payout's net (and its settlement, once paid); a connected account's bank payout is a payout's net. From the
 * ledger's side, every charge, refund, dispute and bank payout a transaction of the period names exists at Stripe.
 */
export function checkStripe(input: {
  snapshot: LedgerSnapshot;
  /**
   * The balance transactions of the period (the platform's, and the connected accounts' payouts), with those looked
   * up by source for the ledger's transactions of the period whose Stripe object moved money just outside it.
   */
  movements: readonly StripeBalanceMovement[];
  payouts: readonly ReconciledPayout[];
  references: readonly LedgerStripeReference[];
  clearingAccount: AccountId;
  feesAccount: AccountId;
  /** A ledger transaction this recent may not have its Stripe balance transaction yet (async capture). */
  settledBefore: Date;
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const problem = (subject: string, expected: string, found: string, message: string) =>
    problems.push({ check: 'stripe', subject, expected, found, message });
  const index = indexLedgerStripe(input.snapshot, input.clearingAccount, input.feesAccount);
  const payoutOfTransfer = new Map(
    input.payouts.flatMap((p) => (p.transferId ? [[p.transferId, p] as const] : [])),
  );
  const payoutOfBankPayout = new Map(
    input.payouts.flatMap((p) => (p.stripePayoutId ? [[p.stripePayoutId, p] as const] : [])),
  );
  const named = (booked: Booked | undefined) =>
    booked ? booked.transactionIds.map((id) => `transaction:${id}`).join(', ') : 'no ledger transaction';
  const compare = (
    category: string,
    subject: string,
    booked: Booked | undefined,
    expectedCents: number,
    what: string,
  ) => {
    if (booked && booked.cents === expectedCents) return;
    problem(
      subject,
      `${expectedCents} in the ledger (${category})`,
      booked ? `${booked.cents} in ${named(booked)}` : 'not booked',
      booked
        ? `Stripe's ${what} ${subject} moved ${expectedCents} cents the ledger books as ${booked.cents}.`
        : `Stripe's ${what} ${subject} (${expectedCents} cents) has no booking on the ledger.`,
    );
  };
  let checked = 0;
  for (const movement of input.movements) {
    const source = movement.sourceId ?? movement.id;
    const expected = -movement.amountCents;
    const category = movement.reportingCategory;
    if (movement.accountId !== null) {
      // A connected account's balance: only its bank payouts are the ledger's business.
      if (category !== 'payout') continue;
      checked += 1;
      const payout = payoutOfBankPayout.get(source);
      if (!payout || payout.stripeAccountId !== movement.accountId) {
        problem(
          source,
          'a payout of an office',
          `a bank payout of ${expected} cents from ${movement.accountId}`,
          `Stripe paid ${expected} cents out of ${movement.accountId} to its bank, and no payout of an office names it.`,
        );
        continue;
      }
      if (payout.netCents !== expected) {
        problem(
          source,
          `${payout.netCents} (payout:${payout.id})`,
          cents(expected),
          `Stripe's bank payout ${source} is not the net of payout ${payout.id}.`,
        );
      }
      const settlement = index.payoutSettlements.get(source);
      if (settlement && settlement.cents !== expected)
        compare('payout', source, settlement, expected, 'payout');
      continue;
    }
    // The platform's own payouts to OpenPie's bank, transfer reversals and the rest are not on the ledger.
    if (!platformCategories.has(category)) continue;
    checked += 1;
    if (category === 'charge') {
      compare('charge', source, index.charges.get(source), expected, 'charge');
      if (movement.feeCents !== 0) {
        const fee = index.chargeFees.get(source);
        if (!fee || fee.cents !== movement.feeCents) {
          problem(
            source,
            `${movement.feeCents} in processing fees (fee)`,
            fee ? `${fee.cents} in ${named(fee)}` : 'not booked',
            `Stripe's fee on charge ${source} is ${movement.feeCents} cents; the ledger's processing fee is ${fee ? fee.cents : 'missing'}.`,
          );
        }
      }
    } else if (category === 'refund') {
      compare('refund', source, index.refunds.get(source), expected, 'refund');
    } else if (category === 'dispute' || category === 'dispute_reversal') {
      const booked =
        category === 'dispute' ? index.disputes.get(source) : index.disputesReinstated.get(source);
      compare(category, source, booked, expected, category === 'dispute' ? 'dispute' : 'dispute reversal');
      if (movement.feeCents !== 0) {
        const fee = index.disputeFees.get(movement.id);
        if (!fee || fee.cents !== movement.feeCents) {
          problem(
            source,
            `${movement.feeCents} dispute fee (fee, ${movement.id})`,
            fee ? `${fee.cents} in ${named(fee)}` : 'not booked',
            `Stripe's dispute fee ${movement.id} of ${source} is ${movement.feeCents} cents; the ledger books ${fee ? fee.cents : 'none'}.`,
          );
        }
      }
    } else if (category === 'fee') {
      problem(
        movement.id,
        `a booking of Stripe's fee of ${-movement.amountCents}`,
        'not booked',
        `Stripe took a fee of ${-movement.amountCents} cents (${movement.id}) on its own that the ledger has not booked.`,
      );
    } else if (category === 'transfer') {
      const payout = payoutOfTransfer.get(source);
      if (!payout) {
        problem(
          source,
          'a payout of an office',
          `a transfer of ${expected} cents`,
          `Stripe transferred ${expected} cents (${source}) and no payout of an office names it.`,
        );
      } else if (payout.netCents !== expected) {
        problem(
          source,
          `${payout.netCents} (payout:${payout.id})`,
          cents(expected),
          `Stripe's transfer ${source} is not the net of payout ${payout.id}.`,
        );
      }
    }
  }
  const known = new Set(input.movements.map((movement) => movement.sourceId ?? movement.id));
  for (const reference of input.references) {
    const at = input.snapshot.transactions.get(reference.transactionId)?.at;
    if (at !== undefined && Date.parse(at) >= input.settledBefore.getTime()) continue;
    checked += 1;
    if (known.has(reference.sourceId)) continue;
    problem(
      `transaction:${reference.transactionId}`,
      `Stripe's ${reference.category} ${reference.sourceId}`,
      'none at Stripe',
      `The ledger books Stripe's ${reference.category} ${reference.sourceId}, which has no balance transaction at Stripe.`,
    );
  }
  return { check: 'stripe', checked, problems };
}
