import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testTable } from '../support/test-table';

async function loadHandler() {
  return (await import('../../functions/handlers/fan-user')).handler;
}

/** A name no other test uses, within the 30-character limit. */
const uniqueUsername = (label = 'fan') => `${label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Stores counted plays for a fan and builds their day items, as a sync or an import would. */
async function givePlays(
  fanId: string,
  plays: readonly { daysAgo: number; artistName: string; artistId?: string; minutes: number }[],
) {
  const { savePlays, recomputeDailyListening } = await import('../../functions/data/listening');
  const saved = await savePlays(
    testTable(),
    fanId,
    plays.map((play, index) => ({
      endedAt: `${day(play.daysAgo)}T12:${String(index).padStart(2, '0')}:00.000Z`,
      msPlayed: play.minutes * 60_000,
      trackName: `Track ${index}`,
      artists: [{ artistName: play.artistName, ...(play.artistId ? { artistId: play.artistId } : {}) }],
      source: 'import' as const,
      identity: `${fanId}:${index}`,
    })),
  );
  await recomputeDailyListening(testTable(), fanId, saved.days);
}

describe('PUT /api/user/username', () => {
  it('saves a valid username and GET /api/user shows it with the default visibility', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const username = uniqueUsername('Ana.B');
    // Act
    const saved = await call(handler, 'PUT', '/api/user/username', {
      body: { username: `  ${username} ` },
      cookies: [fan.cookie],
    });
    const user = await call(handler, 'GET', '/api/user', { cookies: [fan.cookie] });
    // Assess
    expect(saved.statusCode).toBe(200);
    expect(dataOf(saved)).toEqual({ username, visibility: 'private', joinedBetaAt: null });
    expect(dataOf(user)).toMatchObject({ id: fan.userId, username, visibility: 'private' });
  });

  it('answers GET /api/user with a null username and private visibility for a fan who set nothing', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const user = await call(handler, 'GET', '/api/user', { cookies: [fan.cookie] });
    // Assess
    expect(dataOf(user)).toMatchObject({ username: null, visibility: 'private' });
  });

  it.each([
    ['ab', 'Use at least 3 characters'],
    ['a'.repeat(31), 'Use at most 30 characters'],
    ['ana b', 'Use only letters (a-z), digits, _ and .'],
    ['anä', 'Use only letters (a-z), digits, _ and .'],
    ['   ', 'Choose a username'],
  ])('refuses %j with 422 and the message %j', async (username, message) => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const result = await call(handler, 'PUT', '/api/user/username', {
      body: { username },
      cookies: [fan.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)['fields']).toEqual({ username: message });
  });

  it('refuses a username another fan holds, in any case, with 409', async () => {
    // Prepare
    const handler = await loadHandler();
    const [first, second] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const username = uniqueUsername('Nina');
    await call(handler, 'PUT', '/api/user/username', { body: { username }, cookies: [first.cookie] });
    // Act
    const taken = await call(handler, 'PUT', '/api/user/username', {
      body: { username: username.toUpperCase() },
      cookies: [second.cookie],
    });
    const secondUser = await call(handler, 'GET', '/api/user', { cookies: [second.cookie] });
    // Assess
    expect(taken.statusCode).toBe(409);
    expect(bodyOf(taken)).toMatchObject({
      code: 'username_taken',
      message: 'That username is taken. Please choose another one.',
    });
    expect(dataOf(secondUser)).toMatchObject({ username: null });
  });

  it('lets the holder change the case of their own username', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const username = uniqueUsername('mixed');
    await call(handler, 'PUT', '/api/user/username', { body: { username }, cookies: [fan.cookie] });
    // Act
    const recased = await call(handler, 'PUT', '/api/user/username', {
      body: { username: username.toUpperCase() },
      cookies: [fan.cookie],
    });
    // Assess
    expect(recased.statusCode).toBe(200);
    expect(dataOf(recased)).toMatchObject({ username: username.toUpperCase() });
  });

  it('releases the old username when a fan changes it, so another fan can take it', async () => {
    // Prepare
    const handler = await loadHandler();
    const [first, second] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const [oldName, newName] = [uniqueUsername('old'), uniqueUsername('new')];
    await call(handler, 'PUT', '/api/user/username', {
      body: { username: oldName },
      cookies: [first.cookie],
    });
    await call(handler, 'PUT', '/api/user/username', {
      body: { username: newName },
      cookies: [first.cookie],
    });
    // Act
    const takeOld = await call(handler, 'PUT', '/api/user/username', {
      body: { username: oldName },
      cookies: [second.cookie],
    });
    const takeNew = await call(handler, 'PUT', '/api/user/username', {
      body: { username: newName },
      cookies: [second.cookie],
    });
    // Assess
    expect(takeOld.statusCode).toBe(200);
    expect(takeNew.statusCode).toBe(409);
  });

  it('gives one username to only one of two fans asking at the same time', async () => {
    // Prepare
    const handler = await loadHandler();
    const fans = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const username = uniqueUsername('race');
    // Act
    const results = await Promise.all(
      fans.map((fan) =>
        call(handler, 'PUT', '/api/user/username', { body: { username }, cookies: [fan.cookie] }),
      ),
    );
    // Assess
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses a visitor who is not signed in as a fan', async () => {
    // Prepare
    const handler = await loadHandler();
    const artist = await createSignedInAccount('artist');
    // Act
    const anonymous = await call(handler, 'PUT', '/api/user/username', { body: { username: 'nobody' } });
    const asArtist = await call(handler, 'PUT', '/api/user/username', {
      body: { username: uniqueUsername() },
      cookies: [artist.cookie],
    });
    // Assess
    expect(anonymous.statusCode).toBe(401);
    expect(asArtist.statusCode).toBe(401);
  });
});

describe('PUT /api/user/visibility and POST /api/user/joinBeta', () => {
  it('sets the visibility and refuses a value that is not private or fans', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const opened = await call(handler, 'PUT', '/api/user/visibility', {
      body: { visibility: 'fans' },
      cookies: [fan.cookie],
    });
    const wrong = await call(handler, 'PUT', '/api/user/visibility', {
      body: { visibility: 'everyone' },
      cookies: [fan.cookie],
    });
    const user = await call(handler, 'GET', '/api/user', { cookies: [fan.cookie] });
    // Assess
    expect(dataOf(opened)).toEqual({ username: null, visibility: 'fans', joinedBetaAt: null });
    expect(wrong.statusCode).toBe(422);
    expect(bodyOf(wrong)['fields']).toEqual({ visibility: "Choose 'private' or 'fans'" });
    expect(dataOf(user)).toMatchObject({ visibility: 'fans' });
  });

  it('records the beta wish once: asking again keeps the first time', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const first = await call(handler, 'POST', '/api/user/joinBeta', { cookies: [fan.cookie] });
    const second = await call(handler, 'POST', '/api/user/joinBeta', { cookies: [fan.cookie] });
    // Assess
    const joinedAt = dataOf<{ joinedBetaAt: string }>(first).joinedBetaAt;
    expect(joinedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(dataOf(second)).toEqual({ username: null, visibility: 'private', joinedBetaAt: joinedAt });
  });
});

describe('GET /api/user/details/{id}', () => {
  it("shows a fan's own profile even while it is private, with top artists of the last 30 days", async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    await givePlays(fan.userId, [
      { daysAgo: 1, artistName: 'Nina Simone', artistId: 'nina1', minutes: 6 },
      { daysAgo: 2, artistName: 'Nina Simone', artistId: 'nina1', minutes: 3 },
      { daysAgo: 2, artistName: 'Radiohead', minutes: 3 },
      { daysAgo: 40, artistName: 'Radiohead', minutes: 60 },
    ]);
    // Act
    const result = await call(handler, 'GET', `/api/user/details/${fan.userId}`, { cookies: [fan.cookie] });
    // Assess: the play 40 days ago is outside the window; shares are of 12 minutes
    expect(result.statusCode).toBe(200);
    expect(dataOf(result)).toMatchObject({
      id: fan.userId,
      username: null,
      visibility: 'private',
      isSelf: true,
      plays: 3,
      msPlayed: 720_000,
      topArtists: [
        { artistId: 'nina1', artistName: 'Nina Simone', plays: 2, msPlayed: 540_000, share: 0.75 },
        { artistName: 'Radiohead', plays: 1, msPlayed: 180_000, share: 0.25 },
      ],
      recentDays: [
        { date: day(1), plays: 1, msPlayed: 360_000 },
        { date: day(2), plays: 2, msPlayed: 360_000 },
      ],
      period: { startDate: day(29), endDate: day(0) },
    });
  });

  it("answers 404 for another fan's private profile and shows it once they open it to fans", async () => {
    // Prepare
    const handler = await loadHandler();
    const [owner, viewer] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const username = uniqueUsername('open');
    await call(handler, 'PUT', '/api/user/username', { body: { username }, cookies: [owner.cookie] });
    await givePlays(owner.userId, [{ daysAgo: 0, artistName: 'Björk', minutes: 4 }]);
    const read = () =>
      call(handler, 'GET', `/api/user/details/${owner.userId}`, { cookies: [viewer.cookie] });
    // Act
    const whilePrivate = await read();
    await call(handler, 'PUT', '/api/user/visibility', {
      body: { visibility: 'fans' },
      cookies: [owner.cookie],
    });
    const whileOpen = await read();
    await call(handler, 'PUT', '/api/user/visibility', {
      body: { visibility: 'private' },
      cookies: [owner.cookie],
    });
    const closedAgain = await read();
    // Assess
    expect(whilePrivate.statusCode).toBe(404);
    expect(bodyOf(whilePrivate)['message']).toBe('This fan profile does not exist or is private.');
    expect(whileOpen.statusCode).toBe(200);
    expect(dataOf(whileOpen)).toMatchObject({
      username,
      isSelf: false,
      visibility: 'fans',
      topArtists: [{ artistName: 'Björk', plays: 1, msPlayed: 240_000, share: 1 }],
    });
    expect(closedAgain.statusCode).toBe(404);
  });

  it('answers 404 for an unknown fan and for an id that is not an id', async () => {
    // Prepare
    const handler = await loadHandler();
    const viewer = await createSignedInAccount('fan');
    // Act
    const unknown = await call(handler, 'GET', `/api/user/details/${randomUUID()}`, {
      cookies: [viewer.cookie],
    });
    const sample = await call(handler, 'GET', '/api/user/details/e2e-user-1', { cookies: [viewer.cookie] });
    const odd = await call(handler, 'GET', '/api/user/details/a.b%20c', { cookies: [viewer.cookie] });
    // Assess
    expect([unknown.statusCode, sample.statusCode, odd.statusCode]).toEqual([404, 404, 404]);
  });

  it('refuses an anonymous visitor', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const result = await call(handler, 'GET', `/api/user/details/${fan.userId}`);
    // Assess
    expect(result.statusCode).toBe(401);
  });
});

describe('GET /api/user/activity', () => {
  it("sums the fan's own counted listening for today, this week and this month", async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const other = await createSignedInAccount('fan');
    await givePlays(fan.userId, [
      { daysAgo: 0, artistName: 'Nina Simone', minutes: 5 },
      { daysAgo: 0, artistName: 'Radiohead', minutes: 2 },
      { daysAgo: 0, artistName: 'Radiohead', minutes: 0.25 },
      { daysAgo: 1, artistName: 'Nina Simone', minutes: 1 },
      { daysAgo: 70, artistName: 'Nina Simone', minutes: 9 },
    ]);
    await givePlays(other.userId, [{ daysAgo: 0, artistName: 'Someone Else', minutes: 30 }]);
    const { startOfUtcMonth, startOfUtcWeek } = await import('../../functions/domain/calendar');
    const today = day(0);
    const yesterdayCounts = (start: string) => day(1) >= start;
    // Act
    const result = await call(handler, 'GET', '/api/user/activity', { cookies: [fan.cookie] });
    // Assess: the 15 s play does not count; yesterday counts in the week or month only if it falls inside them
    const expected = (start: string) => ({
      startDate: start,
      plays: yesterdayCounts(start) ? 3 : 2,
      msPlayed: yesterdayCounts(start) ? 480_000 : 420_000,
      daysWithListening: yesterdayCounts(start) ? 2 : 1,
      artistCount: 2,
    });
    expect(result.statusCode).toBe(200);
    expect(dataOf(result)).toEqual({
      asOf: today,
      today: { startDate: today, plays: 2, msPlayed: 420_000, daysWithListening: 1, artistCount: 2 },
      thisWeek: expected(startOfUtcWeek(today)),
      thisMonth: expected(startOfUtcMonth(today)),
      lastListenedDate: today,
      latestFetchedDate: null,
    });
  });

  it('answers zeros for a fan with no listening', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const result = await call(handler, 'GET', '/api/user/activity', { cookies: [fan.cookie] });
    // Assess
    expect(dataOf(result)).toMatchObject({
      today: { plays: 0, msPlayed: 0, daysWithListening: 0, artistCount: 0 },
      lastListenedDate: null,
      latestFetchedDate: null,
    });
  });
});

describe('buildFanProfileErasure', () => {
  it('removes the profile and frees the username when written, as account deletion does', async () => {
    // Prepare
    const handler = await loadHandler();
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { buildFanProfileErasure, getFanProfile } = await import('../../functions/data/fan-profiles');
    const [leaving, next] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const username = uniqueUsername('leaving');
    await call(handler, 'PUT', '/api/user/username', { body: { username }, cookies: [leaving.cookie] });
    await call(handler, 'PUT', '/api/user/visibility', {
      body: { visibility: 'fans' },
      cookies: [leaving.cookie],
    });
    // Act
    const items = await buildFanProfileErasure(testTable(), leaving.userId);
    await testTable().client.send(new TransactWriteCommand({ TransactItems: items }));
    const taken = await call(handler, 'PUT', '/api/user/username', {
      body: { username },
      cookies: [next.cookie],
    });
    // Assess
    expect(items).toHaveLength(2);
    expect(await getFanProfile(testTable(), leaving.userId)).toEqual({ visibility: 'private' });
    expect(taken.statusCode).toBe(200);
  });

  it('has nothing to erase for a fan who never set a profile', async () => {
    // Prepare
    const { buildFanProfileErasure } = await import('../../functions/data/fan-profiles');
    const fan = await createSignedInAccount('fan');
    // Act
    const items = await buildFanProfileErasure(testTable(), fan.userId);
    // Assess
    expect(items).toEqual([]);
  });
});

describe('deleting the account', () => {
  it("erases the fan's profile: the username is free again and the once-open profile answers 404", async () => {
    // Prepare: a fan with a username, open to fans
    const handler = await loadHandler();
    const fanAuth = (await import('../../functions/handlers/fan-auth')).handler;
    const [owner, viewer, newcomer] = [
      await createSignedInAccount('fan'),
      await createSignedInAccount('fan'),
      await createSignedInAccount('fan'),
    ];
    const username = uniqueUsername('gone');
    await call(handler, 'PUT', '/api/user/username', { body: { username }, cookies: [owner.cookie] });
    await call(handler, 'PUT', '/api/user/visibility', {
      body: { visibility: 'fans' },
      cookies: [owner.cookie],
    });
    const beforeDeletion = await call(handler, 'GET', `/api/user/details/${owner.userId}`, {
      cookies: [viewer.cookie],
    });
    // Act
    const deleted = await call(fanAuth, 'DELETE', '/api/auth/account', { cookies: [owner.cookie] });
    const afterDeletion = await call(handler, 'GET', `/api/user/details/${owner.userId}`, {
      cookies: [viewer.cookie],
    });
    const taken = await call(handler, 'PUT', '/api/user/username', {
      body: { username },
      cookies: [newcomer.cookie],
    });
    // Assess
    expect(beforeDeletion.statusCode).toBe(200);
    expect(deleted.statusCode).toBe(200);
    expect(afterDeletion.statusCode).toBe(404);
    expect(taken.statusCode).toBe(200);
    expect(dataOf(taken)).toMatchObject({ username });
  });
});
