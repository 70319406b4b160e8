// A fan reports a claimed artist (POST /api/claims/report/{id}) through the fan-claims handler, on DynamoDB Local:
// the report is stored once per fan and artist, staff find it among the open reports, an artist the catalogue does
// not know answers 404, and only a signed-in fan may report.
import { describe, expect, it } from 'vitest';
import { givenArtist } from '../support/factories/catalogue';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testTable } from '../support/test-table';

async function loadHandler() {
  return (await import('../../functions/handlers/fan-claims')).handler;
}

const reason = 'This office is not the band: their real label posted about it.';
const uniqueArtistId = () => `artist${Math.random().toString(36).slice(2, 12)}`;

describe('POST /api/claims/report/{id}', () => {
  it('stores a report that staff find in the open reports, and answers 409 to the same fan reporting again', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const { id: artistId } = await givenArtist('The Red Covers');
    const report = () =>
      call(handler, 'POST', `/api/claims/report/${artistId}`, { body: { reason }, cookies: [fan.cookie] });
    // Act
    const first = await report();
    const repeat = await report();
    // Assess
    expect(first.statusCode).toBe(201);
    const stored = dataOf<{ id: string; createdAt: string }>(first);
    expect(stored).toMatchObject({
      target: { kind: 'artist', id: artistId, name: 'The Red Covers' },
      status: 'open',
    });
    expect(repeat.statusCode).toBe(409);
    expect(bodyOf(repeat)['message']).toBe('You have already reported this claim. Our staff will review it.');
    const { listOpenClaimReports } = await import('../../functions/data/claim-reports');
    const queue = await listOpenClaimReports(testTable(), { limit: 100 });
    expect(queue.reports.filter((item) => item.target.id === artistId)).toEqual([
      {
        id: stored.id,
        fanId: fan.userId,
        target: { kind: 'artist', id: artistId, name: 'The Red Covers' },
        reason,
        status: 'open',
        createdAt: stored.createdAt,
      },
    ]);
  });

  it('lets two different fans report the same artist', async () => {
    // Prepare
    const handler = await loadHandler();
    const [first, second] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const { id: artistId } = await givenArtist('The Red Covers');
    // Act
    const results = await Promise.all(
      [first, second].map((fan) =>
        call(handler, 'POST', `/api/claims/report/${artistId}`, { body: { reason }, cookies: [fan.cookie] }),
      ),
    );
    // Assess
    expect(results.map((result) => result.statusCode)).toEqual([201, 201]);
  });

  it.each([
    ['too short', 'Not him', 'Tell us a little more: at least 10 characters'],
    ['blank padding only', `   ${'x'.repeat(5)}    `, 'Tell us a little more: at least 10 characters'],
    ['too long', 'x'.repeat(1001), 'Keep it under 1000 characters'],
  ])('refuses a reason that is %s with 422', async (_label, text, message) => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const result = await call(handler, 'POST', `/api/claims/report/${uniqueArtistId()}`, {
      body: { reason: text },
      cookies: [fan.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)['fields']).toEqual({ reason: message });
  });

  it('answers 404 for an artist the catalogue does not know, and stores nothing', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const artistId = uniqueArtistId();
    // Act
    const result = await call(handler, 'POST', `/api/claims/report/${artistId}`, {
      body: { reason },
      cookies: [fan.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)['message']).toBe(
      'We do not know this artist on OpenPie. Check the link and try again.',
    );
    const { listOpenClaimReports } = await import('../../functions/data/claim-reports');
    const queue = await listOpenClaimReports(testTable(), { limit: 100 });
    expect(queue.reports.filter((item) => item.target.id === artistId)).toEqual([]);
  });

  it('refuses anyone not signed in as a fan', async () => {
    // Prepare
    const handler = await loadHandler();
    const artist = await createSignedInAccount('artist');
    const path = `/api/claims/report/${uniqueArtistId()}`;
    // Act
    const anonymous = await call(handler, 'POST', path, { body: { reason } });
    const asArtist = await call(handler, 'POST', path, { body: { reason }, cookies: [artist.cookie] });
    // Assess
    expect(anonymous.statusCode).toBe(401);
    expect(asArtist.statusCode).toBe(401);
  });
});
