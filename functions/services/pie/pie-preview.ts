// The live preview of a pie's split (GET /api/pie/{pieId}/realtime-stats): the fan's listening in
// the pie's period, split by the one split function (domain/money/split.ts) with the pie's settings or a what-if of
// them (never saved). The end-of-period split reads its input through `readPieSplitInput` too, so for the same
// listening and settings the preview's cents are the cents the split pays (docs/decisions/021-the-split.md).
import type { RealtimeStats } from '../../contracts/pie';
import { getCatalogueArtists } from '../../data/catalogue/artists';
import { getDailyListening, listPlaysBetween } from '../../data/listening';
import { getPieBans } from '../../data/pie-preferences';
import type { StoredPie } from '../../data/pies';
import { getPie, listAllFanPies } from '../../data/pies';
import { getLedgerBalances } from '../../data/ledger';
import { isActiveArtist } from '../../domain/catalogue/artist-activity';
import { AppError } from '../../domain/errors';
import type { DailyListening } from '../../domain/listening/daily';
import { aggregateDaily } from '../../domain/listening/daily';
import type { PieListening } from '../../domain/listening/pie-listening';
import { isInRanges, planPieCounting, sumPieListening } from '../../domain/listening/pie-listening';
import { computeProcessingFeeCents } from '../../domain/money/fees';
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
import type { FundingSource } from '../../domain/money/wallet-carry';
import { carrySourcesOf, ownMoneyOf, splitFundingOf } from '../../domain/money/wallet-carry';
import type { PieDependencies } from '../payments/pies';
import type { PieForecast } from './pie-forecast';
import { forecastPieOf } from './pie-forecast';

/** The query's what-if: any of the three settings, used for this answer only. */
export interface PieSettingsWhatIf {
  limit?: number | undefined;
  artistPopularity?: number | undefined;
  excludeNonActive?: boolean | undefined;
}

export interface PieFees {
  processingCents: number;
  platformCents: number;
  /** What the split pays artists: the pie's own net plus the credit it carries (`carriedInCents`). */
  netCents: number;
  /** Credit that belongs to no pie waiting for a split, paid out with this pie (domain/money/wallet-carry.ts). */
  carriedInCents: number;
  /** The accounts the split debits, and by how much (its own pie's money first), adding up to net + platform. */
  funding: FundingSource[];
}

/** What a pie's split can spend: its own account's balance, and the credit it carries. */
export interface PieFunding {
  fundsCents: number;
  carried: FundingSource[];
}

/**
 * A pie's fees and net, from what is left of its own money (a refund before the split leaves less) and the credit it
 * carries. Stripe's fee is known a moment after the payment (`charge.updated`); until then it has not left the pie's
 * money, and the preview takes off the same 2.9% + 30¢ estimate the fee quote showed before checkout. The split runs
 * only once the fee is known, so the estimate is only ever seen in the first seconds of a pie.
 */
export function pieFeesOf(pie: StoredPie, funding: PieFunding): PieFees {
  const processingCents = pie.processingFeeCents ?? computeProcessingFeeCents(pie.amountCents);
  const own = ownMoneyOf({
    fundsCents: funding.fundsCents,
    unbookedFeeCents: pie.processingFeeCents === null ? processingCents : 0,
    platformFeeCents: pie.platformFeeCents,
  });
  const carriedInCents = funding.carried.reduce((sum, source) => sum + source.cents, 0);
  return {
    processingCents,
    platformCents: own.platformFeeCents,
    netCents: own.netCents + carriedInCents,
    carriedInCents,
    funding: splitFundingOf({
      pieId: pie.id,
      ownSpendCents: own.netCents + own.platformFeeCents,
      carried: funding.carried,
    }),
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
      keyIndex: artist.keyIndex,
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
 * What a pie's split can spend (domain/money/wallet-carry.ts): the fan's pies (every one: a fan has a few dozen at
 * most) and one batch read of the balances of their wallet accounts. A split pie spends nothing more.
 */
export async function readPieFunding(deps: PieDependencies, pie: StoredPie): Promise<PieFunding> {
  // A split pie spends nothing more: a preview of it shows its own amount less Stripe's fee, as before its split.
  if (pie.status === 'split') {
    return { fundsCents: pie.amountCents - (pie.processingFeeCents ?? 0), carried: [] };
  }
  const fanPies = await listAllFanPies(deps.table, pie.fanId);
  const free = accountIdOf('fan-wallet', pie.fanId);
  const fundsOf = (pieId: string) => accountIdOf('pie-funds', pieId);
  const balances = await getLedgerBalances(deps.table, [
    free,
    fundsOf(pie.id),
    ...fanPies.map((fanPie) => fundsOf(fanPie.id)),
  ]);
  return {
    fundsCents: balances.get(fundsOf(pie.id)) ?? 0,
    carried: carrySourcesOf({
      pieId: pie.id,
      fanId: pie.fanId,
      freeCreditCents: balances.get(free) ?? 0,
      fanPies,
      pieFundsCents: new Map(fanPies.map((fanPie) => [fanPie.id, balances.get(fundsOf(fanPie.id)) ?? 0])),
    }),
  };
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
  const [{ listening, stats }, bans, funding] = await Promise.all([
    readPieSplitInput(deps, pie),
    getPieBans(deps.table, pie.fanId),
    readPieFunding(deps, pie),
  ]);
  const fees = pieFeesOf(pie, funding);
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
 * pie's (not saved); with a `forecast`, the same split of the fan's listening of the last 30 days (pie-forecast.ts).
 * Another fan's pie is answered like an unknown id.
 */
export async function previewPieSplit(
  deps: PieDependencies,
  fanId: string,
  pieId: string,
  whatIf: PieSettingsWhatIf,
  forecast?: PieForecast,
): Promise<RealtimeStats> {
  const pie = await getPie(deps.table, pieId);
  if (!pie || pie.fanId !== fanId) throw new AppError('not_found', 'You have no pie with this id.');
  const listened = forecast === 'last-30-days' ? forecastPieOf(pie, deps.clock.now()) : pie;
  const { split, stats, fees } = await computePieSplit(deps, listened, whatIf);
  return toRealtimeStats(pie, fees, split, stats);
}
