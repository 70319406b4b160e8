// Reconciliation's pure rules (functions/domain/reconciliation/*-check.ts): on a small ledger that adds up every check
// is clean, and each kind of discrepancy is found by its own rule with what was expected and what was found.
import { describe, expect, it } from 'vitest';
import type { EscrowLot } from '../../functions/domain/money/escrow';
import type { AccountId, TransactionKind } from '../../functions/domain/money/ledger';
import type {
  LedgerSnapshot,
  ReconciledAccount,
  ReconciledTransaction,
} from '../../functions/domain/reconciliation/checks';
import { checkEscrow } from '../../functions/domain/reconciliation/escrow-check';
import { checkLedger } from '../../functions/domain/reconciliation/ledger-check';
import type { ReconciledPayout } from '../../functions/domain/reconciliation/payout-check';
import { checkPayouts } from '../../functions/domain/reconciliation/payout-check';
import type { ReconciledPie, ReconciledReceipt } from '../../functions/domain/reconciliation/pie-check';
import { checkPies } from '../../functions/domain/reconciliation/pie-check';
import { checkWallets, walletFiguresOf, walletOf } from '../../functions/domain/reconciliation/wallet-check';

const now = new Date('2026-11-27T12:00:00.000Z');
const at = '2026-11-01T10:00:00.000Z';
const pieFunds: AccountId = 'pie-funds:pie-1';
const clearing: AccountId = 'stripe-clearing:platform';
const fees: AccountId = 'processing-fees:platform';
const platformFees: AccountId = 'platform-fees:platform';
const artist: AccountId = 'artist-name-earnings:band';

function tx(
  id: string,
  kind: TransactionKind,
  postings: [AccountId, number][],
  extra: Partial<ReconciledTransaction> = {},
) {
  return {
    id,
    kind,
    postings: postings.map(([accountId, amountCents]) => ({ accountId, amountCents })),
    status: 'complete' as const,
    at,
    chunkCount: 1,
    references: {},
    ...extra,
  };
}

/** A ledger built from transactions: each posting an entry, each balance the sum of its entries. */
function ledgerOf(transactions: ReconciledTransaction[]): LedgerSnapshot {
  const accounts = new Map<AccountId, ReconciledAccount>();
  for (const transaction of transactions) {
    for (const posting of transaction.postings) {
      const account = accounts.get(posting.accountId) ?? {
        accountId: posting.accountId,
        balanceCents: 0,
        entries: [],
      };
      accounts.set(posting.accountId, {
        ...account,
        balanceCents: account.balanceCents + posting.amountCents,
        entries: [
          ...account.entries,
          {
            accountId: posting.accountId,
            transactionId: transaction.id,
            kind: transaction.kind,
            amountCents: posting.amountCents,
            at,
          },
        ],
      });
    }
  }
  return { accounts, transactions: new Map(transactions.map((t) => [t.id, t])) };
}

// A $10 payment, Stripe's 59¢, a split of 706 + 235 to the held band and a refund-free month.
const payment = tx('pay', 'fan-payment', [
  [clearing, -1000],
  [pieFunds, 1000],
]);
const fee = tx('fee', 'processing-fee', [
  [pieFunds, -59],
  [fees, 59],
]);
const split = tx('split', 'split', [
  [pieFunds, -941],
  [artist, 706],
  [platformFees, 235],
]);
const month = [payment, fee, split];
const wallets = [{ fanId: 'fan-1', accountIds: ['fan-wallet:fan-1', pieFunds] as AccountId[] }];

describe('checkLedger', () => {
  it('is clean on a ledger that adds up', () => {
    expect(checkLedger(ledgerOf(month), now)).toMatchObject({ check: 'ledger', problems: [] });
  });

  it('finds a transaction that does not sum to zero, a balance off its entries and an entry of no transaction', () => {
    const ledger = ledgerOf([
      ...month,
      tx('bad', 'transfer', [
        [clearing, -5],
        [fees, 4],
      ]),
    ]);
    const accounts = new Map(ledger.accounts);
    const platform = accounts.get(platformFees);
    if (platform) accounts.set(platformFees, { ...platform, balanceCents: platform.balanceCents + 1 });
    const transactions = new Map(ledger.transactions);
    transactions.set('fee', null);
    const problems = checkLedger({ accounts, transactions }, now).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'transaction:bad', expected: '0', found: '-1' }),
        expect.objectContaining({ subject: platformFees, expected: '235', found: '236' }),
        expect.objectContaining({
          subject: pieFunds,
          message: `An entry of ${pieFunds} belongs to no transaction.`,
        }),
      ]),
    );
  });

  it('finds a chunked transaction pending past five minutes, and leaves one pending for a minute alone', () => {
    const stuck = tx('stuck', 'split', [[pieFunds, 0]], {
      status: 'pending',
      chunkCount: 2,
      at: '2026-11-27T11:50:00.000Z',
    });
    const writing = tx('writing', 'split', [[pieFunds, 0]], {
      status: 'pending',
      chunkCount: 2,
      at: '2026-11-27T11:59:00.000Z',
    });
    const problems = checkLedger(ledgerOf([...month, stuck, writing]), now).problems;
    expect(problems.map((p) => p.subject)).toEqual(['transaction:stuck']);
  });

  it('finds a guarded account below zero, and not an unguarded one', () => {
    const overdrawn = tx('over', 'refund', [
      [pieFunds, -100],
      [clearing, 100],
    ]);
    const problems = checkLedger(ledgerOf([payment, fee, split, overdrawn]), now).problems;
    expect(problems).toEqual([
      expect.objectContaining({ subject: pieFunds, expected: 'at least 0', found: '-100' }),
    ]);
  });

  it('finds a transaction whose entries are not its postings', () => {
    const ledger = ledgerOf(month);
    const transactions = new Map(ledger.transactions);
    transactions.set(
      'fee',
      tx('fee', 'processing-fee', [
        [pieFunds, -60],
        [fees, 60],
      ]),
    );
    const subjects = checkLedger({ ...ledger, transactions }, now).problems.map((p) => p.subject);
    expect(subjects).toEqual([`transaction:fee/${pieFunds}`, `transaction:fee/${fees}`]);
  });
});

describe("an account read from a clean run's checkpoint", () => {
  /** The ledger from a checkpoint on: each account's entries before `cutoff` kept only as their sum. */
  function fromCheckpoint(ledger: LedgerSnapshot, kept: readonly string[]): LedgerSnapshot {
    const accounts = new Map<AccountId, ReconciledAccount>();
    for (const account of ledger.accounts.values()) {
      const before = account.entries.filter((entry) => kept.includes(entry.transactionId));
      accounts.set(account.accountId, {
        ...account,
        entries: account.entries.filter((entry) => !kept.includes(entry.transactionId)),
        openingCents: before.reduce((total, entry) => total + entry.amountCents, 0),
      });
    }
    const transactions = new Map([...ledger.transactions].filter(([id]) => !kept.includes(id)));
    return { accounts, transactions };
  }

  it('counts its opening in its balance and its wallet, and finds a balance off both', () => {
    const ledger = fromCheckpoint(ledgerOf(month), ['pay', 'fee']);
    expect(checkLedger(ledger, now).problems).toEqual([]);
    expect(checkWallets(ledger, wallets).problems).toEqual([]);
    const off = new Map(ledger.accounts);
    const funds = off.get(pieFunds)!;
    off.set(pieFunds, { ...funds, balanceCents: funds.balanceCents + 1 });
    const offLedger = { accounts: off, transactions: ledger.transactions };
    expect(checkLedger(offLedger, now).problems).toEqual([
      expect.objectContaining({ subject: pieFunds, expected: '0', found: '1' }),
    ]);
    expect(checkWallets(offLedger, wallets).problems).toEqual([
      expect.objectContaining({ subject: 'fan:fan-1', expected: '0', found: '1' }),
    ]);
  });
});

describe('checkWallets', () => {
  it('is clean when the wallet is paid in − fees − split − refunded + given back + returned', () => {
    const refund = tx('refund', 'refund', [
      [pieFunds, 0],
      [clearing, 0],
    ]);
    expect(checkWallets(ledgerOf([...month, refund]), wallets).problems).toEqual([]);
  });

  it('adds up the figures of the formula', () => {
    const giveBack = tx('give', 'give-back', [
      ['office-payable:o' as AccountId, -30],
      ['fan-wallet:fan-1', 30],
    ]);
    const returned = tx('ret', 'escrow-return', [
      [artist, -20],
      [pieFunds, 20],
    ]);
    const ledger = ledgerOf([...month, giveBack, returned]);
    const entries = wallets[0]!.accountIds.flatMap((id) => ledger.accounts.get(id)?.entries ?? []);
    const figures = walletFiguresOf(entries);
    expect(figures).toMatchObject({
      paidInCents: 1000,
      feesCents: 59,
      splitCents: 941,
      givenBackCents: 30,
      returnedCents: 20,
    });
    expect(walletOf(figures)).toBe(50);
  });

  it('finds a credit with no origin and the wallet it puts off its formula', () => {
    const transfer = tx('t', 'transfer', [
      [clearing, -100],
      ['fan-wallet:fan-1', 100],
    ]);
    const problems = checkWallets(ledgerOf([...month, transfer]), wallets).problems;
    expect(problems).toEqual([
      expect.objectContaining({ subject: 'fan-wallet:fan-1/transaction:t', found: 'transfer 100' }),
      expect.objectContaining({ subject: 'fan:fan-1', expected: '0', found: '100' }),
    ]);
  });
});

function lot(overrides: Partial<EscrowLot> = {}): EscrowLot {
  return {
    pieId: 'pie-1',
    fanId: 'fan-1',
    artistKey: 'name:band',
    artistId: null,
    artistName: 'Band',
    accountId: artist,
    cents: 706,
    status: 'held',
    heldFrom: '2026-11-01T00:00:00.000Z',
    heldUntil: '2027-11-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('checkEscrow', () => {
  const snapshot = ledgerOf(month);

  it('is clean when each artist account holds its held lots', () => {
    const result = checkEscrow({
      snapshot,
      lots: [lot(), lot({ pieId: 'p0', status: 'returned', cents: 9 })],
      claimedArtistIds: new Set(),
      now,
    });
    expect(result.problems).toEqual([]);
  });

  it("finds an artist's held total that is not its held lots, and a total left where nothing is held", () => {
    const lots = [lot(), lot({ pieId: 'p2', cents: 0, status: 'taken-back' })];
    const clean = checkEscrow({
      snapshot,
      lots,
      claimedArtistIds: new Set(),
      now,
      heldTotals: [{ artistKey: 'name:band', heldCents: 706, lots: 1 }],
    });
    const drifted = checkEscrow({
      snapshot,
      lots,
      claimedArtistIds: new Set(),
      now,
      heldTotals: [
        { artistKey: 'name:band', heldCents: 706, lots: 2 },
        { artistKey: 'id:gone', heldCents: 5, lots: 0 },
      ],
    });
    expect(clean.problems).toEqual([]);
    expect(drifted.problems).toEqual([
      expect.objectContaining({
        subject: 'held-total:id:gone',
        expected: '0 in 0 lots',
        found: '5 in 0 lots',
      }),
      expect.objectContaining({
        subject: 'held-total:name:band',
        expected: '706 in 1 lots',
        found: '706 in 2 lots',
      }),
    ]);
  });

  it('finds an account that is not its held lots', () => {
    const result = checkEscrow({ snapshot, lots: [lot({ cents: 700 })], claimedArtistIds: new Set(), now });
    expect(result.problems).toEqual([
      expect.objectContaining({ subject: artist, expected: '700', found: '706' }),
    ]);
  });

  it('finds a lot held past its holding period and a day of grace, not one due today', () => {
    const late = lot({ heldUntil: '2026-11-25T00:00:00.000Z' });
    const dueToday = lot({ heldUntil: '2026-11-27T00:00:00.000Z', pieId: 'pie-2', cents: 0 });
    const result = checkEscrow({ snapshot, lots: [late, dueToday], claimedArtistIds: new Set(), now });
    expect(result.problems).toEqual([
      expect.objectContaining({ subject: 'lot:pie-1/name:band', found: 'held' }),
    ]);
  });

  it('finds a lot of a claimed artist still held', () => {
    const result = checkEscrow({
      snapshot,
      lots: [lot({ artistId: 'artist-9' })],
      claimedArtistIds: new Set(['artist-9']),
      now,
    });
    expect(result.problems).toEqual([expect.objectContaining({ expected: 'released', found: 'held' })]);
  });
});

describe('checkPies', () => {
  const pie: ReconciledPie = {
    id: 'pie-1',
    status: 'split',
    inactiveReason: null,
    periodEnd: '2026-11-01T00:00:00.000Z',
    receipt: { outcome: 'split', allocatedCents: 706, keptInWalletCents: 0 },
  };
  const receipt: ReconciledReceipt = {
    pieId: 'pie-1',
    outcome: 'split',
    allocatedCents: 706,
    platformFeeCents: 235,
    keptInWalletCents: 0,
    payouts: [{ artistKey: 'name:band', cents: 706 }],
  };
  const input = (overrides: Partial<Parameters<typeof checkPies>[0]> = {}) => ({
    pies: [pie],
    receipts: new Map([['pie-1', receipt]]),
    splits: new Map([['pie-1', split]]),
    accountOfArtistKey: () => artist,
    platformFeesAccount: platformFees,
    now,
    ...overrides,
  });

  it('is clean when the split is its receipt', () => {
    expect(checkPies(input()).problems).toEqual([]);
  });

  it('finds a pie past its end and a day of grace, neither split nor raised; not one raised to staff', () => {
    const late: ReconciledPie = {
      ...pie,
      id: 'late',
      status: 'open',
      receipt: null,
      periodEnd: '2026-11-20T00:00:00.000Z',
    };
    const raised: ReconciledPie = { ...late, id: 'raised', splitRaisedAt: '2026-11-21T00:00:00.000Z' };
    const fresh: ReconciledPie = { ...late, id: 'fresh', periodEnd: '2026-11-27T00:00:00.000Z' };
    const problems = checkPies(input({ pies: [pie, late, raised, fresh] })).problems;
    expect(problems).toEqual([expect.objectContaining({ subject: 'pie:late', expected: 'split or raised' })]);
  });

  it('finds a receipt its split does not match, and totals on the pie that are not its receipt', () => {
    const problems = checkPies(
      input({ receipts: new Map([['pie-1', { ...receipt, allocatedCents: 707 }]]) }),
    ).problems;
    expect(problems.map((p) => [p.expected, p.found])).toEqual([
      ['split 707 allocated, 0 kept', 'split 706 allocated, 0 kept'],
      ['942', '941'],
    ]);
  });

  it('finds a split pie with no split transaction', () => {
    const problems = checkPies(input({ splits: new Map() })).problems;
    expect(problems).toEqual([expect.objectContaining({ expected: 'a split of 941', found: 'none' })]);
  });

  it('finds a split crediting an artist other than its receipt says', () => {
    const other = tx('split', 'split', [
      [pieFunds, -941],
      ['artist-earnings:x', 706],
      [platformFees, 235],
    ]);
    const problems = checkPies(input({ splits: new Map([['pie-1', other]]) })).problems;
    expect(problems.map((p) => p.expected)).toEqual([`706 to ${artist}`, '0 to artist-earnings:x']);
  });
});

describe('checkPayouts', () => {
  const payable: AccountId = 'office-payable:o1';
  const inFlight: AccountId = 'connect-in-flight:o1';
  const release = tx('rel', 'escrow-release', [
    [artist, -15_000],
    [payable, 15_000],
  ]);
  const booking = tx('book', 'payout', [
    [payable, -10_000],
    [inFlight, 9750],
    [fees, 250],
  ]);
  const settled = tx('settle', 'transfer', [
    [inFlight, -9750],
    [clearing, 9750],
  ]);
  const openBooking = tx('book2', 'payout', [
    [payable, -5000],
    [inFlight, 4950],
    [fees, 50],
  ]);
  const completed: ReconciledPayout = {
    id: 'p1',
    officeId: 'o1',
    status: 'completed',
    amountCents: 10_000,
    netCents: 9750,
    stripeAccountId: 'acct_1',
    transactionId: 'book',
    transferId: 'tr_1',
    stripePayoutId: 'po_1',
    settlementTransactionId: 'settle',
  };
  const open: ReconciledPayout = {
    id: 'p2',
    officeId: 'o1',
    status: 'in_progress',
    amountCents: 5000,
    netCents: 4950,
    stripeAccountId: 'acct_1',
    transactionId: 'book2',
    transferId: 'tr_2',
  };
  const stripe = new Map([
    [
      'p1',
      {
        transfer: { amountCents: 9750, destination: 'acct_1' },
        bankPayout: { amountCents: 9750, status: 'paid' },
      },
    ],
    ['p2', { transfer: { amountCents: 4950, destination: 'acct_1' } }],
  ]);
  const input = (overrides: Partial<Parameters<typeof checkPayouts>[0]> = {}) => ({
    snapshot: ledgerOf([release, booking, settled, openBooking]),
    payouts: [completed, open],
    officeIds: ['o1'],
    stripe,
    inFlightAccountOf: (id: string) => `connect-in-flight:${id}` as AccountId,
    payableAccountOf: (id: string) => `office-payable:${id}` as AccountId,
    ...overrides,
  });

  it('is clean when each payout is booked, sent, paid and settled, and in flight is the open payouts', () => {
    expect(checkPayouts(input())).toMatchObject({ checked: 3, problems: [] });
  });

  it('finds a transfer at Stripe that is not the net to the office', () => {
    const wrong = new Map(stripe);
    wrong.set('p2', { transfer: { amountCents: 5000, destination: 'acct_1' } });
    expect(checkPayouts(input({ stripe: wrong })).problems).toEqual([
      expect.objectContaining({ subject: 'payout:p2', expected: '4950 to acct_1', found: '5000 to acct_1' }),
    ]);
  });

  it('finds a sent payout with no transfer, and a completed one with no bank payout', () => {
    const problems = checkPayouts(
      input({
        payouts: [
          { ...completed, stripePayoutId: undefined } as ReconciledPayout,
          { ...open, transferId: undefined } as ReconciledPayout,
        ],
      }),
    ).problems;
    expect(problems.map((p) => [p.subject, p.expected])).toEqual([
      ['payout:p1', 'a bank payout'],
      ['payout:p2', 'a transfer'],
    ]);
  });

  it('finds money in flight that is not the open payouts', () => {
    const problems = checkPayouts(
      input({ payouts: [completed, { ...open, status: 'completed', stripePayoutId: 'po_2' }] }),
    ).problems;
    expect(problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: inFlight, expected: '0', found: '4950' })]),
    );
  });
});
