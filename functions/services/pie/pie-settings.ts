// The fan's choices about how pies split (SPEC §3 "Pie settings" and "Pie artist", §7): the three settings
// of an open pie (PATCH /pie/{pieId}), bans for every pie (PATCH /pie/artist/{id}/ban) and one pie's inclusions (PATCH
// /pie/artist/{id}/set-inclusion). The split reads them all through `computePieSplit` (pie-preview.ts), so the live
// preview shows each change at once and the end-of-period split pays by them.
import type { PieSummary } from '../../contracts/payments';
import type { PieArtistBan, PieArtistInclusionReply, PieSettingsUpdate } from '../../contracts/pie';
import { getCatalogueArtist } from '../../data/catalogue/artists';
import { getDailyListening } from '../../data/listening';
import { addPieBan, getPieBans, removePieBan } from '../../data/pie-preferences';
import { setPieInclusion, updatePieSettings } from '../../data/pie-settings';
import type { StoredPie } from '../../data/pies';
import { getPie } from '../../data/pies';
import { getFanSubscription } from '../../data/subscriptions';
import { addUtcDays, utcDateOf } from '../../domain/calendar';
import { AppError } from '../../domain/errors';
import { normalizeArtistName } from '../../domain/listening/rules';
import { splitArtistKeyOf } from '../../domain/money/split';
import type { PieDependencies } from '../payments/pies';
import { findCurrentPie, toPieSummary } from '../payments/pies';

/** An artist as the pie routes name it: the split's key and the name to show. */
export interface PieArtistRef {
  artistKey: string;
  artistName: string;
}

/** How far back the fan's listening is looked through for an artist known only by name: two pie periods. */
export const nameOnlyArtistLookbackDays = 60;

/**
 * The `{id}` of the artist routes (decision 021): an id the catalogue knows is that artist (`id:<id>`); anything else
 * is the name of an artist known only by name (an import), keyed by its normalised name. Such a name must be one the
 * fan listened to in the last `nameOnlyArtistLookbackDays` days (the day totals: a pie of theirs can count it), or one
 * the caller already holds (`heldKeys`: the bans, so a ban can always be lifted); any other value names nothing and is
 * a 404, like an unknown id. The catalogue is asked first, so a name that happens to equal a catalogue id reaches the
 * catalogue artist (Spotify ids are 22 random characters: no real name does).
 */
export async function resolvePieArtist(
  deps: PieDependencies,
  fanId: string,
  id: string,
  heldKeys: ReadonlyMap<string, { artistName: string }> = new Map(),
): Promise<PieArtistRef> {
  const known = await getCatalogueArtist(deps.table, id);
  if (known) {
    return {
      artistKey: splitArtistKeyOf({ artistId: known.id, artistName: known.name }),
      artistName: known.name,
    };
  }
  const normalised = normalizeArtistName(id);
  if (normalised === '') {
    throw new AppError('validation_failed', undefined, {
      fields: { id: 'Use an artist id or an artist name with letters or digits' },
    });
  }
  const artistKey = splitArtistKeyOf({ artistId: null, artistName: id });
  const held = heldKeys.get(artistKey);
  if (held) return { artistKey, artistName: held.artistName };
  const today = utcDateOf(deps.clock.now());
  const days = await getDailyListening(
    deps.table,
    fanId,
    addUtcDays(today, -nameOnlyArtistLookbackDays),
    today,
  );
  for (const day of days) {
    for (const artist of day.artists) {
      if (!artist.artistId && normalizeArtistName(artist.artistName) === normalised) {
        return { artistKey, artistName: artist.artistName };
      }
    }
  }
  throw new AppError('not_found', 'You have not listened lately to an artist of this id or name.');
}

/** The fan's own pie, or a 404 that does not say whether another fan has one of that id. */
export async function getOwnPie(deps: PieDependencies, fanId: string, pieId: string): Promise<StoredPie> {
  const pie = await getPie(deps.table, pieId);
  if (!pie || pie.fanId !== fanId) throw new AppError('not_found', 'You have no pie with this id.');
  return pie;
}

/** Whether the fan may still change a pie: open, and its period not over (an ended pie waits for its split). */
export function isChangeablePie(pie: StoredPie, now: Date): boolean {
  return pie.status === 'open' && now.getTime() < Date.parse(pie.periodEnd);
}

/** The pie's name-only inclusions, so one can always be handed back (their names as the key holds them). */
function heldInclusionsOf(pie: StoredPie): Map<string, { artistName: string }> {
  return new Map(
    Object.keys(pie.inclusions)
      .filter((key) => key.startsWith('name:'))
      .map((key) => [key, { artistName: key.slice('name:'.length) }]),
  );
}

const pieClosed = () => new AppError('conflict', undefined, { code: 'pie_closed' });

/** The pie as My pies shows it, with whether its subscription cancels at period end. */
export async function summarisePie(deps: PieDependencies, pie: StoredPie): Promise<PieSummary> {
  const subscription = pie.subscriptionId
    ? await getFanSubscription(deps.table, pie.fanId, pie.subscriptionId)
    : null;
  return toPieSummary(pie, {
    now: deps.clock.now(),
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
  });
}

/**
 * PATCH /api/pie/{pieId}: changes any of the three settings of the fan's own open pie (the renewal carries them to the
 * next pie). 404 for another fan's or an unknown pie, 409 `pie_closed` once its period is over or it is split or
 * inactive, 422 for an empty change.
 */
export async function updateOwnPieSettings(
  deps: PieDependencies,
  fanId: string,
  pieId: string,
  change: PieSettingsUpdate,
): Promise<PieSummary> {
  if (
    change.artistLimit === undefined &&
    change.artistPopularity === undefined &&
    change.excludeNonActive === undefined
  ) {
    throw new AppError('validation_failed', undefined, {
      fields: { artistLimit: 'Send at least one of artistLimit, artistPopularity and excludeNonActive' },
    });
  }
  const pie = await getOwnPie(deps, fanId, pieId);
  const now = deps.clock.now();
  if (!isChangeablePie(pie, now)) throw pieClosed();
  const settings = {
    artistLimit: change.artistLimit ?? pie.settings.artistLimit,
    artistPopularity: change.artistPopularity ?? pie.settings.artistPopularity,
    excludeNonActive: change.excludeNonActive ?? pie.settings.excludeNonActive,
  };
  // Conditional on the pie still being open and running: a split that began meanwhile wins.
  const updated = await updatePieSettings(deps.table, pieId, settings, now);
  if (!updated) throw pieClosed();
  return summarisePie(deps, updated);
}

/** PATCH /api/pie/artist/{id}/ban: bans (or lifts the ban on) an artist for every pie of the fan. Idempotent. */
export async function setPieArtistBan(
  deps: PieDependencies,
  fanId: string,
  id: string,
  banned: boolean,
): Promise<PieArtistBan> {
  const artist = await resolvePieArtist(deps, fanId, id, await getPieBans(deps.table, fanId));
  if (!banned) {
    await removePieBan(deps.table, fanId, artist.artistKey);
    return { artistKey: artist.artistKey, banned: false };
  }
  const result = await addPieBan(deps.table, fanId, artist.artistKey, {
    artistName: artist.artistName,
    at: deps.clock.now().toISOString(),
  });
  if (result === 'limit_reached') {
    throw new AppError('conflict', undefined, { code: 'pie_ban_limit_reached' });
  }
  return { artistKey: artist.artistKey, banned: true };
}

/**
 * PATCH /api/pie/artist/{id}/set-inclusion: this pie keeps the artist in beyond the limit (true), leaves it out
 * (false), or hands it back to the settings (null). The pie is the fan's current one unless `pieId` names another of
 * theirs that is still open (404 for another fan's, 409 `pie_closed` for one that ended, 409 `no_active_pie` when the
 * fan has no current pie). A ban still beats an inclusion (decision 021).
 */
export async function setPieArtistInclusion(
  deps: PieDependencies,
  fanId: string,
  id: string,
  { value, pieId }: { value: boolean | null; pieId?: string | undefined },
): Promise<PieArtistInclusionReply> {
  const now = deps.clock.now();
  const pie = pieId === undefined ? await findCurrentPie(deps, fanId) : await getOwnPie(deps, fanId, pieId);
  if (!pie) throw new AppError('conflict', undefined, { code: 'no_active_pie' });
  if (!isChangeablePie(pie, now)) throw pieClosed();
  const artist = await resolvePieArtist(deps, fanId, id, heldInclusionsOf(pie));
  const result = await setPieInclusion(deps.table, pie.id, artist.artistKey, value, now);
  if (result === 'closed') throw pieClosed();
  if (result === 'limit_reached') {
    throw new AppError('conflict', undefined, { code: 'pie_inclusion_limit_reached' });
  }
  return { artistKey: artist.artistKey, pieId: pie.id, inclusion: value };
}
