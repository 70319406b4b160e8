// The stripe check's rule (checkStripe in functions/domain/reconciliation/stripe-check.ts), pure: on a month whose ledger
// books exactly what Stripe's balance transactions moved (a charge and its fee, a partial refund, a dispute with its
// fee and its reversal, a payout's transfer and its bank payout) it is clean; each Stripe object the ledger books
// wrongly or not at all, each ledger booking Stripe never made, and each fee Stripe billed on its own is a finding
// with the Stripe id or the ledger transaction as its subject.
import { describe, expect, it } from 'vitest';
import type { AccountId, TransactionKind } from '../../functions/domain/money/ledger';
import type { LedgerSnapshot, ReconciledTransaction } from '../../functions/domain/reconciliation/checks';
import type { ReconciledPayout } from '../../functions/domain/reconciliation/payout-check';
import type { StripeBalanceMovement } from '../../functions/domain/reconciliation/stripe-check';
import { checkStripe, ledgerStripeReferences } from '../../functions/domain/reconciliation/stripe-check';

const clearing: AccountId = 'stripe-clearing:platform';
const fees: AccountId = 'processing-fees:platform';
const pieFunds: AccountId = 'pie-funds:pie-1';
const disputeLosses: AccountId = 'dispute-losses:platform';
const inFlight: AccountId = 'connect-in-flight:office-1';
const payable: AccountId = 'office-payable:office-1';
const from = new Date('2026-11-01T00:00:00.000Z');
const to = new Date('2026-11-28T00:00:00.000Z');
const at = '2026-11-10T10:00:00.000Z';

function tx(
  id: string,
  kind: TransactionKind,
  postings: [AccountId, number][],
  references: Record<string, string>,
  when = at,
): ReconciledTransaction {
  return {
    id,
    kind,
    postings: postings.map(([accountId, amountCents]) => ({ accountId, amountCents })),
    status: 'complete',
    at: when,
    chunkCount: 1,
    references,
  };
}

const ledgerOf = (transactions: ReconciledTransaction[]): LedgerSnapshot => ({
  accounts: new Map(),
  transactions: new Map(transactions.map((t) => [t.id, t])),
});

function bt(
  id: string,
  reportingCategory: string,
  sourceId: string | null,
  amountCents: number,
  feeCents = 0,
  accountId: string | null = null,
): StripeBalanceMovement {
  return { id, amountCents, feeCents, reportingCategory, sourceId, accountId };
}

const payout: ReconciledPayout = {
  id: 'payout-1',
  officeId: 'office-1',
  status: 'completed',
  amountCents: 2000,
  netCents: 1700,
  stripeAccountId: 'acct_1',
  transactionId: 'booking',
  transferId: 'tr_1',
  stripePayoutId: 'po_1',
  settlementTransactionId: 'settled',
};

const ledger = [
  tx(
    'pay',
    'fan-payment',
    [
      [clearing, -1000],
      [pieFunds, 1000],
    ],
    { chargeId: 'ch_1' },
  ),
  tx(
    'fee',
    'processing-fee',
    [
      [pieFunds, -59],
      [fees, 59],
    ],
    { chargeId: 'ch_1' },
  ),
  tx(
    'refund',
    'refund',
    [
      [clearing, 300],
      [pieFunds, -300],
    ],
    { refundId: 're_1', chargeId: 'ch_1' },
  ),
  tx(
    'pay2',
    'fan-payment',
    [
      [clearing, -500],
      ['pie-funds:pie-2', 500],
    ],
    { chargeId: 'ch_2' },
  ),
  tx(
    'dispute',
    'dispute',
    [
      [clearing, 500],
      ['pie-funds:pie-2', -500],
    ],
    { disputeId: 'dp_1' },
  ),
  tx(
    'dfee',
    'dispute-fee',
    [
      [clearing, 1500],
      [disputeLosses, -1500],
    ],
    {
      disputeId: 'dp_1',
      balanceTransactionId: 'txn_dp',
    },
  ),
  tx(
    'won',
    'dispute-reinstated',
    [
      [clearing, -500],
      ['pie-funds:pie-2', 500],
    ],
    { disputeId: 'dp_1' },
  ),
  tx(
    'dfee-back',
    'dispute-fee',
    [
      [clearing, -1500],
      [disputeLosses, 1500],
    ],
    {
      disputeId: 'dp_1',
      balanceTransactionId: 'txn_dpr',
    },
  ),
  tx(
    'booking',
    'payout',
    [
      [payable, -2000],
      [inFlight, 1700],
      [fees, 300],
    ],
    { payoutId: 'payout-1' },
  ),
  tx(
    'settled',
    'transfer',
    [
      [inFlight, -1700],
      [clearing, 1700],
    ],
    {
      payoutId: 'payout-1',
      stripePayoutId: 'po_1',
    },
  ),
];

const stripe = [
  bt('txn_ch', 'charge', 'ch_1', 1000, 59),
  bt('txn_re', 'refund', 're_1', -300),
  bt('txn_ch2', 'charge', 'ch_2', 500, 0),
  bt('txn_dp', 'dispute', 'dp_1', -500, 1500),
  bt('txn_dpr', 'dispute_reversal', 'dp_1', 500, -1500),
  bt('txn_tr', 'transfer', 'tr_1', -1700),
  bt('txn_trr', 'transfer_reversal', 'trr_1', 100),
  bt('txn_po_platform', 'payout', 'po_platform', -9000),
  bt('txn_po', 'payout', 'po_1', -1700, 0, 'acct_1'),
];

function run(transactions: ReconciledTransaction[], movements: StripeBalanceMovement[]) {
  const snapshot = ledgerOf(transactions);
  return checkStripe({
    snapshot,
    movements,
    payouts: [payout],
    references: ledgerStripeReferences(snapshot, [payout], from, to),
    clearingAccount: clearing,
    feesAccount: fees,
    settledBefore: new Date('2026-11-27T23:55:00.000Z'),
  });
}

describe('checkStripe', () => {
  it('is clean when the ledger books exactly what Stripe moved, and ignores what is not on the ledger', () => {
    const result = run(ledger, stripe);
    expect(result.problems).toEqual([]);
    // Six platform movements it compares, the connected account's payout, and five Stripe objects the ledger names
    expect(result.checked).toBe(12);
  });

  it('finds a charge booked short, a fee not booked, and a refund Stripe made that the ledger never booked', () => {
    const wrong = ledger
      .filter((t) => t.id !== 'fee' && t.id !== 'refund')
      .map((t) =>
        t.id === 'pay'
          ? tx(
              'pay',
              'fan-payment',
              [
                [clearing, -999],
                [pieFunds, 999],
              ],
              { chargeId: 'ch_1' },
            )
          : t,
      );
    const { problems } = run(wrong, stripe);
    expect(problems.map((p) => [p.subject, p.expected, p.found])).toEqual([
      ['ch_1', '-1000 in the ledger (charge)', '-999 in transaction:pay'],
      ['ch_1', '59 in processing fees (fee)', 'not booked'],
      ['re_1', '300 in the ledger (refund)', 'not booked'],
    ]);
    expect(problems.every((p) => p.check === 'stripe')).toBe(true);
  });

  it('finds a dispute fee booked wrong and a dispute reversal not booked', () => {
    const wrong = ledger
      .filter((t) => t.id !== 'won')
      .map((t) =>
        t.id === 'dfee'
          ? tx(
              'dfee',
              'dispute-fee',
              [
                [clearing, 1000],
                [disputeLosses, -1000],
              ],
              {
                balanceTransactionId: 'txn_dp',
              },
            )
          : t,
      );
    const { problems } = run(wrong, stripe);
    expect(problems.map((p) => [p.subject, p.found])).toEqual([
      ['dp_1', '1000 in transaction:dfee'],
      ['dp_1', 'not booked'],
    ]);
  });

  it('finds a transfer and a bank payout no payout names, and a payout whose transfer is not its net', () => {
    const { problems } = run(ledger, [
      ...stripe.filter((m) => m.id !== 'txn_tr'),
      bt('txn_tr', 'transfer', 'tr_1', -1600),
      bt('txn_tr2', 'transfer', 'tr_2', -400),
      bt('txn_po2', 'payout', 'po_2', -400, 0, 'acct_1'),
    ]);
    expect(problems.map((p) => [p.subject, p.expected, p.found])).toEqual([
      ['tr_1', '1700 (payout:payout-1)', '1600'],
      ['tr_2', 'a payout of an office', 'a transfer of 400 cents'],
      ['po_2', 'a payout of an office', 'a bank payout of 400 cents from acct_1'],
    ]);
  });

  it('finds a fee Stripe billed on its own, and a ledger booking of a charge Stripe never made', () => {
    const { problems } = run(
      [
        ...ledger,
        tx(
          'ghost',
          'fan-payment',
          [
            [clearing, -700],
            ['pie-funds:pie-3', 700],
          ],
          { chargeId: 'ch_9' },
        ),
      ],
      [...stripe, bt('txn_fee', 'fee', null, -200)],
    );
    expect(problems.map((p) => [p.subject, p.expected, p.found])).toEqual([
      ['txn_fee', "a booking of Stripe's fee of 200", 'not booked'],
      ['transaction:ghost', "Stripe's charge ch_9", 'none at Stripe'],
    ]);
  });

  it('gives a booking of the last minutes time for Stripe to settle, and leaves bookings outside the period to their own', () => {
    const recent = tx(
      'recent',
      'fan-payment',
      [
        [clearing, -700],
        [pieFunds, 700],
      ],
      { chargeId: 'ch_8' },
      '2026-11-27T23:58:00.000Z',
    );
    const older = tx(
      'older',
      'fan-payment',
      [
        [clearing, -700],
        [pieFunds, 700],
      ],
      { chargeId: 'ch_7' },
      '2026-10-01T00:00:00.000Z',
    );
    expect(run([...ledger, recent, older], stripe).problems).toEqual([]);
  });
});
