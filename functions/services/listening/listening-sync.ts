// One fan's listening sync (docs/decisions/008-listening-sync.md): open the fan's sealed Spotify tokens,
// read recently-played after the fan's cursor, store the plays idempotently, rebuild the changed days, move the
// cursor, and add the artists met to the catalogue. The fan-work worker runs it for the scheduled job; the on-demand
// calls run it for the signed-in fan. A grant Spotify refuses marks the connection broken, so the fan is told.
import type { SpotifySyncResult } from '../../contracts/spotify-sync';
import { spotifySyncErrorCodes } from '../../contracts/spotify-sync';
import { upsertCatalogueArtists } from '../../data/catalogue/artists';
import { recomputeDailyListening, savePlays } from '../../data/listening';
import {
  getSpotifyConnectionForSync,
  getSpotifySyncState,
  markSpotifyConnectionBroken,
  saveRefreshedSpotifyTokens,
  saveSpotifySyncState,
} from '../../data/spotify-sync';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import { toPlays } from '../../domain/listening/plays';
import { isWithinRetention } from '../../domain/listening/retention';
import { spotifyTokenContext } from '../../domain/identity/connections';
import type { TokenCipher } from '../../integrations/crypto/token-cipher';
import type { ProviderTokens } from '../../integrations/oauth';
import { SocialSignInFailed } from '../../integrations/oauth';
import type { RecentlyPlayed, SpotifyArtist } from '../../integrations/spotify/schemas';
import {
  createSpotifyWebApi,
  SpotifyGrantRevokedError,
  SpotifyRateLimitedError,
} from '../../integrations/spotify/web-api';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import { recordMetric } from '../../runtime/metrics';
import { getTable } from '../../runtime/table';
import { toCatalogueArtist } from '../catalogue/spotify-catalogue';
import { getSpotifyProviderConfig, getTokenRefresherPort } from '../oauth-ports';
import { getTokenCipher } from '../token-cipher';

export interface ListeningSyncDependencies {
  table: TableRef;
  /** The product clock: the sync time, the retention window and token refreshes read it. */
  clock: Clock;
  cipher: TokenCipher;
  /** Spotify's Web API root (the sandbox's locally). */
  apiBase: string;
  /** A fresh access token from a refresh token (the token refresher port). */
  refreshTokens(refreshToken: string, now: Date): Promise<ProviderTokens>;
  fetch?: typeof fetch;
  sleep?: (milliseconds: number) => Promise<void>;
}

export interface SyncOptions {
  /** 'since-cursor': plays after the fan's cursor (the job, sync now); 'all-offered': everything Spotify still gives. */
  mode: 'since-cursor' | 'all-offered';
  log: Logger;
  /** A Retry-After longer than this fails the sync instead of waiting in-line (short on request paths). */
  maxWaitSeconds?: number;
  /**
   * The fan's own sync: its time is recorded even when Spotify had no play after the cursor, so the dashboard says
   * when the fan last synced. The job's syncs that find nothing write nothing (docs/decisions/048, option F).
   */
  recordWhenNothingFound?: boolean;
}

export type SyncOutcome =
  { status: 'synced'; result: SpotifySyncResult } | { status: 'not_connected' } | { status: 'broken' };

/** The tokens sealed on the connection (under `spotifyTokenContext(fanId)`). */
interface SealedTokens {
  accessToken: string;
  refreshToken?: string;
}

/** Refreshed this long before Spotify's stated expiry, so a token does not lapse between the check and the call. */
const expiryMarginMs = 60_000;

function isExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) - expiryMarginMs <= now.getTime();
}

/**
 * The deployment's dependencies: its table, the product clock, the token cipher, and Spotify (the sandbox locally)
 * as the one config channel describes it (functions/runtime/oauth-settings.ts, through services/oauth-ports.ts).
 */
export async function loadListeningSyncDependencies(): Promise<ListeningSyncDependencies> {
  const spotify = await getSpotifyProviderConfig();
  const apiBase = spotify?.endpoints.apiBase;
  if (!apiBase) {
    throw new AppError('unavailable', 'Spotify is not available right now.', {
      code: 'spotify_not_configured',
    });
  }
  const refresher = await getTokenRefresherPort();
  return {
    table: getTable(),
    clock: getClock(),
    cipher: getTokenCipher(),
    apiBase,
    refreshTokens: (refreshToken, now) => refresher.refreshTokens('spotify', { refreshToken, now }),
  };
}

/** Runs one sync of one fan. Throws SpotifyRateLimitedError when Spotify's wait is too long to wait in-line. */
export async function syncFanListening(
  deps: ListeningSyncDependencies,
  fanId: string,
  options: SyncOptions,
): Promise<SyncOutcome> {
  const { table, cipher, clock } = deps;
  const { log } = options;
  const now = clock.now();
  // The sync state beside the connection: the fans synced are connected ones, so it is rarely read in vain.
  const [connection, state] = await Promise.all([
    getSpotifyConnectionForSync(table, fanId),
    getSpotifySyncState(table, fanId),
  ]);
  if (!connection?.sealedTokens) return { status: 'not_connected' };
  if (connection.status === 'broken') return { status: 'broken' };

  let tokens = JSON.parse(
    await cipher.decrypt(connection.sealedTokens, spotifyTokenContext(fanId)),
  ) as SealedTokens;
  const refresh = async (): Promise<string> => {
    if (!tokens.refreshToken) throw new SpotifyGrantRevokedError('No refresh token is kept.');
    const kept = tokens.refreshToken;
    let fresh: ProviderTokens;
    try {
      fresh = await deps.refreshTokens(kept, now);
    } catch (error) {
      // Spotify refusing the refresh token (invalid_grant) means the fan revoked OpenPie's access.
      if (error instanceof SocialSignInFailed) throw new SpotifyGrantRevokedError(error.message);
      throw error;
    }
    tokens = { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken ?? kept };
    // An access token lasts an hour and the job runs every two: the next run refreshes anyway, so a new access token
    // alone is not written (a write of the connection item every run, decision 048). A new refresh token is: Spotify
    // may retire the one it replaced.
    if (tokens.refreshToken !== kept) {
      await saveRefreshedSpotifyTokens(table, fanId, {
        providerUserId: connection.providerUserId,
        sealedTokens: await cipher.encrypt(JSON.stringify(tokens), spotifyTokenContext(fanId)),
        accessTokenExpiresAt: fresh.expiresAt ? fresh.expiresAt.toISOString() : null,
        now,
      });
    }
    log.info('spotify tokens refreshed', { fanId, refreshTokenReplaced: tokens.refreshToken !== kept });
    return tokens.accessToken;
  };
  // A token known to have expired is refreshed before the first call rather than after Spotify's 401.
  let expired = isExpired(connection.accessTokenExpiresAt, now);
  const api = createSpotifyWebApi(
    {
      baseUrl: deps.apiBase,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
      ...(options.maxWaitSeconds === undefined ? {} : { maxWaitSeconds: options.maxWaitSeconds }),
    },
    {
      accessToken: async () => {
        if (!expired) return tokens.accessToken;
        expired = false;
        return refresh();
      },
      refresh,
    },
  );

  const cursor = state?.providerUserId === connection.providerUserId ? state.cursorAfter : null;
  let recent: RecentlyPlayed;
  try {
    recent = await api.recentlyPlayed({
      limit: 50,
      ...(options.mode === 'since-cursor' && cursor !== null ? { after: cursor } : {}),
    });
  } catch (error) {
    if (error instanceof SpotifyGrantRevokedError) {
      await markSpotifyConnectionBroken(table, fanId, connection.providerUserId, now);
      log.warn('spotify connection broken: the grant was refused', { fanId });
      return { status: 'broken' };
    }
    throw error;
  }

  const plays = toPlays(recent, cursor).filter((play) => isWithinRetention(play.endedAt, now));
  const saved = await savePlays(table, fanId, plays, { storedAt: now });
  await recomputeDailyListening(table, fanId, saved.days);
  const newest = Math.max(cursor ?? 0, ...recent.items.map((item) => Date.parse(item.played_at)));
  const latestFetchedDate = now.toISOString();
  // The plays are stored: the cursor moves past them while the artists met join the catalogue. Nothing after the
  // cursor: the cursor stays where it is, so a job's run writes nothing (a write unit a run, some 260 runs a
  // fan-month); the recorded time stays that of the last sync that found plays or that the fan asked for.
  await Promise.all([
    recent.items.length > 0 || options.recordWhenNothingFound
      ? saveSpotifySyncState(table, fanId, {
          providerUserId: connection.providerUserId,
          cursorAfter: newest > 0 ? newest : null,
          latestFetchedDate,
        })
      : undefined,
    addArtistsToCatalogue(table, api.artists, recent, now, log),
  ]);
  log.info('listening synced', { fanId, added: saved.saved, duplicates: saved.duplicates });
  recordMetric('ListeningSync');
  recordMetric('SyncedPlays', 'Count', saved.saved);
  return {
    status: 'synced',
    result: {
      added: saved.saved,
      duplicates: saved.duplicates,
      read: recent.items.length,
      latestFetchedDate,
      days: saved.days,
    },
  };
}

/** Full artist objects (names, images, popularity) for the catalogue; a catalogue failure never undoes the plays. */
async function addArtistsToCatalogue(
  table: TableRef,
  readArtists: (ids: readonly string[]) => Promise<SpotifyArtist[]>,
  recent: RecentlyPlayed,
  now: Date,
  log: Logger,
): Promise<void> {
  const ids = [...new Set(recent.items.flatMap((item) => item.track.artists.map((artist) => artist.id)))];
  if (ids.length === 0) return;
  try {
    const artists = await readArtists(ids);
    await upsertCatalogueArtists(table, artists.map(toCatalogueArtist), now);
  } catch (error) {
    if (error instanceof SpotifyGrantRevokedError || error instanceof SpotifyRateLimitedError) {
      log.warn('catalogue artists not read this time', { error: error.message });
      return;
    }
    log.error('catalogue artists not stored', { error });
  }
}

/** The sync of the signed-in fan, for the on-demand calls: failures become replies the fan can act on. */
export async function syncFanListeningNow(
  deps: ListeningSyncDependencies,
  fanId: string,
  mode: SyncOptions['mode'],
  log: Logger,
): Promise<SpotifySyncResult> {
  let outcome: SyncOutcome;
  try {
    outcome = await syncFanListening(deps, fanId, {
      mode,
      log,
      maxWaitSeconds: 5,
      recordWhenNothingFound: true,
    });
  } catch (error) {
    if (error instanceof SpotifyRateLimitedError) {
      throw new AppError('rate_limited', 'Spotify asked us to slow down. Please try again in a moment.', {
        retryAfterSeconds: error.retryAfterSeconds,
        code: spotifySyncErrorCodes.rateLimited,
      });
    }
    throw error;
  }
  if (outcome.status === 'not_connected') {
    throw new AppError('conflict', 'Connect your Spotify account first, then sync your listening.', {
      code: spotifySyncErrorCodes.notConnected,
    });
  }
  if (outcome.status === 'broken') {
    throw new AppError(
      'conflict',
      'Spotify no longer accepts your connection. Reconnect Spotify to sync your listening again.',
      { code: spotifySyncErrorCodes.broken },
    );
  }
  return outcome.result;
}
