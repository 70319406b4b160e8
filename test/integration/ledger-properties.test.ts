// Properties of the ledger over random sequences of operations on DynamoDB Local, with retries and concurrent
// writers: every transaction sums to zero, every balance equals the sum of its entries, no guarded balance goes
// negative, a repeated idempotency key changes nothing, and the batch read of transactions (reconciliation's) reads
// each as the single read does.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountId } from '../../functions/domain/money/ledger';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { isAppError } from '../../functions/domain/errors';
import { createFixedClock } from '../../functions/runtime/clock';
import { testTable } from '../support/test-table';

const deps = {
  table: testTable(),
  clock: createFixedClock(new Date('2026-11-23T10:00:00.000Z')),
};

/** One step: a payment into a wallet, or a wallet paying an artist; `copies` writers send it at once. */
const operation = fc.record({
  type: fc.constantFrom('pay-in', 'split', 'reverse'),
  wallet: fc.integer({ min: 0, max: 2 }),
  artist: fc.integer({ min: 0, max: 1 }),
  cents: fc.integer({ min: 1, max: 900 }),
  copies: fc.integer({ min: 1, max: 3 }),
  retryLater: fc.boolean(),
});
/** Each batch runs concurrently; batches run one after another. */
const batches = fc.array(fc.array(operation, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 });

describe('ledger properties', () => {
  it('keeps every transaction balanced, every balance equal to its entries and guarded balances at or above 0', async () => {
    const { postTransaction, reverseTransaction, getBalance, listEntries, getTransaction } =
      await import('../../functions/services/ledger');
    const { getLedgerTransaction, getLedgerTransactions } = await import('../../functions/data/ledger');
    await fc.assert(
      fc.asyncProperty(batches, async (plan) => {
        // Prepare: accounts of this run only
        const run = randomUUID();
        const wallets = [0, 1, 2].map((i) => accountIdOf('fan-wallet', `${run}-${i}`));
        const artists = [0, 1].map((i) => accountIdOf('artist-earnings', `${run}-${i}`));
        const source = accountIdOf('stripe-clearing', run);
        const accounts: AccountId[] = [...wallets, ...artists, source];
        const transactionIds = new Set<string>();
        const retries: { key: string; send: () => Promise<unknown>; firstId: string }[] = [];
        // Act
        for (const batch of plan) {
          await Promise.all(
            batch.flatMap((op) => {
              const key = `${op.type}-${randomUUID()}`;
              const wallet = wallets[op.wallet] as AccountId;
              // A reversal targets the wallet's newest transaction when first sent: every copy and the retry
              // send the very same request.
              let target: Promise<string | undefined> | undefined;
              const send = async () => {
                if (op.type === 'reverse') {
                  target ??= listEntries(deps, wallet, { limit: 1 }).then(
                    (page) => page.entries[0]?.transactionId,
                  );
                  const transactionId = await target;
                  if (!transactionId) return null;
                  return reverseTransaction(deps, { transactionId, idempotencyKey: key });
                }
                const [from, to] = op.type === 'pay-in' ? [source, wallet] : [wallet, artists[op.artist]];
                return postTransaction(deps, {
                  kind: op.type === 'pay-in' ? 'fan-payment' : 'split',
                  idempotencyKey: key,
                  postings: [
                    { accountId: from as AccountId, amountCents: -op.cents },
                    { accountId: to as AccountId, amountCents: op.cents },
                  ],
                });
              };
              const attempt = async () => {
                try {
                  const posted = await send();
                  if (posted) {
                    transactionIds.add(posted.transaction.id);
                    if (op.retryLater) retries.push({ key, send, firstId: posted.transaction.id });
                  }
                } catch (error) {
                  // Refusals are allowed outcomes (not enough money, already reversed); nothing else is.
                  if (!isAppError(error) || error.kind !== 'conflict') throw error;
                }
              };
              return Array.from({ length: op.copies }, attempt);
            }),
          );
        }
        const before = await Promise.all(accounts.map((account) => getBalance(deps, account)));
        const retried = await Promise.all(retries.map(({ send }) => send()));
        const after = await Promise.all(accounts.map((account) => getBalance(deps, account)));
        // Assess
        expect(after).toEqual(before);
        // A retry answers the first result, written before, and changes nothing.
        retries.forEach(({ firstId }, i) => {
          expect(retried[i]).toMatchObject({ written: false, transaction: { id: firstId } });
        });
        // Reconciliation's batch read answers each transaction as the read of one does, and nothing for an unknown id.
        const batch = await getLedgerTransactions(deps.table, [...transactionIds, `unknown-${run}`]);
        expect([...batch.keys()].sort()).toEqual([...transactionIds].sort());
        for (const id of transactionIds) {
          const transaction = await getTransaction(deps, id);
          expect(transaction.postings.reduce((sum, p) => sum + p.amountCents, 0)).toBe(0);
          expect(batch.get(id)).toEqual(await getLedgerTransaction(deps.table, id));
        }
        for (const [i, account] of accounts.entries()) {
          let sum = 0;
          let cursor: string | null = null;
          do {
            const page = await listEntries(deps, account, { limit: 25, cursor });
            sum += page.entries.reduce((acc, entry) => acc + entry.amountCents, 0);
            cursor = page.cursor;
          } while (cursor);
          expect(after[i], account).toBe(sum);
        }
        for (const i of [0, 1, 2]) expect(after[i]).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 15 },
    );
  });
});
