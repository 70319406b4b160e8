// The ledger's throughput and write cost (docs/decisions/019-ledger.md, issue #11): transactions per second through
// the ledger service on DynamoDB Local, one after another and a few at once, and the write capacity units a
// transaction costs as DynamoDB reports them with ReturnConsumedCapacity. Two shapes: a fan payment (2 postings: the
// fan's wallet credited from Stripe clearing) and a split (60 postings: one wallet debit, 59 artist credits, written
// in two chunks through the transaction's clearing account).
//
// DynamoDB Local's ReturnConsumedCapacity is wrong for TransactWriteItems: it answers 4 units for a transaction of 1,
// 2, 3 or 5 small items alike (AWS charges 2 per item per started KB). Both figures are kept: what Local reports, and
// the units AWS would charge, modelled from the items each successful call actually sent (their sizes by AWS's
// item-size rules; an update is charged by the larger of the item before and after, known here for the items this
// run put and small for the balance items).
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AccountId, Posting } from '../functions/domain/money/ledger';

export interface LedgerRun {
  transactions: number;
  /** How many transactions were in flight at once. */
  concurrency: number;
  transactionsPerSecond: number;
  /** Write units DynamoDB Local reported for the run's successful writes, per transaction. */
  reportedWriteUnitsPerTransaction: number;
  /** Write request units AWS would charge for the items written, per transaction (see above). */
  modelledWriteUnitsPerTransaction: number;
  /** TransactWriteItems calls per transaction: chunks, plus the retries that TransactionConflict forced. */
  callsPerTransaction: number;
}

export interface LedgerThroughput {
  payment: { sequential: LedgerRun; concurrent: LedgerRun };
  split: { sequential: LedgerRun; concurrent: LedgerRun };
}

interface CapacityLike {
  CapacityUnits?: number;
  WriteCapacityUnits?: number;
}

const paymentCents = 1000;
const artistsInSplit = 59;
const centsPerArtist = 100;

export async function measureLedgerThroughput({
  payments = 200,
  splits = 40,
  concurrency = 4,
}: { payments?: number; splits?: number; concurrency?: number } = {}): Promise<LedgerThroughput> {
  const { startDynamoDbLocal, createLocalDynamoDbClient } = await import('../local/dynamodb-local');
  const { ensureTable, deleteTable } = await import('../local/table');
  const { createDocumentClient } = await import('../functions/runtime/dynamodb-client');
  const { createFixedClock } = await import('../functions/runtime/clock');
  const { accountIdOf, platformOwner } = await import('../functions/domain/money/ledger');
  const { postTransaction, getBalance } = await import('../functions/services/ledger');

  const dynamoDbLocal = await startDynamoDbLocal({});
  const tableName = `openpie-bench-ledger-${Date.now()}`;
  const admin = createLocalDynamoDbClient(dynamoDbLocal.endpoint);
  const client = createDocumentClient({ region: 'us-east-1', endpoint: dynamoDbLocal.endpoint });
  // Every call asks for its consumed capacity; the ledger's own code is measured unchanged.
  const spent = { writeUnits: 0, modelledUnits: 0, transactCalls: 0 };
  const sizes = new Map<string, number>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>)['ReturnConsumedCapacity'] = 'TOTAL';
      // The document client's commands run under the low-level client's names; the input is not marshalled yet.
      const isTransactWrite = context.commandName === 'TransactWriteItemsCommand';
      if (isTransactWrite) spent.transactCalls += 1;
      const result = await next(args);
      const reported = (result.output as { ConsumedCapacity?: CapacityLike | CapacityLike[] })
        .ConsumedCapacity;
      if (isTransactWrite)
        spent.modelledUnits += modelTransactionUnits(args.input as TransactWriteCommandInput, sizes);
      if (isWrite(context.commandName)) {
        for (const entry of [reported ?? []].flat())
          spent.writeUnits += entry.WriteCapacityUnits ?? entry.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'countLedgerCapacity' },
  );
  try {
    await ensureTable(admin, tableName);
    const deps = { table: { client, name: tableName }, clock: createFixedClock(new Date()) };
    const stripeClearing = accountIdOf('stripe-clearing', platformOwner);
    const run = Date.now().toString(36);
    const walletOf = (fan: string) => accountIdOf('fan-wallet', `bench-${run}-${fan}`);
    const artists = Array.from({ length: artistsInSplit }, (_, index) =>
      accountIdOf('artist-earnings', `bench-${run}-artist-${index}`),
    );

    const post = async (kind: 'fan-payment' | 'split', key: string, postings: Posting[]) => {
      const posted = await postTransaction(deps, { kind, idempotencyKey: key, postings });
      if (!posted.written) throw new Error(`The bench's transaction ${key} was not new`);
    };
    const payment = (fan: string): Posting[] => [
      { accountId: stripeClearing, amountCents: -paymentCents },
      { accountId: walletOf(fan), amountCents: paymentCents },
    ];
    const split = (fan: string): Posting[] => [
      { accountId: walletOf(fan), amountCents: -artistsInSplit * centsPerArtist },
      ...artists.map((accountId) => ({ accountId, amountCents: centsPerArtist })),
    ];

    /** Posts `count` transactions, `width` at a time, and answers the run's rate and cost per transaction. */
    const measure = async (
      count: number,
      width: number,
      postOne: (index: number) => Promise<void>,
    ): Promise<LedgerRun> => {
      Object.assign(spent, { writeUnits: 0, modelledUnits: 0, transactCalls: 0 });
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: width }, async () => {
          for (let index = next++; index < count; index = next++) await postOne(index);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return {
        transactions: count,
        concurrency: width,
        transactionsPerSecond: count / seconds,
        reportedWriteUnitsPerTransaction: spent.writeUnits / count,
        modelledWriteUnitsPerTransaction: spent.modelledUnits / count,
        callsPerTransaction: spent.transactCalls / count,
      };
    };

    // A few unmeasured payments warm the client's connections and DynamoDB Local's JIT.
    for (let index = 0; index < 10; index += 1)
      await post('fan-payment', `warm-${run}-${index}`, payment(`warm-${index}`));

    const payments1 = await measure(payments, 1, (i) =>
      post('fan-payment', `pay-${run}-s-${i}`, payment(`s-${i}`)),
    );
    const payments4 = await measure(payments, concurrency, (i) =>
      post('fan-payment', `pay-${run}-c-${i}`, payment(`c-${i}`)),
    );
    // Each split spends a wallet funded by the payments above: 1,000 cents in, 5,900 out needs six payments more.
    const fund = async (fan: string) => {
      for (let top = 0; top < 5; top += 1)
        await post('fan-payment', `top-${run}-${fan}-${top}`, payment(fan));
    };
    for (let i = 0; i < splits; i += 1) {
      await fund(`s-${i}`);
      await fund(`c-${i}`);
    }
    const splits1 = await measure(splits, 1, (i) => post('split', `split-${run}-s-${i}`, split(`s-${i}`)));
    const splits4 = await measure(splits, concurrency, (i) =>
      post('split', `split-${run}-c-${i}`, split(`c-${i}`)),
    );

    // The figures count only if the money landed: every artist got its cent share of every split.
    const expectedArtist = 2 * splits * centsPerArtist;
    for (const accountId of artists) {
      const balance = await getBalance(deps, accountId as AccountId);
      if (balance !== expectedArtist)
        throw new Error(`The bench's ${accountId} holds ${balance} cents, not ${expectedArtist}`);
    }
    const paid = (10 + 2 * payments + 2 * splits * 5) * paymentCents;
    const clearing = await getBalance(deps, stripeClearing);
    if (clearing !== -paid)
      throw new Error(`The bench's Stripe clearing holds ${clearing} cents, not ${-paid}`);

    return {
      payment: { sequential: payments1, concurrent: payments4 },
      split: { sequential: splits1, concurrent: splits4 },
    };
  } finally {
    await deleteTable(admin, tableName).catch(() => undefined);
    client.destroy();
    admin.destroy();
    await dynamoDbLocal.stop();
  }
}

function isWrite(commandName: string | undefined): boolean {
  return /^(Transact)?(Write|Put|Update|Delete|BatchWrite)/.test(commandName ?? '');
}

/** An attribute value's size by AWS's rules: UTF-8 bytes of strings, about a byte per two digits of a number. */
function sizeOfValue(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace('.', '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, item) => sum + 1 + sizeOfValue(item), 0);
  if (value && typeof value === 'object') return 3 + sizeOfItem(value as Record<string, unknown>, 1);
  return 1;
}

function sizeOfItem(item: Record<string, unknown>, perAttribute = 0): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name, 'utf8') + sizeOfValue(value) + perAttribute,
    0,
  );
}

/** 2 write request units per started KB of each item, as AWS charges a TransactWriteItems. */
function modelTransactionUnits(input: TransactWriteCommandInput, sizes: Map<string, number>): number {
  const keyOf = (key: Record<string, unknown> | undefined) => `${String(key?.['pk'])}|${String(key?.['sk'])}`;
  let units = 0;
  for (const item of input.TransactItems ?? []) {
    let bytes: number;
    if (item.Put) {
      bytes = sizeOfItem(item.Put.Item ?? {});
      sizes.set(keyOf(item.Put.Item), bytes);
    } else if (item.Update) {
      // The item after the update: what was put before, or else its key and the values the update sets.
      const set = sizeOfItem(item.Update.Key ?? {}) + sizeOfItem(item.Update.ExpressionAttributeValues ?? {});
      bytes = Math.max(sizes.get(keyOf(item.Update.Key)) ?? 0, set);
    } else {
      bytes = sizes.get(keyOf((item.Delete ?? item.ConditionCheck)?.Key)) ?? 1;
    }
    units += 2 * Math.max(1, Math.ceil(bytes / 1024));
  }
  return units;
}
