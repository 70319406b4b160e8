// The end-of-period split on DynamoDB Local (docs/decisions/023-the-split-run-and-escrow.md): the
// fan-out through the due index, the four steps of `splitEndedPie` (receipt, ledger, escrow lots, mark + mail), run
// twice, concurrently, after a crash inside the ledger's chunks and between steps, with a short wallet, with nothing
// to split, for a pie whose renewal failed and one that was refunded; and GET /api/pie/pie/{id}, the receipt in the
// preview's shape, equal to the preview taken just before the period ended. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PieSummary } from '../../functions/contracts/payments';
import type { PieDetail } from '../../functions/contracts/pie';
import type { PieSettings, StoredPie } from '../../functions/data/pies';
import type { PlayToStore } from '../../functions/domain/listening/plays';
import type { AccountId } from '../../functions/domain/money/ledger';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { givenOpenPie } from '../support/factories/funding';
import { testTable } from '../support/test-table';
import { createLogger } from '../../functions/runtime/logger';
import type {
  PieSplitDependencies,
  PieSplitMessage,
  SplitStep,
} from '../../functions/services/pie/pie-split';
import { call, createSignedInAccount, dataOf, readOutbox } from '../support/identity';

const table = testTable;
const log = createLogger('silent');

const periodStart = new Date('2026-10-01T15:00:00.000Z');
const periodEnd = '2026-10-31T15:00:00.000Z';
/** An hour after the period: when the hourly job finds it. */
const splitAt = new Date('2026-10-31T16:00:00.000Z');
const noTilt: PieSettings = { artistLimit: 0, artistPopularity: 0, excludeNonActive: false };
const stripeClearing = accountIdOf('stripe-clearing', 'platform');
const processingFees = accountIdOf('processing-fees', 'platform');

const loadSplit = () => import('../../functions/services/pie/pie-split');
const loadLedger = () => import('../../functions/services/ledger');

function splitDeps(at: Date = splitAt, extra: Partial<PieSplitDependencies> = {}): PieSplitDependencies {
  return {
    table: table(),
    clock: createFixedClock(at),
    siteOrigin: 'http://localhost:3000',
    escrowHoldingMonths: 12,
    ...extra,
  };
}

const walletOf = (fanId: string) => accountIdOf('fan-wallet', fanId);

/** The money of a paid $`gross` pie as money-in books it: the gross into the wallet, Stripe's fee out of it. */
/** A payment of `grossCents` into an account of the fan's wallet (a pie's money, or the free credit), less its fee. */
async function fundAccount(accountId: AccountId, grossCents: number, feeCents: number) {
  const { postTransaction } = await loadLedger();
  const deps = { table: table(), clock: createFixedClock(periodStart) };
  const key = randomUUID();
  await postTransaction(deps, {
    kind: 'fan-payment',
    idempotencyKey: `fan-payment:${key}`,
    postings: [
      { accountId, amountCents: grossCents },
      { accountId: stripeClearing, amountCents: -grossCents },
    ],
  });
  if (feeCents > 0) {
    await postTransaction(deps, {
      kind: 'processing-fee',
      idempotencyKey: `processing-fee:${key}`,
      postings: [
        { accountId, amountCents: -feeCents },
        { accountId: processingFees, amountCents: feeCents },
      ],
    });
  }
}

async function openTestPie(
  fanId: string,
  options: { amountCents?: number; feeCents?: number; subscriptionId?: string | null; start?: Date } = {},
): Promise<StoredPie> {
  const { openPie } = await import('../../functions/services/payments/pies');
  const amountCents = options.amountCents ?? 1000;
  const feeCents = options.feeCents ?? 59;
  const pieId = `pie_${randomUUID().replaceAll('-', '')}`;
  await fundAccount(accountIdOf('pie-funds', pieId), amountCents, feeCents);
  return openPie(
    { table: table(), clock: createFixedClock(periodStart) },
    {
      pieId,
      fanId,
      promo: false,
      periodStart: options.start ?? periodStart,
      pieDays: 30,
      amountCents,
      processingFeeCents: feeCents,
      settings: noTilt,
      subscriptionId: options.subscriptionId === undefined ? null : options.subscriptionId,
      invoiceId: null,
    },
  );
}

interface PlayInput {
  endedAt: string;
  msPlayed: number;
  artists: { artistId?: string; artistName: string }[];
}

async function storePlays(fanId: string, inputs: readonly PlayInput[]): Promise<void> {
  const { savePlays, recomputeDailyListening } = await import('../../functions/data/listening');
  const plays: PlayToStore[] = inputs.map((input, index) => ({
    endedAt: input.endedAt,
    msPlayed: input.msPlayed,
    trackName: `Track ${index}`,
    artists: input.artists,
    source: 'spotify',
    identity: JSON.stringify([input.endedAt, index, input.msPlayed, input.artists[0]?.artistName]),
  }));
  const saved = await savePlays(table(), fanId, plays);
  await recomputeDailyListening(table(), fanId, saved.days);
}

/** A popular catalogue band and an obscure name-only duo, listened to 3:1 inside the period. */
async function listenThreeToOne(fanId: string) {
  const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
  const bandId = `band${randomUUID().slice(0, 8)}`;
  await upsertCatalogueArtists(table(), [{ id: bandId, name: 'Popular Band', popularity: 90 }], periodStart);
  const band = { artistId: bandId, artistName: 'Popular Band' };
  const duo = { artistName: 'The Obscure Duo' };
  await storePlays(fanId, [
    { endedAt: '2026-10-01T16:00:00.000Z', msPlayed: 180_000, artists: [band] },
    { endedAt: '2026-10-10T12:00:00.000Z', msPlayed: 240_000, artists: [band] },
    { endedAt: '2026-10-15T10:00:00.000Z', msPlayed: 200_000, artists: [duo] },
    { endedAt: '2026-10-31T14:59:59.000Z', msPlayed: 180_000, artists: [band] },
  ]);
  return {
    bandId,
    bandAccount: accountIdOf('artist-earnings', bandId),
    duoAccount: accountIdOf('artist-name-earnings', 'the-obscure-duo'),
  };
}

async function balanceOf(accountId: AccountId): Promise<number> {
  const { getBalance } = await loadLedger();
  return getBalance({ table: table() }, accountId);
}

/** The kinds of the wallet's entries, sorted (the payment and its fee share an instant here). */
/** The kinds of the transactions that touched the fan's wallet accounts (their free credit, their pies' money). */
async function walletKinds(fanId: string): Promise<string[]> {
  const { listEntries } = await loadLedger();
  const { listAllFanPies } = await import('../../functions/data/pies');
  const accounts = [
    walletOf(fanId),
    ...(await listAllFanPies(table(), fanId)).map((pie) => accountIdOf('pie-funds', pie.id)),
  ];
  const entries = (
    await Promise.all(
      accounts.map(
        async (account) => (await listEntries({ table: table() }, account, { limit: 100 })).entries,
      ),
    )
  ).flat();
  const kinds = new Map(entries.map((entry) => [entry.transactionId, entry.kind]));
  return [...kinds.values()].sort();
}

/** The fan's wallet balance as the fan sees it: the sum of their wallet accounts. */
async function walletBalance(fanId: string): Promise<number> {
  const { walletBalanceCentsOf } = await import('../../functions/services/wallet/wallet');
  return walletBalanceCentsOf({ table: table() }, fanId);
}

async function mailsTo(email: string) {
  return (await readOutbox()).filter((mail) => mail.to === email);
}

async function lotsOf(pieId: string) {
  const { listPieLots } = await import('../../functions/data/escrow-lots');
  return listPieLots(table(), pieId);
}

async function pieDetail(cookie: string, pieId: string) {
  const { handler } = await import('../../functions/handlers/fan-pie');
  return call(handler, 'GET', `/api/pie/pie/${pieId}`, { cookies: [cookie] });
}

async function getStoredPie(pieId: string): Promise<StoredPie> {
  const { getPie } = await import('../../functions/data/pies');
  const pie = await getPie(table(), pieId);
  if (!pie) throw new Error(`no pie ${pieId}`);
  return pie;
}

describe('splitEndedPie', () => {
  it('splits a $10 pie (net 941) 3:1 as 706 and 235 on the ledger, holds both, marks the pie and mails the receipt', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    const { bandId, bandAccount, duoAccount } = await listenThreeToOne(fan.userId);
    const { splitEndedPie } = await loadSplit();
    // Act
    const result = await splitEndedPie(splitDeps(), pie.id, { log });
    // Assess: 941 × 3/4 = 705.75 and 941 × 1/4 = 235.25; the odd cent goes to the larger remainder.
    expect(result).toMatchObject({ outcome: 'split', pieId: pie.id, allocatedCents: 941, artistCount: 2 });
    expect(await walletBalance(fan.userId)).toBe(0);
    expect(await balanceOf(bandAccount)).toBe(706);
    expect(await balanceOf(duoAccount)).toBe(235);
    expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee', 'split']);
    const lots = await lotsOf(pie.id);
    expect(lots.map((lot) => [lot.artistKey, lot.cents, lot.status, lot.heldUntil]).sort()).toEqual([
      [`id:${bandId}`, 706, 'held', '2027-10-31T15:00:00.000Z'],
      ['name:the obscure duo', 235, 'held', '2027-10-31T15:00:00.000Z'],
    ]);
    const stored = await getStoredPie(pie.id);
    expect(stored.status).toBe('split');
    expect(stored.receipt).toEqual({
      outcome: 'split',
      splitAt: splitAt.toISOString(),
      allocatedCents: 941,
      keptInWalletCents: 0,
      artistCount: 2,
      heldCents: 941,
      heldArtistCount: 2,
      heldUntil: '2027-10-31',
    });
    const mails = await mailsTo(fan.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Where your pie went');
    expect(mails[0]?.text).toContain('Popular Band: $7.06');
    expect(mails[0]?.text).toContain('The Obscure Duo: $2.35');
    expect(mails[0]?.text).toContain(
      'Held for 2 artists who have not joined yet: $9.41; returned to your wallet on 2027-10-31 if they do not.',
    );
    expect(mails[0]?.links).toEqual([`http://localhost:3000/pie/${pie.id}`]);
  });

  it('answers the receipt on GET /api/pie/pie/{id} in the preview shape, with the lots, and on My pies its totals', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    const { bandId } = await listenThreeToOne(fan.userId);
    const { splitEndedPie } = await loadSplit();
    await splitEndedPie(splitDeps(), pie.id, { log });
    // Act
    const reply = await pieDetail(fan.cookie, pie.id);
    const { handler } = await import('../../functions/handlers/fan-pie');
    const list = await call(handler, 'GET', `/api/pie/user/${fan.userId}/pies`, { cookies: [fan.cookie] });
    // Assess
    expect(reply.statusCode).toBe(200);
    const detail = dataOf<PieDetail>(reply);
    expect(detail).toMatchObject({
      pieId: pie.id,
      status: 'split',
      amountCents: 1000,
      feesCents: { processing: 59, platform: 0 },
      netCents: 941,
      stats: { count_tracks: 4, count_artists: 2, total_time_listened: 800_000 },
    });
    expect(
      detail.includedArtists.map((artist) => [artist.artist_id, artist.artist_name, artist.cents]),
    ).toEqual([
      [bandId, 'Popular Band', 706],
      [null, 'The Obscure Duo', 235],
    ]);
    expect(detail.receipt).toMatchObject({
      outcome: 'split',
      splitAt: splitAt.toISOString(),
      allocatedCents: 941,
      keptInWalletCents: 0,
      held: { artistCount: 2, cents: 941, returnsOn: '2027-10-31' },
      returnedCents: 0,
      releasedCents: 0,
    });
    expect(detail.receipt?.transactionId).toMatch(/^[0-9a-f]{32}$/);
    expect(detail.receipt?.lots).toHaveLength(2);
    const summaries = dataOf<PieSummary[]>(list);
    expect(summaries.find((summary) => summary.id === pie.id)?.receipt).toMatchObject({
      outcome: 'split',
      allocatedCents: 941,
      heldCents: 941,
      heldArtistCount: 2,
      heldUntil: '2027-10-31',
    });
  });

  it('pays, artist by artist, the cents the preview showed just before the period ended', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId, { amountCents: 1337, feeCents: 69 });
    await listenThreeToOne(fan.userId);
    const { previewPieSplit } = await import('../../functions/services/pie/pie-preview');
    const { splitEndedPie } = await loadSplit();
    const justBefore = { table: table(), clock: createFixedClock(new Date('2026-10-31T14:59:59.999Z')) };
    const preview = await previewPieSplit(justBefore, fan.userId, pie.id, {});
    // Act
    await splitEndedPie(splitDeps(), pie.id, { log });
    const receipt = dataOf<PieDetail>(await pieDetail(fan.cookie, pie.id));
    // Assess
    const centsOf = (artists: { artist_name: string; cents: number }[]) =>
      artists.map((artist) => [artist.artist_name, artist.cents]);
    expect(centsOf(receipt.includedArtists)).toEqual(centsOf(preview.includedArtists));
    expect(receipt.includedArtists.reduce((sum, artist) => sum + artist.cents, 0)).toBe(1337 - 69);
  });

  it('answers another fan’s pie, or an unknown one, 404', async () => {
    // Prepare
    const owner = await createSignedInAccount('fan');
    const other = await createSignedInAccount('fan');
    const pie = await openTestPie(owner.userId);
    // Act
    const foreign = await pieDetail(other.cookie, pie.id);
    const unknown = await pieDetail(owner.cookie, 'pie_nothing_here');
    // Assess
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers an open pie’s live preview with receipt null', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    // Act
    const detail = dataOf<PieDetail>(await pieDetail(fan.cookie, pie.id));
    // Assess: the real clock is past this October pie's end: ended, not split yet.
    expect(detail.status).toBe('ended');
    expect(detail.receipt).toBeNull();
    expect(detail.includedArtists.map((artist) => artist.cents)).toEqual([706, 235]);
  });

  it('moves the money once when the job runs twice: two fan-outs, every message processed', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    const { fanOutPieSplits, splitEndedPie } = await loadSplit();
    const sent: PieSplitMessage[] = [];
    const fanOut = {
      table: table(),
      queue: { sendAll: async (m: readonly PieSplitMessage[]) => void sent.push(...m) },
    };
    // Act
    await fanOutPieSplits(fanOut, { runId: 'run-1', log, now: splitAt });
    await fanOutPieSplits(fanOut, { runId: 'run-2', log, now: splitAt });
    const ours = sent.filter((message) => message.pieId === pie.id);
    const results = [];
    for (const message of ours) results.push(await splitEndedPie(splitDeps(), message.pieId, { log }));
    // Assess
    expect(ours).toEqual([
      { kind: 'pie-split', fanId: fan.userId, pieId: pie.id, runId: 'run-1' },
      { kind: 'pie-split', fanId: fan.userId, pieId: pie.id, runId: 'run-2' },
    ]);
    expect(results.map((result) => result.outcome)).toEqual(['split', 'already_split']);
    expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee', 'split']);
    expect(await walletBalance(fan.userId)).toBe(0);
    expect(await lotsOf(pie.id)).toHaveLength(2);
    expect(await mailsTo(fan.email)).toHaveLength(1);
  });

  it('splits through the local fan-work queue and worker, once for a message sent twice', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    const { deadLettersOf, enqueue, findQueue, settleQueues } = await import('../../local/queue');
    const queue = findQueue('fan-work');
    if (!queue) throw new Error('no fan-work queue');
    const body = JSON.stringify({ kind: 'pie-split', fanId: fan.userId, pieId: pie.id, runId: 'run-q' });
    const deadBefore = deadLettersOf('fan-work').length;
    // Act
    enqueue(queue, body);
    enqueue(queue, body);
    await settleQueues();
    // Assess
    expect(deadLettersOf('fan-work').length).toBe(deadBefore);
    expect((await getStoredPie(pie.id)).status).toBe('split');
    expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee', 'split']);
    expect(await mailsTo(fan.email)).toHaveLength(1);
  });

  it('fans out only ended pies that are not split and whose money may be split', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { markPieInactive } = await import('../../functions/data/pies');
    const ended = await openTestPie(fan.userId);
    const renewalFailed = await openTestPie(fan.userId);
    const refunded = await openTestPie(fan.userId);
    const running = await openTestPie(fan.userId, { start: new Date('2026-10-15T00:00:00.000Z') });
    await markPieInactive(table(), renewalFailed.id, 'renewal-failed', splitAt);
    await markPieInactive(table(), refunded.id, 'refunded', splitAt);
    const { fanOutPieSplits, splitEndedPie } = await loadSplit();
    const sent: PieSplitMessage[] = [];
    const fanOut = {
      table: table(),
      queue: { sendAll: async (m: readonly PieSplitMessage[]) => void sent.push(...m) },
    };
    // Act
    const counts = await fanOutPieSplits(fanOut, { runId: 'run-a', log, now: splitAt });
    const ours = () => sent.filter((message) => message.fanId === fan.userId).map((message) => message.pieId);
    const first = ours().sort();
    await splitEndedPie(splitDeps(), ended.id, { log });
    sent.length = 0;
    await fanOutPieSplits(fanOut, { runId: 'run-b', log, now: splitAt });
    // Assess
    expect(counts.pages).toBeGreaterThanOrEqual(8);
    expect(first).toEqual([ended.id, renewalFailed.id].sort());
    expect(ours()).toEqual([renewalFailed.id]);
    expect(running.periodEnd > splitAt.toISOString()).toBe(true);
  });

  it('splits once when three workers split the same pie at the same time', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    const { splitEndedPie } = await loadSplit();
    // Every worker waits after each step until all three are there, so all of them read the pie open and race
    // through the receipt, the ledger, the lots and the mark together.
    const workers = 3;
    const arrived = new Map<SplitStep, number>();
    const waiting = new Map<SplitStep, (() => void)[]>();
    const barrier = async (step: SplitStep) => {
      arrived.set(step, (arrived.get(step) ?? 0) + 1);
      if (arrived.get(step) === workers) {
        for (const release of waiting.get(step) ?? []) release();
        return;
      }
      await new Promise<void>((resolve) => waiting.set(step, [...(waiting.get(step) ?? []), resolve]));
    };
    // Act
    const results = await Promise.all(
      Array.from({ length: workers }, () => splitEndedPie(splitDeps(), pie.id, { log, afterStep: barrier })),
    );
    // Assess
    expect(results.map((result) => result.outcome).sort()).toEqual([
      'already_split',
      'already_split',
      'split',
    ]);
    expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee', 'split']);
    expect(await walletBalance(fan.userId)).toBe(0);
    expect(await lotsOf(pie.id)).toHaveLength(2);
    expect(await mailsTo(fan.email)).toHaveLength(1);
    expect((await getStoredPie(pie.id)).status).toBe('split');
  });

  it('resumes a 150-artist split that crashed inside the ledger’s chunks and posts it once', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await storePlays(
      fan.userId,
      Array.from({ length: 150 }, (_, i) => ({
        endedAt: `2026-10-${String(2 + (i % 28)).padStart(2, '0')}T12:${String(i % 60).padStart(2, '0')}:00.000Z`,
        msPlayed: 60_000 + i * 1000,
        artists: [{ artistName: `Crash Band ${i}` }],
      })),
    );
    const { splitEndedPie } = await loadSplit();
    const crashAtChunk2 = (chunk: number) => {
      if (chunk === 2) throw new Error('worker killed');
    };
    // Act
    const crashed = splitEndedPie(splitDeps(splitAt, { failBeforeChunk: crashAtChunk2 }), pie.id, { log });
    await expect(crashed).rejects.toThrow('worker killed');
    const midway = await walletBalance(fan.userId);
    const resumed = await splitEndedPie(splitDeps(), pie.id, { log });
    const again = await splitEndedPie(splitDeps(), pie.id, { log });
    // Assess
    expect(midway).toBe(0);
    expect(resumed).toMatchObject({ outcome: 'split', artistCount: 150, allocatedCents: 941 });
    expect(again.outcome).toBe('already_split');
    expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee', 'split']);
    const { getTransaction } = await loadLedger();
    const transaction = await getTransaction(
      { table: table() },
      resumed.outcome === 'split' ? resumed.transactionId : '',
    );
    expect(transaction.status).toBe('complete');
    expect(transaction.postings).toHaveLength(151);
    const lots = await lotsOf(pie.id);
    expect(lots).toHaveLength(150);
    expect(lots.reduce((sum, lot) => sum + lot.cents, 0)).toBe(941);
    expect(await balanceOf(accountIdOf('artist-name-earnings', 'crash-band-149'))).toBeGreaterThan(0);
    expect(await mailsTo(fan.email)).toHaveLength(1);
  });

  it.each<SplitStep>(['receipt', 'ledger', 'escrow'])(
    'resumes after a crash following the %s step: posted once, lots once, mailed once',
    async (step) => {
      // Prepare
      const fan = await createSignedInAccount('fan');
      const pie = await openTestPie(fan.userId);
      await listenThreeToOne(fan.userId);
      const { splitEndedPie } = await loadSplit();
      const crash = (at: SplitStep) => {
        if (at === step) throw new Error(`crashed after ${step}`);
      };
      // Act
      await expect(splitEndedPie(splitDeps(), pie.id, { log, afterStep: crash })).rejects.toThrow('crashed');
      const statusAfterCrash = (await getStoredPie(pie.id)).status;
      const rerun = await splitEndedPie(splitDeps(), pie.id, { log });
      // Assess
      expect(statusAfterCrash).toBe('open');
      expect(rerun.outcome).toBe('split');
      expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee', 'split']);
      expect(await walletBalance(fan.userId)).toBe(0);
      expect(await lotsOf(pie.id)).toHaveLength(2);
      expect(await mailsTo(fan.email)).toHaveLength(1);
    },
  );

  it('freezes the split: plays that arrive after it change neither the receipt nor a rerun', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    const { splitEndedPie } = await loadSplit();
    await splitEndedPie(splitDeps(), pie.id, { log });
    // Act: a late sync brings a long play inside the closed period.
    await storePlays(fan.userId, [
      {
        endedAt: '2026-10-20T10:00:00.000Z',
        msPlayed: 3_000_000,
        artists: [{ artistName: 'The Obscure Duo' }],
      },
    ]);
    const rerun = await splitEndedPie(splitDeps(new Date('2026-11-01T00:00:00.000Z')), pie.id, { log });
    const detail = dataOf<PieDetail>(await pieDetail(fan.cookie, pie.id));
    // Assess
    expect(rerun.outcome).toBe('already_split');
    expect(detail.includedArtists.map((artist) => artist.cents)).toEqual([706, 235]);
    expect(detail.stats.count_tracks).toBe(4);
    expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee', 'split']);
  });

  it('moves nothing when the period held no listening: money stays, the fan is told, the renewal stop is raised', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const subscriptionId = `sub_${randomUUID().replaceAll('-', '')}`;
    const pie = await openTestPie(fan.userId, { subscriptionId });
    const { splitEndedPie } = await loadSplit();
    // Act
    const result = await splitEndedPie(splitDeps(), pie.id, { log });
    const again = await splitEndedPie(splitDeps(), pie.id, { log });
    // Assess
    expect(result).toEqual({ outcome: 'nothing_to_split', pieId: pie.id, keptInWalletCents: 941 });
    expect(again.outcome).toBe('already_split');
    expect(await walletBalance(fan.userId)).toBe(941);
    expect(await walletKinds(fan.userId)).toEqual(['fan-payment', 'processing-fee']);
    expect(await lotsOf(pie.id)).toEqual([]);
    expect((await getStoredPie(pie.id)).receipt).toMatchObject({
      outcome: 'nothing_to_split',
      allocatedCents: 0,
      keptInWalletCents: 941,
      artistCount: 0,
      heldCents: 0,
      heldUntil: null,
    });
    const mails = await mailsTo(fan.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your pie had nothing to split']);
    expect(mails[0]?.text).toContain('$9.41 stays in your wallet');
    const { getOutboxEvent, listPendingOutboxEventIds } = await import('../../functions/data/outbox');
    const events = await Promise.all(
      (await listPendingOutboxEventIds(table(), 100)).map((id) => getOutboxEvent(table(), id)),
    );
    const ours = events.filter(
      (event) => event?.type === 'pie.nothing-to-split' && event.detail.pieId === pie.id,
    );
    expect(ours.map((event) => event?.detail)).toEqual([
      { pieId: pie.id, fanId: fan.userId, subscriptionId, periodEnd },
    ]);
  });

  it('still splits a pie whose renewal failed (its own period was paid), and never a refunded one', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { markPieInactive } = await import('../../functions/data/pies');
    const failed = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    await markPieInactive(table(), failed.id, 'renewal-failed', splitAt);
    const other = await createSignedInAccount('fan');
    const refunded = await openTestPie(other.userId);
    await listenThreeToOne(other.userId);
    await markPieInactive(table(), refunded.id, 'refunded', splitAt);
    const { splitEndedPie } = await loadSplit();
    // Act
    const split = await splitEndedPie(splitDeps(), failed.id, { log });
    const skipped = await splitEndedPie(splitDeps(), refunded.id, { log });
    // Assess
    expect(split.outcome).toBe('split');
    expect((await getStoredPie(failed.id)).status).toBe('split');
    expect(skipped).toEqual({ outcome: 'skipped', pieId: refunded.id, reason: 'not_splittable' });
    expect(await walletKinds(other.userId)).toEqual(['fan-payment', 'processing-fee']);
    expect(await lotsOf(refunded.id)).toEqual([]);
  });

  it('does not split a pie whose period has not ended', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    const { splitEndedPie } = await loadSplit();
    // Act
    const result = await splitEndedPie(splitDeps(new Date('2026-10-31T14:59:59.999Z')), pie.id, { log });
    // Assess
    expect(result).toEqual({ outcome: 'skipped', pieId: pie.id, reason: 'not_ended' });
    expect((await getStoredPie(pie.id)).status).toBe('open');
  });

  it('splits what is left of the pie’s own money after a partial refund before its end (941 − 300 = 641)', async () => {
    // Prepare: a $3 refund took 300 of the pie's money before its period ended
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    const { postTransaction } = await loadLedger();
    const ledger = { table: table(), clock: createFixedClock(splitAt) };
    await postTransaction(ledger, {
      kind: 'refund',
      idempotencyKey: `refund:partial-${pie.id}`,
      postings: [
        { accountId: accountIdOf('pie-funds', pie.id), amountCents: -300 },
        { accountId: stripeClearing, amountCents: 300 },
      ],
    });
    const { splitEndedPie } = await loadSplit();
    // Act
    const result = await splitEndedPie(splitDeps(), pie.id, { log });
    // Assess: 641 split 3:1 as 481 and 160; nothing left, split once
    expect(result).toMatchObject({ outcome: 'split', allocatedCents: 641 });
    expect((await getStoredPie(pie.id)).status).toBe('split');
    expect((await lotsOf(pie.id)).map((lot) => lot.cents).sort((a, b) => b - a)).toEqual([481, 160]);
    expect(await walletBalance(fan.userId)).toBe(0);
  });

  it('computes the split again when money its receipt counted on was taken before it was posted', async () => {
    // Prepare: the receipt is frozen (a crash after the receipt step), then a refund takes 300 of the pie's money
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    await listenThreeToOne(fan.userId);
    const { splitEndedPie } = await loadSplit();
    const crashed = splitEndedPie(splitDeps(), pie.id, {
      log,
      afterStep: (step) => {
        if (step === 'receipt') throw new Error('worker killed');
      },
    });
    await expect(crashed).rejects.toThrow('worker killed');
    const { postTransaction } = await loadLedger();
    await postTransaction(
      { table: table(), clock: createFixedClock(splitAt) },
      {
        kind: 'refund',
        idempotencyKey: `refund:late-${pie.id}`,
        postings: [
          { accountId: accountIdOf('pie-funds', pie.id), amountCents: -300 },
          { accountId: stripeClearing, amountCents: 300 },
        ],
      },
    );
    // Act: the next attempt finds the frozen 941 short, drops it, and the one after splits the 641 left
    const refused = splitEndedPie(splitDeps(), pie.id, { log });
    await expect(refused).rejects.toMatchObject({ code: 'insufficient_balance' });
    const retried = await splitEndedPie(splitDeps(), pie.id, { log });
    // Assess
    expect(retried).toMatchObject({ outcome: 'split', allocatedCents: 641 });
    expect(await walletBalance(fan.userId)).toBe(0);
    expect((await walletKinds(fan.userId)).filter((kind) => kind === 'split')).toHaveLength(1);
    expect(await mailsTo(fan.email)).toHaveLength(1);
    expect((await getStoredPie(pie.id)).splitAttempts).toBe(2);
  });

  it('raises a pie for staff after five failed splits, and the fan-out stops sending it', async () => {
    // Prepare: a card pie whose fee Stripe never settles cannot be split
    const fan = await createSignedInAccount('fan');
    const pie = await givenOpenPie(fan.userId, periodStart, { processingFeeCents: null });
    const { splitEndedPie, fanOutPieSplits } = await loadSplit();
    // Act
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      outcomes.push(
        await splitEndedPie(splitDeps(), pie.id, { log }).then(
          (result) => result.outcome,
          () => 'failed',
        ),
      );
    }
    const sent: PieSplitMessage[] = [];
    await fanOutPieSplits(
      { table: table(), queue: { sendAll: async (m: readonly PieSplitMessage[]) => void sent.push(...m) } },
      { runId: 'run-raised', log, now: splitAt },
    );
    const { listRaisedPies } = await import('../../functions/data/pies');
    // Assess
    expect(outcomes).toEqual(['failed', 'failed', 'failed', 'failed', 'raised']);
    expect(sent.map((message) => message.pieId)).not.toContain(pie.id);
    expect((await listRaisedPies(table())).map((raised) => raised.id)).toContain(pie.id);
    expect((await getStoredPie(pie.id)).lastSplitError).toMatch(/processing fee is not known/);
  });

  it('finds a pie that ended long ago: the due index has no look-back window', async () => {
    // Prepare: a pie that ended 400 days before the fan-out runs
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId);
    const { fanOutPieSplits } = await loadSplit();
    const sent: PieSplitMessage[] = [];
    // Act
    await fanOutPieSplits(
      { table: table(), queue: { sendAll: async (m: readonly PieSplitMessage[]) => void sent.push(...m) } },
      { runId: 'run-late', log, now: new Date(Date.parse(periodEnd) + 400 * 86_400_000) },
    );
    // Assess
    expect(sent.map((message) => message.pieId)).toContain(pie.id);
  });

  it('waits for a card pie’s processing fee before splitting', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await givenOpenPie(fan.userId, periodStart, { processingFeeCents: null });
    const { splitEndedPie } = await loadSplit();
    // Act
    const attempt = splitEndedPie(splitDeps(), pie.id, { log });
    // Assess
    await expect(attempt).rejects.toThrow('processing fee is not known');
    expect((await getStoredPie(pie.id)).status).toBe('open');
  });

  it('carries what stayed in the wallet into the next pie: previewed, then paid with that pie’s net, once', async () => {
    // Prepare: October's pie had no listening, so its 941 stayed; November's $10 pie is listened to 3:1
    const fan = await createSignedInAccount('fan');
    const october = await openTestPie(fan.userId);
    const { splitEndedPie } = await loadSplit();
    await splitEndedPie(splitDeps(), october.id, { log });
    const novemberStart = new Date(periodEnd);
    const november = await openTestPie(fan.userId, { start: novemberStart });
    const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
    const bandId = `band${randomUUID().slice(0, 8)}`;
    await upsertCatalogueArtists(
      table(),
      [{ id: bandId, name: 'Carried Band', popularity: 50 }],
      novemberStart,
    );
    await storePlays(fan.userId, [
      {
        endedAt: '2026-11-05T10:00:00.000Z',
        msPlayed: 300_000,
        artists: [{ artistId: bandId, artistName: 'Carried Band' }],
      },
      { endedAt: '2026-11-06T10:00:00.000Z', msPlayed: 100_000, artists: [{ artistName: 'Carried Duo' }] },
    ]);
    const { previewPieSplit } = await import('../../functions/services/pie/pie-preview');
    const during = { table: table(), clock: createFixedClock(new Date('2026-11-20T00:00:00.000Z')) };
    // Act
    const preview = await previewPieSplit(during, fan.userId, november.id, {});
    const octoberPreview = await previewPieSplit(during, fan.userId, october.id, {});
    const afterEnd = new Date('2026-11-30T16:00:00.000Z');
    const result = await splitEndedPie(splitDeps(afterEnd), november.id, { log });
    const again = await splitEndedPie(splitDeps(afterEnd), november.id, { log });
    // Assess: 941 + 941 = 1882, split 3:1 as 1412 and 470; the wallet ends empty, and only once
    expect(preview.netCents).toBe(1882);
    expect(preview.includedArtists.map((artist) => artist.cents)).toEqual([1412, 470]);
    expect(octoberPreview.netCents).toBe(941);
    expect(result).toMatchObject({ outcome: 'split', allocatedCents: 1882 });
    expect(again.outcome).toBe('already_split');
    expect(await walletBalance(fan.userId)).toBe(0);
    expect(await balanceOf(accountIdOf('artist-earnings', bandId))).toBe(1412);
  });
});
