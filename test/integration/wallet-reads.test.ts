// The fan wallet on DynamoDB Local (issue #11 point 4): balance, lines and summary read from ledger transactions
// posted straight to the ledger (a card payment, its fee, the promo, a split, a refund, a dispute won back), and the
// three routes through the resource plumbing, whose replies are checked against their contracts in local mode.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TableRef } from '../../functions/data/table';
import type { Posting, TransactionKind } from '../../functions/domain/money/ledger';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { createDocumentClient } from '../../functions/runtime/dynamodb-client';
import { postTransaction, reverseTransaction } from '../../functions/services/ledger';
import {
  listWalletTransactions,
  readWalletBalance,
  readWalletSummary,
} from '../../functions/services/wallet/wallet';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { bodyOf } from '../support/gateway-event';

const client = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
const table: TableRef = { client, name: process.env.TABLE_NAME ?? '' };
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

/**
 * A fan's month: a $10 card payment with its 59¢ fee, the $5 promo, a split of $11 (to an artist, an artist known
 * only by name, and OpenPie's fee), a $1 refund, and a $2 dispute later won back.
 */
async function createWalletHistory(fanId: string) {
  const wallet = accountIdOf('fan-wallet', fanId);
  const payment = await post(
    0,
    'fan-payment',
    [
      { accountId: stripe, amountCents: -1000 },
      { accountId: wallet, amountCents: 1000 },
    ],
    { invoiceId: 'in_1', pieId: 'pie_card' },
  );
  await post(
    1,
    'processing-fee',
    [
      { accountId: wallet, amountCents: -59 },
      { accountId: accountIdOf('processing-fees', 'platform'), amountCents: 59 },
    ],
    { chargeId: 'ch_1', pieId: 'pie_card' },
  );
  await post(
    2,
    'promo-funding',
    [
      { accountId: accountIdOf('promo-funding', 'platform'), amountCents: -500 },
      { accountId: wallet, amountCents: 500 },
    ],
    { pieId: 'pie_promo' },
  );
  await post(
    3,
    'split',
    [
      { accountId: wallet, amountCents: -1100 },
      { accountId: accountIdOf('artist-earnings', 'artist-1'), amountCents: 800 },
      { accountId: accountIdOf('artist-name-earnings', 'the-unsigned'), amountCents: 250 },
      { accountId: accountIdOf('platform-fees', 'platform'), amountCents: 50 },
    ],
    { pieId: 'pie_card' },
  );
  await post(
    4,
    'refund',
    [
      { accountId: stripe, amountCents: 100 },
      { accountId: wallet, amountCents: -100 },
    ],
    { refundId: 're_1', pieId: 'pie_card' },
  );
  const dispute = await post(
    5,
    'dispute',
    [
      { accountId: stripe, amountCents: 200 },
      { accountId: wallet, amountCents: -200 },
    ],
    { disputeId: 'dp_1', pieId: 'pie_card' },
  );
  await reverseTransaction(
    { table, clock: createFixedClock(new Date(Date.UTC(2026, 10, 23, 10, 6))) },
    { transactionId: dispute.id, idempotencyKey: `dispute-won:${randomUUID()}` },
  );
  return { payment };
}

describe('the fan wallet', () => {
  it('answers the balance of the fan wallet account', async () => {
    // Prepare
    const fanId = randomUUID();
    await createWalletHistory(fanId);
    // Act
    const balance = await readWalletBalance(deps, fanId);
    // Assess: 1000 − 59 + 500 − 1100 − 100 − 200 + 200
    expect(balance).toEqual({ balanceCents: 241, currency: 'usd' });
  });

  it('lists the lines newest first in the product’s words, with their pies', async () => {
    // Prepare
    const fanId = randomUUID();
    const { payment } = await createWalletHistory(fanId);
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
      ['dispute', 'debit', -200, 'Taken back by a card dispute'],
      ['refund', 'debit', -100, 'Refund to your card'],
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
      pieId: 'pie_card',
    });
    expect(transactions[0]?.pieId).toBeNull();
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
      // Nobody has claimed either artist: all 1050 are held for them
      heldForUnclaimedCents: 1050,
      returnedCents: 0,
      refundedCents: 100,
      balanceCents: 241,
    });
    const { paidInCents, promoCents, feesCents, givenToArtistsCents, returnedCents, refundedCents } = summary;
    expect(paidInCents + promoCents - feesCents - givenToArtistsCents + returnedCents - refundedCents).toBe(
      summary.balanceCents,
    );
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
    expect(dataOf(balance)).toEqual({ balanceCents: 241, currency: 'usd' });
    expect(bodyOf(page)).toMatchObject({ pagination: { page: 1, limit: 2, total: 4, pages: 2 } });
    expect(dataOf<{ amountCents: number }[]>(page).map((line) => line.amountCents)).toEqual([-200, -100]);
    expect(dataOf(summary)).toMatchObject({ paidInCents: 1000, balanceCents: 241 });
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
