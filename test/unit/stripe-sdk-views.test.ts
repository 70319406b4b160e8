// The dispute as the booking reads it (toDisputeView), from Stripe's own example objects
// (../shared/thirdparty/stripe/fixtures3.json, read as they are): an inquiry with no balance transaction, a chargeback
// whose withdrawal carries the dispute fee, a won one whose reinstatement gives the fee back (a negative fee), and
// replies that drifted from that shape, refused at the boundary.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toDisputeView } from '../../functions/integrations/stripe/sdk-views';

const fixtures = JSON.parse(
  readFileSync(join(process.cwd(), '..', 'shared', 'thirdparty', 'stripe', 'fixtures3.json'), 'utf8'),
) as { resources: Record<string, Record<string, unknown>> };

function fixture(name: string): Record<string, unknown> {
  const found = fixtures.resources[name];
  if (!found) throw new Error(`No ${name} in Stripe's fixtures`);
  return structuredClone(found);
}

/** Stripe's example balance transaction, as a dispute's adjustment. */
function adjustment(fields: { id: string; amount: number; fee: number; reportingCategory: string }) {
  return {
    ...fixture('balance_transaction'),
    id: fields.id,
    amount: fields.amount,
    fee: fields.fee,
    net: fields.amount - fields.fee,
    fee_details: [
      {
        amount: fields.fee,
        application: null,
        currency: 'usd',
        description: 'Dispute fee',
        type: 'stripe_fee',
      },
    ],
    reporting_category: fields.reportingCategory,
    source: fixture('dispute').id,
    type: 'adjustment',
  };
}

const withdrawal = adjustment({
  id: 'txn_withdrawal',
  amount: -1000,
  fee: 1500,
  reportingCategory: 'dispute',
});
const reinstatement = adjustment({
  id: 'txn_reinstatement',
  amount: 1000,
  fee: -1500,
  reportingCategory: 'dispute_reversal',
});

describe('the dispute view', () => {
  it("reads Stripe's example dispute as an inquiry: no balance transaction, no funds withdrawn", () => {
    // Prepare
    const raw = fixture('dispute');
    // Act
    const view = toDisputeView(raw);
    // Assess
    expect(view).toEqual({
      id: 'dp_1Pgc71B7WZ01zgkWMevJiAUx',
      amountCents: 1000,
      currency: 'usd',
      chargeId: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
      status: 'warning_needs_response',
      isInquiry: true,
      balanceTransactions: [],
      fundsWithdrawn: false,
      fundsReinstated: false,
      feeCents: 0,
    });
  });

  it('reads a chargeback whose withdrawal carries the dispute fee', () => {
    // Prepare
    const raw = { ...fixture('dispute'), status: 'needs_response', balance_transactions: [withdrawal] };
    // Act
    const view = toDisputeView(raw);
    // Assess
    expect(view).toMatchObject({ status: 'needs_response', isInquiry: false, fundsWithdrawn: true });
    expect(view.fundsReinstated).toBe(false);
    expect(view.feeCents).toBe(1500);
    expect(view.balanceTransactions).toEqual([
      {
        id: 'txn_withdrawal',
        amountCents: -1000,
        feeCents: 1500,
        netCents: -2500,
        reportingCategory: 'dispute',
      },
    ]);
  });

  it('reads a won dispute whose reinstatement gives the fee back as a negative fee', () => {
    // Prepare
    const raw = {
      ...fixture('dispute'),
      status: 'won',
      charge: { ...fixture('charge'), id: 'ch_expanded' },
      balance_transactions: [withdrawal, reinstatement],
    };
    // Act
    const view = toDisputeView(raw);
    // Assess
    expect(view).toMatchObject({
      status: 'won',
      chargeId: 'ch_expanded',
      fundsWithdrawn: true,
      fundsReinstated: true,
      feeCents: 1500,
    });
    expect(view.balanceTransactions[1]).toEqual({
      id: 'txn_reinstatement',
      amountCents: 1000,
      feeCents: -1500,
      netCents: 2500,
      reportingCategory: 'dispute_reversal',
    });
  });

  it('refuses a reply that drifted: an unknown status, a balance transaction without its fee, no balance transactions', () => {
    // Prepare
    const { fee: _fee, ...withoutFee } = withdrawal;
    const { balance_transactions: _transactions, ...withoutTransactions } = fixture('dispute');
    const drifted = [
      { ...fixture('dispute'), status: 'pending_review' },
      { ...fixture('dispute'), status: 'needs_response', balance_transactions: [withoutFee] },
      { ...fixture('dispute'), amount: 10.5 },
      { ...fixture('dispute'), currency: undefined },
      withoutTransactions,
    ];
    // Act
    const outcomes = drifted.map((raw) => {
      try {
        toDisputeView(raw);
        return 'read';
      } catch {
        return 'refused';
      }
    });
    // Assess
    expect(outcomes).toEqual(['refused', 'refused', 'refused', 'refused', 'refused']);
  });
});
