// The listening sync against the local runtime and its Spotify sandbox: a fan connects Spotify through the sandbox's
// consent page, then the scheduled job, the fan-work worker and the on-demand calls read their plays.
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { spotifyAccountIdOf } from '../../local/oauth-sandbox/identities';
import { createSignedInAccount, uniqueEmail } from '../support/identity';
import { answerConsent } from '../support/oauth-consent';
import { SiteBrowser, useLocalOpenPie } from '../support/local-app';
import { testTable } from '../support/test-table';

const site = useLocalOpenPie('sync');

interface Fan {
  browser: SiteBrowser;
  id: string;
  email: string;
  listener: string;
}

/** Signs a new fan up with Spotify through the sandbox, as the dashboard's connect button does. */
async function connectSpotify(browser: SiteBrowser, email: string): Promise<void> {
  const leaving = await browser.fetch('/api/auth/loginSpotify?deviceType=desktop');
  expect(leaving.status).toBe(302);
  const consent = await answerConsent(new URL(leaving.headers.get('location') ?? '', site.url).href, {
    identity: 'custom',
    email,
    name: 'Sync Tester',
    decision: 'approve',
  });
  expect(consent.status).toBe(303);
  const back = await browser.fetch(consent.location!.href);
  expect(back.status).toBe(302);
}

async function newSpotifyFan(): Promise<Fan> {
  const browser = new SiteBrowser(site);
  const email = uniqueEmail('sync');
  await connectSpotify(browser, email);
  const user = await readJson<{ id: string }>(await browser.fetch('/api/user'));
  return { browser, id: user.id, email, listener: spotifyAccountIdOf(email) };
}

async function readJson<T>(reply: Response): Promise<T> {
  const body = (await reply.json()) as { data: T };
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

async function sandboxControl(action: 'rate-limit' | 'revoke', query: Record<string, string>) {
  const reply = await fetch(
    `${site.url}/_sandbox/oauth/spotify/_control/${action}?${new URLSearchParams(query)}`,
    { method: 'POST' },
  );
  expect(reply.status).toBe(200);
}

interface SyncResult {
  added: number;
  duplicates: number;
  read: number;
  latestFetchedDate: string;
  days: string[];
}

/** An SQS event of one message, as the fan-work worker receives it. */
function sqsEventOf(body: unknown): SQSEvent {
  return {
    Records: [
      {
        messageId: 'message-1',
        receiptHandle: 'handle-1',
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:fan-work',
        awsRegion: 'us-east-1',
      },
    ],
  };
}

async function loadSync() {
  const sync = await import('../../functions/services/listening/listening-sync');
  const data = await import('../../functions/data/spotify-sync');
  const { createLogger } = await import('../../functions/runtime/logger');
  return { ...sync, ...data, table: testTable(), log: createLogger('error') };
}

describe('the on-demand sync calls', () => {
  it('syncs a connected fan now, and a second sync adds no play', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const before = await readJson<{ latestFetchedDate: string | null; connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    // Act
    const first = await readJson<SyncResult>(
      await fan.browser.fetch('/api/tracks/user/fetchLatestFromSpotify'),
    );
    const second = await readJson<SyncResult>(
      await fan.browser.fetch('/api/tracks/user/fetchLatestFromSpotify'),
    );
    const after = await readJson<{ latestFetchedDate: string | null; connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    // Assess
    expect(before).toEqual({ latestFetchedDate: null, connection: 'ok' });
    expect(first.added).toBeGreaterThan(0);
    expect(first.added).toBeLessThanOrEqual(50);
    expect(second.added).toBe(0);
    expect(after).toEqual({ latestFetchedDate: second.latestFetchedDate, connection: 'ok' });
    const days = first.days;
    const daily = await readJson<{ date: string; plays: number; artists: { artistId?: string }[] }[]>(
      await fan.browser.fetch(
        `/api/tracks/user/daily?startDate=${days[0] ?? ''}&endDate=${days[days.length - 1] ?? ''}`,
      ),
    );
    expect(daily.length).toBeGreaterThan(0);
    expect(daily.every((day) => day.artists.every((artist) => typeof artist.artistId === 'string'))).toBe(
      true,
    );
  });

  it('moves the cursor to the newest play it stored', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { getSpotifySyncState, table } = await loadSync();
    // Act
    await readJson<SyncResult>(await fan.browser.fetch('/api/tracks/user/fetchLatestFromSpotify'));
    // Assess
    const state = await getSpotifySyncState(table, fan.id);
    const { playsOf } = await import('../../local/spotify-sandbox/catalogue');
    const newest = playsOf(fan.listener, Date.now() - 14 * 86_400_000, Date.now())[0];
    expect(state?.cursorAfter).toBe(newest?.playedAt);
    expect(state?.providerUserId).toBe(fan.listener);
  });

  it('re-reads what Spotify still offers without adding a play twice', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const synced = await readJson<SyncResult>(
      await fan.browser.fetch('/api/tracks/user/fetchLatestFromSpotify'),
    );
    // Act
    const again = await readJson<SyncResult>(
      await fan.browser.fetch('/api/pie/add-missing-tracks-anytime', { method: 'POST' }),
    );
    // Assess
    expect(again.read).toBe(synced.read);
    expect(again.added).toBe(0);
    expect(again.duplicates).toBe(again.read);
  });

  it('answers 409 to a fan without Spotify, and refuses people who are not signed in as a fan', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const artist = await createSignedInAccount('artist');
    const withoutSpotify = new SiteBrowser(site, fan.cookie);
    const asArtist = new SiteBrowser(site, artist.cookie);
    // Act
    const status = await readJson<{ connection: string }>(
      await withoutSpotify.fetch('/api/tracks/user/latestFetchedDate'),
    );
    const refused = await withoutSpotify.fetch('/api/tracks/user/fetchLatestFromSpotify');
    const anonymous = await new SiteBrowser(site).fetch('/api/tracks/user/fetchLatestFromSpotify');
    const anonymousMissing = await new SiteBrowser(site).fetch('/api/pie/add-missing-tracks-anytime', {
      method: 'POST',
    });
    const artistCall = await asArtist.fetch('/api/tracks/user/latestFetchedDate');
    // Assess
    expect(status.connection).toBe('not_connected');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('spotify_not_connected');
    expect(anonymous.status).toBe(401);
    expect(anonymousMissing.status).toBe(401);
    expect(artistCall.status).toBe(401);
  });
});

describe('the sync worker', () => {
  /** A fan whose sealed access token Spotify no longer takes, stored as expiring at `expiresAt` (null: unknown). */
  async function fanWithStaleToken(expiresAt: string | null) {
    const fan = await newSpotifyFan();
    const sync = await loadSync();
    const deps = await sync.loadListeningSyncDependencies();
    const context = `spotify-tokens:${fan.id}`;
    const connection = await sync.getSpotifyConnectionForSync(sync.table, fan.id);
    const issued = JSON.parse(await deps.cipher.decrypt(connection?.sealedTokens ?? '', context)) as {
      accessToken: string;
      refreshToken: string;
    };
    await sync.saveRefreshedSpotifyTokens(sync.table, fan.id, {
      providerUserId: fan.listener,
      sealedTokens: await deps.cipher.encrypt(
        JSON.stringify({ accessToken: 'no-longer-valid', refreshToken: issued.refreshToken }),
        context,
      ),
      accessTokenExpiresAt: expiresAt,
      now: new Date(),
    });
    const stale = await sync.getSpotifyConnectionForSync(sync.table, fan.id);
    /** What the Web API answered to recently-played, in order (the token endpoint is not on this fetch). */
    const statuses: number[] = [];
    const watched = {
      ...deps,
      fetch: async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
        const reply = await fetch(input, init);
        if (String(input instanceof Request ? input.url : input).includes('/recently-played')) {
          statuses.push(reply.status);
        }
        return reply;
      },
    };
    const open = async (sealed: string | null | undefined) =>
      JSON.parse(await deps.cipher.decrypt(sealed ?? '', context)) as {
        accessToken: string;
        refreshToken: string;
      };
    return { fan, sync, deps: watched, stale, statuses, issued, open };
  }

  it('refreshes a token Spotify refuses, and writes nothing back while the refresh token stays the same', async () => {
    // Prepare
    const { fan, sync, deps, stale, statuses } = await fanWithStaleToken(null);
    // Act
    const outcome = await sync.syncFanListening(deps, fan.id, { mode: 'since-cursor', log: sync.log });
    // Assess
    expect(outcome.status).toBe('synced');
    expect(statuses).toEqual([401, 200]);
    // The next run, two hours on, finds the access token expired whatever was kept: writing it would cost a write.
    expect(await sync.getSpotifyConnectionForSync(sync.table, fan.id)).toEqual(stale);
  });

  it('refreshes a token known to have expired before asking Spotify, so Spotify never answers 401', async () => {
    // Prepare
    const { fan, sync, deps, stale, statuses } = await fanWithStaleToken(
      new Date(Date.now() - 60_000).toISOString(),
    );
    // Act
    const first = await sync.syncFanListening(deps, fan.id, { mode: 'since-cursor', log: sync.log });
    const second = await sync.syncFanListening(deps, fan.id, { mode: 'since-cursor', log: sync.log });
    // Assess
    expect([first.status, second.status]).toEqual(['synced', 'synced']);
    expect(statuses).toEqual([200, 200]);
    expect(await sync.getSpotifyConnectionForSync(sync.table, fan.id)).toEqual(stale);
  });

  it('keeps a refresh token Spotify replaced, sealed, with the new access token', async () => {
    // Prepare
    const { fan, sync, deps, issued, open } = await fanWithStaleToken(null);
    const replacing = {
      ...deps,
      refreshTokens: async (refreshToken: string, now: Date) => ({
        ...(await deps.refreshTokens(refreshToken, now)),
        refreshToken: `replaced-${issued.refreshToken}`,
      }),
    };
    // Act
    const outcome = await sync.syncFanListening(replacing, fan.id, { mode: 'since-cursor', log: sync.log });
    // Assess
    expect(outcome.status).toBe('synced');
    const stored = await sync.getSpotifyConnectionForSync(sync.table, fan.id);
    expect(stored?.sealedTokens).not.toContain('no-longer-valid');
    const opened = await open(stored?.sealedTokens);
    expect(opened.refreshToken).toBe(`replaced-${issued.refreshToken}`);
    expect(opened.accessToken).not.toBe('no-longer-valid');
    expect(Date.parse(stored?.accessTokenExpiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('waits out Spotify’s Retry-After and resumes the sync', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { loadListeningSyncDependencies, syncFanListening, log } = await loadSync();
    const waits: number[] = [];
    const deps = {
      ...(await loadListeningSyncDependencies()),
      sleep: async (ms: number) => {
        waits.push(ms);
        await new Promise((resolve) => setTimeout(resolve, ms));
      },
    };
    await sandboxControl('rate-limit', { listener: fan.listener, times: '1', retryAfter: '1' });
    const startedAt = Date.now();
    // Act
    const outcome = await syncFanListening(deps, fan.id, { mode: 'since-cursor', log });
    // Assess
    expect(waits).toEqual([1000]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    expect(outcome.status).toBe('synced');
    expect(outcome.status === 'synced' && outcome.result.added).toBeGreaterThan(0);
  });

  it('reads the time from its clock: a sync run 400 days on keeps no play and records that time', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { loadListeningSyncDependencies, syncFanListening, log } = await loadSync();
    const { createFixedClock } = await import('../../functions/runtime/clock');
    const later = new Date(Date.now() + 400 * 86_400_000);
    const deps = { ...(await loadListeningSyncDependencies()), clock: createFixedClock(later) };
    // Act
    const outcome = await syncFanListening(deps, fan.id, { mode: 'since-cursor', log });
    // Assess: every play Spotify offers ended more than the 13-month retention before the clock's time
    expect(outcome.status === 'synced' && outcome.result.read).toBeGreaterThan(0);
    expect(outcome.status === 'synced' && outcome.result.added).toBe(0);
    expect(outcome.status === 'synced' && outcome.result.latestFetchedDate).toBe(later.toISOString());
  });

  it("writes nothing when the job's sync finds no new play, and the fan's own sync records its time", async () => {
    // Prepare: a fan synced once by the job; an hour on (the sync's clock), Spotify has no play after the cursor
    const fan = await newSpotifyFan();
    const {
      loadListeningSyncDependencies,
      syncFanListening,
      syncFanListeningNow,
      getSpotifySyncState,
      table,
      log,
    } = await loadSync();
    const { createFixedClock } = await import('../../functions/runtime/clock');
    const deps = await loadListeningSyncDependencies();
    const first = await syncFanListening(deps, fan.id, { mode: 'since-cursor', log });
    const synced = await getSpotifySyncState(table, fan.id);
    const later = new Date(Date.now() + 3_600_000);
    const depsLater = { ...deps, clock: createFixedClock(later) };
    // Act
    const idle = await syncFanListening(depsLater, fan.id, { mode: 'since-cursor', log });
    const afterIdle = await getSpotifySyncState(table, fan.id);
    const asked = await syncFanListeningNow(depsLater, fan.id, 'since-cursor', log);
    const afterAsked = await getSpotifySyncState(table, fan.id);
    // Assess: the job's idle run left the cursor and the time as the sync that found plays wrote them
    expect(first.status === 'synced' && first.result.added).toBeGreaterThan(0);
    expect(idle.status === 'synced' && idle.result.read).toBe(0);
    expect(synced?.latestFetchedDate).not.toBeNull();
    expect(afterIdle).toEqual(synced);
    // … and the fan's own sync, finding nothing either, records when they asked
    expect(asked.read).toBe(0);
    expect(afterAsked).toEqual({ ...synced, latestFetchedDate: later.toISOString() });
  });

  it('marks the connection broken when the fan revoked the grant, and a new sign-in mends it', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { pagesOfSyncableFans, syncFanListening, loadListeningSyncDependencies, table, log } =
      await loadSync();
    await sandboxControl('revoke', { listener: fan.listener });
    // Act
    const outcome = await syncFanListening(await loadListeningSyncDependencies(), fan.id, {
      mode: 'since-cursor',
      log,
    });
    const status = await readJson<{ connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    const refused = await fan.browser.fetch('/api/tracks/user/fetchLatestFromSpotify');
    // Assess
    expect(outcome).toEqual({ status: 'broken' });
    expect(status.connection).toBe('broken');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('spotify_connection_broken');
    const syncableFans = async () => {
      const fanIds: string[] = [];
      for await (const page of pagesOfSyncableFans(table)) fanIds.push(...page);
      return fanIds;
    };
    expect(await syncableFans()).not.toContain(fan.id);
    // Reconnecting clears the mark, and the job finds the fan again
    await connectSpotify(fan.browser, fan.email);
    const mended = await readJson<{ connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    expect(mended.connection).toBe('ok');
    expect(await syncableFans()).toContain(fan.id);
  });
});

describe('connecting Spotify from the dashboard', () => {
  /** A signed-in fan without Spotify starts connecting with the dashboard's query; the consent page answers. */
  async function connectFrom(query: string, decision: 'approve' | 'cancel') {
    const account = await createSignedInAccount('fan');
    const fan = { browser: new SiteBrowser(site, account.cookie), email: account.email };
    const leaving = await fan.browser.fetch(`/api/auth/loginSpotify?deviceType=desktop&${query}`);
    expect(leaving.status).toBe(302);
    const consent = await answerConsent(new URL(leaving.headers.get('location') ?? '', site.url).href, {
      identity: 'custom',
      email: fan.email,
      name: 'Sync Tester',
      decision,
    });
    const back = await fan.browser.fetch(consent.location!.href);
    return { fan, back: new URL(back.headers.get('location') ?? '', site.url) };
  }
  const connectFromDashboard = (decision: 'approve' | 'cancel') =>
    connectFrom('returnTo=dashboard', decision);

  it('returns to the dashboard, connected', async () => {
    // Act
    const { fan, back } = await connectFromDashboard('approve');
    const status = await readJson<{ connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    // Assess
    expect(`${back.pathname}${back.search}`).toBe('/dashboard?socialConnected=spotify');
    expect(status.connection).toBe('ok');
  });

  it("returns to the dashboard with SPEC §8's query when the fan cancels", async () => {
    // Act
    const { fan, back } = await connectFromDashboard('cancel');
    const status = await readJson<{ connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    // Assess
    expect(back.pathname).toBe('/dashboard');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      socialError: 'spotify',
      socialReason: 'cancelled',
    });
    expect(status.connection).toBe('not_connected');
  });

  it('returns to /try, connected, when the free pie offer asked for Spotify', async () => {
    // Act
    const { fan, back } = await connectFrom('returnTo=try', 'approve');
    const status = await readJson<{ connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    // Assess
    expect(`${back.pathname}${back.search}`).toBe('/try?socialConnected=spotify');
    expect(status.connection).toBe('ok');
  });

  it('ignores any other returnTo value: a connection still returns to /settings', async () => {
    // Act
    const { fan, back } = await connectFrom('returnTo=https%3A%2F%2Fevil.example', 'approve');
    const status = await readJson<{ connection: string }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    // Assess
    expect(`${back.origin}${back.pathname}${back.search}`).toBe(
      `${site.url}/settings?socialConnected=spotify`,
    );
    expect(status.connection).toBe('ok');
  });
});

describe('the scheduled job', () => {
  it('pages through the connected fans and fans them out in messages of up to ten', async () => {
    // Prepare (test/unit/listening-sync-messages.test.ts packs more fans than a message carries)
    const fans = [await newSpotifyFan(), await newSpotifyFan(), await newSpotifyFan()];
    const { fanOutListeningSync } = await import('../../functions/services/listening/listening-sync-fan-out');
    const { table, log } = await loadSync();
    const sent: { kind: string; fanIds: string[]; runId: string }[] = [];
    const queue = {
      sendAll: async (messages: readonly { kind: string; fanIds: string[]; runId: string }[]) =>
        void sent.push(...messages),
    };
    const runId = randomUUID();
    // Act
    const counts = await fanOutListeningSync({ table, queue }, { runId, log, pageSize: 1 });
    // Assess: every fan once, in messages of ten fans at most, gathered across pages and shards
    const sentFans = sent.flatMap((message) => message.fanIds);
    for (const fan of fans) expect(sentFans.filter((fanId) => fanId === fan.id)).toHaveLength(1);
    expect(sent.every((message) => message.kind === 'listening-sync' && message.runId === runId)).toBe(true);
    expect(sent.every((message) => message.fanIds.length >= 1 && message.fanIds.length <= 10)).toBe(true);
    expect(sent.length).toBe(Math.ceil(sentFans.length / 10));
    expect(counts).toEqual({ fans: sentFans.length, pages: counts.pages, messages: sent.length });
    // One fan per page, plus the last empty page of each shard
    expect(counts.pages).toBeGreaterThan(sentFans.length);
  });

  it('syncs the fans of a message side by side and sends a failing one again alone', async () => {
    // Prepare: two fans in one message; Spotify asks the second to wait longer than the worker waits, once
    const [fan, limited] = [await newSpotifyFan(), await newSpotifyFan()];
    const { handler } = await import('../../events/workers/fan-work');
    const { settleQueues, deadLettersOf } = await import('../../local/queue');
    const { getSpotifySyncState, table } = await loadSync();
    await sandboxControl('rate-limit', { listener: limited.listener, times: '1', retryAfter: '60' });
    const body = { kind: 'listening-sync', fanIds: [fan.id, limited.id], runId: randomUUID() };
    // Act
    const reply = await handler(sqsEventOf(body));
    await settleQueues();
    // Assess: the message succeeded; the limited fan, sent again alone, was synced by that message (without it the
    // fan would wait for the next run)
    expect(reply.batchItemFailures).toEqual([]);
    expect(await getSpotifySyncState(table, fan.id)).not.toBeNull();
    expect((await getSpotifySyncState(table, limited.id))?.cursorAfter).toBeGreaterThan(0);
    expect(deadLettersOf('fan-work')).toEqual([]);
  });

  it('fails a message of one fan whose sync failed, so SQS retries it', async () => {
    // Prepare
    const limited = await newSpotifyFan();
    const { handler } = await import('../../events/workers/fan-work');
    await sandboxControl('rate-limit', { listener: limited.listener, times: '1', retryAfter: '60' });
    // Act: a message as the job sent them before they carried several fans
    const reply = await handler(
      sqsEventOf({ kind: 'listening-sync', fanId: limited.id, runId: randomUUID() }),
    );
    // Assess
    expect(reply.batchItemFailures).toEqual([{ itemIdentifier: 'message-1' }]);
  });

  it('runs through the queue to the worker, which stores the plays', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { handler } = await import('../../events/jobs/listening-sync');
    const { settleQueues, deadLettersOf } = await import('../../local/queue');
    // Act
    const result = await handler({
      job: 'listening-sync',
      scheduledAt: new Date().toISOString(),
      runId: randomUUID(),
    });
    await settleQueues();
    // Assess
    expect(result.status).toBe('completed');
    expect(deadLettersOf('fan-work')).toEqual([]);
    const status = await readJson<{ latestFetchedDate: string | null }>(
      await fan.browser.fetch('/api/tracks/user/latestFetchedDate'),
    );
    expect(status.latestFetchedDate).not.toBeNull();
    const again = await readJson<SyncResult>(
      await fan.browser.fetch('/api/tracks/user/fetchLatestFromSpotify'),
    );
    expect(again.added).toBe(0);
  });
});
