// The demo artist's office (local/seed-demo-office.ts) as the local product seeds it on a first
// start: read back through the artist area's API as the demo artist-side user and the second member sees it. A start
// interrupted after the money moved (no marker yet) seeds again without moving any money twice.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMarkerKey } from '../../functions/data/keys';
import { setLocalClockOffset } from '../../functions/runtime/clock';
import type { RunningOpenPie } from '../../local/app';
import { demoAccounts, demoBackground, seedDemoData } from '../../local/seed';
import { demoOfficeMarker } from '../../local/seed-demo-office';
import { artistsById } from '../../local/spotify-sandbox/catalogue';
import { testTable } from '../support/test-table';
import { throwawayProduct } from '../support/throwaway-product';

const savedEnv = { ...process.env };
let app: RunningOpenPie | undefined;
let dataDir: string | undefined;
let catalogueCompleted = false;

function demoLogin(label: string): { email: string; password: string } {
  const demo = demoAccounts.find((account) => account.label === label);
  if (!demo) throw new Error(`No demo ${label}`);
  return { email: demo.email, password: demo.password };
}

function site(): RunningOpenPie {
  if (!app) throw new Error('The local product is not running');
  return app;
}

/** Signs a demo artist-side user in through the API; answers their session cookie. */
async function signIn(label: string): Promise<string> {
  const reply = await fetch(`${site().url}/api/for-artists/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site().url },
    body: JSON.stringify(demoLogin(label)),
  });
  expect(reply.status).toBe(200);
  const cookie = reply.headers.getSetCookie().find((set) => set.startsWith('openpie_access_token_artist='));
  if (!cookie) throw new Error(`No session for the demo ${label}`);
  return cookie.split(';')[0] ?? '';
}

async function read<T>(cookie: string, path: string): Promise<{ status: number; data: T }> {
  const reply = await fetch(`${site().url}/api/for-artists${path}`, { headers: { cookie } });
  const body = (await reply.json()) as { data: T };
  return { status: reply.status, data: body.data };
}

interface Office {
  _id: string;
  role: string;
  members: { email: string; role: string }[];
}
interface Claim {
  _id: string;
  artistId: string;
  status: string;
}
interface Line {
  kind: string;
  amountCents: number;
  artistId: string | null;
}
interface Payout {
  status: string;
  amountCents: number;
  netCents: number;
}

interface OfficeView {
  office: Office;
  claims: Claim[];
  lines: Line[];
  balance: { payableCents: number; inFlightCents: number };
  account: { status: string };
  payouts: Payout[];
}

async function readOfficeView(cookie: string): Promise<OfficeView> {
  const offices = await read<Office[]>(cookie, '/offices');
  const office = offices.data[0];
  if (!office) throw new Error('The demo artist has no office');
  const query = `officeId=${office._id}`;
  const [claims, lines, balance, account, payouts] = await Promise.all([
    read<Claim[]>(cookie, `/claims?${query}`),
    read<Line[]>(cookie, `/stripe/transactions?${query}`),
    read<OfficeView['balance']>(cookie, `/stripe/balance?${query}`),
    read<OfficeView['account']>(cookie, `/stripe/account-status?${query}`),
    read<{ data: Payout[] }>(cookie, `/stripe/payouts?${query}`),
  ]);
  return {
    office,
    claims: claims.data,
    lines: lines.data,
    balance: balance.data,
    account: account.data,
    payouts: payouts.data.data,
  };
}

beforeAll(async () => {
  const { startOpenPie } = await import('../../local/app');
  dataDir = await mkdtemp(join(tmpdir(), 'openpie-demo-office-'));
  app = await startOpenPie({ port: 0, dataDir, ...throwawayProduct });
  await seedDemoData(app.stripeSandbox);
  // What a first start writes after "ready" (the catalogue's other artists, the fan's listening), as a person's
  // second start finds it.
  catalogueCompleted = await demoBackground.catalogue;
  await demoBackground.listening;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  process.env = savedEnv;
  setLocalClockOffset(0);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the demo artist’s office on a first start', () => {
  it('has a second member, a successful claim whose released earnings paid one payout, and a ready account', async () => {
    // Prepare
    const cookie = await signIn('artist');

    // Act
    const view = await readOfficeView(cookie);

    // Assess
    expect(view.office.role).toBe('admin');
    expect(view.office.members).toContainEqual({
      user_id: expect.any(String) as string,
      email: demoLogin('member').email,
      role: 'member',
    });
    expect(view.claims.map((claim) => claim.status)).toEqual(['Successful']);
    const released = view.lines.filter((line) => line.kind === 'earnings');
    expect(released.length).toBeGreaterThan(0);
    expect(released.every((line) => line.artistId === view.claims[0]?.artistId)).toBe(true);
    const releasedCents = released.reduce((sum, line) => sum + line.amountCents, 0);
    expect(view.payouts).toHaveLength(1);
    const [payout] = view.payouts;
    expect(payout?.status).toBe('completed');
    expect(view.lines.filter((line) => line.kind === 'payout').map((line) => line.amountCents)).toEqual([
      -(payout?.amountCents ?? 0),
    ]);
    expect(view.balance.payableCents).toBe(releasedCents - (payout?.amountCents ?? 0));
    expect(view.balance.payableCents).toBeGreaterThan(0);
    expect(view.balance.inFlightCents).toBe(0);
    expect(view.account.status).toBe('ready');
  });

  it('lets the second member in as a member, who sees the office but not its money', async () => {
    // Prepare
    const cookie = await signIn('member');

    // Act
    const offices = await read<Office[]>(cookie, '/offices');
    const demoOffice = offices.data.find((office) => office.role === 'member');
    const money = await read<unknown>(cookie, `/stripe/balance?officeId=${demoOffice?._id ?? ''}`);

    // Assess
    expect(demoOffice?.members.map((member) => member.email)).toContain(demoLogin('artist').email);
    expect(money.status).toBe(403);
  });

  it('has every sandbox artist in the catalogue once the background is done, found by name', async () => {
    // Prepare: an artist of the background's part (not the office's claimed artist nor the sample artist).
    const cookie = await signIn('artist');
    const view = await readOfficeView(cookie);
    const later = [...artistsById.values()].find(
      (artist) => artist.id !== view.claims[0]?.artistId && /^[a-z]+$/i.test(artist.name.split(' ')[0] ?? ''),
    );
    if (!later) throw new Error('The sandbox has no artist to look for');

    // Act
    const { countCatalogueArtists } = await import('../../functions/data/catalogue/artists');
    const found = await read<{ id: string }[]>(
      cookie,
      `/search?search_term=${encodeURIComponent(later.name)}&page=1&limit=50`,
    );

    // Assess
    expect(catalogueCompleted).toBe(true);
    expect(await countCatalogueArtists(testTable())).toBe(artistsById.size + 1);
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.data)).toContain(later.id);
  });

  it('seeds again after a start interrupted before its marker without moving money twice', async () => {
    // Prepare
    const cookie = await signIn('artist');
    const before = await readOfficeView(cookie);
    await testTable().client.send(
      new DeleteCommand({ TableName: testTable().name, Key: seedMarkerKey(demoOfficeMarker) }),
    );

    // Act
    await seedDemoData(site().stripeSandbox);

    // Assess
    const after = await readOfficeView(cookie);
    expect(after.lines).toEqual(before.lines);
    expect(after.balance).toEqual(before.balance);
    expect(after.payouts).toEqual(before.payouts);
    expect(after.claims).toEqual(before.claims);
    expect(after.office.members).toHaveLength(before.office.members.length);
  }, 120_000);
});
