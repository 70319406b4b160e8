// The live preview of a pie's split (GET /api/pie/{pieId}/realtime-stats, issue #12 point 2): the fan's listening in
// the pie's period, split by the one split function (domain/money/split.ts) with the pie's settings or a what-if of
// them (never saved). The end-of-period split reads its input through `readPieSplitInput` too, so for the same
// listening and settings the preview's cents are the cents the split pays (docs/decisions/021-the-split.md).
import type { RealtimeStats } from '../../contracts/pie';
import { getCatalogueArtists } from '../../data/catalogue/artists';
import { getDailyListening, listPlaysBetween } from '../../data/listening';
import { getPieBans } from '../../data/pie-preferences';
import type { StoredPie } from '../../data/pies';
import { getPie, listFanPies } from '../../data/pies';
import { isActiveArtist } from '../../domain/catalogue/artist-activity';
import { AppError } from '../../domain/errors';
import type { DailyListening } from '../../domain/listening/daily';
import { aggregateDaily } from '../../domain/listening/daily';
import type { PieListening } from '../../domain/listening/pie-listening';
import { isInRanges, planPieCounting, sumPieListening } from '../../domain/listening/pie-listening';
import { computeNetCents, computeProcessingFeeCents } from '../../domain/money/fees';
import type {
  PieSplit,
  SplitArtist,
  SplitExcludedArtist,
  SplitIncludedArtist,
  SplitListening,
  SplitSettings,
} from '../../domain/money/split';
import { accountIdOf } from '../../domain/money/ledger';
import { splitPie } from '../../domain/money/split';
import { carriedInCentsOf } from '../../domain/money/wallet-carry';
import { getBalance } from '../ledger';
import type { PieDependencies } from '../payments/pies';

/** The query's what-if: any of the three settings, used for this answer only. */
export interface PieSettingsWhatIf {
  limit?: number | undefined;
  artistPopularity?: number | undefined;
  excludeNonActive?: boolean | undefined;
}

export interface PieFees {
  processingCents: number;
  platformCents: number;
  /** What the split pays artists: the pie's own net plus the wallet credit it carries (`carriedInCents`). */
  netCents: number;
  /** Wallet credit that belonged to no pie, paid out with this pie (domain/money/wallet-carry.ts). */
  carriedInCents: number;
}

/**
 * A pie's fees and net. Stripe's fee is known a moment after the payment (`charge.updated`); until then the pie holds
 * null and the preview uses the same 2.9% + 30¢ estimate the fee quote showed before checkout. The reply's shape has
 * no "estimated" flag (issue #12 states it exactly), and the split runs at the period's end, long after the fee is
 * known, so the estimate is only ever seen in the first seconds of a pie.
 */
export function pieFeesOf(pie: StoredPie, carriedInCents = 0): PieFees {
  const processingCents = pie.processingFeeCents ?? computeProcessingFeeCents(pie.amountCents);
  return {
    processingCents,
    platformCents: pie.platformFeeCents,
    netCents: computeNetCents(pie.amountCents, processingCents, pie.platformFeeCents) + carriedInCents,
    carriedInCents,
  };
}

/**
 * The pie's listening day by day as the split counts it (domain/listening/pie-listening.ts says which plays): the whole
 * days' totals, and the partial first and last days (every day of a promo pie) from their plays in the period.
 */
export async function readPieDays(deps: PieDependencies, pie: StoredPie): Promise<DailyListening[]> {
  const plan = planPieCounting(pie.periodStart, pie.periodEnd, pie.promo);
  const [wholeDays, ...playsOfRanges] = await Promise.all([
    plan.wholeDays
      ? getDailyListening(deps.table, pie.fanId, plan.wholeDays.first, plan.wholeDays.last)
      : Promise.resolve([]),
    ...plan.playRanges.map((range) => listPlaysBetween(deps.table, pie.fanId, range.from, range.to)),
  ]);
  const plays = playsOfRanges
    .flat()
    .filter((play) => isInRanges(play.endedAt, plan.playRanges))
    .filter((play) => !pie.promo || play.source === 'spotify');
  // The same aggregation the day totals are built with, so a partial day's plays count as a day total would.
  return [...wholeDays, ...aggregateDaily(plays)];
}

/** The pie's listening as the split counts it, per artist. */
export async function readPieListening(deps: PieDependencies, pie: StoredPie): Promise<PieListening> {
  return sumPieListening(await readPieDays(deps, pie));
}

/**
 * The split's listening: each artist's time with its popularity from the catalogue and whether it is active at the
 * period's end. The catalogue records no releases or removals yet (decision 021), so `isActiveArtist` finds no facts
 * and every artist counts as active; `excludeNonActive` leaves nobody out until it does.
 */
export async function readPieSplitInput(
  deps: PieDependencies,
  pie: StoredPie,
): Promise<{ listening: SplitListening[]; stats: PieListening['stats'] }> {
  const { artists, stats } = await readPieListening(deps, pie);
  const ids = artists.flatMap((artist) => (artist.artistId === null ? [] : [artist.artistId]));
  const catalogue = new Map(
    (ids.length === 0 ? [] : await getCatalogueArtists(deps.table, ids)).map((artist) => [artist.id, artist]),
  );
  const periodEnd = new Date(pie.periodEnd);
  const listening = artists.map((artist): SplitListening => {
    const known = artist.artistId === null ? undefined : catalogue.get(artist.artistId);
    return {
      artistId: artist.artistId,
      artistName: known?.name ?? artist.artistName,
      msListened: artist.msListened,
      tracksListened: artist.tracksListened,
      popularity: known?.popularity ?? null,
      active: isActiveArtist(null, periodEnd),
    };
  });
  return { listening, stats };
}

/** The settings the split uses: the pie's own, with the what-if's values over them. */
export function settingsWithWhatIf(pie: StoredPie, whatIf: PieSettingsWhatIf): SplitSettings {
  return {
    artistLimit: whatIf.limit ?? pie.settings.artistLimit,
    artistPopularity: whatIf.artistPopularity ?? pie.settings.artistPopularity,
    excludeNonActive: whatIf.excludeNonActive ?? pie.settings.excludeNonActive,
  };
}

const basisPointsPerWhole = 10_000;

function artistFieldsOf(artist: SplitArtist) {
  return {
    artist_id: artist.artistId,
    artist_name: artist.artistName,
    total_time_listened: artist.msListened,
    total_tracks_listened: artist.tracksListened,
    popularity: artist.popularity,
    manual_inclusion_status: artist.inclusion === true,
    is_banned: artist.banned,
    // Decision 021: the integer weight (ms × basis points) shown as weighted milliseconds.
    weight: artist.weight / basisPointsPerWhole,
  };
}

function includedReplyOf(artist: SplitIncludedArtist): RealtimeStats['includedArtists'][number] {
  return { ...artistFieldsOf(artist), percentage: artist.percentage, cents: artist.cents };
}

function excludedReplyOf(artist: SplitExcludedArtist): RealtimeStats['excludedArtists'][number] {
  return { ...artistFieldsOf(artist), percentage: artist.percentage, reasons: [...artist.reasons] };
}

const byTimeThenKey = (a: SplitArtist, b: SplitArtist) =>
  b.msListened - a.msListened || (a.artistKey < b.artistKey ? -1 : a.artistKey > b.artistKey ? 1 : 0);

/** A split in the reply shape of `realtimeStatsSchema` (the preview now; the receipt of a closed pie later). */
export function toRealtimeStats(
  pie: StoredPie,
  fees: PieFees,
  split: PieSplit,
  stats: PieListening['stats'],
): RealtimeStats {
  // Every artist of the period, paid or not, most time first (ties by the split's key).
  const allArtists: RealtimeStats['allArtists'] = [
    ...split.included.map((artist) => ({ artist, reply: includedReplyOf(artist) })),
    ...split.excluded.map((artist) => ({ artist, reply: excludedReplyOf(artist) })),
  ]
    .sort((a, b) => byTimeThenKey(a.artist, b.artist))
    .map((entry) => entry.reply);
  return {
    pieId: pie.id,
    periodStart: pie.periodStart,
    periodEnd: pie.periodEnd,
    amountCents: pie.amountCents,
    feesCents: { processing: fees.processingCents, platform: fees.platformCents },
    netCents: fees.netCents,
    includedArtists: split.included.map(includedReplyOf),
    excludedArtists: split.excluded.map(excludedReplyOf),
    allArtists,
    stats: {
      count_tracks: stats.countTracks,
      count_artists: stats.countArtists,
      total_time_listened: stats.totalMs,
    },
  };
}

/**
 * The wallet credit a pie's split carries (domain/money/wallet-carry.ts): two reads, the wallet's balance and the
 * fan's newest pies (two years of monthly pies is more than any fan has unsplit).
 */
export async function readCarriedInCents(deps: PieDependencies, pie: StoredPie): Promise<number> {
  if (pie.status === 'split') return 0;
  const [walletBalanceCents, fanPies] = await Promise.all([
    getBalance(deps, accountIdOf('fan-wallet', pie.fanId)),
    listFanPies(deps.table, pie.fanId, { limit: 24 }),
  ]);
  return carriedInCentsOf({ pieId: pie.id, walletBalanceCents, fanPies });
}

/** What one split of a pie comes to: the split itself, the period's counts and the fees its net is left by. */
export interface ComputedPieSplit {
  split: PieSplit;
  stats: PieListening['stats'];
  fees: PieFees;
}

/**
 * The one way a pie's split is computed, for the live preview and for the end-of-period split alike: the pie's
 * listening, its settings (with a what-if over them, never saved), the fan's bans as they stand (every pie) and the
 * pie's own inclusions, and its net.
 */
export async function computePieSplit(
  deps: PieDependencies,
  pie: StoredPie,
  whatIf: PieSettingsWhatIf = {},
): Promise<ComputedPieSplit> {
  const [{ listening, stats }, bans, carriedInCents] = await Promise.all([
    readPieSplitInput(deps, pie),
    getPieBans(deps.table, pie.fanId),
    readCarriedInCents(deps, pie),
  ]);
  const fees = pieFeesOf(pie, carriedInCents);
  const split = splitPie({
    listening,
    settings: settingsWithWhatIf(pie, whatIf),
    bannedArtistKeys: new Set(bans.keys()),
    inclusions: new Map(Object.entries(pie.inclusions)),
    netCents: fees.netCents,
  });
  return { split, stats, fees };
}

/**
 * GET /api/pie/{pieId}/realtime-stats: the split of the fan's own pie as it stands, with the what-if settings over the
 * pie's (not saved). Another fan's pie is answered like an unknown id.
 */
export async function previewPieSplit(
  deps: PieDependencies,
  fanId: string,
  pieId: string,
  whatIf: PieSettingsWhatIf,
): Promise<RealtimeStats> {
  const pie = await getPie(deps.table, pieId);
  if (!pie || pie.fanId !== fanId) throw new AppError('not_found', 'You have no pie with this id.');
  const { split, stats, fees } = await computePieSplit(deps, pie, whatIf);
  return toRealtimeStats(pie, fees, split, stats);
}
