// A month end with one hot artist on DynamoDB Local (docs/decisions/019-ledger.md, amendment "no hot item"): pies
// that all pay the same artist, each funded as a payment funds it now (its money in `pie-funds:<pieId>`, Stripe's fee
// out of it), split concurrently through the fan-work worker's real `splitEndedPie`, at the fan-work queue's maximum
// concurrency. Reports failed splits (the dead-letter queue's share), TransactionConflict retries per split, pies per
// second, and per split what the busiest partition and the busiest item of the table take, from which `npm run bench`
// models the same month end in AWS against DynamoDB's per-partition limits.
//
// Each fan listened to the hot artist most and to a few others of a small pool (so the platform's and the pool's
// accounts are hot too). The fans are written straight through the data layer, as bench/split-end-to-end.ts does.
// Write units are modelled as AWS charges them (1 WCU a started KB, twice in a transaction, 1 WCU a started KB for
// each GSI the item is in), reads as DynamoDB Local reports them for GetItem and Query and modelled for BatchGetItem.
import { pathToFileURL } from 'node:url';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { PlayToStore } from '../functions/domain/listening/plays';

type Item = Record<string, NativeAttributeValue>;

export interface HotArtistMonthEnd {
  pies: number;
  concurrency: number;
  /** Splits that did not end `split` (threw, or answered otherwise): each would be retried and land in the DLQ. */
  failed: number;
  /**
   * TransactionConflict cancellations the ledger retried, per split. DynamoDB Local runs transactions one at a time and
   * never cancels one for a conflict (200 concurrent writes of one item: none), so conflicts are modelled for AWS.
   */
  conflictsPerSplit: number;
  splitSeconds: number;
  piesPerSecond: number;
  /** DynamoDB calls a split makes (its sequential round trips, at most). */
  callsPerSplit: number;
  /** The hot artist's balance items written, and its balance read back against what the splits credited. */
  hotBalanceItems: number;
  hotBalanceExact: boolean;
  /** Per split: the write and read units of the busiest partition (base table or GSI) and which it is. */
  busiestWritePartition: { name: string; writeUnitsPerSplit: number };
  busiestReadPartition: { name: string; readUnitsPerSplit: number };
  /** Per split: writes of the most written item (a balance item, unless something else is hotter) and which. */
  busiestItem: { name: string; writesPerSplit: number };
}

export interface HotArtistOptions {
  pies?: number;
  concurrency?: number;
  progress?: (line: string) => void;
}

const writeUnitsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace('.', '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, item) => sum + 1 + sizeOf(item), 0);
  if (value && typeof value === 'object')
    return 3 + Object.entries(value as Item).reduce((sum, [k, v]) => sum + k.length + 1 + sizeOf(v), 0);
  return 1;
}
const sizeOfItem = (item: Item) =>
  Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + sizeOf(value), 0);

export async function measureHotArtistMonthEnd({
  pies = 2_000,
  concurrency,
  progress = () => undefined,
}: HotArtistOptions = {}): Promise<HotArtistMonthEnd> {
  const { queues } = await import('../events/definitions');
  const workers = concurrency ?? queues.find((queue) => queue.name === 'fan-work')?.maxConcurrency ?? 1;
  const { startDynamoDbLocal, createLocalDynamoDbClient } = await import('../local/dynamodb-local');
  const { ensureTable, deleteTable } = await import('../local/table');
  const { createDocumentClient } = await import('../functions/runtime/dynamodb-client');
  const { createLogger } = await import('../functions/runtime/logger');
  const { createFixedClock } = await import('../functions/runtime/clock');
  const { createAccount } = await import('../functions/data/accounts');
  const { buildAccount } = await import('../functions/domain/identity/account');
  const { upsertCatalogueArtists } = await import('../functions/data/catalogue/artists');
  const { savePlays, recomputeDailyListening } = await import('../functions/data/listening');
  const { accountIdOf } = await import('../functions/domain/money/ledger');
  const { postTransaction, getBalance } = await import('../functions/services/ledger');
  const { resetEnvCache } = await import('../functions/runtime/env');
  const { openPie } = await import('../functions/services/payments/pies');
  const { pieSplitDependencies, splitEndedPie } = await import('../functions/services/pie/pie-split');

  const dynamoDbLocal = await startDynamoDbLocal({});
  const tableName = `openpie-bench-hot-${Date.now()}`;
  process.env.TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = dynamoDbLocal.endpoint;
  await import('../test/support/env-setup');
  resetEnvCache();
  const admin = createLocalDynamoDbClient(dynamoDbLocal.endpoint);
  const client = createDocumentClient({ region: 'us-east-1', endpoint: dynamoDbLocal.endpoint });

  const tally = {
    counting: false,
    calls: 0,
    conflicts: 0,
    partitionWrites: new Map<string, number>(),
    partitionReads: new Map<string, number>(),
    itemWrites: new Map<string, number>(),
  };
  const add = (map: Map<string, number>, key: string, units: number) =>
    map.set(key, (map.get(key) ?? 0) + units);
  /** A written item's partitions: its own, and each GSI it is in (1 WCU a KB there). */
  const countWrite = (key: Item, body: Item, units: number) => {
    add(tally.partitionWrites, `table ${String(key['pk'])}`, units);
    add(tally.itemWrites, `${String(key['pk'])} / ${String(key['sk'])}`, 1);
    for (const index of ['gsi1', 'gsi2', 'gsi3']) {
      const pk = body[`${index}pk`] ?? body[`:${index}pk`];
      if (typeof pk === 'string')
        add(tally.partitionWrites, `${index} ${pk}`, writeUnitsOf(sizeOfItem(body)));
    }
  };
  const countTransaction = (input: Item) => {
    for (const entry of (input['TransactItems'] ?? []) as Item[]) {
      const put = entry['Put'] as { Item: Item } | undefined;
      const update = entry['Update'] as { Key: Item; ExpressionAttributeValues?: Item } | undefined;
      if (put) countWrite(put.Item, put.Item, 2 * writeUnitsOf(sizeOfItem(put.Item)));
      else if (update) {
        const values = update.ExpressionAttributeValues ?? {};
        countWrite(update.Key, values, 2 * writeUnitsOf(sizeOfItem(update.Key) + sizeOfItem(values)));
      }
    }
  };
  const countOther = (command: string, input: Item, output: Item) => {
    const consumed = [output['ConsumedCapacity'] ?? []].flat() as { CapacityUnits?: number }[];
    const reported = consumed.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
    if (command === 'GetItem')
      add(tally.partitionReads, `table ${String((input['Key'] as Item)['pk'])}`, reported);
    if (command === 'Query') {
      const match = /(\w*pk) = (:\w+)/.exec(String(input['KeyConditionExpression']));
      const values = (input['ExpressionAttributeValues'] ?? {}) as Item;
      const where = input['IndexName'] ? String(input['IndexName']) : 'table';
      if (match?.[2]) add(tally.partitionReads, `${where} ${String(values[match[2]])}`, reported);
    }
    if (command === 'BatchGetItem') {
      for (const request of Object.values(input['RequestItems'] as Record<string, Item>)) {
        const units = request['ConsistentRead'] === true ? 1 : 0.5;
        for (const key of (request['Keys'] ?? []) as Item[])
          add(tally.partitionReads, `table ${String(key['pk'])}`, units);
      }
    }
    if (command === 'PutItem') {
      const item = input['Item'] as Item;
      countWrite(item, item, writeUnitsOf(sizeOfItem(item)));
    }
    if (command === 'UpdateItem') {
      const values = (input['ExpressionAttributeValues'] ?? {}) as Item;
      countWrite(
        input['Key'] as Item,
        values,
        writeUnitsOf(sizeOfItem(input['Key'] as Item) + sizeOfItem(values)),
      );
    }
    if (command === 'BatchWriteItem') {
      for (const request of Object.values(input['RequestItems'] as Record<string, Item[]>).flat()) {
        const item = (request['PutRequest'] as { Item: Item } | undefined)?.Item;
        if (item) countWrite(item, item, writeUnitsOf(sizeOfItem(item)));
      }
    }
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Item;
      input['ReturnConsumedCapacity'] = 'TOTAL';
      const command = (context.commandName ?? '').replace(/Command$/, '');
      try {
        const result = await next(args);
        if (tally.counting) {
          tally.calls += 1;
          if (command === 'TransactWriteItems') countTransaction(input);
          else countOther(command, input, result.output as Item);
        }
        return result;
      } catch (error) {
        if (tally.counting) {
          tally.calls += 1;
          const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
          if (reasons.some((reason) => reason.Code === 'TransactionConflict')) tally.conflicts += 1;
        }
        throw error;
      }
    },
    { step: 'initialize', name: 'countHotArtist' },
  );

  try {
    await ensureTable(admin, tableName);
    const table = { client, name: tableName };
    const periodStart = new Date('2026-10-01T15:00:00.000Z');
    const splitAt = new Date('2026-10-31T16:00:00.000Z');
    const seedClock = createFixedClock(periodStart);
    const run = Date.now().toString(36);
    const hotId = `hotartist${run}`;
    const pool = Array.from({ length: 20 }, (_, index) => ({
      artistId: `hotpool${run}${index}`,
      artistName: `Pool Artist ${index}`,
    }));
    await upsertCatalogueArtists(
      table,
      [
        { id: hotId, name: 'The Hot Artist', popularity: 100 },
        ...pool.map((artist, index) => ({
          id: artist.artistId,
          name: artist.artistName,
          popularity: 80 - index,
        })),
      ],
      periodStart,
    );
    const hot = { artistId: hotId, artistName: 'The Hot Artist' };

    // ── The fans: account, a paid pie (its money in its own account), a month of listening ──
    const pieIds: string[] = [];
    const seedFan = async (fan: number) => {
      const fanId = `bench-hot-${run}-${fan}`;
      const account = buildAccount(
        {
          kind: 'fan',
          id: fanId,
          email: `${fanId}@bench.example`,
          firstName: 'Bench',
          lastName: `Fan ${fan}`,
          passwordHash: null,
          emailVerifiedAt: periodStart.toISOString(),
          promoEligible: false,
        },
        periodStart,
      );
      await createAccount(table, { ...account, email: `${fanId}@bench.example` });
      const pieId = `pie_benchhot_${run}_${fan}`;
      const funds = accountIdOf('pie-funds', pieId);
      await postTransaction(
        { table, clock: seedClock },
        {
          kind: 'fan-payment',
          idempotencyKey: `fan-payment:${pieId}`,
          postings: [
            { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -1000 },
            { accountId: funds, amountCents: 1000 },
          ],
          references: { pieId },
        },
      );
      await postTransaction(
        { table, clock: seedClock },
        {
          kind: 'processing-fee',
          idempotencyKey: `processing-fee:${pieId}`,
          postings: [
            { accountId: funds, amountCents: -59 },
            { accountId: accountIdOf('processing-fees', 'platform'), amountCents: 59 },
          ],
          references: { pieId },
        },
      );
      await openPie(
        { table, clock: seedClock },
        {
          pieId,
          fanId,
          promo: false,
          periodStart,
          pieDays: 30,
          amountCents: 1000,
          processingFeeCents: 59,
          settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
          subscriptionId: null,
          invoiceId: null,
        },
      );
      const others = [0, 1, 2].map((offset) => pool[(fan + offset * 7) % pool.length] ?? hot);
      const plays: PlayToStore[] = [hot, hot, hot, ...others].map((artist, index) => ({
        endedAt: new Date(Date.UTC(2026, 9, 3 + index * 4, 12)).toISOString(),
        msPlayed: 200_000,
        trackName: `Track ${index}`,
        artists: [artist],
        source: 'spotify',
        identity: `${fanId}#${index}`,
      }));
      const saved = await savePlays(table, fanId, plays);
      await recomputeDailyListening(table, fanId, saved.days);
      pieIds[fan] = pieId;
    };
    let nextFan = 0;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        for (let fan = nextFan++; fan < pies; fan = nextFan++) {
          await seedFan(fan);
          if ((fan + 1) % 500 === 0) progress(`${fan + 1} hot-artist pies seeded`);
        }
      }),
    );

    // ── The month end: every pie split, `workers` at once ──
    const log = createLogger('silent');
    const deps = { ...pieSplitDependencies(), table, clock: createFixedClock(splitAt) };
    let split = 0;
    let hotCredited = 0;
    tally.counting = true;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let index = next++; index < pies; index = next++) {
          const pieId = pieIds[index] ?? '';
          try {
            const result = await splitEndedPie(deps, pieId, { log });
            if (result.outcome === 'split') split += 1;
          } catch {
            // Counted among the failed: every pie that did not end split.
          }
          if ((index + 1) % 500 === 0) progress(`${index + 1} hot-artist pies split`);
        }
      }),
    );
    const splitSeconds = (performance.now() - started) / 1000;
    tally.counting = false;

    // The money landed: the hot artist's balance is what the splits credited it, spread over its balance items.
    const { getLedgerTransaction, transactionIdOf } = await import('../functions/data/ledger');
    const { splitIdempotencyKey } = await import('../functions/domain/money/escrow');
    const hotAccount = accountIdOf('artist-earnings', hotId);
    for (const pieId of pieIds) {
      const posted = await getLedgerTransaction(table, transactionIdOf(splitIdempotencyKey(pieId)));
      hotCredited += posted?.postings.find((posting) => posting.accountId === hotAccount)?.amountCents ?? 0;
    }
    const hotBalance = await getBalance({ table }, hotAccount);
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const items = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :balance)',
        ExpressionAttributeValues: { ':pk': `LEDGER_ACCOUNT#${hotAccount}`, ':balance': 'BALANCE' },
      }),
    );

    const busiest = (map: Map<string, number>) =>
      [...map.entries()].reduce<[string, number]>(
        (best, entry) => (entry[1] > best[1] ? entry : best),
        ['', 0],
      );
    const [writeName, writeUnits] = busiest(tally.partitionWrites);
    const [readName, readUnits] = busiest(tally.partitionReads);
    const [itemName, itemWrites] = busiest(tally.itemWrites);
    return {
      pies,
      concurrency: workers,
      failed: pies - split,
      conflictsPerSplit: tally.conflicts / pies,
      splitSeconds,
      piesPerSecond: pies / splitSeconds,
      callsPerSplit: tally.calls / pies,
      hotBalanceItems: items.Items?.length ?? 0,
      hotBalanceExact: hotCredited > 0 && hotBalance === hotCredited,
      busiestWritePartition: { name: writeName, writeUnitsPerSplit: writeUnits / pies },
      busiestReadPartition: { name: readName, readUnitsPerSplit: readUnits / pies },
      busiestItem: { name: itemName, writesPerSplit: itemWrites / pies },
    };
  } finally {
    await deleteTable(admin, tableName).catch(() => undefined);
    client.destroy();
    admin.destroy();
    await dynamoDbLocal.stop();
  }
}

/** DynamoDB's limits of one partition (base table or GSI), a second. */
export const partitionLimits = { writeUnits: 1_000, readUnits: 3_000 };
export const hotArtistBudgets = {
  failed: 0,
  conflictsPerSplit: 0.5,
  /** Share of a partition's limits the month end may take: the rest is for payments, claims, statements meanwhile. */
  partitionShare: 0.5,
};
/**
 * A DynamoDB call from a Lambda in its region takes a few ms; 5 ms for every call of a split, one after another, is
 * faster than AWS answers a TransactWriteItems, so the modelled rate of splits is an upper bound.
 */
export const awsMsPerCall = 5;
/**
 * How long a ledger transaction holds the items it writes in AWS, for the chance that another one writes the same
 * balance item meanwhile: TransactWriteItems of a few dozen items answer in tens of ms.
 */
export const awsTransactionMs = 30;
/** Tries of one transaction the ledger makes on TransactionConflict (data/ledger.ts), and SQS receives before the DLQ. */
const triesPerReceive = 9;
const receivesBeforeDeadLetter = 5;

export interface MonthEndModel {
  fans: number;
  concurrency: number;
  splitsPerSecond: number;
  hours: number;
  writeUnitsPerSecond: number;
  readUnitsPerSecond: number;
  itemWritesPerSecond: number;
  /** The chance a split's transaction meets another on the busiest item (Poisson: 1 − e^(−writes/s × its time)). */
  conflictChance: number;
  /** Pies whose every try in one receive conflicts (SQS receives them again), and that reach the dead-letter queue. */
  failedReceives: number;
  deadLetters: number;
}

/** The same month end in AWS: `fans` pies split at the queue's concurrency, every one paying the hot artist. */
export function modelMonthEnd(measured: HotArtistMonthEnd, fans = 1_000_000): MonthEndModel {
  const splitsPerSecond = measured.concurrency / ((measured.callsPerSplit * awsMsPerCall) / 1000);
  const conflictChance =
    1 - Math.exp((-splitsPerSecond * measured.busiestItem.writesPerSplit * awsTransactionMs) / 1000);
  return {
    fans,
    concurrency: measured.concurrency,
    splitsPerSecond,
    hours: fans / splitsPerSecond / 3600,
    writeUnitsPerSecond: splitsPerSecond * measured.busiestWritePartition.writeUnitsPerSplit,
    readUnitsPerSecond: splitsPerSecond * measured.busiestReadPartition.readUnitsPerSplit,
    itemWritesPerSecond: splitsPerSecond * measured.busiestItem.writesPerSplit,
    conflictChance,
    failedReceives: fans * conflictChance ** triesPerReceive,
    deadLetters: fans * conflictChance ** (triesPerReceive * receivesBeforeDeadLetter),
  };
}

export interface BenchRow {
  name: string;
  figure: string;
  budget: string;
  ok: boolean;
}

/** The bench's rows: the measured month end on DynamoDB Local and its model in AWS, beside their budgets. */
export function hotArtistRows(measured: HotArtistMonthEnd): BenchRow[] {
  const model = modelMonthEnd(measured);
  const fmt = (value: number, digits = 1) => value.toFixed(digits);
  const pies = measured.pies.toLocaleString('en-US');
  const writeShare = model.writeUnitsPerSecond / partitionLimits.writeUnits;
  const readShare = model.readUnitsPerSecond / partitionLimits.readUnits;
  const fans = model.fans.toLocaleString('en-US');
  return [
    {
      name: `hot artist: ${pies} pies paying one artist, split ${measured.concurrency} at once`,
      figure: `failed ${measured.failed}, ${fmt(measured.conflictsPerSplit, 3)} conflicts a split, ${fmt(measured.piesPerSecond)} pies/s (its balance in ${measured.hotBalanceItems} items, ${measured.hotBalanceExact ? 'exact' : 'NOT exact'})`,
      budget: `failed = ${hotArtistBudgets.failed}, ≤ ${hotArtistBudgets.conflictsPerSplit} conflicts a split (Local serialises transactions; pies/s reported)`,
      ok:
        measured.failed === hotArtistBudgets.failed &&
        measured.hotBalanceExact &&
        measured.conflictsPerSplit <= hotArtistBudgets.conflictsPerSplit,
    },
    {
      name: `hot artist in AWS, ${fans} fans: busiest partition's writes`,
      figure: `${fmt(model.writeUnitsPerSecond, 0)} WCU/s = ${fmt(writeShare, 2)} of ${partitionLimits.writeUnits.toLocaleString('en-US')} (${fmt(measured.busiestWritePartition.writeUnitsPerSplit)} WCU a split × ${fmt(model.splitsPerSecond, 0)} splits/s: ${measured.concurrency} at once, ${fmt(measured.callsPerSplit)} calls a split at ${awsMsPerCall} ms; ${measured.busiestWritePartition.name.replace(/[a-z0-9]{8,}$/, '…')})`,
      budget: `≤ ${hotArtistBudgets.partitionShare}`,
      ok: writeShare <= hotArtistBudgets.partitionShare,
    },
    {
      name: `hot artist in AWS, ${fans} fans: busiest partition's reads`,
      figure: `${fmt(model.readUnitsPerSecond, 0)} RCU/s = ${fmt(readShare, 2)} of ${partitionLimits.readUnits.toLocaleString('en-US')} (${measured.busiestReadPartition.name.replace(/[a-z0-9]{8,}$/, '…')})`,
      budget: `≤ ${hotArtistBudgets.partitionShare}`,
      ok: readShare <= hotArtistBudgets.partitionShare,
    },
    {
      name: `hot artist in AWS, ${fans} fans: conflicts on the busiest item`,
      figure: `${fmt(model.conflictChance, 2)} chance a transaction meets another (${awsTransactionMs} ms each); ${fmt(model.failedReceives, 1)} pies fail all ${triesPerReceive} tries of a receive, ${model.deadLetters.toExponential(1)} reach the DLQ`,
      budget: '< 1 pie in the DLQ',
      ok: model.deadLetters < 1,
    },
    {
      name: `hot artist in AWS, ${fans} fans: busiest item, and the month end's length`,
      figure: `${fmt(model.itemWritesPerSecond)} writes/s to one balance item (${fmt(measured.busiestItem.writesPerSplit, 3)} a split); all ${fans} pies in ${fmt(model.hours)} h`,
      budget: '(reported)',
      ok: true,
    },
  ];
}

/** `npx tsx bench/hot-artist.ts [pies] [concurrency]`: this measurement alone, with its rows. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const pies = Number(process.argv[2] ?? 2_000);
  const concurrency = process.argv[3] ? Number(process.argv[3]) : undefined;
  const result = await measureHotArtistMonthEnd({
    pies,
    ...(concurrency ? { concurrency } : {}),
    progress: (line) => console.log(`  ${line}`),
  });
  console.log(JSON.stringify({ ...result, model: modelMonthEnd(result) }, null, 2));
  for (const row of hotArtistRows(result)) {
    console.log(`${row.ok ? 'ok  ' : 'OVER'}  ${row.name}  ${row.figure}  ${row.budget}`);
  }
}
