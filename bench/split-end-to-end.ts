// A month of pies split end to end on DynamoDB Local (issue #12, docs/decisions/023-the-split-run-and-escrow.md): fans
// whose pie period just ended, each with a month of listening over 50 to 300 artists and a funded wallet, then the
// pie-renewals fan-out and the fan-work worker's `splitEndedPie` for every pie, several at once. Reports fans per second,
// the read and write units per fan, and the AWS cost of a fan-month modelled from them.
//
// The fans are written straight through the data layer, as fast as DynamoDB Local takes them: accounts, pies, the
// day totals of the whole days of each period and the plays of its two partial days (`planPieCounting` says which),
// and the wallets funded by a few large `fan-payment` ledger transactions (balanced, through the ledger itself). Each
// fan draws its artists from one shared pool with a long tail, as fans do, so the most popular artists' earnings are
// credited by nearly every split and concurrent splits conflict on them as they would in AWS.
//
// The units: every call asks for ReturnConsumedCapacity. DynamoDB Local is right for GetItem and Query, reports nothing
// for BatchGetItem and a wrong figure for TransactWriteItems (bench/ledger-throughput.ts), so reads of BatchGetItem
// and every write are modelled from the items sent and received by AWS's rules (1 WRU per started KB written, twice
// that in a transaction; 0.5 RRU per started 4 KB read eventually consistent, 1 strongly, twice in a transaction).
// Only the split phase is counted (the fan-out and the splits), never the seeding.
//
// DynamoDB Local writes about a thousand 2 KB items a second on this machine and a split writes some hundreds of
// items (ledger entries and balances, escrow lots), so 10,000 fans take far longer than the bench's few minutes: by
// default `npm run bench` splits a sample and extrapolates its rate; `npx tsx bench/split-end-to-end.ts 10000` splits
// the whole month. The cost per fan does not depend on how many fans there are.
import { pathToFileURL } from 'node:url';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { StoredPie } from '../functions/data/pies';
import type { TableRef } from '../functions/data/table';
import type { CountablePlay } from '../functions/domain/listening/daily';
import type { PlayToStore } from '../functions/domain/listening/plays';
import type { PieSplitDependencies, PieSplitMessage } from '../functions/services/pie/pie-split';
import type { RawWrites } from './dynamodb-raw-writes';
import { randomFrom } from '../test/support/seeded-random';

/** AWS prices in dollars (us-east-1, on-demand), and the budget of one fan's month (issue #12). */
export const awsPrices = {
  readRequestUnit: 0.125 / 1_000_000,
  writeRequestUnit: 0.625 / 1_000_000,
  lambdaGbSecond: 0.0000166667,
  lambdaRequest: 0.2 / 1_000_000,
  sqsRequest: 0.4 / 1_000_000,
  sesMail: 0.1 / 1_000,
};
export const splitBudgetDollarsPerFanMonth = 0.002;
/** The worker's memory (infra: the fan-work Lambda), for its GB-seconds. */
const lambdaMemoryGb = 1;
/** SQS requests a pie costs: the fan-out's send, the worker's receive and delete (batches would make it less). */
const sqsRequestsPerPie = 3;

export interface SplitEndToEnd {
  /** Fans split in this run, and the month the figures are about. */
  fans: number;
  monthFans: number;
  concurrency: number;
  /** Distinct artists each fan listened to, and paid, on average. */
  artistsPerFan: number;
  paidArtistsPerFan: number;
  seedSeconds: number;
  fanOutSeconds: number;
  splitSeconds: number;
  /** Pies split per second of wall time, fan-out included. */
  fansPerSecond: number;
  /** Wall seconds of one worker per pie: (fan-out + splits) × concurrency / fans. */
  workerSecondsPerFan: number;
  /** This process's CPU per pie (the JVM of DynamoDB Local not included). */
  cpuMsPerFan: number;
  readUnitsPerFan: number;
  writeUnitsPerFan: number;
  /** What DynamoDB Local itself reported, for comparison (wrong for transactions, empty for BatchGetItem). */
  reportedReadUnitsPerFan: number;
  reportedWriteUnitsPerFan: number;
  /** DynamoDB calls per fan, and TransactionConflict retries the ledger made (hot artists). */
  callsPerFan: number;
  cost: { dynamoDb: number; lambda: number; sqs: number; ses: number; total: number };
  outcomes: Record<string, number>;
  /** Per DynamoDB command, per fan: calls, failed calls, read and write units. */
  commandsPerFan: Record<string, CommandTally>;
  /** Items the split phase wrote a second of wall time (fan-out included), and a transaction's items on average. */
  itemsWrittenPerSecond: number;
  itemsPerTransaction: number;
  /**
   * DynamoDB Local's own limit on the same table in the same run: TransactWriteItems of the split's average size and
   * BatchWriteItem of 25, `concurrency` calls at once (bench/dynamodb-raw-writes.ts).
   */
  rawTransact: RawWrites;
  rawBatch: RawWrites;
}

export interface SplitEndToEndOptions {
  /** Fans to seed and split (10,000 for the whole month; the bench runs a sample). */
  fans?: number;
  /** The month the report speaks of. */
  monthFans?: number;
  /** Pies split at once (fan-work worker invocations in flight). */
  concurrency?: number;
  /** Catalogue artists the fans' listening draws from. */
  artistPool?: number;
  netCents?: number;
  progress?: (line: string) => void;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const pieDays = 30;
const playsPerDay = 40;

interface PoolArtist {
  artistId?: string;
  artistName: string;
}

const poolArtistId = (index: number) => `benchsplit${String(index).padStart(5, '0')}`;

/**
 * One fan's month: 50-300 distinct artists from the pool (a long tail: index ~ pool × u³ favours the popular ones),
 * one in twenty known only by name (an import), 40 plays a day, each artist at least once, one play in ten a skip
 * under 30 s, one track in five with a second artist.
 */
function makeFanMonth(fan: number, artistPool: number, periodStart: number): CountablePlay[] {
  const random = randomFrom(fan * 7919 + 17);
  const artistCount = 50 + Math.floor(random() * 251);
  const chosen = new Set<number>();
  while (chosen.size < artistCount) chosen.add(Math.floor(artistPool * random() ** 3));
  const artists: PoolArtist[] = [...chosen].map((index, position) =>
    position % 20 === 19
      ? { artistName: `Imported Bench Artist ${fan}-${position}` }
      : { artistId: poolArtistId(index), artistName: `Bench Artist ${index}` },
  );
  const plays: CountablePlay[] = [];
  const total = pieDays * playsPerDay;
  for (let play = 0; play < total; play += 1) {
    const main = play < artists.length ? play : Math.floor(artists.length * random() ** 2);
    const featured = random() < 0.2 ? Math.floor(random() * artists.length) : main;
    const first = artists[main] ?? artists[0];
    const second = artists[featured];
    if (!first) continue;
    plays.push({
      // Spread over the period, a minute or more inside it at both ends.
      endedAt: new Date(
        periodStart + 60_000 + Math.floor(((play + random()) * (pieDays * dayMs - 120_000)) / total),
      ).toISOString(),
      msPlayed: random() < 0.1 ? Math.floor(random() * 29_000) : 120_000 + Math.floor(random() * 180_000),
      artists: second && featured !== main ? [first, second] : [first],
    });
  }
  return plays;
}

/** One DynamoDB command's share of the split phase: calls, calls that failed (conflicts), modelled units. */
export interface CommandTally {
  calls: number;
  failed: number;
  read: number;
  write: number;
  /** Items written by the calls that succeeded. */
  items: number;
}

/** The items a successful write call wrote (a transaction's condition checks write nothing). */
function itemsWrittenBy(command: string, input: Item, output: Item): number {
  switch (command) {
    case 'PutItemCommand':
    case 'UpdateItemCommand':
    case 'DeleteItemCommand':
      return 1;
    case 'BatchWriteItemCommand': {
      const requests = Object.values(input['RequestItems'] as Record<string, Item[]>).flat();
      const unprocessed = Object.values((output['UnprocessedItems'] ?? {}) as Record<string, Item[]>).flat();
      return requests.length - unprocessed.length;
    }
    case 'TransactWriteItemsCommand':
      return ((input['TransactItems'] ?? []) as Item[]).filter((item) => !item['ConditionCheck']).length;
    default:
      return 0;
  }
}

interface CapacityLike {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

type Item = Record<string, NativeAttributeValue>;

/** An attribute value's size by AWS's rules: UTF-8 bytes of strings, about a byte per two digits of a number. */
function sizeOfValue(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace('.', '').length / 2) + 1;
  if (value instanceof Set)
    return [...(value as Set<unknown>)].reduce<number>((sum, v) => sum + sizeOfValue(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, item) => sum + 1 + sizeOfValue(item), 0);
  if (value && typeof value === 'object') return 3 + sizeOfItem(value as Item, 1);
  return 1;
}

function sizeOfItem(item: Item, perAttribute = 0): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name, 'utf8') + sizeOfValue(value) + perAttribute,
    0,
  );
}

const keyOf = (key: Item | undefined) => `${String(key?.['pk'])}|${String(key?.['sk'])}`;

/**
 * The units AWS would charge a call, from what it sent and received. `sizes` remembers the items this run put, so an
 * update is charged by the larger of the item before and after it (the values it sets stand for the after).
 */
function modelUnits(
  command: string,
  input: Item,
  output: Item,
  sizes: Map<string, number>,
): { read: number; write: number } {
  const writeUnitsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
  const readUnitsOf = (bytes: number, consistent: boolean) =>
    Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);
  const put = (item: Item) => {
    const bytes = sizeOfItem(item);
    sizes.set(keyOf(item), bytes);
    return bytes;
  };
  const update = (key: Item, values: Item | undefined) =>
    Math.max(sizes.get(keyOf(key)) ?? 0, sizeOfItem(key) + sizeOfItem(values ?? {}));
  switch (command) {
    case 'PutItemCommand':
      return { read: 0, write: writeUnitsOf(put(input['Item'] as Item)) };
    case 'UpdateItemCommand':
      return {
        read: 0,
        write: writeUnitsOf(update(input['Key'] as Item, input['ExpressionAttributeValues'] as Item)),
      };
    case 'DeleteItemCommand':
      return { read: 0, write: writeUnitsOf(sizes.get(keyOf(input['Key'] as Item)) ?? 1) };
    case 'BatchWriteItemCommand': {
      const requests = Object.values(input['RequestItems'] as Record<string, Item[]>).flat();
      const unprocessed = Object.values((output['UnprocessedItems'] ?? {}) as Record<string, Item[]>).flat();
      const written = requests.length - unprocessed.length;
      const units = requests.reduce((sum, request) => {
        const putRequest = request['PutRequest'] as { Item: Item } | undefined;
        const deleteRequest = request['DeleteRequest'] as { Key: Item } | undefined;
        const bytes = putRequest ? put(putRequest.Item) : (sizes.get(keyOf(deleteRequest?.Key)) ?? 1);
        return sum + writeUnitsOf(bytes);
      }, 0);
      // What came back unprocessed is sent again and counted then.
      return { read: 0, write: requests.length === 0 ? 0 : (units * written) / requests.length };
    }
    case 'TransactWriteItemsCommand': {
      let units = 0;
      for (const transactItem of (input['TransactItems'] ?? []) as Item[]) {
        const item = transactItem as {
          Put?: { Item: Item };
          Update?: { Key: Item; ExpressionAttributeValues?: Item };
          Delete?: { Key: Item };
          ConditionCheck?: { Key: Item };
        };
        const bytes = item.Put
          ? put(item.Put.Item)
          : item.Update
            ? update(item.Update.Key, item.Update.ExpressionAttributeValues)
            : (sizes.get(keyOf((item.Delete ?? item.ConditionCheck)?.Key)) ?? 1);
        units += 2 * writeUnitsOf(bytes);
      }
      return { read: 0, write: units };
    }
    case 'BatchGetItemCommand': {
      const requested = Object.values(
        input['RequestItems'] as Record<string, { ConsistentRead?: boolean }>,
      )[0];
      const responses = Object.values((output['Responses'] ?? {}) as Record<string, Item[]>).flat();
      const consistent = requested?.ConsistentRead === true;
      return {
        read: responses.reduce((sum, item) => sum + readUnitsOf(sizeOfItem(item), consistent), 0),
        write: 0,
      };
    }
    case 'TransactGetItemsCommand': {
      const responses = ((output['Responses'] ?? []) as { Item?: Item }[]).map((entry) => entry.Item ?? {});
      return {
        read: responses.reduce((sum, item) => sum + 2 * readUnitsOf(sizeOfItem(item), true), 0),
        write: 0,
      };
    }
    default:
      return { read: 0, write: 0 };
  }
}

/** Reads whose units DynamoDB Local reports correctly (taken as reported). */
const reportedReads = new Set(['GetItemCommand', 'QueryCommand', 'ScanCommand']);

export async function measureSplitEndToEnd({
  fans = 10_000,
  monthFans = 10_000,
  concurrency = 8,
  artistPool = 2_000,
  netCents = 941,
  progress = () => undefined,
}: SplitEndToEndOptions = {}): Promise<SplitEndToEnd> {
  if (!Number.isSafeInteger(fans) || fans < 1)
    throw new RangeError(`Fans to split: a whole number, not ${fans}`);
  const { startDynamoDbLocal, createLocalDynamoDbClient } = await import('../local/dynamodb-local');
  const { ensureTable, deleteTable } = await import('../local/table');
  const { createDocumentClient } = await import('../functions/runtime/dynamodb-client');
  const { createLogger } = await import('../functions/runtime/logger');
  const { getClock } = await import('../functions/runtime/clock');
  const { createAccount } = await import('../functions/data/accounts');
  const { buildAccount } = await import('../functions/domain/identity/account');
  const { upsertCatalogueArtists } = await import('../functions/data/catalogue/artists');
  const { putPie } = await import('../functions/data/pies');
  const { storePlays } = await import('../functions/data/listening');
  const { batchWriteAll } = await import('../functions/data/table');
  const { dailyListeningSortKey, fanPartition } = await import('../functions/data/keys');
  const { aggregateDaily } = await import('../functions/domain/listening/daily');
  const { planPieCounting, isInRanges } = await import('../functions/domain/listening/pie-listening');
  const { dayExpiryOf } = await import('../functions/domain/listening/retention');
  const { accountIdOf, platformOwner, maxPostings } = await import('../functions/domain/money/ledger');
  const { fanWalletOf } = await import('../functions/domain/money/card-payments');
  const { postTransaction, getBalance, getTransaction } = await import('../functions/services/ledger');
  const { transactionIdOf } = await import('../functions/data/ledger');
  const { resetEnvCache } = await import('../functions/runtime/env');
  const { computePieSplit } = await import('../functions/services/pie/pie-preview');
  const { fanOutPieSplits, pieSplitDependencies, splitEndedPie } =
    await import('../functions/services/pie/pie-split');

  const dynamoDbLocal = await startDynamoDbLocal({});
  const tableName = `openpie-bench-split-${Date.now()}`;
  // The local-mode configuration the worker's dependencies validate, as every test process gets it.
  process.env.TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = dynamoDbLocal.endpoint;
  await import('../test/support/env-setup');
  resetEnvCache();
  const admin = createLocalDynamoDbClient(dynamoDbLocal.endpoint);
  const client = createDocumentClient({ region: 'us-east-1', endpoint: dynamoDbLocal.endpoint });
  const spent = {
    counting: false,
    read: 0,
    write: 0,
    reportedRead: 0,
    reportedWrite: 0,
    calls: 0,
    commands: {} as Record<string, CommandTally>,
  };
  const sizes = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Item;
      input['ReturnConsumedCapacity'] = 'TOTAL';
      const command = (context.commandName ?? '').replace(/Command$/, '');
      const tally = () => (spent.commands[command] ??= { calls: 0, failed: 0, read: 0, write: 0, items: 0 });
      let result: Awaited<ReturnType<typeof next>>;
      try {
        result = await next(args);
      } catch (error) {
        // A transaction cancelled by a conflict (two splits crediting one artist) is retried by the ledger; its
        // attempt is counted as charged, which errs high.
        if (spent.counting) {
          const attempt = modelUnits(`${command}Command`, input, {}, sizes);
          tally().failed += 1;
          tally().write += attempt.write;
          spent.write += attempt.write;
        }
        throw error;
      }
      const output = result.output as Item & { ConsumedCapacity?: CapacityLike | CapacityLike[] };
      // Sizes are remembered while seeding too: a split's update of a seeded item is charged by its size.
      const modelled = modelUnits(`${command}Command`, input, output, sizes);
      if (spent.counting) {
        const reported = [output.ConsumedCapacity ?? []].flat();
        const isRead = reportedReads.has(`${command}Command`) || /Get/.test(command);
        const reportedUnits = reported.reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
        const read = reportedReads.has(`${command}Command`) ? reportedUnits : modelled.read;
        spent.calls += 1;
        if (isRead) spent.reportedRead += reportedUnits;
        else spent.reportedWrite += reportedUnits;
        spent.read += read;
        spent.write += modelled.write;
        tally().calls += 1;
        tally().read += read;
        tally().write += modelled.write;
        tally().items += itemsWrittenBy(`${command}Command`, input, output);
      }
      return result;
    },
    { step: 'initialize', name: 'countSplitCapacity' },
  );

  try {
    await ensureTable(admin, tableName);
    const table: TableRef = { client, name: tableName };
    const clock = getClock();
    const now = clock.now();
    const run = Date.now().toString(36);
    const seedStarted = performance.now();

    // ── The catalogue: the pool's artists with their popularity ──
    await upsertCatalogueArtists(
      table,
      Array.from({ length: artistPool }, (_, index) => ({
        id: poolArtistId(index),
        name: `Bench Artist ${index}`,
        popularity: Math.max(1, 100 - Math.floor((index * 100) / artistPool)),
      })),
      now,
    );
    progress(`catalogue of ${artistPool} artists written`);

    // ── The fans: account, pie, listening ──
    // Periods end within the hour before now, each at its own minute, so every pie is due and has two partial days.
    const periodEndOf = (fan: number) =>
      Math.floor(now.getTime() / 60_000) * 60_000 - hourMs + (fan % 59) * 60_000;
    const pieOf = (fan: number, fanId: string): StoredPie => {
      const periodEnd = periodEndOf(fan);
      return {
        id: `pie_bench_${run}_${fan}`,
        fanId,
        promo: false,
        status: 'open',
        inactiveReason: null,
        periodStart: new Date(periodEnd - pieDays * dayMs).toISOString(),
        periodEnd: new Date(periodEnd).toISOString(),
        pieDays,
        amountCents: 1000,
        processingFeeCents: 59,
        platformFeeCents: 1000 - 59 - netCents,
        settings: {
          artistLimit: [0, 50, 100][fan % 3] ?? 0,
          artistPopularity: [0, 50, 100][Math.floor(fan / 3) % 3] ?? 0,
          excludeNonActive: fan % 2 === 0,
        },
        inclusions: {},
        receipt: null,
        subscriptionId: `sub_bench_${run}_${fan}`,
        invoiceId: `in_bench_${run}_${fan}`,
        createdAt: new Date(periodEnd - pieDays * dayMs).toISOString(),
      };
    };
    const fanIds = Array.from({ length: fans }, (_, fan) => `bench-split-${run}-${fan}`);
    const pies: StoredPie[] = [];
    let distinctArtists = 0;
    const seedFan = async (fan: number) => {
      const fanId = fanIds[fan] ?? '';
      const account = buildAccount(
        {
          kind: 'fan',
          id: fanId,
          email: `${fanId}@bench.example`,
          firstName: 'Bench',
          lastName: `Fan ${fan}`,
          passwordHash: null,
          emailVerifiedAt: now.toISOString(),
          promoEligible: false,
        },
        now,
      );
      await createAccount(table, { ...account, email: `${fanId}@bench.example` });
      const pie = pieOf(fan, fanId);
      await putPie(table, pie);
      pies[fan] = pie;
      const plays = makeFanMonth(fan, artistPool, Date.parse(pie.periodStart));
      distinctArtists += new Set(plays.flatMap((play) => play.artists.map((artist) => artist.artistName)))
        .size;
      const plan = planPieCounting(pie.periodStart, pie.periodEnd, false);
      const partial = plays.filter((play) => isInRanges(play.endedAt, plan.playRanges));
      const whole = plan.wholeDays;
      const days = whole
        ? aggregateDaily(plays).filter((day) => day.date >= whole.first && day.date <= whole.last)
        : [];
      await batchWriteAll(
        table,
        days.map((day) => ({
          PutRequest: {
            Item: {
              pk: fanPartition(fanId),
              sk: dailyListeningSortKey(day.date),
              entity: 'daily-listening',
              v: 1,
              ...day,
              expiresAt: dayExpiryOf(day.date),
            },
          },
        })),
        { parallel: 2 },
      );
      const toStore: PlayToStore[] = partial.map((play, index) => ({
        endedAt: play.endedAt,
        msPlayed: play.msPlayed,
        trackName: `Bench Track ${index}`,
        artists: [...play.artists],
        source: 'spotify',
        identity: `${play.endedAt}#${index}`,
      }));
      await storePlays(table, fanId, toStore);
    };
    let nextFan = 0;
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        for (let fan = nextFan++; fan < fans; fan = nextFan++) {
          await seedFan(fan);
          if ((fan + 1) % 500 === 0) progress(`${fan + 1} fans seeded`);
        }
      }),
    );

    // ── The wallets: funded through the ledger, up to 999 fans a transaction ──
    const ledgerDeps = { table, clock };
    const stripeClearing = accountIdOf('stripe-clearing', platformOwner);
    const perTransaction = maxPostings - 1;
    for (let first = 0; first < fans; first += perTransaction) {
      const funded = fanIds.slice(first, first + perTransaction);
      await postTransaction(ledgerDeps, {
        kind: 'fan-payment',
        idempotencyKey: `bench-funding:${run}:${first}`,
        postings: [
          { accountId: stripeClearing, amountCents: -netCents * funded.length },
          ...funded.map((fanId) => ({ accountId: fanWalletOf(fanId), amountCents: netCents })),
        ],
        references: { bench: run },
      });
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    progress(`${fans} fans seeded in ${seedSeconds.toFixed(0)} s`);

    // The figures count only if the product reads what was seeded: the first fan's preview pays its whole net.
    const deps: PieSplitDependencies = { ...pieSplitDependencies(), table, clock };
    const firstPie = pies[0];
    if (!firstPie) throw new Error('The bench seeded no pie');
    const preview = await computePieSplit({ table, clock }, firstPie);
    const previewCents = preview.split.included.map((artist) => artist.cents).sort((a, b) => b - a);
    if (preview.split.allocatedCents !== netCents || preview.split.included.length === 0) {
      throw new Error(
        `The bench's first pie previews ${preview.split.allocatedCents} cents, not ${netCents}`,
      );
    }

    // ── The split: the fan-out, then the worker on every message, `concurrency` at once ──
    const log = createLogger('silent');
    const messages: PieSplitMessage[] = [];
    spent.counting = true;
    const cpuStarted = process.cpuUsage();
    const fanOutStarted = performance.now();
    await fanOutPieSplits(
      { table, queue: { sendAll: (sent) => Promise.resolve(void messages.push(...sent)) } },
      { runId: `bench-${run}`, log, now: clock.now() },
    );
    const fanOutSeconds = (performance.now() - fanOutStarted) / 1000;
    if (messages.length !== fans)
      throw new Error(`The fan-out sent ${messages.length} messages for ${fans} pies`);
    progress(`fan-out: ${messages.length} messages in ${fanOutSeconds.toFixed(1)} s`);
    const outcomes: Record<string, number> = {};
    let paidArtists = 0;
    const splitStarted = performance.now();
    let nextMessage = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let index = nextMessage++; index < messages.length; index = nextMessage++) {
          const message = messages[index];
          if (!message) continue;
          const result = await splitEndedPie(deps, message.pieId, { log });
          outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
          if (result.outcome === 'split') paidArtists += result.artistCount;
          if ((index + 1) % 250 === 0) progress(`${index + 1} pies split`);
        }
      }),
    );
    const splitSeconds = (performance.now() - splitStarted) / 1000;
    const cpu = process.cpuUsage(cpuStarted);
    spent.counting = false;

    // The money landed: every pie split, each wallet spent its net, and the first receipt pays what was previewed.
    if ((outcomes['split'] ?? 0) !== fans) {
      throw new Error(`Not every bench pie was split: ${JSON.stringify(outcomes)}`);
    }
    for (const fanId of [fanIds[0], fanIds[fans - 1]]) {
      const balance = await getBalance(ledgerDeps, fanWalletOf(fanId ?? ''));
      if (balance !== 0)
        throw new Error(`The bench wallet of ${fanId} holds ${balance} cents after its split`);
    }
    const again = await splitEndedPie(deps, firstPie.id, { log });
    if (again.outcome !== 'already_split')
      throw new Error(`A second split of a pie answered ${again.outcome}`);
    // The ledger's split transaction credits each artist the cents the preview showed (its accounts name artists
    // in the ledger's own way, so the credits are compared as amounts, largest first).
    const posted = await getTransaction(ledgerDeps, transactionIdOf(`split:${firstPie.id}`));
    const credited = (posted?.postings ?? [])
      .filter((posting) => posting.amountCents > 0)
      .map((posting) => posting.amountCents)
      .sort((a, b) => b - a);
    if (credited.join(',') !== previewCents.join(',')) {
      throw new Error('The bench pie was not split as it was previewed');
    }

    const busySeconds = fanOutSeconds + splitSeconds;
    const itemsWritten = Object.values(spent.commands).reduce((sum, tally) => sum + tally.items, 0);
    const transactions = spent.commands['TransactWriteItems'];
    const itemsPerTransaction =
      transactions && transactions.calls > 0 ? transactions.items / transactions.calls : 0;
    // The raw limit, on the same table through the same client, as many calls at once as the splits ran, about as
    // many items as the splits wrote (at most 20,000, so a long run stays short).
    const { measureRawWrites } = await import('./dynamodb-raw-writes');
    const rawItems = Math.min(20_000, Math.max(2_000, itemsWritten));
    const rawTransact = await measureRawWrites(table, {
      kind: 'transact-write',
      itemsPerCall: Math.max(1, Math.min(100, Math.round(itemsPerTransaction))),
      parallel: concurrency,
      items: rawItems,
    });
    const rawBatch = await measureRawWrites(table, {
      kind: 'batch-write',
      itemsPerCall: 25,
      parallel: concurrency,
      items: rawItems,
    });
    const workerSecondsPerFan = (splitSeconds * concurrency + fanOutSeconds) / fans;
    const readUnitsPerFan = spent.read / fans;
    const writeUnitsPerFan = spent.write / fans;
    const dynamoDb =
      readUnitsPerFan * awsPrices.readRequestUnit + writeUnitsPerFan * awsPrices.writeRequestUnit;
    const lambda = workerSecondsPerFan * lambdaMemoryGb * awsPrices.lambdaGbSecond + awsPrices.lambdaRequest;
    const sqs = sqsRequestsPerPie * awsPrices.sqsRequest;
    const ses = awsPrices.sesMail;
    return {
      fans,
      monthFans,
      concurrency,
      artistsPerFan: distinctArtists / fans,
      paidArtistsPerFan: paidArtists / fans,
      seedSeconds,
      fanOutSeconds,
      splitSeconds,
      fansPerSecond: fans / busySeconds,
      workerSecondsPerFan,
      cpuMsPerFan: (cpu.user + cpu.system) / 1000 / fans,
      readUnitsPerFan,
      writeUnitsPerFan,
      reportedReadUnitsPerFan: spent.reportedRead / fans,
      reportedWriteUnitsPerFan: spent.reportedWrite / fans,
      callsPerFan: spent.calls / fans,
      cost: { dynamoDb, lambda, sqs, ses, total: dynamoDb + lambda + sqs + ses },
      outcomes,
      commandsPerFan: Object.fromEntries(
        Object.entries(spent.commands).map(([command, tally]) => [
          command,
          {
            calls: tally.calls / fans,
            failed: tally.failed / fans,
            read: tally.read / fans,
            write: tally.write / fans,
            items: tally.items / fans,
          },
        ]),
      ),
      itemsWrittenPerSecond: itemsWritten / busySeconds,
      itemsPerTransaction,
      rawTransact,
      rawBatch,
    };
  } finally {
    await deleteTable(admin, tableName).catch(() => undefined);
    client.destroy();
    admin.destroy();
    await dynamoDbLocal.stop();
  }
}

/** `npx tsx bench/split-end-to-end.ts [fans]`: this measurement alone, e.g. the whole 10,000-fan month. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fans = Number(process.argv[2] ?? 10_000);
  if (!Number.isSafeInteger(fans) || fans < 1)
    throw new Error(`Fans: a whole number, not ${process.argv[2]}`);
  const result = await measureSplitEndToEnd({ fans, progress: (line) => console.log(`  ${line}`) });
  console.log(JSON.stringify(result, null, 2));
}
