// Staff read the people and teams of OpenPie (decision 037) through the admin-fans, admin-offices, admin-artists and
// admin-user-artists handlers, on DynamoDB Local and the Stripe sandbox: fans by what their cards paid (the gross of
// their fan-payment transactions, before fees and refunds; a deleted fan stays, anonymised), one fan with pies,
// wallet, payments and refunds; offices newest first, one office whose funds equal its own funds screen's; artists
// claimed or not with what is held; artist-side users with their offices and claims. Staff only: fans, artist-side
// users and anonymous callers are refused.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  StaffArtistSummary,
  StaffFanDetail,
  StaffFanSummary,
  StaffOfficeDetail,
  StaffOfficeSummary,
  StaffUserArtistDetail,
  StaffUserArtistSummary,
} from '../../functions/contracts/admin-people';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { givenArtist } from '../support/factories/catalogue';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { chargesOf, payAs, paymentsHarnessPerTest } from '../support/payments-harness';
import { fundOffice } from '../support/payouts-harness';
import { givenClaim, verifyAndApproveClaim } from '../support/factories/claims';
import { givenOfficeOf } from '../support/factories/offices';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

const handlers = {
  fans: async () => (await import('../../functions/handlers/admin-fans')).handler,
  offices: async () => (await import('../../functions/handlers/admin-offices')).handler,
  artists: async () => (await import('../../functions/handlers/admin-artists')).handler,
  userArtists: async () => (await import('../../functions/handlers/admin-user-artists')).handler,
};

/** A word of 20 random letters: no other test's names contain it. */
function uniqueWord(): string {
  return Array.from(randomBytes(20), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

async function asStaff(
  staff: SignedInAccount,
  handler: keyof typeof handlers,
  path: string,
  query: Record<string, string> = {},
) {
  return call(await handlers[handler](), 'GET', path, { cookies: [staff.cookie], query });
}

async function eraseFan(fan: SignedInAccount): Promise<void> {
  const { eraseAccount, getAccount } = await import('../../functions/data/accounts');
  const table = testTable();
  const account = await getAccount(table, 'fan', fan.userId);
  if (!account?.email) throw new Error('no fan');
  expect(await eraseAccount(table, { ...account, email: account.email }, new Date())).toBe(true);
}

describe('GET /api/admin/fans and /fans/{id}', () => {
  it('lists fans by what their cards paid, highest first, with search, pages, the active-pie filter and a deleted fan anonymised', async () => {
    // Prepare: four fans named with one word no other test uses; two pay, one pays and deletes the account.
    const harness = await startHarness();
    const staff = await createSignedInAccount('admin');
    const word = uniqueWord();
    const small = await createSignedInAccount('fan', { firstName: `Ada ${word}`, lastName: 'Small' });
    const big = await createSignedInAccount('fan', { firstName: `Bo ${word}`, lastName: 'Big' });
    const none = await createSignedInAccount('fan', { firstName: `Cy ${word}`, lastName: 'None' });
    const gone = await createSignedInAccount('fan', { firstName: `Di ${word}`, lastName: 'Gone' });
    await payAs(harness, small, 1000);
    await payAs(harness, big, 2500);
    await payAs(harness, gone, 1500);
    await eraseFan(gone);
    // Act
    const bySpent = await asStaff(staff, 'fans', '/api/admin/fans', { search: word.toUpperCase() });
    const secondPage = await asStaff(staff, 'fans', '/api/admin/fans', {
      search: word,
      limit: '2',
      page: '2',
    });
    const byName = await asStaff(staff, 'fans', '/api/admin/fans', { search: word, sortBy: 'name' });
    const active = await asStaff(staff, 'fans', '/api/admin/fans', { search: word, activePie: 'true' });
    const idle = await asStaff(staff, 'fans', '/api/admin/fans', { search: word, activePie: 'false' });
    const deleted = await asStaff(staff, 'fans', '/api/admin/fans', { search: gone.userId });
    // Assess
    expect(bySpent.statusCode).toBe(200);
    expect(dataOf<StaffFanSummary[]>(bySpent).map((fan) => [fan.name, fan.spentCents, fan.payments])).toEqual(
      [
        [`Bo ${word} Big`, 2500, 1],
        [`Ada ${word} Small`, 1000, 1],
        [`Cy ${word} None`, 0, 0],
      ],
    );
    expect(bodyOf(bySpent).pagination).toEqual({ page: 1, limit: 10, total: 3, pages: 1 });
    expect(dataOf<StaffFanSummary[]>(secondPage).map((fan) => fan._id)).toEqual([none.userId]);
    expect(dataOf<StaffFanSummary[]>(byName).map((fan) => fan._id)).toEqual([
      small.userId,
      big.userId,
      none.userId,
    ]);
    expect(dataOf<StaffFanSummary[]>(active).map((fan) => fan._id)).toEqual([big.userId, small.userId]);
    expect(dataOf<StaffFanSummary[]>(idle).map((fan) => fan._id)).toEqual([none.userId]);
    expect(dataOf<StaffFanSummary[]>(deleted)).toEqual([
      expect.objectContaining({
        _id: gone.userId,
        name: null,
        email: null,
        status: 'deleted',
        spentCents: 1500,
        payments: 1,
      }),
    ]);
  });

  it('shows one fan with pies, the wallet service’s balance, payments and Stripe’s refunds; spent stays the gross', async () => {
    // Prepare: a fan pays 2000, then 500 of it is refunded.
    const harness = await startHarness();
    const staff = await createSignedInAccount('admin');
    const fan = await createSignedInAccount('fan', { firstName: 'Refunded', lastName: uniqueWord() });
    await payAs(harness, fan, 2000);
    const [charge] = await chargesOf(harness, fan.userId);
    await harness.stripe.refunds.create({ charge: charge?.id ?? '', amount: 500 });
    await harness.sandbox.settle();
    const wallet = (await import('../../functions/handlers/fan-wallet')).handler;
    const fanWallet = dataOf<{ balanceCents: number }>(
      await call(wallet, 'GET', '/api/fan-wallet/balance', { cookies: [fan.cookie] }),
    );
    // Act
    const result = await asStaff(staff, 'fans', `/api/admin/fans/${fan.userId}`);
    const listed = await asStaff(staff, 'fans', '/api/admin/fans', { search: fan.userId });
    // Assess
    expect(result.statusCode).toBe(200);
    const detail = dataOf<StaffFanDetail>(result);
    expect(detail).toMatchObject({
      _id: fan.userId,
      status: 'active',
      spentCents: 2000,
      payments: 1,
      walletBalanceCents: fanWallet.balanceCents,
    });
    expect(detail.pies).toHaveLength(1);
    expect(detail.paymentList).toEqual([
      expect.objectContaining({ grossCents: 2000, chargeId: charge?.id, pieId: detail.pies[0]?._id }),
    ]);
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        chargeId: charge?.id,
        amountCents: 500,
        status: 'succeeded',
        transactionId: expect.any(String) as unknown,
      }),
    ]);
    expect(detail.disputes).toEqual([]);
    expect(detail.listening).toMatchObject({ days: 30, msPlayed: 0, plays: 0, topArtists: [] });
    expect(dataOf<StaffFanSummary[]>(listed)[0]?.spentCents).toBe(2000);
  });

  it('no longer lists a fan as having an active pie once a full refund stops it', async () => {
    // Prepare: a fan pays 1500 and is listed with an active pie.
    const harness = await startHarness();
    const staff = await createSignedInAccount('admin');
    const fan = await createSignedInAccount('fan', { firstName: 'Stopped', lastName: uniqueWord() });
    await payAs(harness, fan, 1500);
    const before = await asStaff(staff, 'fans', '/api/admin/fans', { search: fan.userId, activePie: 'true' });
    expect(dataOf<StaffFanSummary[]>(before).map((row) => row._id)).toEqual([fan.userId]);
    const [charge] = await chargesOf(harness, fan.userId);
    // Act: the whole payment is refunded, which stops its pie.
    await harness.stripe.refunds.create({ charge: charge?.id ?? '' });
    await harness.sandbox.settle();
    // Assess: the list's active-pie filter follows at once; what the card paid stays the gross.
    const active = await asStaff(staff, 'fans', '/api/admin/fans', { search: fan.userId, activePie: 'true' });
    const idle = await asStaff(staff, 'fans', '/api/admin/fans', { search: fan.userId, activePie: 'false' });
    expect(dataOf<StaffFanSummary[]>(active)).toEqual([]);
    expect(dataOf<StaffFanSummary[]>(idle)).toEqual([
      expect.objectContaining({ _id: fan.userId, spentCents: 1500 }),
    ]);
  });

  it('still shows the fan when Stripe does not answer, saying the refunds are not known', async () => {
    // Prepare: a fan who paid; then the Stripe sandbox stops.
    const harness = await startHarness();
    const staff = await createSignedInAccount('admin');
    const fan = await createSignedInAccount('fan', { firstName: 'Offline', lastName: uniqueWord() });
    await payAs(harness, fan, 1500);
    await harness.stop();
    // Act
    const result = await asStaff(staff, 'fans', `/api/admin/fans/${fan.userId}`);
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf<StaffFanDetail>(result)).toMatchObject({ spentCents: 1500, refunds: null });
  });

  it('answers 404 for an unknown fan and 422 for a sort it does not know', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    // Act
    const unknown = await asStaff(staff, 'fans', `/api/admin/fans/${randomUUID()}`);
    const badSort = await asStaff(staff, 'fans', '/api/admin/fans', { sortBy: 'email' });
    // Assess
    expect(unknown.statusCode).toBe(404);
    expect(badSort.statusCode).toBe(422);
  });
});

describe('the fans list’s copy of what a fan spent', () => {
  it('keeps the count with the most payments, whatever order two refreshes write in', async () => {
    // Prepare
    const { recordFanSpend, listAccountDirectory } = await import('../../functions/data/directories');
    const table = testTable();
    const fan = await createSignedInAccount('fan', { firstName: 'Late', lastName: uniqueWord() });
    const at = new Date();
    // Act: the later count is written first, the earlier one arrives after it
    const later = await recordFanSpend(
      table,
      fan.userId,
      { spentCents: 3000, paymentCount: 2, pieEndsAt: null },
      at,
    );
    const earlier = await recordFanSpend(
      table,
      fan.userId,
      { spentCents: 1000, paymentCount: 1, pieEndsAt: null },
      at,
    );
    const nobody = await recordFanSpend(
      table,
      randomUUID(),
      { spentCents: 1000, paymentCount: 1, pieEndsAt: null },
      at,
    );
    // Assess
    expect([later, earlier, nobody]).toEqual([true, false, false]);
    const row = (await listAccountDirectory(table, 'fan')).find((account) => account.id === fan.userId);
    expect(row).toMatchObject({ spentCents: 3000, paymentCount: 2 });
  });
});

describe('GET /api/admin/offices and /offices/{id}', () => {
  it('lists offices newest first with search and sorting, and shows one with the funds its own screen shows', async () => {
    // Prepare: three offices of one artist-side user; the second is paid 700 of released earnings and holds a claim.
    const staff = await createSignedInAccount('admin');
    const admin = await createSignedInAccount('artist');
    const word = uniqueWord();
    const first = await givenOfficeOf(admin, `Alpha ${word}`);
    const second = await givenOfficeOf(admin, `Charlie ${word}`);
    const third = await givenOfficeOf(admin, `Bravo ${word}`);
    const { payoutDependencies } = await import('../../functions/services/connect/payouts');
    await fundOffice(payoutDependencies(), second._id, 700);
    const artist = await givenArtist(`Office Artist ${word}`);
    const claim = await givenClaim(admin, artist.id, second._id, 'spotify');
    const payments = (await import('../../functions/handlers/artist-payments')).handler;
    const ownScreen = await call(payments, 'GET', '/api/for-artists/stripe/wallet-balance', {
      cookies: [admin.cookie],
      query: { officeId: second._id },
    });
    // Act
    const newest = await asStaff(staff, 'offices', '/api/admin/offices', { search: word });
    const byName = await asStaff(staff, 'offices', '/api/admin/offices', {
      search: word,
      sortBy: 'name',
      sortOrder: 'desc',
    });
    const detail = await asStaff(staff, 'offices', `/api/admin/offices/${second._id}`);
    const unknown = await asStaff(staff, 'offices', `/api/admin/offices/${randomUUID()}`);
    // Assess
    expect(dataOf<StaffOfficeSummary[]>(newest).map((office) => office._id)).toEqual([
      third._id,
      second._id,
      first._id,
    ]);
    expect(dataOf<StaffOfficeSummary[]>(newest)[0]).toMatchObject({
      memberCount: 1,
      type: 'Label',
      connect: 'not_started',
    });
    expect(dataOf<StaffOfficeSummary[]>(byName).map((office) => office.name)).toEqual([
      `Charlie ${word}`,
      `Bravo ${word}`,
      `Alpha ${word}`,
    ]);
    expect(detail.statusCode).toBe(200);
    const office = dataOf<StaffOfficeDetail>(detail);
    expect(ownScreen.statusCode).toBe(200);
    expect(office.funds).toEqual(dataOf(ownScreen));
    expect(office.funds.availableCents).toBe(700);
    expect(office.members).toEqual([expect.objectContaining({ userId: admin.userId, role: 'admin' })]);
    expect(office.claims).toEqual([
      expect.objectContaining({ _id: claim._id, artistId: artist.id, status: 'Pending' }),
    ]);
    expect(office.payouts).toEqual([]);
    expect(office.connectAccount).toMatchObject({ accountId: null, payoutsEnabled: false });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/artists', () => {
  it('lists artists by name, claimed or not, with the claiming office, open claims and what is held', async () => {
    // Prepare: two artists; one is claimed by an office staff approved, the other has a pending claim.
    const staff = await createSignedInAccount('admin');
    const admin = await createSignedInAccount('artist');
    const word = uniqueWord();
    const claimed = await givenArtist(`Zed ${word}`);
    const waiting = await givenArtist(`Amy ${word}`);
    const office = await givenOfficeOf(admin, `Claimers ${word}`);
    await verifyAndApproveClaim((await givenClaim(admin, claimed.id, office._id, 'spotify'))._id, staff);
    await givenClaim(admin, waiting.id, office._id, 'spotify');
    // Act
    const all = await asStaff(staff, 'artists', '/api/admin/artists', { search: word });
    const onlyClaimed = await asStaff(staff, 'artists', '/api/admin/artists', {
      search: word,
      status: 'claimed',
    });
    const onlyUnclaimed = await asStaff(staff, 'artists', '/api/admin/artists', {
      search: word,
      status: 'unclaimed',
    });
    // Assess
    expect(all.statusCode).toBe(200);
    const rows = dataOf<StaffArtistSummary[]>(all);
    expect(rows.map((row) => row._id).sort()).toEqual([claimed.id, waiting.id].sort());
    expect(rows.find((row) => row._id === claimed.id)).toMatchObject({
      status: 'claimed',
      claim: { officeId: office._id, officeName: `Claimers ${word}` },
      openClaims: 0,
      heldCents: 0,
    });
    expect(rows.find((row) => row._id === waiting.id)).toMatchObject({
      status: 'unclaimed',
      claim: null,
      openClaims: 1,
    });
    expect(dataOf<StaffArtistSummary[]>(onlyClaimed).map((row) => row._id)).toEqual([claimed.id]);
    expect(dataOf<StaffArtistSummary[]>(onlyUnclaimed).map((row) => row._id)).toEqual([waiting.id]);
    expect(bodyOf(onlyUnclaimed).pagination).toMatchObject({ total: 1, pages: 1 });
  });
});

describe('GET /api/admin/user-artists and /user-artists/{id}', () => {
  it('lists artist-side users newest first with search, and shows one with offices and claims', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const word = uniqueWord();
    const older = await createSignedInAccount('artist', { firstName: 'Olga', lastName: word });
    const newer = await createSignedInAccount('artist', { firstName: 'Nina', lastName: word, country: 'NL' });
    const office = await givenOfficeOf(newer, `Nina's ${word}`);
    const artist = await givenArtist(`Nina Artist ${word}`);
    const claim = await givenClaim(newer, artist.id, office._id, 'spotify');
    // Act
    const list = await asStaff(staff, 'userArtists', '/api/admin/user-artists', { search: word });
    const byEmail = await asStaff(staff, 'userArtists', '/api/admin/user-artists', {
      search: older.email.slice(0, 20),
    });
    const detail = await asStaff(staff, 'userArtists', `/api/admin/user-artists/${newer.userId}`);
    const unknown = await asStaff(staff, 'userArtists', `/api/admin/user-artists/${randomUUID()}`);
    // Assess
    expect(dataOf<StaffUserArtistSummary[]>(list).map((user) => user._id)).toEqual([
      newer.userId,
      older.userId,
    ]);
    expect(dataOf<StaffUserArtistSummary[]>(byEmail).map((user) => user._id)).toEqual([older.userId]);
    expect(dataOf<StaffUserArtistDetail>(detail)).toMatchObject({
      _id: newer.userId,
      name: `Nina ${word}`,
      country: 'NL',
      emailVerified: true,
      offices: [{ _id: office._id, role: 'admin' }],
      claims: [{ _id: claim._id, artistId: artist.id, status: 'Pending' }],
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('staff only', () => {
  it('refuses fans, artist-side users and anonymous callers (401: no staff session) on every staff read', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const artistSide = await createSignedInAccount('artist');
    const routes: [keyof typeof handlers, string][] = [
      ['fans', '/api/admin/fans'],
      ['fans', `/api/admin/fans/${fan.userId}`],
      ['offices', '/api/admin/offices'],
      ['offices', `/api/admin/offices/${randomUUID()}`],
      ['artists', '/api/admin/artists'],
      ['userArtists', '/api/admin/user-artists'],
      ['userArtists', `/api/admin/user-artists/${artistSide.userId}`],
    ];
    // Act
    const outcomes = await Promise.all(
      routes.map(async ([handler, path]) => {
        const loaded = await handlers[handler]();
        const [asFan, asArtist, anonymous] = await Promise.all([
          call(loaded, 'GET', path, { cookies: [fan.cookie] }),
          call(loaded, 'GET', path, { cookies: [artistSide.cookie] }),
          call(loaded, 'GET', path),
        ]);
        return [path, asFan.statusCode, asArtist.statusCode, anonymous.statusCode];
      }),
    );
    // Assess
    expect(outcomes).toEqual(routes.map(([, path]) => [path, 401, 401, 401]));
  });
});
