// Staff's escrow screen and every fan's wallet lines (docs/decisions/041-staff-escrow-and-wallet-transactions.md)
// through the admin-finances handler on DynamoDB Local: what is held per artist equals the lots; what escrow aging
// would touch now is its preview; staff's run of escrow aging (twice, and twice at once) returns each due lot once,
// with an audit entry and a required reason; a name heard alone given by staff to one of the catalogue artists that
// bear it moves its lots once (404, 409 and 422 where they fit); wallet lines come newest first, with search, money
// in or out, and totals by kind. Staff only. The ledger audit runs after the file.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  EscrowDue,
  ProcessPayoutsResult,
  ResolveNameResult,
  StaffEscrowArtist,
  StaffWalletStats,
  StaffWalletTransaction,
} from '../../functions/contracts/admin-escrow';
import type { Pagination } from '../../functions/contracts/envelope';
import type { StoredPie } from '../../functions/data/pies';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { givenArtist } from '../support/factories/catalogue';
import { givenListening } from '../support/factories/fans';
import { givenPaidPie, givenSplitPie } from '../support/factories/funding';
import { balanceOf, walletBalanceOf } from '../support/factories/ledger';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testTable } from '../support/test-table';

const dayMs = 86_400_000;

async function finances() {
  return (await import('../../functions/handlers/admin-finances')).handler;
}

/** A word of 12 random letters: no other test's names contain it. */
function uniqueWord(): string {
  return Array.from(randomBytes(12), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

async function get(who: SignedInAccount, path: string, query: Record<string, string> = {}) {
  return call(await finances(), 'GET', path, { cookies: [who.cookie], query });
}

async function post(who: SignedInAccount, path: string, body: unknown) {
  return call(await finances(), 'POST', path, { cookies: [who.cookie], body, timeoutMs: 29_000 });
}

function pageOf<T>(result: Awaited<ReturnType<typeof get>>): { rows: T[]; pagination: Pagination } {
  const body = bodyOf(result);
  return { rows: body['data'] as T[], pagination: body['pagination'] as Pagination };
}

async function lotsOf(pieId: string) {
  const { listPieLots } = await import('../../functions/data/escrow-lots');
  return listPieLots(testTable(), pieId);
}

/**
 * A paid $10 pie (fee 59, net 941) of the fan that ended `endedDaysAgo` days before now, listened to 3:1 by two
 * artists the catalogue does not know (`<word> one`, `<word> two`), split when it ended with a 12-month holding.
 */
async function splitPie(
  fanId: string,
  endedDaysAgo: number,
  names: readonly [string, string],
): Promise<StoredPie> {
  const end = new Date(Date.now() - endedDaysAgo * dayMs);
  const start = new Date(end.getTime() - 30 * dayMs);
  const pie = await givenPaidPie(fanId, start);
  await givenListening(fanId, start, [
    { day: 2, msPlayed: 300_000, artist: names[0] },
    { day: 3, msPlayed: 300_000, artist: names[0] },
    { day: 4, msPlayed: 300_000, artist: names[0] },
    { day: 5, msPlayed: 300_000, artist: names[1] },
  ]);
  await givenSplitPie(pie, end);
  return pie;
}

async function auditEntriesOf(action: string) {
  const { listAuditForStaff } = await import('../../functions/services/admin/audit');
  const { entries } = await listAuditForStaff(
    { table: testTable(), clock: createFixedClock(new Date()) },
    { page: 1, limit: 100, action },
  );
  return entries;
}

describe('staff escrow', () => {
  it('lists what is held per artist as the lots add up, with age and return day, searched and paged', async () => {
    // Prepare: two fans' pies held for the same two names; one pie ended 40 days ago, one 10.
    const staff = await createSignedInAccount('admin');
    const word = uniqueWord();
    const names = [`${word} one`, `${word} two`] as const;
    const first = await createSignedInAccount('fan');
    const second = await createSignedInAccount('fan');
    const older = await splitPie(first.userId, 40, names);
    const newer = await splitPie(second.userId, 10, names);
    // Act
    const listed = await get(staff, '/api/admin/escrow', { search: word });
    const nameOnly = await get(staff, '/api/admin/escrow', {
      search: word,
      kind: 'name-only',
      sortBy: 'name',
    });
    const catalogueOnly = await get(staff, '/api/admin/escrow', { search: word, kind: 'catalogue' });
    const paged = await get(staff, '/api/admin/escrow', { search: word, limit: '1', page: '2' });
    // Assess: each row is its lots' sum; the held cents of both artists add up to both pies' nets.
    expect(listed.statusCode).toBe(200);
    const { rows, pagination } = pageOf<StaffEscrowArtist>(listed);
    expect(pagination).toEqual({ page: 1, limit: 10, total: 2, pages: 1 });
    const lots = [...(await lotsOf(older.id)), ...(await lotsOf(newer.id))];
    for (const row of rows) {
      const own = lots.filter((lot) => lot.artistKey === row.artistKey);
      expect(row.heldCents).toBe(own.reduce((sum, lot) => sum + lot.cents, 0));
      expect(row.lots).toBe(2);
      expect(row.fans).toBe(2);
      expect(row.oldestHeldFrom).toBe(older.periodEnd);
      expect(row.oldestAgeDays).toBe(40);
      expect(row.returnsAt).toBe(own.map((lot) => lot.heldUntil).sort()[0]);
      expect(row.dueLots).toBe(0);
      expect(await balanceOf(own[0]?.accountId ?? accountIdOf('platform-fees', 'platform'))).toBe(
        row.heldCents,
      );
    }
    // Highest first by default: 706 + 706 for the name heard three times, 235 + 235 for the other.
    expect(rows.map((row) => [row.artistName, row.heldCents, row.kind])).toEqual([
      [names[0], 1412, 'name-only'],
      [names[1], 470, 'name-only'],
    ]);
    expect(rows[0]?.nameOnly).toMatchObject({
      normalisedName: names[0],
      status: 'unregistered',
      candidates: [],
    });
    expect(pageOf<StaffEscrowArtist>(nameOnly).rows.map((row) => row.artistName)).toEqual([...names]);
    expect(pageOf<StaffEscrowArtist>(catalogueOnly).rows).toEqual([]);
    expect(pageOf<StaffEscrowArtist>(paged).rows.map((row) => row.artistName)).toEqual([names[1]]);
    expect((await get(staff, '/api/admin/escrow', { sortBy: 'size' })).statusCode).toBe(422);
  });

  it('previews what escrow aging touches, then returns each due lot once however often or concurrently staff run it', async () => {
    // Prepare: a pie whose 12-month holding ended (it ended 400 days ago) and one still held.
    const staff = await createSignedInAccount('admin');
    const word = uniqueWord();
    const names = [`${word} one`, `${word} two`] as const;
    const fan = await createSignedInAccount('fan');
    const before = dataOf<EscrowDue>(await get(staff, '/api/admin/escrow/due'));
    const due = await splitPie(fan.userId, 400, names);
    const held = await splitPie(fan.userId, 20, names);
    expect(await walletBalanceOf(fan.userId)).toBe(0);
    // Act: the preview, a run without a reason, two runs at once, and one more.
    const preview = dataOf<EscrowDue>(await get(staff, '/api/admin/escrow/due'));
    const noReason = await post(staff, '/api/admin/escrow/process-payouts', { reason: '  ' });
    const [a, b] = await Promise.all([
      post(staff, '/api/admin/escrow/process-payouts', { reason: 'Monthly check, run A' }),
      post(staff, '/api/admin/escrow/process-payouts', { reason: 'Monthly check, run B' }),
    ]);
    const again = await post(staff, '/api/admin/escrow/process-payouts', { reason: 'Once more' });
    // Assess: the preview named the due pie's two lots, 941 cents; the money moved once.
    expect(preview).toMatchObject({ lots: 2, cents: 941, fans: 1 });
    expect(preview.artists.map((artist) => [artist.artistName, artist.cents])).toEqual([
      [names[0], 706],
      [names[1], 235],
    ]);
    expect(preview.heldLots).toBe(before.heldLots + 4);
    expect(preview.heldCents).toBe(before.heldCents + 1882);
    expect(noReason.statusCode).toBe(422);
    expect([a.statusCode, b.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    const runs = [a, b, again].map((run) => dataOf<ProcessPayoutsResult>(run));
    expect(runs.reduce((sum, run) => sum + run.returnedLots, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.returnedCents, 0)).toBe(941);
    expect(runs[2]).toMatchObject({ returnedLots: 0, returnedCents: 0, complete: true });
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    expect((await lotsOf(due.id)).map((lot) => lot.status)).toEqual(['returned', 'returned']);
    expect((await lotsOf(held.id)).map((lot) => lot.status)).toEqual(['held', 'held']);
    expect(dataOf<EscrowDue>(await get(staff, '/api/admin/escrow/due'))).toMatchObject({ lots: 0, cents: 0 });
    // Each run is one audit entry with its reason, its staff member and what it moved.
    const entries = await auditEntriesOf('escrow-aging-run');
    expect(entries.map((entry) => entry.reason).sort()).toEqual([
      'Monthly check, run A',
      'Monthly check, run B',
      'Once more',
    ]);
    expect(new Set(entries.map((entry) => entry.actor.id))).toEqual(new Set([staff.userId]));
    expect(runs.map((run) => run.auditEntryId).sort()).toEqual(entries.map((entry) => entry.id).sort());
  });

  it("moves a name's held lots once to the catalogue artist staff choose, with an audit entry", async () => {
    // Prepare: two catalogue artists bear the name the fan's import heard; a third has another name.
    const staff = await createSignedInAccount('admin');
    const word = uniqueWord();
    const names = [`${word} twin`, `${word} solo`] as const;
    const fan = await createSignedInAccount('fan');
    const pie = await splitPie(fan.userId, 30, names);
    const chosen = await givenArtist(names[0]);
    const other = await givenArtist(names[0]);
    const stranger = await givenArtist(`${word} stranger`);
    const path = `/api/admin/escrow/name-only/${encodeURIComponent(names[0])}/resolve`;
    // Act
    const listed = pageOf<StaffEscrowArtist>(
      await get(staff, '/api/admin/escrow', { search: names[0], kind: 'name-only' }),
    ).rows;
    const noReason = await post(staff, path, { artistId: chosen.id, reason: '' });
    const wrongName = await post(staff, path, { artistId: stranger.id, reason: 'A guess' });
    const unknownName = await post(staff, `/api/admin/escrow/name-only/${word}%20nobody/resolve`, {
      artistId: chosen.id,
      reason: 'Nothing is held',
    });
    const [first, second] = await Promise.all([
      post(staff, path, { artistId: chosen.id, reason: 'Their label confirmed the track' }),
      post(staff, path, { artistId: chosen.id, reason: 'Their label confirmed the track' }),
    ]);
    const toAnother = await post(staff, path, { artistId: other.id, reason: 'Changed my mind' });
    // Assess: the screen offered both artists of the name; the 706 cents moved once, to the chosen artist.
    expect(listed[0]?.nameOnly?.candidates.map((candidate) => candidate.artistId).sort()).toEqual(
      [chosen.id, other.id].sort(),
    );
    expect(noReason.statusCode).toBe(422);
    expect(wrongName.statusCode).toBe(422);
    expect(bodyOf(wrongName)).toMatchObject({ code: 'name_does_not_match' });
    expect(unknownName.statusCode).toBe(404);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const moved = [first, second].map((reply) => dataOf<ResolveNameResult>(reply));
    expect(moved.reduce((sum, reply) => sum + reply.movedLots, 0)).toBe(1);
    expect(moved.reduce((sum, reply) => sum + reply.movedCents, 0)).toBe(706);
    expect(moved[0]).toMatchObject({ artistId: chosen.id, normalisedName: names[0] });
    expect(toAnother.statusCode).toBe(409);
    expect(await balanceOf(accountIdOf('artist-earnings', chosen.id))).toBe(706);
    expect(await balanceOf(accountIdOf('artist-earnings', other.id))).toBe(0);
    expect((await lotsOf(pie.id)).map((lot) => [lot.artistKey, lot.cents, lot.status]).sort()).toEqual([
      [`id:${chosen.id}`, 706, 'held'],
      [`name:${names[1]}`, 235, 'held'],
    ]);
    const entries = (await auditEntriesOf('name-only-artist-resolved')).filter(
      (entry) => entry.target.id === names[0],
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      reason: 'Their label confirmed the track',
      actor: { id: staff.userId },
      target: { type: 'name-only-artist', id: names[0] },
    });
    // The escrow list now holds the money under the artist.
    const after = pageOf<StaffEscrowArtist>(
      await get(staff, '/api/admin/escrow', { search: chosen.id }),
    ).rows;
    expect(after.map((row) => [row.kind, row.artistKey, row.heldCents])).toEqual([
      ['catalogue', `id:${chosen.id}`, 706],
    ]);
  });
});

describe("staff's wallet transactions", () => {
  it("lists every fan's wallet lines newest first, searched by fan, by money in or out, with totals by kind", async () => {
    // Prepare: two fans with a split pie each, the second's ended later.
    const staff = await createSignedInAccount('admin');
    const word = uniqueWord();
    const firstFan = await createSignedInAccount('fan', { firstName: `Ada${word}` });
    const secondFan = await createSignedInAccount('fan');
    await splitPie(firstFan.userId, 60, [`${word} a`, `${word} b`]);
    await splitPie(secondFan.userId, 5, [`${word} a`, `${word} b`]);
    // Act
    const all = pageOf<StaffWalletTransaction>(await get(staff, '/api/admin/wallet-transactions'));
    const secondPage = pageOf<StaffWalletTransaction>(
      await get(staff, '/api/admin/wallet-transactions', { page: '2', limit: '1' }),
    );
    const byName = pageOf<StaffWalletTransaction>(
      await get(staff, '/api/admin/wallet-transactions', { search: `ada${word}` }),
    );
    const byEmail = pageOf<StaffWalletTransaction>(
      await get(staff, '/api/admin/wallet-transactions', { search: secondFan.email.toUpperCase() }),
    );
    const credits = pageOf<StaffWalletTransaction>(
      await get(staff, '/api/admin/wallet-transactions', { search: firstFan.userId, type: 'credit' }),
    );
    const splits = pageOf<StaffWalletTransaction>(
      await get(staff, '/api/admin/wallet-transactions', { search: word, status: 'split' }),
    );
    const byAmount = pageOf<StaffWalletTransaction>(
      await get(staff, '/api/admin/wallet-transactions', { search: firstFan.userId, sortBy: 'amount' }),
    );
    const stats = dataOf<StaffWalletStats>(
      await get(staff, '/api/admin/wallet-transactions/stats', { period: 'all' }),
    );
    // Assess: the list is every fan's own wallet lines (this file's other fans too), newest first.
    const { listAccountDirectory } = await import('../../functions/data/directories');
    const { listWalletTransactions } = await import('../../functions/services/wallet/wallet');
    const table = testTable();
    const everyLine = (
      await Promise.all(
        (await listAccountDirectory(table, 'fan')).map(
          async (fan) =>
            (await listWalletTransactions({ table }, fan.id, { page: 1, limit: 100, type: 'all' }))
              .transactions,
        ),
      )
    ).flat();
    expect(all.pagination.total).toBe(everyLine.length);
    expect(all.rows).toHaveLength(10);
    const dates = all.rows.map((line) => line.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(
      everyLine
        .map((line) => line.createdAt)
        .sort()
        .reverse()[0],
    );
    expect(secondPage.rows).toEqual([all.rows[1]]);
    // One fan's lines are exactly what the fan's own wallet shows: the split out, the payment in.
    const own = await listWalletTransactions({ table }, firstFan.userId, { page: 1, limit: 10, type: 'all' });
    expect(byName.rows.map((line) => [line.fanId, line.kind, line.amountCents])).toEqual([
      [firstFan.userId, 'split', -941],
      [firstFan.userId, 'fan-payment', 941],
    ]);
    expect(byName.rows.map((line) => [line.id, line.description, line.createdAt])).toEqual(
      own.transactions.map((line) => [line.id, line.description, line.createdAt]),
    );
    expect(byName.rows[0]?.fanName).toContain(`Ada${word}`);
    expect(new Set(byEmail.rows.map((line) => line.fanId))).toEqual(new Set([secondFan.userId]));
    expect(credits.rows.map((line) => [line.kind, line.amountCents])).toEqual([['fan-payment', 941]]);
    expect(byAmount.rows.map((line) => line.amountCents)).toEqual([941, -941]);
    expect(splits.rows.map((line) => [line.fanId, line.kind])).toEqual([[firstFan.userId, 'split']]);
    expect(splits.pagination.total).toBe(1);
    // The totals by kind are the sums of every fan's lines.
    const expectedKinds = [...new Set(everyLine.map((line) => line.kind))].map((kind) => {
      const ofKind = everyLine.filter((line) => line.kind === kind);
      return {
        kind,
        lines: ofKind.length,
        creditCents: ofKind.reduce((sum, line) => sum + Math.max(0, line.amountCents), 0),
        debitCents: ofKind.reduce((sum, line) => sum + Math.max(0, -line.amountCents), 0),
      };
    });
    expect(stats).toMatchObject({ period: 'all', from: null, lines: everyLine.length });
    expect([...stats.byKind].sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      expectedKinds.sort((a, b) => a.kind.localeCompare(b.kind)),
    );
    expect(stats.byKind.find((totals) => totals.kind === 'fan-payment')?.lines).toBeGreaterThanOrEqual(2);
    // This month: only the lines since its first day (the second fan's split, 5 days ago, may fall either side).
    const thisMonth = dataOf<StaffWalletStats>(await get(staff, '/api/admin/wallet-transactions/stats'));
    expect(thisMonth.period).toBe('month');
    expect(thisMonth.lines).toBe(
      everyLine.filter((line) => line.createdAt >= (thisMonth.from ?? '') && line.createdAt <= thisMonth.to)
        .length,
    );
    expect((await get(staff, '/api/admin/wallet-transactions', { type: 'both' })).statusCode).toBe(422);
    expect((await get(staff, '/api/admin/wallet-transactions', { status: 'payout' })).statusCode).toBe(422);
  });

  it('refuses fans, artist-side users and anonymous callers (401: no staff session)', async () => {
    const fan = await createSignedInAccount('fan');
    const artist = await createSignedInAccount('artist');
    for (const who of [fan, artist]) {
      expect((await get(who, '/api/admin/escrow')).statusCode).toBe(401);
      expect((await get(who, '/api/admin/wallet-transactions')).statusCode).toBe(401);
      expect((await post(who, '/api/admin/escrow/process-payouts', { reason: 'x' })).statusCode).toBe(401);
    }
    const handler = await finances();
    expect((await call(handler, 'GET', '/api/admin/escrow/due')).statusCode).toBe(401);
  });
});
