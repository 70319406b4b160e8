// Reconciliation's payout check: each office payout is booked as it should be, Stripe moved what it says, and each
// office's money in flight is its open payouts.
import type { AccountId } from '../money/ledger';
import type { CheckResult, LedgerSnapshot, ReconciledTransaction, ReconciliationProblem } from './checks';
import { cents, sum } from './checks';

/** A payout of an office as the payout check reads it (data/payouts.ts). */
export interface ReconciledPayout {
  id: string;
  officeId: string;
  status: 'pending' | 'in_progress' | 'completed' | 'failed';
  amountCents: number;
  netCents: number;
  stripeAccountId: string;
  transactionId: string;
  transferId?: string;
  stripePayoutId?: string;
  settlementTransactionId?: string;
}

/** What Stripe says of a payout's two legs; absent when the payout has not reached that leg. */
export interface StripeLegs {
  /** null: Stripe knows no such transfer. */
  transfer?: { amountCents: number; destination: string | null } | null;
  /** null: Stripe knows no such payout of the connected account. */
  bankPayout?: { amountCents: number; status: string } | null;
}

/**
 * The payout check: each payout's booking takes its amount from the office payable and puts its net in flight; a
 * payout that was sent has its Stripe transfer of the net to the office's account; a completed one has its bank payout
 * of the net and the transaction that settled it out of flight; and each office's money in flight
 * (`connect-in-flight`) is exactly the net of its open payouts (pending or in progress).
 */
export function checkPayouts(input: {
  snapshot: LedgerSnapshot;
  payouts: readonly ReconciledPayout[];
  /** Every office, so an office with money in flight and no payout is seen. */
  officeIds: readonly string[];
  stripe: ReadonlyMap<string, StripeLegs>;
  inFlightAccountOf: (officeId: string) => AccountId;
  payableAccountOf: (officeId: string) => AccountId;
}): CheckResult {
  const problems: ReconciliationProblem[] = [];
  const problem = (subject: string, expected: string, found: string, message: string) =>
    problems.push({ check: 'payout', subject, expected, found, message });
  const postedTo = (transaction: ReconciledTransaction | null | undefined, accountId: AccountId) =>
    sum((transaction?.postings ?? []).filter((p) => p.accountId === accountId).map((p) => p.amountCents));
  const openNet = new Map<string, number>(input.officeIds.map((id) => [id, 0]));
  for (const payout of input.payouts) {
    const subject = `payout:${payout.id}`;
    const inFlight = input.inFlightAccountOf(payout.officeId);
    const booking = input.snapshot.transactions.get(payout.transactionId);
    if (!booking) {
      problem(
        subject,
        `booking ${payout.transactionId}`,
        'none',
        `Payout ${payout.id} has no booking on the ledger.`,
      );
    } else {
      const taken = -postedTo(booking, input.payableAccountOf(payout.officeId));
      const sent = postedTo(booking, inFlight);
      if (taken !== payout.amountCents || sent !== payout.netCents) {
        problem(
          subject,
          `${payout.amountCents} from the payable, ${payout.netCents} in flight`,
          `${taken} from the payable, ${sent} in flight`,
          `Payout ${payout.id}'s booking is not its amounts.`,
        );
      }
    }
    if (payout.status === 'pending' || payout.status === 'in_progress') {
      openNet.set(payout.officeId, (openNet.get(payout.officeId) ?? 0) + payout.netCents);
    }
    const legs = input.stripe.get(payout.id) ?? {};
    if (payout.status === 'in_progress' || payout.status === 'completed') {
      if (!payout.transferId) {
        problem(subject, 'a transfer', 'none', `Payout ${payout.id} is ${payout.status} without a transfer.`);
      } else if (legs.transfer === null) {
        problem(
          subject,
          `transfer ${payout.transferId}`,
          'unknown to Stripe',
          `Stripe has no transfer of payout ${payout.id}.`,
        );
      } else if (
        legs.transfer &&
        (legs.transfer.amountCents !== payout.netCents ||
          legs.transfer.destination !== payout.stripeAccountId)
      ) {
        problem(
          subject,
          `${payout.netCents} to ${payout.stripeAccountId}`,
          `${legs.transfer.amountCents} to ${legs.transfer.destination ?? 'nobody'}`,
          `Payout ${payout.id}'s transfer at Stripe is not its net to its office's account.`,
        );
      }
    }
    if (payout.status === 'completed') {
      if (!payout.stripePayoutId || legs.bankPayout === null) {
        problem(subject, 'a bank payout', 'none', `Payout ${payout.id} is completed without a bank payout.`);
      } else if (legs.bankPayout && legs.bankPayout.amountCents !== payout.netCents) {
        problem(
          subject,
          cents(payout.netCents),
          cents(legs.bankPayout.amountCents),
          `Payout ${payout.id}'s bank payout is not its net.`,
        );
      }
      const settlement = payout.settlementTransactionId
        ? input.snapshot.transactions.get(payout.settlementTransactionId)
        : undefined;
      if (-postedTo(settlement, inFlight) !== payout.netCents) {
        problem(
          subject,
          `${payout.netCents} out of flight`,
          `${-postedTo(settlement, inFlight)} out of flight`,
          `Payout ${payout.id} is completed but its net was not settled out of flight.`,
        );
      }
    }
  }
  for (const [officeId, expected] of openNet) {
    const accountId = input.inFlightAccountOf(officeId);
    const found = input.snapshot.accounts.get(accountId)?.balanceCents ?? 0;
    if (found !== expected) {
      problem(
        accountId,
        cents(expected),
        cents(found),
        `Office ${officeId}'s money in flight is not its open payouts.`,
      );
    }
  }
  return { check: 'payout', checked: input.payouts.length + openNet.size, problems };
}
