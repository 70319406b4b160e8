// The ledger by date (functions/data/ledger-index.ts; decisions 041 and 042) on DynamoDB Local: staff's finances and
// wallet-line stats for a day cost the same number of DynamoDB requests with two fans as with ten (the old reading
// made one Query per account and ~36 requests per fan), and so does the first page of the unsearched wallet lines;
// transactions written before the indexes are found again once the backfill gives them their keys, and the backfill
// run twice, or twice at once, sets each item's keys once. The ledger audit runs after the file.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactionKey } from '../../functions/data/keys';
import { ledgerIndexShards } from '../../functions/data/ledger-index';
import { createFixedClock } from '../../functions/runtime/clock';
import { readFinances } from '../../functions/services/admin/finances';
import { backfillLedgerIndex } from '../../functions/services/admin/ledger-index-backfill';
import {
  listWalletTransactionsForStaff,
  readWalletStatsForStaff,
} from '../../functions/services/admin/wallet-transactions';
import { givenWalletCredit } from '../support/factories/ledger';
import { createSignedInAccount } from '../support/identity';
import { testTable } from '../support/test-table';

const dayMs = 86_400_000;
const indexAttributes = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] as const;

/** Every request the table's client sends while `counting`, by command. */
const sent = { counting: false, requests: [] as string[] };

beforeAll(() => {
  testTable().client.middlewareStack.add(
    (next, context) => async (args) => {
      if (sent.counting) sent.requests.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'countLedgerIndexRequests' },
  );
});

async function requestsOf<T>(read: () => Promise<T>): Promise<{ result: T; requests: number }> {
  sent.requests = [];
  sent.counting = true;
  try {
    const result = await read();
    return { result, requests: sent.requests.length };
  } finally {
    sent.counting = false;
  }
}

/** A fan in the directory whose wallet moved 40 days ago: history the day's reads must not pay for. */
async function fanWithHistory(): Promise<void> {
  const fan = await createSignedInAccount('fan');
  await givenWalletCredit(fan.userId, 300, new Date(Date.now() - 40 * dayMs));
}

describe('the ledger by date', () => {
  it('reads a day of finances and wallet lines, and a page of lines, in as many requests for ten fans as for two', async () => {
    // Prepare: today one fan's wallet is credited; two fans have older history.
    // Noon UTC today: the day's reads and today's credit fall on one day whenever the test runs.
    const real = new Date();
    const now = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate(), 12));
    const deps = { table: testTable(), clock: createFixedClock(now) };
    const today = await createSignedInAccount('fan');
    await givenWalletCredit(today.userId, 500, new Date(now.getTime() - 1000));
    await fanWithHistory();
    await fanWithHistory();
    const page = { page: 1, limit: 2 };
    // Act: read with two more fans, then with eight more.
    const financesBefore = await requestsOf(() => readFinances(deps, 'day'));
    const statsBefore = await requestsOf(() => readWalletStatsForStaff(deps, 'day'));
    const listBefore = await requestsOf(() => listWalletTransactionsForStaff(deps, page));
    for (let more = 0; more < 8; more += 1) await fanWithHistory();
    const financesAfter = await requestsOf(() => readFinances(deps, 'day'));
    const statsAfter = await requestsOf(() => readWalletStatsForStaff(deps, 'day'));
    const listAfter = await requestsOf(() => listWalletTransactionsForStaff(deps, page));
    // Assess: the day is today's credit alone, and costs the same however many fans there are.
    expect(financesAfter.result.totals).toEqual(financesBefore.result.totals);
    expect(statsAfter.result).toMatchObject({ lines: 1, fans: 1, creditCents: 500, debitCents: 0 });
    expect(statsAfter.result).toEqual(statsBefore.result);
    expect(financesAfter.requests).toBe(financesBefore.requests);
    expect(statsAfter.requests).toBe(statsBefore.requests);
    // One Query per shard of the day's month: not one per account or fan.
    expect(financesAfter.requests).toBe(ledgerIndexShards);
    expect(statsAfter.requests).toBe(ledgerIndexShards);
    // The page is the newest line (today's fan) and one older; ten fans' history adds to the total, not the reads.
    expect(listAfter.result.transactions[0]).toMatchObject({ fanId: today.userId, amountCents: 500 });
    expect(listAfter.result.pagination.total).toBe(listBefore.result.pagination.total + 8);
    expect(listAfter.requests).toBe(listBefore.requests);
  });

  it('finds transactions written before the indexes once backfilled, and sets each key once however often it runs', async () => {
    // Prepare: three wallet credits on a day of their own, their index keys removed as if written before the indexes.
    const table = testTable();
    const fan = await createSignedInAccount('fan');
    const day = new Date(Date.now() - 400 * dayMs);
    const ids = [
      await givenWalletCredit(fan.userId, 100, day),
      await givenWalletCredit(fan.userId, 200, new Date(day.getTime() + 1000)),
      await givenWalletCredit(fan.userId, 300, new Date(day.getTime() + 2000)),
    ];
    const keysOf = async (id: string) => {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: ledgerTransactionKey(id), ConsistentRead: true }),
      );
      return Object.fromEntries(indexAttributes.map((name) => [name, Item?.[name] as unknown]));
    };
    const written = await Promise.all(ids.map(keysOf));
    for (const id of ids) {
      await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: ledgerTransactionKey(id),
          UpdateExpression: `REMOVE ${indexAttributes.join(', ')}`,
        }),
      );
    }
    const deps = { table, clock: createFixedClock(new Date(day.getTime() + 3000)) };
    const unseen = await readFinances(deps, 'day');
    // Act: two runs at once, then a third.
    const [first, second] = await Promise.all([backfillLedgerIndex(table), backfillLedgerIndex(table)]);
    const third = await backfillLedgerIndex(table);
    // Assess: each item's keys are set once, equal to what the write sets, and the day's money is seen again.
    expect(
      written.every((keys) => typeof keys['gsi1pk'] === 'string' && typeof keys['gsi2pk'] === 'string'),
    ).toBe(true);
    expect(first.indexed + second.indexed).toBe(3);
    expect(third).toEqual({ found: 0, indexed: 0 });
    expect(await Promise.all(ids.map(keysOf))).toEqual(written);
    expect(unseen.transactions).toBe(0);
    const seen = await readFinances(deps, 'day');
    expect(seen.transactions).toBe(3);
    const stats = await readWalletStatsForStaff(deps, 'day');
    expect(stats).toMatchObject({ lines: 3, fans: 1, creditCents: 600 });
  });
});
