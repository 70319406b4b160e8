// Disputes in the local Stripe sandbox through the real SDK, as Stripe's test cards make them: an inquiry
// (4000 0000 0000 1976) withdraws no money and closes as warning_closed; a chargeback (4000 0000 0000 0259)
// withdraws the amount and the $15 dispute fee in one balance transaction, and when won Stripe's reinstating balance
// transaction gives back the amount and the fee (a negative fee). The events of each step, in Stripe's order.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sandboxPerTest, startPaidSandbox, testCards } from '../support/stripe-sandbox';

const startSandbox = sandboxPerTest();

/** A sandbox after a $10 payment with `card`, and the dispute the card opened. */
async function startWithPayment(card: string) {
  const paid = await startPaidSandbox(startSandbox, card);
  const dispute = (await paid.stripe.disputes.list({ charge: paid.charge.id })).data[0];
  if (!dispute) throw new Error(`No dispute of ${paid.charge.id}`);
  return { ...paid, dispute };
}

/** The dispute events delivered so far, as `type:status`. */
function disputeEvents(events: Stripe.Event[]): string[] {
  return events
    .filter((event) => event.type.startsWith('charge.dispute.'))
    .map((event) => `${event.type}:${(event.data.object as Stripe.Dispute).status}`);
}

async function balanceTransactionsOf(stripe: Stripe, source: string) {
  return (await stripe.balanceTransactions.list({ source } as Stripe.BalanceTransactionListParams)).data;
}

describe('an inquiry (card 4000 0000 0000 1976)', () => {
  it('opens as warning_needs_response with no balance transaction, no money withdrawn, and the charge refundable', async () => {
    // Prepare
    const { sandbox, stripe, charge, dispute, events } = await startWithPayment(testCards.inquiry);
    // Act
    await sandbox.settle();
    // Assess
    expect(dispute).toMatchObject({
      amount: 1000,
      charge: charge.id,
      currency: 'usd',
      status: 'warning_needs_response',
      balance_transactions: [],
      is_charge_refundable: true,
    });
    expect(dispute.payment_method_details?.card?.case_type).toBe('inquiry');
    expect(await balanceTransactionsOf(stripe, dispute.id)).toEqual([]);
    expect(disputeEvents(events)).toEqual(['charge.dispute.created:warning_needs_response']);
    const partial = await stripe.refunds.create({ charge: charge.id, amount: 100 });
    expect(partial.status).toBe('succeeded');
  });

  it('closes as warning_closed when accepted, with charge.dispute.closed and still no money moved', async () => {
    // Prepare
    const { sandbox, stripe, dispute, events } = await startWithPayment(testCards.inquiry);
    // Act
    const closed = await stripe.disputes.close(dispute.id);
    await sandbox.settle();
    // Assess
    expect(closed).toMatchObject({ status: 'warning_closed', balance_transactions: [] });
    expect(disputeEvents(events)).toEqual([
      'charge.dispute.created:warning_needs_response',
      'charge.dispute.closed:warning_closed',
    ]);
    const closedEvent = events.find((event) => event.type === 'charge.dispute.closed');
    expect(closedEvent?.data.previous_attributes).toEqual({ status: 'warning_needs_response' });
    expect(await balanceTransactionsOf(stripe, dispute.id)).toEqual([]);
    const again = await stripe.disputes.close(dispute.id).catch((error: unknown) => error);
    expect(again).toMatchObject({ statusCode: 400 });
  });

  it("closes as warning_closed on Stripe's winning_evidence and on losing_evidence alike: an inquiry is never won or lost", async () => {
    // Prepare
    const first = await startWithPayment(testCards.inquiry);
    // Act
    const afterWinning = await first.stripe.disputes.update(first.dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    await first.sandbox.settle();
    const winningEvents = disputeEvents(first.events);
    await first.sandbox.stop();
    const second = await startWithPayment(testCards.inquiry);
    const afterLosing = await second.stripe.disputes.update(second.dispute.id, {
      evidence: { uncategorized_text: 'losing_evidence' },
    });
    await second.sandbox.settle();
    // Assess
    expect(afterWinning).toMatchObject({ status: 'warning_closed', balance_transactions: [] });
    expect(afterLosing).toMatchObject({ status: 'warning_closed', balance_transactions: [] });
    const expected = [
      'charge.dispute.created:warning_needs_response',
      'charge.dispute.updated:warning_under_review',
      'charge.dispute.closed:warning_closed',
    ];
    expect(winningEvents).toEqual(expected);
    expect(disputeEvents(second.events)).toEqual(expected);
  });

  it('closes as warning_closed when the charge is refunded in full', async () => {
    // Prepare
    const { sandbox, stripe, charge, dispute, events } = await startWithPayment(testCards.inquiry);
    // Act
    await stripe.refunds.create({ charge: charge.id });
    await sandbox.settle();
    // Assess
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe('warning_closed');
    expect(disputeEvents(events)).toEqual([
      'charge.dispute.created:warning_needs_response',
      'charge.dispute.closed:warning_closed',
    ]);
  });
});

describe('a chargeback (card 4000 0000 0000 0259)', () => {
  it('withdraws the amount and the $15 dispute fee in one balance transaction the dispute lists, then funds_withdrawn', async () => {
    // Prepare
    const { sandbox, stripe, charge, dispute, events } = await startWithPayment(testCards.disputed);
    // Act
    await sandbox.settle();
    // Assess
    expect(dispute).toMatchObject({
      amount: 1000,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: false,
    });
    expect(dispute.payment_method_details?.card?.case_type).toBe('chargeback');
    expect(dispute.balance_transactions).toHaveLength(1);
    const [withdrawal] = dispute.balance_transactions;
    expect(withdrawal).toMatchObject({
      amount: -1000,
      fee: 1500,
      net: -2500,
      type: 'adjustment',
      reporting_category: 'dispute',
      source: dispute.id,
    });
    expect(withdrawal?.fee_details).toEqual([expect.objectContaining({ amount: 1500, type: 'stripe_fee' })]);
    expect((await balanceTransactionsOf(stripe, dispute.id)).map((t) => t.id)).toEqual([withdrawal?.id]);
    expect((await stripe.charges.retrieve(charge.id)).disputed).toBe(true);
    expect(disputeEvents(events)).toEqual([
      'charge.dispute.created:needs_response',
      'charge.dispute.funds_withdrawn:needs_response',
    ]);
    const withdrawnEvent = events.find((event) => event.type === 'charge.dispute.funds_withdrawn');
    expect((withdrawnEvent?.data.object as Stripe.Dispute).balance_transactions.map((t) => t.id)).toEqual([
      withdrawal?.id,
    ]);
    const refund = await stripe.refunds.create({ charge: charge.id }).catch((error: unknown) => error);
    expect(refund).toMatchObject({ statusCode: 400, code: 'charge_disputed' });
  });

  it("is won on Stripe's winning_evidence: a reinstating balance transaction gives back the amount and the fee (a negative fee)", async () => {
    // Prepare
    const { sandbox, stripe, dispute, events } = await startWithPayment(testCards.disputed);
    // Act
    const won = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    await sandbox.settle();
    // Assess
    expect(won.status).toBe('won');
    expect(won.balance_transactions).toHaveLength(2);
    const [withdrawal, reinstatement] = won.balance_transactions;
    expect(withdrawal).toMatchObject({ amount: -1000, fee: 1500, net: -2500, reporting_category: 'dispute' });
    expect(reinstatement).toMatchObject({
      amount: 1000,
      fee: -1500,
      net: 2500,
      type: 'adjustment',
      reporting_category: 'dispute_reversal',
      source: dispute.id,
    });
    expect(reinstatement?.fee_details).toEqual([
      expect.objectContaining({ amount: -1500, type: 'stripe_fee' }),
    ]);
    expect((await balanceTransactionsOf(stripe, dispute.id)).map((t) => t.net).sort()).toEqual([-2500, 2500]);
    expect(disputeEvents(events)).toEqual([
      'charge.dispute.created:needs_response',
      'charge.dispute.funds_withdrawn:needs_response',
      'charge.dispute.updated:under_review',
      'charge.dispute.funds_reinstated:won',
      'charge.dispute.closed:won',
    ]);
    const reinstatedEvent = events.find((event) => event.type === 'charge.dispute.funds_reinstated');
    expect((reinstatedEvent?.data.object as Stripe.Dispute).balance_transactions).toHaveLength(2);
  });

  it("is lost on Stripe's losing_evidence: no money comes back", async () => {
    // Prepare
    const { sandbox, stripe, dispute, events } = await startWithPayment(testCards.disputed);
    // Act
    const lost = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'losing_evidence' },
    });
    await sandbox.settle();
    // Assess
    expect(lost.status).toBe('lost');
    expect(lost.balance_transactions.map((t) => t.net)).toEqual([-2500]);
    expect(disputeEvents(events)).toEqual([
      'charge.dispute.created:needs_response',
      'charge.dispute.funds_withdrawn:needs_response',
      'charge.dispute.updated:under_review',
      'charge.dispute.closed:lost',
    ]);
    const closedEvent = events.find((event) => event.type === 'charge.dispute.closed');
    expect(closedEvent?.data.previous_attributes).toEqual({ status: 'under_review' });
  });

  it('is lost when accepted (closed), and a closed dispute takes no more evidence', async () => {
    // Prepare
    const { sandbox, stripe, dispute, events } = await startWithPayment(testCards.disputed);
    // Act
    const closed = await stripe.disputes.close(dispute.id);
    const late = await stripe.disputes
      .update(dispute.id, { evidence: { uncategorized_text: 'winning_evidence' } })
      .catch((error: unknown) => error);
    await sandbox.settle();
    // Assess
    expect(closed.status).toBe('lost');
    expect(late).toMatchObject({ statusCode: 400 });
    expect((await stripe.disputes.retrieve(dispute.id)).balance_transactions).toHaveLength(1);
    expect(disputeEvents(events)).toEqual([
      'charge.dispute.created:needs_response',
      'charge.dispute.funds_withdrawn:needs_response',
      'charge.dispute.closed:lost',
    ]);
  });

  it('goes under review with other evidence, announced by charge.dispute.updated, and is decided later', async () => {
    // Prepare
    const { sandbox, stripe, dispute, events } = await startWithPayment(testCards.disputed);
    // Act
    const reviewed = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'The fan listened all month.' },
    });
    const won = await stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    await sandbox.settle();
    // Assess
    expect(reviewed).toMatchObject({ status: 'under_review', evidence_details: { submission_count: 1 } });
    expect(won.status).toBe('won');
    expect(disputeEvents(events)).toEqual([
      'charge.dispute.created:needs_response',
      'charge.dispute.funds_withdrawn:needs_response',
      'charge.dispute.updated:under_review',
      'charge.dispute.updated:under_review',
      'charge.dispute.funds_reinstated:won',
      'charge.dispute.closed:won',
    ]);
  });
});
