// The escrow-aging job on DynamoDB Local (docs/decisions/023-the-split-run-and-escrow.md): lots a
// split held for artists nobody claimed go back to the fan's wallet once their holding period is over, each once,
// however often (or however concurrently) the job runs; a lot a claim released first stays with the artist's office;
// the fan is mailed once; the receipt shows what came back. The ledger audit runs after the file.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { PieDetail } from '../../functions/contracts/pie';
import type { StoredPie } from '../../functions/data/pies';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { testTable } from '../support/test-table';
import { createLogger } from '../../functions/runtime/logger';
import { givenListening } from '../support/factories/fans';
import { givenPaidPie, givenSplitPie } from '../support/factories/funding';
import { balanceOf, walletBalanceOf } from '../support/factories/ledger';
import { call, createSignedInAccount, dataOf, readOutbox } from '../support/identity';

const { client } = testTable();

const table = testTable;
const log = createLogger('silent');

/** Each test's pie ends on its own day, so the job's day partitions hold only that test's lots. */
function periodOf(day: number) {
  const start = new Date(Date.UTC(2026, 0, day, 15));
  const end = new Date(start.getTime() + 30 * 86_400_000);
  return { start, end, heldUntil: new Date(Date.UTC(2027, end.getUTCMonth(), end.getUTCDate(), 15)) };
}

/** A paid $10 pie (fee 59, net 941) listened to 3:1 by two name-only artists, split when its period ended. */
async function splitPieOf(fanId: string, day: number): Promise<StoredPie> {
  const { start, end } = periodOf(day);
  const pie = await givenPaidPie(fanId, start);
  await givenListening(fanId, start, [
    { day: 2, msPlayed: 300_000, artist: `Never Joined ${day}` },
    { day: 3, msPlayed: 300_000, artist: `Never Joined ${day}` },
    { day: 4, msPlayed: 300_000, artist: `Never Joined ${day}` },
    { day: 5, msPlayed: 300_000, artist: `Claimed Soon ${day}` },
  ]);
  await givenSplitPie(pie, end);
  expect(await walletBalanceOf(fanId)).toBe(0);
  return pie;
}

function agingDeps(at: Date) {
  return { table: table(), clock: createFixedClock(at), siteOrigin: 'http://localhost:3000' };
}

async function age(at: Date, options: { budgetMs?: number; pageSize?: number } = {}) {
  const { returnAgedLots } = await import('../../functions/services/pie/escrow-aging');
  return returnAgedLots(agingDeps(at), { log, now: at, ...options });
}

async function lotsOf(pieId: string) {
  const { listPieLots } = await import('../../functions/data/escrow-lots');
  return listPieLots(table(), pieId);
}

async function mailsTo(email: string, subject: string) {
  return (await readOutbox()).filter((mail) => mail.to === email && mail.subject === subject);
}

describe('the escrow-aging job', () => {
  it('returns nothing before the holding period is over, then every held lot once, however often it runs', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const day = 1;
    const pie = await splitPieOf(fan.userId, day);
    const { heldUntil } = periodOf(day);
    // Act
    const early = await age(new Date(heldUntil.getTime() - 1));
    const due = await age(heldUntil);
    const again = await age(new Date(heldUntil.getTime() + 3_600_000));
    // Assess: 941 × 3/4 = 705.75 → 706, 941 × 1/4 = 235.25 → 235.
    expect(early).toMatchObject({ due: 0, returned: 0 });
    expect(due).toMatchObject({ due: 2, returned: 2, returnedCents: 941, fansMailed: 1 });
    expect(again).toMatchObject({ due: 0, returned: 0, fansMailed: 0 });
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    expect(await balanceOf(accountIdOf('artist-name-earnings', `never-joined-${day}`))).toBe(0);
    expect((await lotsOf(pie.id)).map((lot) => lot.status)).toEqual(['returned', 'returned']);
    const mails = await mailsTo(fan.email, 'Held money is back in your wallet');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(
      '$9.41 held for 2 artists who did not join OpenPie in time is back in your wallet.',
    );
  });

  it('returns a deleted fan’s lots to the platform’s deleted-fan-returns account, and mails nobody', async () => {
    // Prepare: the fan deleted their account after the split
    const fan = await createSignedInAccount('fan');
    const day = 6;
    const pie = await splitPieOf(fan.userId, day);
    const { heldUntil } = periodOf(day);
    const { eraseAccount, getAccount } = await import('../../functions/data/accounts');
    const account = await getAccount(table(), 'fan', fan.userId);
    if (!account?.email) throw new Error('no account');
    expect(await eraseAccount(table(), { ...account, email: account.email }, heldUntil)).toBe(true);
    const before = await balanceOf(accountIdOf('deleted-fan-returns', 'platform'));
    // Act
    const run = await age(heldUntil);
    // Assess: every cent lands in a named account staff can see, none in the deleted fan's wallet
    expect(run).toMatchObject({ due: 2, returned: 2, returnedCents: 941, fansMailed: 0 });
    expect((await balanceOf(accountIdOf('deleted-fan-returns', 'platform'))) - before).toBe(941);
    expect(await balanceOf(accountIdOf('pie-funds', pie.id))).toBe(0);
  });

  it('returns each lot once when two runs go at the same time', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const day = 2;
    const pie = await splitPieOf(fan.userId, day);
    const { heldUntil } = periodOf(day);
    // Act
    const runs = await Promise.all([age(heldUntil), age(heldUntil), age(heldUntil)]);
    // Assess
    expect(runs.reduce((sum, run) => sum + run.returned, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.returnedCents, 0)).toBe(941);
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    const { listEntries } = await import('../../functions/services/ledger');
    const entries = (await listEntries({ table: table() }, accountIdOf('pie-funds', pie.id), { limit: 50 }))
      .entries;
    expect(entries.filter((entry) => entry.kind === 'escrow-return')).toHaveLength(2);
    expect((await lotsOf(pie.id)).every((lot) => lot.status === 'returned')).toBe(true);
  });

  it('stops starting pages at its time budget and leaves the rest to the next run', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const day = 4;
    const pie = await splitPieOf(fan.userId, day);
    const { heldUntil } = periodOf(day);
    // Act: a page of one lot, and a budget spent at once.
    const cut = await age(heldUntil, { budgetMs: 0, pageSize: 1 });
    const statusesAfterCut = (await lotsOf(pie.id)).map((lot) => lot.status).sort();
    const rest = await age(heldUntil, { pageSize: 1 });
    // Assess
    expect(cut).toMatchObject({ returned: 1, complete: false });
    expect(statusesAfterCut).toEqual(['held', 'returned']);
    expect(rest).toMatchObject({ returned: 1, complete: true });
    expect(await walletBalanceOf(fan.userId)).toBe(941);
  });

  it('leaves a lot a claim released first with the artist, and shows returned and released on the receipt', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const day = 3;
    const pie = await splitPieOf(fan.userId, day);
    const { heldUntil } = periodOf(day);
    const { buildReleaseLotItems, findHeldLotsOfArtist } = await import('../../functions/data/escrow-lots');
    const claimedKey = `name:claimed soon ${day}`;
    const heldForArtist = await findHeldLotsOfArtist(table(), claimedKey);
    await client.send(
      new TransactWriteCommand({
        TransactItems: buildReleaseLotItems(table(), heldForArtist, 'office-1', heldUntil),
      }),
    );
    // Act
    const run = await age(heldUntil);
    const { handler } = await import('../../functions/handlers/fan-pie');
    const detail = dataOf<PieDetail>(
      await call(handler, 'GET', `/api/pie/pie/${pie.id}`, { cookies: [fan.cookie] }),
    );
    // Assess
    expect(heldForArtist.map((lot) => [lot.pieId, lot.cents])).toEqual([[pie.id, 235]]);
    expect(await findHeldLotsOfArtist(table(), claimedKey)).toEqual([]);
    expect(run).toMatchObject({ due: 1, returned: 1, returnedCents: 706 });
    expect(await walletBalanceOf(fan.userId)).toBe(706);
    expect(await balanceOf(accountIdOf('artist-name-earnings', `claimed-soon-${day}`))).toBe(235);
    expect(detail.receipt).toMatchObject({
      held: { artistCount: 0, cents: 0, returnsOn: null },
      returnedCents: 706,
      releasedCents: 235,
    });
    expect(detail.receipt?.lots.map((lot) => [lot.artist_name, lot.status]).sort()).toEqual([
      [`Claimed Soon ${day}`, 'released'],
      [`Never Joined ${day}`, 'returned'],
    ]);
  });
});
