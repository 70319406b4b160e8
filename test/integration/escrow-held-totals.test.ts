// The artists' held totals (docs/decisions/041-staff-escrow-and-wallet-transactions.md) on DynamoDB Local: after any
// sequence of lots put, returned, released, taken back (in part or whole) and moved from a name to an artist, some of
// them at once and some with a stale read that the lot refuses, every artist's total (cents and lots) equals its held
// lots; two writes at once on one artist both count; the backfill sets totals for lots held before the totals existed
// and, run twice, leaves the same totals; the reconciliation's escrow check finds a total that drifted. The writes are
// the very items the services put in their TransactWriteItems beside the ledger move (the ledger side is proven by
// their own tests). The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TransactionItem } from '../../functions/data/table';
import { cancelledTransaction, transact } from '../../functions/data/table';
import type { EscrowLot } from '../../functions/domain/money/escrow';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { testTable } from '../support/test-table';

const { client } = testTable();

const table = testTable();
const at = new Date('2026-11-27T12:00:00.000Z');

/** Every request the table's client sends while `counting`, by command. */
const sent = { counting: false, requests: [] as string[] };
client.middlewareStack.add(
  (next, context) => async (args) => {
    if (sent.counting) sent.requests.push(context.commandName ?? 'unknown');
    return next(args);
  },
  { step: 'initialize', name: 'countEscrowLotRequests' },
);

async function requestsOf<T>(work: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
  sent.requests = [];
  sent.counting = true;
  try {
    return { result: await work(), requests: sent.requests };
  } finally {
    sent.counting = false;
  }
}

async function lotsModule() {
  return import('../../functions/data/escrow-lots');
}
async function heldModule() {
  return import('../../functions/data/escrow-held');
}

function lotOf(run: string, pie: number, artistKey: string, cents: number, fan = pie % 3): EscrowLot {
  const month = String(1 + (pie % 9)).padStart(2, '0');
  return {
    pieId: `${run}-pie-${pie}`,
    fanId: `${run}-fan-${fan}`,
    artistKey,
    artistId: artistKey.startsWith('id:') ? artistKey.slice(3) : null,
    artistName: artistKey.slice(artistKey.indexOf(':') + 1),
    accountId: artistKey.startsWith('id:')
      ? accountIdOf('artist-earnings', artistKey.slice(3))
      : accountIdOf('artist-name-earnings', artistKey.slice(5).replaceAll(' ', '-')),
    cents,
    status: 'held',
    heldFrom: `2026-${month}-0${1 + (pie % 7)}T10:00:00.000Z`,
    heldUntil: `2027-${month}-0${1 + (pie % 7)}T10:00:00.000Z`,
  };
}

/** Sends one write; true when written, false when one of its items refused it (a lot changed since it was read). */
async function send(items: TransactionItem[]): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await transact(table, { items });
      return true;
    } catch (error) {
      const cancelled = cancelledTransaction(error);
      if (!cancelled) throw error;
      if (cancelled.conflicted && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
        continue;
      }
      if (!cancelled.conflicted && cancelled.conditionsFailed.length > 0) return false;
      throw error;
    }
  }
}

/** What is held per artist key, from the lots themselves (consistent reads of each pie's lots). */
async function heldFromLots(
  pieIds: readonly string[],
): Promise<Map<string, { cents: number; lots: number }>> {
  const { listPieLots } = await lotsModule();
  const held = new Map<string, { cents: number; lots: number }>();
  for (const pieId of pieIds) {
    for (const lot of await listPieLots(table, pieId)) {
      if (lot.status !== 'held') continue;
      const sum = held.get(lot.artistKey) ?? { cents: 0, lots: 0 };
      sum.cents += lot.cents;
      sum.lots += 1;
      held.set(lot.artistKey, sum);
    }
  }
  return held;
}

/** The held totals of these artist keys (zero where none). */
async function totalsOf(
  artistKeys: readonly string[],
): Promise<Map<string, { cents: number; lots: number }>> {
  const { listHeldTotals } = await heldModule();
  const all = new Map((await listHeldTotals(table)).map((total) => [total.artistKey, total] as const));
  return new Map(
    artistKeys.map((key) => {
      const total = all.get(key);
      return [key, { cents: total?.heldCents ?? 0, lots: total?.lots ?? 0 }] as const;
    }),
  );
}

function withZeros(
  artistKeys: readonly string[],
  held: Map<string, { cents: number; lots: number }>,
): Map<string, { cents: number; lots: number }> {
  return new Map(artistKeys.map((key) => [key, held.get(key) ?? { cents: 0, lots: 0 }] as const));
}

const operation = fc.oneof(
  fc.record({
    type: fc.constant('put' as const),
    pie: fc.integer({ min: 0, max: 2 }),
    artist: fc.integer({ min: 0, max: 2 }),
    cents: fc.integer({ min: 1, max: 900 }),
  }),
  fc.record({
    type: fc.constantFrom('return' as const, 'stale-return' as const),
    pie: fc.integer({ min: 0, max: 2 }),
    artist: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ type: fc.constant('release' as const), artist: fc.integer({ min: 0, max: 2 }) }),
  fc.record({
    type: fc.constant('take-back' as const),
    pie: fc.integer({ min: 0, max: 2 }),
    // Whole (1) as often as in part
    share: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
  }),
  fc.record({ type: fc.constant('move' as const) }),
);
/** Each batch runs at once; batches run one after another. */
const batches = fc.array(fc.array(operation, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 6 });

describe('held totals', () => {
  it('equal the held lots after any sequence of puts, returns, releases, take-backs and moves, some at once', async () => {
    const { putEscrowLots, getEscrowLot, listPieLots, buildReturnLotItems, buildReleaseLotItems } =
      await lotsModule();
    const { buildTakeBackLotItems, buildMoveLotItems } = await lotsModule();
    await fc.assert(
      fc.asyncProperty(batches, async (plan) => {
        // Prepare: artists of this run only: a name heard alone (moved to artist 0 by `move`) and two catalogue artists
        const run = randomUUID();
        const keys = [`id:${run}-a`, `id:${run}-b`, `name:${run} heard alone`];
        const target = keys[0] ?? '';
        const pieIds = [0, 1, 2].map((pie) => `${run}-pie-${pie}`);
        const read = (pie: number, artist: number) =>
          getEscrowLot(table, pieIds[pie] ?? '', keys[artist] ?? '');
        // Act
        for (const batch of plan) {
          await Promise.all(
            batch.map(async (op) => {
              switch (op.type) {
                case 'put':
                  await putEscrowLots(table, [lotOf(run, op.pie, keys[op.artist] ?? '', op.cents)]);
                  return;
                case 'return':
                case 'stale-return': {
                  const lot = await read(op.pie, op.artist);
                  if (lot?.status !== 'held') return;
                  // A stale read: the lot's cents changed since (a take-back), so the lot refuses the write.
                  const seen = op.type === 'stale-return' ? { ...lot, cents: lot.cents + 1 } : lot;
                  await send(buildReturnLotItems(table, seen, at));
                  return;
                }
                case 'release': {
                  const lots = (await Promise.all(pieIds.map((_, pie) => read(pie, op.artist)))).filter(
                    (lot): lot is EscrowLot => lot?.status === 'held',
                  );
                  if (lots.length > 0)
                    await send(buildReleaseLotItems(table, lots, `${run}-office`, at, 'claim'));
                  return;
                }
                case 'take-back': {
                  const lots = (await listPieLots(table, pieIds[op.pie] ?? '')).filter(
                    (lot) => lot.status === 'held' && lot.cents > 0,
                  );
                  const takes = lots.map((lot) => ({
                    pieId: lot.pieId,
                    artistKey: lot.artistKey,
                    cents: Math.max(1, Math.round(lot.cents * op.share)),
                    lotCentsBefore: lot.cents,
                  }));
                  if (takes.length > 0) await send(buildTakeBackLotItems(table, takes, at));
                  return;
                }
                case 'move': {
                  const moves = (
                    await Promise.all(
                      pieIds.map(async (_, pie) => ({
                        lot: await read(pie, 2),
                        existing: await read(pie, 0),
                      })),
                    )
                  ).filter(
                    (move): move is { lot: EscrowLot; existing: EscrowLot | null } =>
                      move.lot?.status === 'held' &&
                      move.lot.cents > 0 &&
                      move.existing?.status !== 'released',
                  );
                  const movable = moves.filter(
                    (move) => move.existing === null || move.existing.status === 'held',
                  );
                  if (movable.length === 0) return;
                  await send(
                    buildMoveLotItems(
                      table,
                      movable,
                      {
                        artistKey: target,
                        artistId: target.slice(3),
                        artistName: 'A',
                        accountId: accountIdOf('artist-earnings', target.slice(3)),
                      },
                      at,
                    ),
                  );
                  return;
                }
              }
            }),
          );
        }
        // Assess
        expect(await totalsOf(keys)).toEqual(withZeros(keys, await heldFromLots(pieIds)));
      }),
      { numRuns: 40 },
    );
  });

  it('counts two writes on one artist at once, and a lot put twice at once once', async () => {
    // Prepare
    const { putEscrowLots, buildReturnLotItems, buildTakeBackLotItems } = await lotsModule();
    const run = randomUUID();
    const key = `id:${run}`;
    const lots = Array.from({ length: 12 }, (_, pie) => lotOf(run, pie, key, 100 + pie));
    await putEscrowLots(table, lots.slice(0, 6));
    const pieIds = lots.map((lot) => lot.pieId);
    // Act: six puts (each twice at once), three returns and three take-backs of the first six, all at once
    const [first, second, third, fourth, fifth, sixth] = lots;
    if (!first || !second || !third || !fourth || !fifth || !sixth) throw new Error('no lots');
    const written = await Promise.all([
      putEscrowLots(table, lots.slice(6)),
      putEscrowLots(table, lots.slice(6)),
      send(buildReturnLotItems(table, first, at)),
      send(buildReturnLotItems(table, second, at)),
      send(buildReturnLotItems(table, third, at)),
      send(buildTakeBackLotItems(table, [{ ...fourth, lotCentsBefore: fourth.cents }], at)),
      send(buildTakeBackLotItems(table, [{ ...fifth, cents: 10, lotCentsBefore: fifth.cents }], at)),
      send(buildTakeBackLotItems(table, [{ ...sixth, cents: 20, lotCentsBefore: sixth.cents }], at)),
      // The same return twice at once: the lot leaves `held` once, so one is refused and its total counts once.
      send(buildReturnLotItems(table, first, at)),
    ]);
    // Assess
    expect(Number(written[0]) + Number(written[1])).toBe(6);
    expect(written.slice(3, 8)).toEqual([true, true, true, true, true]);
    expect([written[2], written[8]].filter(Boolean)).toHaveLength(1);
    const expected = withZeros([key], await heldFromLots(pieIds));
    expect(expected.get(key)).toEqual({
      cents: lots.slice(6).reduce((sum, lot) => sum + lot.cents, 0) + (104 - 10) + (105 - 20),
      lots: 8,
    });
    expect(await totalsOf([key])).toEqual(expected);
  });

  it("writes a pie's 120 lots in 3 writes, and after a crash that wrote some of them the rest once", async () => {
    // Prepare: one pie's lots, each of another artist; a crash left the first write's 50 lots and, of the others,
    // every seventh (written by a second worker that packed them otherwise)
    const { putEscrowLots, lotsPerWrite } = await lotsModule();
    const run = randomUUID();
    const keys = Array.from({ length: 120 }, (_, artist) => `id:${run}-${artist}`);
    const lots = keys.map((key, artist) => ({ ...lotOf(run, 0, key, 10 + artist), pieId: `${run}-pie` }));
    const crashed = randomUUID();
    const crashedLots = keys.map((key, artist) => ({
      ...lotOf(run, 0, key, 10 + artist),
      pieId: `${crashed}-pie`,
    }));
    const leftByCrash = crashedLots.filter((_, index) => index < lotsPerWrite || index % 7 === 0);
    await putEscrowLots(table, leftByCrash);
    // Act
    const fresh = await requestsOf(() => putEscrowLots(table, lots));
    const resumed = await putEscrowLots(table, crashedLots);
    const again = await putEscrowLots(table, crashedLots);
    // Assess
    expect(fresh.result).toBe(120);
    expect(fresh.requests).toEqual(Array.from({ length: 3 }, () => 'TransactWriteItemsCommand'));
    expect(resumed).toBe(120 - leftByCrash.length);
    expect(again).toBe(0);
    const held = await heldFromLots([`${run}-pie`, `${crashed}-pie`]);
    expect(held.get(keys[119] ?? '')).toEqual({ cents: 2 * 129, lots: 2 });
    expect(await totalsOf(keys)).toEqual(withZeros(keys, held));
  });

  it("moves a name's lots to an artist: into the pie's lot of the artist, and as a new lot", async () => {
    // Prepare: two pies hold the name; one of them the artist too
    const { putEscrowLots, getEscrowLot, buildMoveLotItems } = await lotsModule();
    const run = randomUUID();
    const name = `name:${run} alone`;
    const artist = `id:${run}`;
    await putEscrowLots(table, [
      lotOf(run, 0, name, 100),
      lotOf(run, 1, name, 200),
      lotOf(run, 0, artist, 50),
    ]);
    const moves = await Promise.all(
      [0, 1].map(async (pie) => ({
        lot: (await getEscrowLot(table, `${run}-pie-${pie}`, name)) as EscrowLot,
        existing: await getEscrowLot(table, `${run}-pie-${pie}`, artist),
      })),
    );
    // Act
    const written = await send(
      buildMoveLotItems(
        table,
        moves,
        { artistKey: artist, artistId: run, artistName: 'A', accountId: accountIdOf('artist-earnings', run) },
        at,
      ),
    );
    // Assess
    expect(written).toBe(true);
    const expected = new Map([
      [name, { cents: 0, lots: 0 }],
      [artist, { cents: 350, lots: 2 }],
    ]);
    expect(withZeros([name, artist], await heldFromLots([`${run}-pie-0`, `${run}-pie-1`]))).toEqual(expected);
    expect(await totalsOf([name, artist])).toEqual(expected);
  });

  it('backfills totals for lots held before them, and a second run leaves the same totals', async () => {
    // Prepare: lots held with no total (put as the split did before the totals), and one total that drifted
    const { repairHeldTotals, sumHeldTotalParts, listHeldTotalParts } = await heldModule();
    const { putEscrowLots } = await lotsModule();
    const { escrowHeldTotalKey, heldTotalShards } = await import('../../functions/data/keys');
    const run = randomUUID();
    const old = `name:${run} old`;
    const drifted = `id:${run}`;
    const lots = [
      ...[0, 1, 2, 3].map((pie) => lotOf(run, pie, old, 50 + pie)),
      ...[4, 5].map((pie) => lotOf(run, pie, drifted, 300)),
    ];
    await putEscrowLots(table, lots);
    for (let shard = 0; shard < heldTotalShards; shard += 1) {
      await client.send(new DeleteCommand({ TableName: table.name, Key: escrowHeldTotalKey(shard, old) }));
    }
    await client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: escrowHeldTotalKey(3, drifted),
        UpdateExpression: 'ADD heldCents :c, lots :l SET artistKey = :k',
        ExpressionAttributeValues: { ':c': 7, ':l': 1, ':k': drifted },
      }),
    );
    const pieIds = lots.map((lot) => lot.pieId);
    const before = await totalsOf([old, drifted]);
    // Act
    const firstRun = await repairHeldTotals(table);
    const afterFirst = await totalsOf([old, drifted]);
    const secondRun = await repairHeldTotals(table);
    const partsAfterSecond = (await listHeldTotalParts(table)).filter((part) => part.artistKey.includes(run));
    // Assess
    expect(before).toEqual(
      new Map([
        [old, { cents: 0, lots: 0 }],
        [drifted, { cents: 607, lots: 3 }],
      ]),
    );
    expect(firstRun.repaired).toBeGreaterThanOrEqual(2);
    expect(afterFirst).toEqual(withZeros([old, drifted], await heldFromLots(pieIds)));
    expect(afterFirst.get(old)).toEqual({ cents: 50 + 51 + 52 + 53, lots: 4 });
    expect(secondRun.repaired).toBe(0);
    expect(await totalsOf([old, drifted])).toEqual(afterFirst);
    const named = sumHeldTotalParts(partsAfterSecond).find((total) => total.artistKey === old);
    expect(named?.artistName).toBe(`${run} old`);
  });

  it('runs the backfill once from the first read of the escrow list, marked done', async () => {
    // Prepare: a lot held with no total
    const { backfillHeldTotals } = await import('../../functions/services/admin/escrow');
    const { isHeldTotalsBackfilled } = await heldModule();
    const { escrowHeldTotalsBackfillKey } = await import('../../functions/data/keys');
    const { escrowLotKey } = await import('../../functions/data/keys');
    const run = randomUUID();
    const lot = lotOf(run, 0, `id:${run}`, 420);
    await client.send(new DeleteCommand({ TableName: table.name, Key: escrowHeldTotalsBackfillKey }));
    await client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...escrowLotKey(lot.pieId, lot.artistKey),
          entity: 'escrow-lot',
          v: 1,
          ...lot,
          gsi1pk: `ESCROW_ARTIST#${lot.artistKey}`,
          gsi1sk: `${lot.heldUntil}#${lot.pieId}#${lot.artistKey}`,
          gsi2pk: 'ESCROW_HELD#0',
          gsi2sk: `${lot.heldUntil}#${lot.pieId}#${lot.artistKey}`,
        },
      }),
    );
    const deps = { table, clock: { now: () => at } };
    // Act
    const first = await backfillHeldTotals(deps);
    const second = await backfillHeldTotals(deps);
    // Assess
    expect(first?.repaired).toBeGreaterThanOrEqual(1);
    expect(second).toBeNull();
    expect(await isHeldTotalsBackfilled(table)).toBe(true);
    expect(await totalsOf([lot.artistKey])).toEqual(new Map([[lot.artistKey, { cents: 420, lots: 1 }]]));
  });
});
