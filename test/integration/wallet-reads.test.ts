// The fan wallet on DynamoDB Local (docs/decisions/031-money-by-origin.md): balance, lines and summary read from a
// fan's pies and their money (a card payment into its pie, its fee, the promo pie, a split that carries the promo's
// credit, a refund and a dispute after the split taken from the held lots, the dispute won back), and the three
// routes through the resource plumbing, whose replies are checked against their contracts in local mode.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TableRef } from '../../functions/data/table';
import type { Posting, TransactionKind } from '../../functions/domain/money/ledger';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { testTable } from '../support/test-table';
import { postTransaction } from '../../functions/services/ledger';
import { putEscrowLots } from '../../functions/data/escrow-lots';
import { openPie } from '../../functions/services/payments/pies';
import { reinstateTakeBack, takeBackPaymentMoney } from '../../functions/services/payments/take-back';
import {
  listWalletTransactions,
  readWalletBalance,
  readWalletSummary,
} from '../../functions/services/wallet/wallet';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { bodyOf } from '../support/gateway-event';

const table: TableRef = testTable();
const deps = { table };
const stripe = accountIdOf('stripe-clearing', 'platform');

/** Posts one transaction at minute `minute` of a fixed day, so lines have a known order. */
async function post(
  minute: number,
  kind: TransactionKind,
  postings: Posting[],
  references: Record<string, string> = {},
) {
  const at = new Date(Date.UTC(2026, 10, 23, 10, minute));
  const { transaction } = await postTransaction(
    { table, clock: createFixedClock(at) },
    { kind, idempotencyKey: `${kind}:${randomUUID()}`, postings, references },
  );
  return transaction;
}

const atMinute = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute));

/**
 * A fan's month: a $10 card payment into its pie with its 59¢ fee, the $5 promo pie, a split of $11 from the card
 * pie's 941 and 159 of the promo's (to an artist, an artist known only by name, and OpenPie's fee), then a $1 refund
 * and a $2 dispute of the card payment, both after the split (taken from the lots still held), the dispute won back.
 */
async function createWalletHistory(fanId: string) {
  const card = `pie_${randomUUID().replaceAll('-', '')}`;
  const promo = `pie_${randomUUID().replaceAll('-', '')}`;
  const cardFunds = accountIdOf('pie-funds', card);
  const promoFunds = accountIdOf('pie-funds', promo);
  const settings = { artistLimit: 0, artistPopularity: 0, excludeNonActive: false };
  for (const [pieId, amountCents] of [
    [card, 1000],
    [promo, 500],
  ] as const) {
    await openPie(
      { table, clock: createFixedClock(atMinute(0)) },
      {
        pieId,
        fanId,
        promo: pieId === promo,
        periodStart: new Date(Date.UTC(2026, 9, 20)),
        pieDays: 30,
        amountCents,
        processingFeeCents: pieId === promo ? 0 : 59,
        settings,
        subscriptionId: null,
        invoiceId: null,
      },
    );
  }
  const payment = await post(
    0,
    'fan-payment',
    [
      { accountId: stripe, amountCents: -1000 },
      { accountId: cardFunds, amountCents: 1000 },
    ],
    { invoiceId: 'in_1', pieId: card },
  );
  await post(
    1,
    'processing-fee',
    [
      { accountId: cardFunds, amountCents: -59 },
      { accountId: accountIdOf('processing-fees', 'platform'), amountCents: 59 },
    ],
    { chargeId: 'ch_1', pieId: card },
  );
  await post(
    2,
    'promo-funding',
    [
      { accountId: accountIdOf('promo-funding', 'platform'), amountCents: -500 },
      { accountId: promoFunds, amountCents: 500 },
    ],
    { pieId: promo },
  );
  await post(
    3,
    'split',
    [
      { accountId: cardFunds, amountCents: -941 },
      { accountId: promoFunds, amountCents: -159 },
      { accountId: accountIdOf('artist-earnings', 'artist-1'), amountCents: 800 },
      { accountId: accountIdOf('artist-name-earnings', 'the-unsigned'), amountCents: 250 },
      { accountId: accountIdOf('platform-fees', 'platform'), amountCents: 50 },
    ],
    { pieId: card },
  );
  const lot = {
    pieId: card,
    fanId,
    artistName: 'x',
    status: 'held' as const,
    heldFrom: '2026-11-19T00:00:00.000Z',
  };
  await putEscrowLots(table, [
    {
      ...lot,
      artistKey: 'id:artist-1',
      artistId: 'artist-1',
      accountId: accountIdOf('artist-earnings', 'artist-1'),
      cents: 800,
      heldUntil: '2027-11-19T00:00:00.000Z',
    },
    {
      ...lot,
      artistKey: 'name:the unsigned',
      artistId: null,
      accountId: accountIdOf('artist-name-earnings', 'the-unsigned'),
      cents: 250,
      heldUntil: '2027-11-19T00:00:00.000Z',
    },
  ]);
  const takeBack = (minute: number, kind: 'refund' | 'dispute', id: string, amountCents: number) =>
    takeBackPaymentMoney(
      { table, clock: createFixedClock(atMinute(minute)) },
      {
        pieId: card,
        fanId,
        kind,
        sourceId: id,
        idempotencyKey: `${kind}:${id}`,
        amountCents,
        lossAccount: accountIdOf(kind === 'refund' ? 'platform-losses' : 'dispute-losses', 'platform'),
        references: { pieId: card },
      },
    );
  await takeBack(4, 'refund', `re_${randomUUID()}`, 100);
  const disputeId = `dp_${randomUUID()}`;
  await takeBack(5, 'dispute', disputeId, 200);
  await reinstateTakeBack(
    { table, clock: createFixedClock(atMinute(6)) },
    {
      pieId: card,
      idempotencyKey: `dispute:${disputeId}`,
      reinstateKey: `dispute-won:${disputeId}`,
      references: { pieId: card },
    },
  );
  return { payment, card };
}

describe('the fan wallet', () => {
  it('answers the balance of the fan wallet account', async () => {
    // Prepare
    const fanId = randomUUID();
    await createWalletHistory(fanId);
    // Act
    const balance = await readWalletBalance(deps, fanId);
    // Assess: 1000 − 59 + 500 − 1100, the refund and dispute took nothing from the wallet, the dispute won gave 200
    expect(balance).toEqual({ balanceCents: 541, currency: 'usd' });
  });

  it('lists the lines newest first in the product’s words, with their pies', async () => {
    // Prepare
    const fanId = randomUUID();
    const { payment, card } = await createWalletHistory(fanId);
    // Act
    const { transactions, pagination } = await listWalletTransactions(deps, fanId, {
      page: 1,
      limit: 20,
      type: 'all',
    });
    // Assess
    expect(pagination).toEqual({ page: 1, limit: 20, total: 7, pages: 1 });
    expect(transactions.map((line) => [line.kind, line.type, line.amountCents, line.description])).toEqual([
      ['reversal', 'credit', 200, 'Card dispute closed in your favour'],
      [
        'dispute',
        'debit',
        0,
        'Taken back by a card dispute: $2.00, $2.00 from what was held for artists who had not joined',
      ],
      [
        'refund',
        'debit',
        0,
        'Refund to your card: $1.00, $1.00 from what was held for artists who had not joined',
      ],
      ['split', 'debit', -1100, 'Your pie, split among the artists you listened to'],
      ['promo-funding', 'credit', 500, 'Free pie from the /try offer'],
      ['processing-fee', 'debit', -59, "Stripe's processing fee"],
      ['fan-payment', 'credit', 1000, 'Card payment for your pie'],
    ]);
    expect(transactions.at(-1)).toEqual({
      id: payment.id,
      kind: 'fan-payment',
      type: 'credit',
      amountCents: 1000,
      description: 'Card payment for your pie',
      createdAt: '2026-11-23T10:00:00.000Z',
      pieId: card,
    });
    expect(transactions[0]?.pieId).toBe(card);
  });

  it('pages the lines and filters money in and money out', async () => {
    // Prepare
    const fanId = randomUUID();
    await createWalletHistory(fanId);
    // Act
    const second = await listWalletTransactions(deps, fanId, { page: 2, limit: 3, type: 'all' });
    const past = await listWalletTransactions(deps, fanId, { page: 4, limit: 3, type: 'all' });
    const credits = await listWalletTransactions(deps, fanId, { page: 1, limit: 20, type: 'credit' });
    const debits = await listWalletTransactions(deps, fanId, { page: 2, limit: 2, type: 'debit' });
    // Assess
    expect(second.transactions.map((line) => line.kind)).toEqual([
      'split',
      'promo-funding',
      'processing-fee',
    ]);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 7, pages: 3 });
    expect(past.transactions).toEqual([]);
    expect(credits.transactions.map((line) => line.amountCents)).toEqual([200, 500, 1000]);
    expect(credits.pagination.total).toBe(3);
    expect(debits.transactions.map((line) => line.amountCents)).toEqual([-1100, -59]);
    expect(debits.transactions.map((line) => line.kind)).toEqual(['split', 'processing-fee']);
    expect(debits.pagination).toEqual({ page: 2, limit: 2, total: 4, pages: 2 });
  });

  it('sums where the money went, and the sums add up to the balance', async () => {
    // Prepare
    const fanId = randomUUID();
    await createWalletHistory(fanId);
    // Act
    const summary = await readWalletSummary(deps, fanId);
    // Assess
    expect(summary).toEqual({
      currency: 'usd',
      paidInCents: 1000,
      promoCents: 500,
      feesCents: 59 + 50,
      givenToArtistsCents: 1050,
      // Nobody has claimed either artist: of the 1050, the refund took 100 and the dispute 200 (pro rata: 76 + 24,
      // then 152 + 48), so 572 + 178 = 750 are still held
      heldForUnclaimedCents: 750,
      // The dispute decided for the fan gave the 200 it took from the lots back to the wallet
      returnedCents: 200,
      refundedCents: 100,
      refundedFromArtistsCents: 100,
      refundCoveredByOpenPieCents: 0,
      givenBackCents: 0,
      balanceCents: 541,
    });
    const s = summary;
    expect(
      s.paidInCents +
        s.promoCents -
        s.feesCents -
        s.givenToArtistsCents +
        s.returnedCents +
        s.givenBackCents -
        (s.refundedCents - s.refundedFromArtistsCents - s.refundCoveredByOpenPieCents),
    ).toBe(s.balanceCents);
  });

  it('answers a fan with no money yet with zeros and an empty list', async () => {
    // Prepare
    const fanId = randomUUID();
    // Act
    const [balance, list, summary] = await Promise.all([
      readWalletBalance(deps, fanId),
      listWalletTransactions(deps, fanId, { page: 1, limit: 20, type: 'all' }),
      readWalletSummary(deps, fanId),
    ]);
    // Assess
    expect(balance.balanceCents).toBe(0);
    expect(list).toEqual({ transactions: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } });
    expect(summary).toMatchObject({ paidInCents: 0, feesCents: 0, balanceCents: 0 });
  });
});

describe('the fan wallet routes', () => {
  it('answer the signed-in fan’s own wallet as their contracts say', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    await createWalletHistory(fan.userId);
    const { handler } = await import('../../functions/handlers/fan-wallet');
    // Act
    const balance = await call(handler, 'GET', '/api/fan-wallet/balance', { cookies: [fan.cookie] });
    const page = await call(handler, 'GET', '/api/fan-wallet/transactions', {
      cookies: [fan.cookie],
      query: { type: 'debit', limit: '2' },
    });
    const summary = await call(handler, 'GET', '/api/fan-wallet/summary', { cookies: [fan.cookie] });
    // Assess
    expect(dataOf(balance)).toEqual({ balanceCents: 541, currency: 'usd' });
    expect(bodyOf(page)).toMatchObject({ pagination: { page: 1, limit: 2, total: 4, pages: 2 } });
    expect(dataOf<{ kind: string }[]>(page).map((line) => line.kind)).toEqual(['dispute', 'refund']);
    expect(dataOf(summary)).toMatchObject({ paidInCents: 1000, balanceCents: 541 });
  });

  it('refuse a bad filter with 422 and no caller with 401', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { handler } = await import('../../functions/handlers/fan-wallet');
    // Act
    const badFilter = await call(handler, 'GET', '/api/fan-wallet/transactions', {
      cookies: [fan.cookie],
      query: { type: 'payout' },
    });
    const anonymous = await call(handler, 'GET', '/api/fan-wallet/balance');
    // Assess
    expect(badFilter.statusCode).toBe(422);
    expect(bodyOf(badFilter)).toMatchObject({ fields: { type: 'Use all, credit or debit' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
