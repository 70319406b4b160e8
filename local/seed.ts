// Demo data for local mode, written on first start only (a seed marker says it was) and never in AWS: a verified
// demo fan, a verified artist-side user with a complete profile, a second member of that user's office, and a staff
// admin. The console prints their logins.
import { randomUUID } from 'node:crypto';
import { createAccount, findAccountByEmail, saveConnection } from '../functions/data/accounts';
import { putNewCatalogueArtists, upsertCatalogueArtists } from '../functions/data/catalogue/artists';
import { createDocumentClient } from '../functions/runtime/dynamodb-client';
import { recomputeDailyListening, savePlays } from '../functions/data/listening';
import { saveSpotifySyncState, spotifySyncIndexAttributes } from '../functions/data/spotify-sync';
import { isSeeded, markSeeded } from '../functions/data/seed-markers';
import type { TableRef } from '../functions/data/table';
import type { AccountKind } from '../functions/domain/identity/account';
import { buildAccount } from '../functions/domain/identity/account';
import { findPasswordProblem } from '../functions/domain/identity/password-policy';
import { getClock } from '../functions/runtime/clock';
import { addTryPromoCodes } from '../functions/services/promo/promo';
import { msPerDay, utcDateOf } from '../functions/domain/calendar';
import { toPlays } from '../functions/domain/listening/plays';
import { spotifyTokenContext } from '../functions/domain/identity/connections';
import { getTokenCipher } from '../functions/services/token-cipher';
import { loadResourceHandler } from './handlers';
import { demoSpotifyRefreshToken } from './oauth-sandbox';
import { spotifyAccountIdOf, spotifyUserIdOf } from './oauth-sandbox/identities';
import { seedDemoOffice } from './seed-demo-office';
import { seedDemoPaidPie } from './seed-demo-pie';
import { artistsById, favouriteArtistsOf, playsOf } from './spotify-sandbox/catalogue';
import type { StripeSandbox } from './stripe-sandbox';

export interface SeedResult {
  lines: string[];
}

interface DemoAccount {
  kind: AccountKind;
  label: string;
  email: string;
  password: string;
  /**
   * The password's scrypt hash at the product's parameters, made once (a fixed password hashes to a fixed hash, and
   * four of them cost a first start seconds of CPU); test/unit/demo-accounts.test.ts checks each against its password.
   */
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string;
  country?: string;
  where: string;
}

/** Fixed, so the printed logins stay true across restarts; each passes the password policy. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    kind: 'fan',
    label: 'fan',
    email: 'demo-fan@openpie.example',
    password: 'demo-fan-pie-2026',
    passwordHash:
      '$scrypt$ln=17,r=8,p=1$PfSMaxlSdDH9tKvpz4iG5w$LnlKrzwAAaC0C8JR7faLMW6ESSxMExXul1vzhvRTUz6p4mkJQE9zdoUti5YEtHlRCtBn+cyPPIBwZ5vSXCKf5g',
    firstName: 'Dana',
    lastName: 'Fan',
    where: '/login',
  },
  {
    kind: 'artist',
    label: 'artist',
    email: 'demo-artist@openpie.example',
    password: 'demo-artist-pie-2026',
    passwordHash:
      '$scrypt$ln=17,r=8,p=1$JnehNEm/PCmWz6FIpawS5g$eO7+26fBzlr2/VSFyXPe7j5akXost+BU+TPpiOFdPKK9SuZZgfnYb2rDgx+j39sEYZ9Pw123D4U58DKWpbOyBA',
    firstName: 'Ari',
    lastName: 'Artist',
    phoneNumber: '+1 555 0100',
    country: 'US',
    where: '/for-artists/login',
  },
  {
    kind: 'artist',
    label: 'member',
    email: 'demo-member@openpie.example',
    password: 'demo-member-pie-2026',
    passwordHash:
      '$scrypt$ln=17,r=8,p=1$xWXzjJGIEU4SfkCNCto/Gw$kQ0brfjiqpm5NhyNwBwbeNPGRUdPXHiRGERXIQOvD6txZG/xox3ViJs9916JJMzx+JBAgdQQBwniNGkE4rloAw',
    firstName: 'Mo',
    lastName: 'Member',
    phoneNumber: '+1 555 0101',
    country: 'US',
    where: '/for-artists/login',
  },
  {
    kind: 'admin',
    label: 'staff',
    email: 'demo-admin@openpie.example',
    password: 'demo-admin-pie-2026',
    passwordHash:
      '$scrypt$ln=17,r=8,p=1$FE5MTHZsd6mOb00mzQ1Cxg$5uYJoRn5IB1JJEp0nydxXRpIaA0gIfRiixhwGhsoK47ALyCaWs3OSuFyMTUyNL1SekRUOw/CgKn7gf+3qxiCGg',
    firstName: 'Sam',
    lastName: 'Staff',
    where: '/admin',
  },
];

// v2: the office's second member joined the list; accounts already there are kept as they are.
const identityMarker = 'demo-identity-v2';

function readTable(): TableRef {
  const { TABLE_NAME, DYNAMODB_ENDPOINT, AWS_REGION, STAGE } = process.env;
  if (STAGE !== 'local' || !TABLE_NAME || !DYNAMODB_ENDPOINT) {
    throw new Error('Demo data is seeded in local mode only (STAGE=local with DynamoDB Local).');
  }
  return {
    client: createDocumentClient({ region: AWS_REGION ?? 'us-east-1', endpoint: DYNAMODB_ENDPOINT }),
    name: TABLE_NAME,
  };
}

/** The demo accounts, once per data folder; answers whether this start wrote them (a first start). */
async function seedDemoAccounts(table: TableRef, now: Date): Promise<boolean> {
  if (await isSeeded(table, identityMarker)) return false;
  for (const demo of demoAccounts) {
    const problem = findPasswordProblem(demo.password);
    if (problem) throw new Error(`The demo ${demo.label} password breaks the policy: ${problem}`);
    const account = buildAccount(
      {
        kind: demo.kind,
        id: randomUUID(),
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        passwordHash: demo.passwordHash,
        emailVerifiedAt: now.toISOString(),
        promoEligible: false,
      },
      now,
    );
    // An account left by an interrupted first start is kept as it is.
    await createAccount(table, {
      ...account,
      email: demo.email,
      phoneNumber: demo.phoneNumber ?? null,
      country: demo.country ?? null,
    });
  }
  await markSeeded(table, identityMarker, now);
  return true;
}

const listeningMarker = 'demo-listening-v1';

/** How far back the demo fan's listening goes (DESIGN §3: the demo fan has listening history). */
const demoListeningDays = 30;

/**
 * The demo fan's Spotify connection to the sandbox (sealed tokens whose refresh token the sandbox always accepts)
 * and their last 30 days of sandbox plays, stored as the sync stores them, so the dashboard has something to show
 * and the scheduled sync carries on from there.
 */
function demoFanEmail(): string {
  return demoAccounts.find((demo) => demo.kind === 'fan')?.email ?? '';
}

/** True when this call wrote the listening (false when a start before it had). */
async function seedDemoListening(table: TableRef, now: Date): Promise<boolean> {
  if (await isSeeded(table, listeningMarker)) return false;
  const email = demoFanEmail();
  const fan = await findAccountByEmail(table, 'fan', email);
  if (!fan) return false;
  const listener = spotifyAccountIdOf(email);
  const sealed = await getTokenCipher().encrypt(
    // The access token is stale on purpose: the first sync refreshes it, as it would a day-old connection.
    JSON.stringify({
      accessToken: 'sandbox-demo-fan-stale-access-token',
      refreshToken: demoSpotifyRefreshToken,
    }),
    spotifyTokenContext(fan.id),
  );
  await saveConnection(table, 'fan', fan.id, {
    provider: 'spotify',
    providerUserId: listener,
    connectedAt: now.toISOString(),
    details: {
      spotifyTokens: sealed,
      scopes: ['user-read-recently-played', 'user-top-read', 'user-read-email', 'user-read-private'],
      tokensUpdatedAt: now.toISOString(),
      spotifyUserId: spotifyUserIdOf(email),
      ...spotifySyncIndexAttributes(fan.id),
    },
  });
  // Day by day, newest first: one window of 30 days would stop at the sandbox's 1,000 plays per call.
  const played = Array.from({ length: demoListeningDays }, (_, day) =>
    playsOf(listener, now.getTime() - (day + 1) * msPerDay, now.getTime() - day * msPerDay),
  ).flat();
  const plays = toPlays(
    {
      items: played.map((play) => ({
        played_at: new Date(play.playedAt).toISOString(),
        track: {
          id: play.track.id,
          name: play.track.name,
          duration_ms: play.track.durationMs,
          artists: play.track.artistIds.map((id) => ({ id, name: artistsById.get(id)?.name ?? id })),
        },
      })),
    },
    null,
  );
  // A few days at a time in parallel: one after another, DynamoDB Local would hold up the first start.
  const byDay = new Map<string, typeof plays>();
  for (const play of plays)
    byDay.set(utcDateOf(play.endedAt), [...(byDay.get(utcDateOf(play.endedAt)) ?? []), play]);
  const days = [...byDay.values()];
  for (let start = 0; start < days.length; start += 6) {
    await Promise.all(
      days.slice(start, start + 6).map(async (dayPlays) => {
        const saved = await savePlays(table, fan.id, dayPlays);
        await recomputeDailyListening(table, fan.id, saved.days);
      }),
    );
  }
  await saveSpotifySyncState(table, fan.id, {
    providerUserId: listener,
    cursorAfter: played[0]?.playedAt ?? null,
    latestFetchedDate: now.toISOString(),
  });
  // The artists are in the catalogue already: the background writes the catalogue's rest before this listening.
  await markSeeded(table, listeningMarker, now);
  return true;
}

/**
 * What a first start writes after it is ready, in the background: the rest of the sandbox's catalogue, then the demo
 * fan's listening (some 3,000 plays, 7,000 items). Written before "ready", beside the payments and the office, the
 * catalogue's 4,000 items held every other part up (DynamoDB Local writes one transaction at a time), and nothing
 * before "ready" needs more of it than the artists the office claims and its supporters hear. Each settles true when
 * this start wrote its part (false when an earlier start had, or it failed: said in one line, and the next start
 * writes it, as after a Ctrl-C in the middle).
 */
export const demoBackground: { catalogue: Promise<boolean>; listening: Promise<boolean> } = {
  catalogue: Promise.resolve(false),
  listening: Promise.resolve(false),
};

function reportBackgroundFailure(what: string) {
  return (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`  ${what} stopped half-way (${reason}): the next start completes it`);
    return false;
  };
}

function startDemoBackground(now: Date, catalogueRest: readonly DemoCatalogueArtist[] | null): void {
  const table = readTable();
  const catalogue = (async () => {
    if (catalogueRest === null) return false;
    await writeCatalogueArtists(table, catalogueRest, now);
    await markSeeded(table, catalogueMarker, now);
    return true;
  })().catch(reportBackgroundFailure('The demo catalogue'));
  const listening = catalogue
    .then(() => seedDemoListening(table, now))
    .catch(reportBackgroundFailure('The demo fan’s listening'))
    .finally(() => table.client.destroy());
  // Its fields, not the object, change: a module that took the object by name sees this start's.
  demoBackground.catalogue = catalogue;
  demoBackground.listening = listening;
}

const catalogueMarker = 'demo-catalogue-v1';
const tryCodesMarker = 'demo-try-codes-v1';

type DemoCatalogueArtist = Parameters<typeof putNewCatalogueArtists>[1][number];

/**
 * The Spotify sandbox's artists in the catalogue, so name search and artist pages work before any sync, plus the
 * sample artist the frame e2e opens (`/artist-public/e2e-artist-1`). Images are the sandbox's, on this origin. In two
 * parts: `first`, what the seed itself needs before "ready" (the demo fan's first two favourites, which the demo
 * office claims and its supporters listen to, and the sample artist), and `rest`, written in the background.
 */
function demoCatalogue(): { first: DemoCatalogueArtist[]; rest: DemoCatalogueArtist[] } {
  const images = '/_sandbox/oauth/spotify/images';
  const artists: DemoCatalogueArtist[] = [
    ...[...artistsById.values()].map((artist) => ({
      id: artist.id,
      name: artist.name,
      imageUrl: `${images}/${artist.id}.svg`,
      popularity: artist.popularity,
      followers: artist.followers,
      genres: artist.genres,
    })),
    { id: 'e2e-artist-1', name: 'The Sample Sessions', popularity: 1, genres: ['indie'] },
  ];
  const needed = new Set([
    ...favouriteArtistsOf(spotifyAccountIdOf(demoFanEmail())).slice(0, 2),
    'e2e-artist-1',
  ]);
  return {
    first: artists.filter((artist) => needed.has(artist.id)),
    rest: artists.filter((artist) => !needed.has(artist.id)),
  };
}

/**
 * Artists new to the catalogue in transactions of up to 100 items (one DynamoDB Local commit each, where the upsert's
 * items took one each); after an interrupted first start the upsert writes what is missing.
 */
async function writeCatalogueArtists(
  table: TableRef,
  artists: readonly DemoCatalogueArtist[],
  now: Date,
): Promise<void> {
  if (!(await putNewCatalogueArtists(table, artists, now))) await upsertCatalogueArtists(table, artists, now);
}

/**
 * The /try page's pool: 100 codes, once per data folder (a fixed batch id adds them once even without the marker,
 * which spares every later start the pool's read and its refused write).
 */
async function seedTryCodes(table: TableRef, now: Date): Promise<void> {
  if (await isSeeded(table, tryCodesMarker)) return;
  await addTryPromoCodes({ table, clock: getClock() }, { count: 100, batchId: 'local-seed-v1' });
  await markSeeded(table, tryCodesMarker, now);
}

function demoEmailOf(label: string): string {
  return demoAccounts.find((demo) => demo.label === label)?.email ?? '';
}

/**
 * The demo artist's office (seed-demo-office.ts). It builds on the claims, Connect and payout services: when one of
 * them fails, the start goes on and says what is missing, and the next start tries again.
 */
async function seedDemoOfficeOrSay(
  table: TableRef,
  stripeSandbox: StripeSandbox,
  catalogueSeeded: Promise<void>,
): Promise<string[]> {
  try {
    return await seedDemoOffice(
      table,
      {
        artistEmail: demoEmailOf('artist'),
        memberEmail: demoEmailOf('member'),
        staffEmail: demoEmailOf('staff'),
        fanEmail: demoFanEmail(),
      },
      stripeSandbox,
      catalogueSeeded,
    );
  } catch (error) {
    console.error('The demo office could not be completed', error);
    return [
      `The demo artist's office is incomplete (${error instanceof Error ? error.message : String(error)})`,
    ];
  }
}

/**
 * Seeds what a data folder lacks of the demo: what the printed logins show before "ready", the rest in the background
 * (`demoBackground`). `office: false` leaves the demo artist's office out (a later start adds it): the load bench,
 * which reads as the demo fan only, spares itself its supporters' pies and payout. `background: false` leaves out what
 * a first start writes after it is ready (the catalogue's other artists and the demo fan's listening; a later start
 * adds them): test/integration/demo-seed-any-date, which reads the pie, the wallet and the office at many dates,
 * spares itself some 11,000 writes a seed.
 */
export async function seedDemoData(
  stripeSandbox?: StripeSandbox,
  { office = true, background = true }: { office?: boolean; background?: boolean } = {},
): Promise<SeedResult> {
  const table = readTable();
  let demoPie: string | null;
  let demoOffice: string[];
  try {
    // Product time: a moved clock (npm run time) seeds on the time line the rest of the data is on.
    const now = getClock().now();
    // A first start: the Stripe webhook route's module is loaded now, not when the first payment's events arrive.
    if ((await seedDemoAccounts(table, now)) && stripeSandbox)
      void loadResourceHandler('webhooks-stripe').catch(() => undefined);
    // The rest side by side, since each part mostly waits on DynamoDB Local: the catalogue's first artists (which
    // the office's split and claim wait for), the /try codes, the demo fan's pie and the office.
    const catalogue = (await isSeeded(table, catalogueMarker)) ? null : demoCatalogue();
    const catalogueSeeded = catalogue
      ? writeCatalogueArtists(table, catalogue.first, now)
      : Promise.resolve();
    const [demoPieSeeded, demoOfficeSeeded] = [
      stripeSandbox ? seedDemoPaidPie(table, demoFanEmail(), stripeSandbox) : null,
      stripeSandbox && office ? seedDemoOfficeOrSay(table, stripeSandbox, catalogueSeeded) : null,
    ];
    const settled = await Promise.allSettled([
      catalogueSeeded,
      seedTryCodes(table, now),
      demoPieSeeded,
      demoOfficeSeeded,
    ]);
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    demoPie = (await demoPieSeeded) ?? null;
    demoOffice = (await demoOfficeSeeded) ?? [];
    if (background) startDemoBackground(now, catalogue?.rest ?? null);
  } finally {
    table.client.destroy();
  }
  return {
    lines: [
      'Demo logins:',
      ...demoAccounts.map(
        (demo) => `  ${demo.label.padEnd(7)} ${demo.email} / ${demo.password}  (at ${demo.where})`,
      ),
      'Mail sent locally: /dev/mailbox',
      ...(demoPie ? [`The demo fan's $10 pie: ${demoPie} (see /my-pies)`] : []),
      ...demoOffice,
      'Stripe test cards on the sandbox Checkout page: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
    ],
  };
}
