// What a pie counts and what it does not, for the fan's own pie (SPEC §7): the pie with its counts
// (GET /pie/active/{id}), its listening day by day (GET /pie/{pieId}/daily-listening, for a chart of the month), and
// the plays of the fan's history near it that it does not count, with the reason (GET /pie/{pieId}/orphaned-tracks).
// The counts and days come through the same reads as the split (pie-preview.ts), so they add up to the preview's stats.
import type {
  PieActiveDetail,
  PieDailyListening,
  PieOrphanedTrack,
  PieOrphanedTracks,
  PieOrphanedTracksQuery,
} from '../../contracts/pie';
import { listHistoryPlaysPage } from '../../data/listening';
import type { StoredPie } from '../../data/pies';
import { listFanPies } from '../../data/pies';
import { addUtcDays, utcDateOf } from '../../domain/calendar';
import type { OrphanContext } from '../../domain/listening/pie-orphans';
import { orphanReasonOf, orphanWindowOf } from '../../domain/listening/pie-orphans';
import { sumPieListening } from '../../domain/listening/pie-listening';
import type { PieDependencies } from '../payments/pies';
import { computePieSplit, readPieDays } from './pie-preview';
import { getOwnPie, summarisePie } from './pie-settings';

/**
 * GET /api/pie/active/{id}: the fan's own pie as My pies shows it, with its listening's counts and the number of
 * artists its split pays: the receipt's once split (the split is frozen), else the live split's.
 */
export async function readPieActiveDetail(
  deps: PieDependencies,
  fanId: string,
  pieId: string,
): Promise<PieActiveDetail> {
  const pie = await getOwnPie(deps, fanId, pieId);
  const summary = await summarisePie(deps, pie);
  let stats;
  let includedArtists;
  if (pie.receipt) {
    stats = sumPieListening(await readPieDays(deps, pie)).stats;
    includedArtists = pie.receipt.artistCount;
  } else {
    const computed = await computePieSplit(deps, pie);
    stats = computed.stats;
    includedArtists = computed.split.included.length;
  }
  return {
    ...summary,
    count_tracks: stats.countTracks,
    count_artists: stats.countArtists,
    total_time_listened: stats.totalMs,
    included_artists: includedArtists,
  };
}

/** Every UTC day the period [periodStart, periodEnd) touches, oldest first. */
function daysOfPeriod(pie: StoredPie): string[] {
  const first = utcDateOf(pie.periodStart);
  const last = utcDateOf(new Date(Date.parse(pie.periodEnd) - 1));
  const days: string[] = [];
  for (let day = first; day <= last; day = addUtcDays(day, 1)) days.push(day);
  return days;
}

/**
 * GET /api/pie/{pieId}/daily-listening: the pie's counted listening per UTC day of its period, days without plays at
 * 0 (a chart shows the whole period). The partial first and last days hold only the plays inside the period, as the
 * pie counts them, so the days add up to the preview's `stats`.
 */
export async function readPieDailyListening(
  deps: PieDependencies,
  fanId: string,
  pieId: string,
): Promise<PieDailyListening> {
  const pie = await getOwnPie(deps, fanId, pieId);
  const totals = new Map<string, { ms: number; tracks: number }>();
  for (const day of await readPieDays(deps, pie)) {
    const total = totals.get(day.date) ?? { ms: 0, tracks: 0 };
    total.ms += day.msPlayed;
    total.tracks += day.plays;
    totals.set(day.date, total);
  }
  return {
    pieId: pie.id,
    periodStart: pie.periodStart,
    periodEnd: pie.periodEnd,
    days: daysOfPeriod(pie).map((date) => ({ date, ms: 0, tracks: 0, ...totals.get(date) })),
  };
}

/** How many of the fan's pies are looked through for the neighbours: more than eight years of monthly pies. */
const neighbourPieLimit = 100;
/** Plays read per query while a page of orphans fills (most plays inside the period are counted, so skipped). */
const playsPerRead = 200;

/** The pie with its neighbours: the fan's pies that started just before and just after it. */
async function orphanContextOf(deps: PieDependencies, pie: StoredPie): Promise<OrphanContext> {
  // Newest period first; ties of one instant by id, as gsi1 sorts them.
  const pies = await listFanPies(deps.table, pie.fanId, { limit: neighbourPieLimit });
  const index = pies.findIndex((candidate) => candidate.id === pie.id);
  const next = index > 0 ? pies[index - 1] : undefined;
  const previous = index >= 0 ? pies[index + 1] : undefined;
  return {
    periodStart: pie.periodStart,
    periodEnd: pie.periodEnd,
    promo: pie.promo,
    previousPeriodEnd: previous?.periodEnd ?? null,
    nextPeriodStart: next?.periodStart ?? null,
    splitAt: pie.receipt?.splitAt ?? null,
  };
}

/**
 * GET /api/pie/{pieId}/orphaned-tracks: a page of the plays in the pie's window (`orphanWindowOf`) that it does not
 * count, oldest first, with the reason. `nextCursor` is the last play of a full page; the page after it may be empty
 * when no further play is an orphan. Reads the window's plays by key range (no Scan, no filter by expression: the
 * reason needs the pie's instants).
 */
export async function readPieOrphanedTracks(
  deps: PieDependencies,
  fanId: string,
  pieId: string,
  { limit, cursor }: PieOrphanedTracksQuery,
): Promise<PieOrphanedTracks> {
  const pie = await getOwnPie(deps, fanId, pieId);
  const context = await orphanContextOf(deps, pie);
  const window = orphanWindowOf(context, deps.clock.now());
  const tracks: PieOrphanedTrack[] = [];
  let after = cursor;
  let more = true;
  let lastRead: string | undefined;
  while (more && tracks.length < limit) {
    const page = await listHistoryPlaysPage(deps.table, fanId, { ...window, after, limit: playsPerRead });
    more = page.more && page.plays.length > 0;
    for (const play of page.plays) {
      lastRead = play.key;
      const reason = orphanReasonOf(play, context);
      if (reason === null) continue;
      tracks.push({
        endedAt: play.endedAt,
        trackName: play.trackName,
        ...(play.trackId ? { trackId: play.trackId } : {}),
        artists: play.artists.map((artist) => ({
          ...(artist.artistId ? { artistId: artist.artistId } : {}),
          artistName: artist.artistName,
        })),
        msPlayed: play.msPlayed,
        source: play.source,
        reason,
      });
      if (tracks.length === limit) {
        // Plays after this one in the page, or pages after it, may still be orphans.
        more = more || play !== page.plays[page.plays.length - 1];
        break;
      }
    }
    after = lastRead;
  }
  return {
    pieId: pie.id,
    window,
    tracks,
    nextCursor: tracks.length === limit && more ? (lastRead ?? null) : null,
  };
}
