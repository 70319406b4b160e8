// The ledger on DynamoDB Local (docs/decisions/019-ledger.md): idempotent posts, guards inside the write, chunked
// transactions that resume after a crash, reversals linked both ways, and the reads.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountId, Posting } from '../../functions/domain/money/ledger';
import { accountIdOf, clearingAccountOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { testTable } from '../support/test-table';

const deps = () => ({
  table: testTable(),
  clock: createFixedClock(new Date('2026-11-23T10:00:00.000Z')),
});
const load = () => import('../../functions/services/ledger');

const stripe = accountIdOf('stripe-clearing', 'platform');
const walletOf = (fanId: string) => accountIdOf('fan-wallet', fanId);

async function fundWallet(wallet: AccountId, cents: number, key = `evt_${randomUUID()}`) {
  const { postTransaction } = await load();
  return postTransaction(deps(), {
    kind: 'fan-payment',
    idempotencyKey: key,
    postings: [
      { accountId: wallet, amountCents: cents },
      { accountId: stripe, amountCents: -cents },
    ],
    references: { stripeEventId: key },
  });
}

describe('the ledger in the table', () => {
  it('answers a retry with the first result and writes nothing more', async () => {
    // Prepare
    const { getBalance, listEntries } = await load();
    const wallet = walletOf(randomUUID());
    const key = `evt_${randomUUID()}`;
    // Act
    const first = await fundWallet(wallet, 1000, key);
    const retry = await fundWallet(wallet, 1000, key);
    // Assess
    expect(first.written).toBe(true);
    expect(retry).toEqual({ transaction: first.transaction, written: false });
    expect(await getBalance(deps(), wallet)).toBe(1000);
    expect((await listEntries(deps(), wallet)).entries).toHaveLength(1);
  });

  it('refuses the same key with different postings as a conflict', async () => {
    // Prepare
    const wallet = walletOf(randomUUID());
    const key = `evt_${randomUUID()}`;
    await fundWallet(wallet, 1000, key);
    // Act
    const second = fundWallet(wallet, 999, key);
    // Assess
    await expect(second).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('writes two concurrent posts with one key once', async () => {
    // Prepare
    const { getBalance } = await load();
    const wallet = walletOf(randomUUID());
    const key = `evt_${randomUUID()}`;
    // Act
    const results = await Promise.all([fundWallet(wallet, 700, key), fundWallet(wallet, 700, key)]);
    // Assess
    expect(results.map((r) => r.written).sort()).toEqual([false, true]);
    expect(results[0]?.transaction).toEqual(results[1]?.transaction);
    expect(await getBalance(deps(), wallet)).toBe(700);
  });

  it('lets exactly one of two concurrent debits that together overdraw a wallet win', async () => {
    // Prepare
    const { postTransaction, getBalance } = await load();
    const wallet = walletOf(randomUUID());
    await fundWallet(wallet, 1000);
    const spend = (artist: string) =>
      postTransaction(deps(), {
        kind: 'split',
        idempotencyKey: `split_${randomUUID()}`,
        postings: [
          { accountId: wallet, amountCents: -600 },
          { accountId: accountIdOf('artist-earnings', artist), amountCents: 600 },
        ],
      });
    // Act
    const results = await Promise.allSettled([spend('a1'), spend('a2')]);
    // Assess
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ code: 'insufficient_balance' });
    expect(await getBalance(deps(), wallet)).toBe(400);
  });

  it('lands a 150-posting transaction in chunks and resumes after a crash between chunks', async () => {
    // Prepare
    const { postTransaction, getBalance, getTransaction } = await load();
    const wallet = walletOf(randomUUID());
    await fundWallet(wallet, 10_000);
    const run = randomUUID();
    const artists = Array.from({ length: 149 }, (_, i) => accountIdOf('artist-earnings', `${run}-${i}`));
    const postings: Posting[] = [
      { accountId: wallet, amountCents: -149 * 3 },
      ...artists.map((accountId) => ({ accountId, amountCents: 3 })),
    ];
    let failures = 0;
    const crashing = {
      ...deps(),
      failBeforeChunk: (index: number) => {
        if (index === 1 && failures === 0) {
          failures += 1;
          throw new Error('crash before chunk 1');
        }
      },
    };
    const draft = { kind: 'split' as const, idempotencyKey: `split_${run}`, postings };
    // Act
    await expect(postTransaction(crashing, draft)).rejects.toThrow('crash before chunk 1');
    const halfway = await getBalance(deps(), artists[148] as AccountId);
    const resumed = await postTransaction(crashing, draft);
    const again = await postTransaction(crashing, draft);
    // Assess
    expect(halfway).toBe(0);
    expect(resumed.transaction).toMatchObject({ status: 'complete', chunkCount: 4 });
    expect(resumed.written).toBe(false);
    expect(again.transaction).toEqual(resumed.transaction);
    expect(await getBalance(deps(), wallet)).toBe(10_000 - 447);
    for (const artist of [artists[0], artists[148]])
      expect(await getBalance(deps(), artist as AccountId)).toBe(3);
    expect(await getBalance(deps(), clearingAccountOf(resumed.transaction.id))).toBe(0);
    expect((await getTransaction(deps(), resumed.transaction.id)).postings).toHaveLength(150);
  });

  it('reverses a transaction once, linked both ways, and refuses a second reversal', async () => {
    // Prepare
    const { reverseTransaction, getTransaction, getBalance } = await load();
    const wallet = walletOf(randomUUID());
    const { transaction } = await fundWallet(wallet, 500);
    // Act
    const reversal = await reverseTransaction(deps(), {
      transactionId: transaction.id,
      idempotencyKey: `refund_${randomUUID()}`,
    });
    const second = reverseTransaction(deps(), {
      transactionId: transaction.id,
      idempotencyKey: `refund_${randomUUID()}`,
    });
    // Assess
    await expect(second).rejects.toMatchObject({ code: 'already_reversed' });
    expect(reversal.transaction.reverses).toBe(transaction.id);
    expect((await getTransaction(deps(), transaction.id)).reversedBy).toBe(reversal.transaction.id);
    expect(await getBalance(deps(), wallet)).toBe(0);
  });

  it('lists an account’s entries newest first, a page at a time', async () => {
    // Prepare
    const { postTransaction, listEntries } = await load();
    const wallet = walletOf(randomUUID());
    for (const [i, cents] of [100, 200, 300].entries()) {
      await postTransaction(
        { ...deps(), clock: createFixedClock(new Date(Date.UTC(2026, 10, 1 + i))) },
        {
          kind: 'fan-payment',
          idempotencyKey: `evt_${randomUUID()}`,
          postings: [
            { accountId: wallet, amountCents: cents },
            { accountId: stripe, amountCents: -cents },
          ],
        },
      );
    }
    // Act
    const first = await listEntries(deps(), wallet, { limit: 2 });
    const second = await listEntries(deps(), wallet, { limit: 2, cursor: first.cursor });
    // Assess
    expect(first.entries.map((e) => e.amountCents)).toEqual([300, 200]);
    expect(second.entries.map((e) => e.amountCents)).toEqual([100]);
    await expect(listEntries(deps(), wallet, { cursor: 'nonsense' })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
