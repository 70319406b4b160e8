// No hot item on DynamoDB Local (docs/decisions/019-ledger.md, amendment): the balance of an account many
// transactions credit at once (an artist's earnings, the platform's accounts) is spread over shard items chosen by the
// transaction id, so two fans' splits paying one artist write different items; its balance is the sum of its items,
// an old single `BALANCE` item included; guarded accounts keep their one item. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountId } from '../../functions/domain/money/ledger';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { testTable } from '../support/test-table';
import { createLogger } from '../../functions/runtime/logger';
import { fundPieMoney, givenOpenPie } from '../support/factories/funding';

const { client } = testTable();

const table = testTable;
const log = createLogger('silent');

const periodStart = new Date('2026-10-01T15:00:00.000Z');
const splitAt = new Date('2026-10-31T16:00:00.000Z');
const stripeClearing = accountIdOf('stripe-clearing', 'platform');

const loadLedgerData = () => import('../../functions/data/ledger');
const loadLedger = () => import('../../functions/services/ledger');

/** The sort keys of an account's balance items, as stored. */
async function balanceItemsOf(accountId: AccountId): Promise<{ sk: string; balance: number }[]> {
  const reply = await client.send(
    new QueryCommand({
      TableName: table().name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :balance)',
      ExpressionAttributeValues: { ':pk': `LEDGER_ACCOUNT#${accountId}`, ':balance': 'BALANCE' },
      ConsistentRead: true,
    }),
  );
  return (reply.Items ?? []).map((item) => ({ sk: String(item['sk']), balance: Number(item['balance']) }));
}

/** A pie id whose split transaction goes to another balance shard than each of `others`. */
async function pieIdOnAnotherShard(others: readonly string[]): Promise<string> {
  const { transactionIdOf } = await loadLedgerData();
  const { balanceShardOf } = await import('../../functions/data/ledger-balance-items');
  const { splitIdempotencyKey } = await import('../../functions/domain/money/escrow');
  const shardOfPie = (pieId: string) => balanceShardOf(transactionIdOf(splitIdempotencyKey(pieId)));
  const taken = new Set(others.map(shardOfPie));
  for (;;) {
    const pieId = `pie_${randomUUID().replaceAll('-', '')}`;
    if (!taken.has(shardOfPie(pieId))) return pieId;
  }
}

/** A paid $10 pie of a new fan (its money in its own account, as a payment books it) who listened only to `artist`. */
async function paidPieListeningTo(pieId: string, artist: { artistId: string; artistName: string }) {
  const { savePlays, recomputeDailyListening } = await import('../../functions/data/listening');
  const fanId = `fan-${randomUUID()}`;
  const pie = await givenOpenPie(fanId, periodStart, { pieId });
  await fundPieMoney(pie, periodStart);
  const saved = await savePlays(table(), fanId, [
    {
      endedAt: '2026-10-10T12:00:00.000Z',
      msPlayed: 240_000,
      trackName: 'Hit',
      artists: [artist],
      source: 'spotify',
      identity: `${fanId}#hit`,
    },
  ]);
  await recomputeDailyListening(table(), fanId, saved.days);
  return pie;
}

describe('balances of accounts many transactions credit', () => {
  it('two concurrent splits paying the same artist write different balance items, and the balance is their sum', async () => {
    // Prepare
    const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
    const artistId = `hot${randomUUID().slice(0, 8)}`;
    await upsertCatalogueArtists(
      table(),
      [{ id: artistId, name: 'Hot Artist', popularity: 99 }],
      periodStart,
    );
    const artist = { artistId, artistName: 'Hot Artist' };
    const firstId = `pie_${randomUUID().replaceAll('-', '')}`;
    const secondId = await pieIdOnAnotherShard([firstId]);
    const pies = [await paidPieListeningTo(firstId, artist), await paidPieListeningTo(secondId, artist)];
    const { splitEndedPie } = await import('../../functions/services/pie/pie-split');
    const deps = {
      table: table(),
      clock: createFixedClock(splitAt),
      siteOrigin: 'http://localhost:3000',
      escrowHoldingMonths: 12,
    };
    // Act
    const results = await Promise.all(pies.map((pie) => splitEndedPie(deps, pie.id, { log })));
    // Assess
    expect(results.map((result) => result.outcome)).toEqual(['split', 'split']);
    const account = accountIdOf('artist-earnings', artistId);
    const items = await balanceItemsOf(account);
    expect(items).toHaveLength(2);
    expect(items.every((item) => /^BALANCE#\d{2}$/.test(item.sk))).toBe(true);
    expect(items.map((item) => item.balance)).toEqual([941, 941]);
    const { getBalance } = await loadLedger();
    expect(await getBalance({ table: table() }, account)).toBe(1882);
    const { getLedgerBalances } = await loadLedgerData();
    const both = await getLedgerBalances(table(), [account, accountIdOf('pie-funds', firstId)]);
    expect(both.get(account)).toBe(1882);
    expect(both.get(accountIdOf('pie-funds', firstId))).toBe(0);
  });

  it('keeps one balance item for a guarded account', async () => {
    // Prepare
    const { postTransaction } = await loadLedger();
    const wallet = accountIdOf('fan-wallet', `fan-${randomUUID()}`);
    // Act
    for (let index = 0; index < 5; index += 1) {
      await postTransaction(
        { table: table(), clock: createFixedClock(periodStart) },
        {
          kind: 'fan-payment',
          idempotencyKey: `fan-payment:${randomUUID()}`,
          postings: [
            { accountId: wallet, amountCents: 100 },
            { accountId: stripeClearing, amountCents: -100 },
          ],
        },
      );
    }
    // Assess
    expect(await balanceItemsOf(wallet)).toEqual([{ sk: 'BALANCE', balance: 500 }]);
  });

  it('reads a balance written before sharding together with its shards', async () => {
    // Prepare: the account's one balance item and its entry, as the ledger wrote them before it sharded.
    const { postTransaction } = await loadLedger();
    const account = accountIdOf('artist-earnings', `old${randomUUID().slice(0, 8)}`);
    await postTransaction(
      { table: table(), clock: createFixedClock(periodStart) },
      {
        kind: 'fan-payment',
        idempotencyKey: `fan-payment:${randomUUID()}`,
        postings: [
          { accountId: account, amountCents: 300 },
          { accountId: stripeClearing, amountCents: -300 },
        ],
      },
    );
    const [written] = await balanceItemsOf(account);
    expect(written?.sk).toMatch(/^BALANCE#/);
    // Move that posting's balance to the unsharded item, as it stood before.
    await client.send(
      new UpdateCommand({
        TableName: table().name,
        Key: { pk: `LEDGER_ACCOUNT#${account}`, sk: written?.sk ?? '' },
        UpdateExpression: 'ADD balance :minus',
        ExpressionAttributeValues: { ':minus': -300 },
      }),
    );
    await client.send(
      new UpdateCommand({
        TableName: table().name,
        Key: { pk: `LEDGER_ACCOUNT#${account}`, sk: 'BALANCE' },
        UpdateExpression: 'SET entity = :entity ADD balance :old',
        ExpressionAttributeValues: { ':entity': 'ledger-balance', ':old': 300 },
      }),
    );
    // Act
    await postTransaction(
      { table: table(), clock: createFixedClock(periodStart) },
      {
        kind: 'fan-payment',
        idempotencyKey: `fan-payment:${randomUUID()}`,
        postings: [
          { accountId: account, amountCents: 200 },
          { accountId: stripeClearing, amountCents: -200 },
        ],
      },
    );
    // Assess
    const { getBalance } = await loadLedger();
    const { getLedgerBalances } = await loadLedgerData();
    expect(await getBalance({ table: table() }, account)).toBe(500);
    expect((await getLedgerBalances(table(), [account])).get(account)).toBe(500);
  });

  it('reads back exactly the sum of any postings spread over the shards', async () => {
    const { postTransaction, getBalance } = await loadLedger();
    const { getLedgerBalances } = await loadLedgerData();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.integer({ min: -5_000, max: 5_000 }).filter((cents) => cents !== 0),
          {
            minLength: 1,
            maxLength: 24,
          },
        ),
        async (amounts) => {
          const account = accountIdOf('artist-earnings', `prop${randomUUID().slice(0, 12)}`);
          const fees = accountIdOf('processing-fees', 'platform');
          const feesBefore = await getBalance({ table: table() }, fees);
          for (const cents of amounts) {
            await postTransaction(
              { table: table(), clock: createFixedClock(periodStart) },
              {
                kind: 'fan-payment',
                idempotencyKey: `fan-payment:${randomUUID()}`,
                postings: [
                  { accountId: account, amountCents: cents },
                  { accountId: fees, amountCents: -cents },
                ],
              },
            );
          }
          const sum = amounts.reduce((total, cents) => total + cents, 0);
          expect(await getBalance({ table: table() }, account)).toBe(sum);
          const read = await getLedgerBalances(table(), [account, fees]);
          expect(read.get(account)).toBe(sum);
          expect(read.get(fees)).toBe(feesBefore - sum);
          const items = await balanceItemsOf(account);
          expect(items.reduce((total, item) => total + item.balance, 0)).toBe(sum);
          expect(items.every((item) => /^BALANCE#\d{2}$/.test(item.sk))).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
  });
});
