// The split of a pie among the artists a fan listened to (DESIGN §5 "The split", docs/decisions/021-the-split.md):
// one pure function that both the live preview (`realtime-stats`) and the end-of-period split call, so for the same
// listening and settings they agree to the cent. It lives in domain/money because only domain/money splits amounts,
// and the cents come from the one apportion rule.
//
// The steps, in DESIGN §5's order:
// 3. Drop banned artists (the fan's bans hold for every pie), artists this pie leaves out (`set-inclusion` false) and,
//    when `excludeNonActive`, artists that are not active; keep the top `artistLimit` by listening time (ties by
//    artist key ascending; 0 = no limit) and also every artist this pie forces in (`set-inclusion` true) beyond them.
// 4. Weight = milliseconds × a popularity factor in basis points (integers only):
//      factor = clamp(10000 + artistPopularity × (50 − popularity) × 2, 1000, 20000)
//    so no tilt (0) or popularity 50 (also a missing popularity) gives 1.0; the full tilt (100) gives 2.0 to
//    popularity 0 and 0.1 from popularity 95 up. The upper bound never binds for valid inputs: it is the stated limit.
// 5. An artist forced in keeps at least one cent: while the net has a cent for each artist forced in with time, each
//    whose share of what is left would be under one cent gets one cent, set aside first (repeated until none is).
//    Then fold shares under one cent of what is left back into the rest: repeat { drop every artist whose exact share of the net is under
//    one cent; recompute } until none is; then the one apportion rule (floors, then the cents left one each by largest
//    remainder, ties by key ascending). The sum is the net exactly.
// 6. Nobody left: nothing is allocated and the whole net stays in the fan's wallet (`outcome: 'nothing_to_split'`).
//
// The split is kept in modules: the artist keys (split-keys.ts), the working space of typed arrays (split-space.ts),
// its orders (split-order.ts) and its cents (split-cents.ts); this one holds the split's shapes, its steps in order and
// the result.
import type { pieExclusionReasons } from '../../contracts/pie';
import { apportionKept, foldInBigInts, foldInNumbers, setAsideForced } from './split-cents';
import type { KnownKey } from './split-keys';
import {
  forgetKeysIfPast,
  knownKeyByKey,
  knownKeyOfLine,
  labelEpochNow,
  labelOfKey,
  labelOfKnown,
  nextPieStamp,
} from './split-keys';
import { orderByCents, orderMostFirst, selectNumber, sortRunByKey } from './split-order';
import { ensureCapacity, fate, inclusionCode, space } from './split-space';

export { splitArtistKeyOf, splitArtistOf } from './split-keys';

export type PieExclusionReason = (typeof pieExclusionReasons)[number];

/** One artist's listening in the pie's period, as the listening rules count it (plays ≥ 30 s, time shared). */
export interface SplitListening {
  /**
   * Where the split's keys hold this artist's key, when the caller summed the listening under it (`splitArtistOf`, whose
   * catalogue id the line then carries too): the split finds the artist there with no key made and no look-up by id or
   * name. It only spares the look-up: the key found there must have been made from the line's id (or, for an artist
   * known only by name, found by the line's spelling), else the split looks the key up as it does for a line without.
   */
  keyIndex?: number;
  /** The catalogue id; null for an artist known only by name (from an import). */
  artistId: string | null;
  artistName: string;
  /** Whole milliseconds. */
  msListened: number;
  tracksListened: number;
  /** Spotify's popularity, 0 to 100; null when unknown (counts as 50). */
  popularity: number | null;
  /** `isActiveArtist` at the pie's period end (domain/catalogue/artist-activity.ts). */
  active: boolean;
}

export interface SplitSettings {
  /** 0 = no limit. */
  artistLimit: number;
  /** The tilt toward less popular artists, 0 to 100. */
  artistPopularity: number;
  excludeNonActive: boolean;
}

export interface SplitInput {
  listening: readonly SplitListening[];
  settings: SplitSettings;
  /** The fan's bans (every pie), by `splitArtistKeyOf`. */
  bannedArtistKeys: ReadonlySet<string>;
  /** This pie's inclusions by `splitArtistKeyOf`: true forces in beyond the limit, false leaves out of this pie. */
  inclusions: ReadonlyMap<string, boolean>;
  /** What reaches artists: amount − fees, in whole cents. */
  netCents: number;
}

/** An artist of the result: its listening, and how the split saw it. */
export interface SplitArtist extends SplitListening {
  /** `id:<catalogue id>` or `name:<normalised name>`: the key of bans, inclusions and ties. */
  artistKey: string;
  banned: boolean;
  /** This pie's inclusion: true forced in, false left out, null not set. */
  inclusion: boolean | null;
  weightFactorBasisPoints: number;
  /** msListened × weightFactorBasisPoints: what the cents are apportioned by. */
  weight: number;
}

export interface SplitIncludedArtist extends SplitArtist {
  /** The exact share of the net in percent (display only: the cents are computed in integers). */
  percentage: number;
  cents: number;
}

export interface SplitExcludedArtist extends SplitArtist {
  percentage: 0;
  /** Every reason of the step the artist left at: the drops of step 3 together, else over_limit, else under_one_cent. */
  reasons: PieExclusionReason[];
}

export interface PieSplit {
  /** 'nothing_to_split' when no artist is left: nothing moves and the net stays in the wallet. */
  outcome: 'split' | 'nothing_to_split';
  netCents: number;
  /** The included artists' cents together: the net, or 0. */
  allocatedCents: number;
  /** What stays in the fan's wallet for the next pie: 0, or the net when nothing is split. */
  keptInWalletCents: number;
  /** Most cents first, then by artist key. */
  included: SplitIncludedArtist[];
  /** Most listening time first, then by artist key. */
  excluded: SplitExcludedArtist[];
}

export const neutralPopularity = 50;
export const weightFactorBounds = { minBasisPoints: 1_000, maxBasisPoints: 20_000 } as const;
const basisPointsPerWhole = 10_000;
/** The most milliseconds whose weight (× 20000) is still a safe integer: about 14 years of listening. */
export const maxSplitMilliseconds = Math.floor(Number.MAX_SAFE_INTEGER / weightFactorBounds.maxBasisPoints);

/** The popularity factor in basis points: clamp(10000 + tilt × (50 − popularity) × 2, 1000, 20000). */
export function weightFactorBasisPointsOf(artistPopularity: number, popularity: number | null): number {
  const raw =
    basisPointsPerWhole + artistPopularity * (neutralPopularity - (popularity ?? neutralPopularity)) * 2;
  return Math.min(weightFactorBounds.maxBasisPoints, Math.max(weightFactorBounds.minBasisPoints, raw));
}

/**
 * Whether a value is a whole number from 0 to `max` (at most 2^53 − 1). One under 2^32 answers with one comparison
 * (`value >>> 0` is the value only for one); anything else takes Number.isSafeInteger, which the checks of every field
 * of a pie's artists spent most of the split's first pass in.
 */
const isWhole = (value: number, max: number) =>
  (value >>> 0 === value && value <= max) || (Number.isSafeInteger(value) && value >= 0 && value <= max);

function assertWhole(value: number, what: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${what} must be a whole number from 0 to ${max}, not ${value}`);
  }
}

/**
 * Drops the artist of a known key of this pie when it is banned or left out and still kept; 1 when it did, else 0.
 * Reads the working space as `splitPie` filled it.
 */
function dropAt(known: KnownKey | undefined, pie: number): number {
  if (known === undefined || known.pie !== pie) return 0;
  const { fateOf, bannedOf, inclusionOf } = space;
  const place = known.place;
  if (fateOf[place] !== fate.kept) return 0;
  if (bannedOf[place] !== 1 && inclusionOf[place] !== inclusionCode.leftOut) return 0;
  fateOf[place] = fate.dropped;
  return 1;
}

/** Splits a pie's net among the artists of its listening (see the head of this file). */
export function splitPie(input: SplitInput): PieSplit {
  const { listening, settings, bannedArtistKeys, inclusions, netCents } = input;
  assertWhole(netCents, 'The net in cents');
  assertWhole(settings.artistLimit, 'The artist limit');
  assertWhole(settings.artistPopularity, 'The popularity tilt', 100);

  const count = listening.length;
  ensureCapacity(count);
  const { msOf, weightOf, factorOf, fateOf, inclusionOf, bannedOf, centsOf, labelOf, packed, chosen, keyOf } =
    space;
  const { ordered, byTime, equalRun, forced } = space;
  forced.length = 0;
  forgetKeysIfPast(count);
  const epochBefore = labelEpochNow();
  const pie = nextPieStamp();
  // Step 4's weight is computed for every artist, dropped or not, so the fan sees what an excluded artist would weigh.
  let heaviest = 0;
  let allWeight = 0;
  let longest = 0;
  // Step 3's drops are marked as they are found: the artists not active in this pass, the banned and the left out
  // where their bans and inclusions are read (all the reasons that apply are kept, so lifting one shows what else
  // holds the artist out).
  const dropNonActive = settings.excludeNonActive;
  let eligibleCount = count;
  for (let place = 0; place < count; place += 1) {
    const entry = listening[place] as SplitListening;
    // The messages are only written for a value that fails (a template a field a pie is most of the split's time).
    if (!isWhole(entry.msListened, maxSplitMilliseconds))
      assertWhole(entry.msListened, `The time of ${entry.artistName}`, maxSplitMilliseconds);
    if (!isWhole(entry.tracksListened, Number.MAX_SAFE_INTEGER))
      assertWhole(entry.tracksListened, `The track count of ${entry.artistName}`);
    if (entry.popularity !== null && !isWhole(entry.popularity, 100))
      assertWhole(entry.popularity, `The popularity of ${entry.artistName}`, 100);
    const known = knownKeyOfLine(entry.keyIndex, entry.artistId, entry.artistName);
    if (known.pie === pie) {
      throw new RangeError(`The listening has ${known.key} twice: add its times up before splitting`);
    }
    known.pie = pie;
    known.place = place;
    labelOf[place] = labelOfKnown(known);
    const artistKey = known.key;
    keyOf[place] = artistKey;
    const factor = weightFactorBasisPointsOf(settings.artistPopularity, entry.popularity);
    const weight = entry.msListened * factor;
    msOf[place] = entry.msListened;
    factorOf[place] = factor;
    weightOf[place] = weight;
    if (weight > heaviest) heaviest = weight;
    if (entry.msListened > longest) longest = entry.msListened;
    allWeight += weight;
    bannedOf[place] = 0;
    inclusionOf[place] = inclusionCode.notSet;
    if (dropNonActive && !entry.active) {
      fateOf[place] = fate.dropped;
      eligibleCount -= 1;
    } else fateOf[place] = fate.kept;
  }
  // The bans and inclusions, from the side with fewer look-ups: usually a few keys against hundreds of artists. An
  // artist banned or left out is dropped (once, though both may hold).
  if (bannedArtistKeys.size < count) {
    for (const key of bannedArtistKeys) {
      const known = knownKeyByKey(key);
      if (known !== undefined && known.pie === pie) bannedOf[known.place] = 1;
    }
  } else {
    for (let place = 0; place < count; place += 1)
      if (bannedArtistKeys.has(keyOf[place] ?? '')) bannedOf[place] = 1;
  }
  if (inclusions.size < count) {
    for (const [key, inclusion] of inclusions) {
      const known = knownKeyByKey(key);
      if (known === undefined || known.pie !== pie) continue;
      inclusionOf[known.place] = inclusion ? inclusionCode.forced : inclusionCode.leftOut;
      if (inclusion) forced.push(known.place);
    }
  } else {
    for (let place = 0; place < count; place += 1) {
      const inclusion = inclusions.get(keyOf[place] ?? '');
      if (inclusion === undefined) continue;
      inclusionOf[place] = inclusion ? inclusionCode.forced : inclusionCode.leftOut;
      if (inclusion) forced.push(place);
    }
  }
  if (bannedArtistKeys.size + inclusions.size < count) {
    for (const key of bannedArtistKeys) eligibleCount -= dropAt(knownKeyByKey(key), pie);
    for (const key of inclusions.keys()) eligibleCount -= dropAt(knownKeyByKey(key), pie);
  } else {
    for (let place = 0; place < count; place += 1) {
      if (fateOf[place] !== fate.kept) continue;
      if (bannedOf[place] === 1 || inclusionOf[place] === inclusionCode.leftOut) {
        fateOf[place] = fate.dropped;
        eligibleCount -= 1;
      }
    }
  }
  // A key met for the first time may have moved the labels' epoch: the labels read before it are made again.
  if (labelEpochNow() !== epochBefore)
    for (let place = 0; place < count; place += 1) labelOf[place] = labelOfKey(keyOf[place] ?? '');
  // Every product of a net (at most netCents) and a weight, and every sum of weights, is then a safe integer, so the
  // comparisons and the cents below are exact in plain numbers; past that (years of listening) they run in bigint.
  // A sum past 2^53 never rounds back under it, so the test is exact too.
  const exactInNumbers = netCents * heaviest + allWeight <= Number.MAX_SAFE_INTEGER;

  // Step 3, after the drops: the limit by raw time: the top artistLimit stay (most time first, then by artist key), and forced artists
  // below them stay too. The limit-th most time is selected, not sorted for: more time is in, less is out, and of
  // the artists at exactly that time the first by key are in.
  const limit = settings.artistLimit;
  if (limit !== 0 && eligibleCount > limit) {
    let eligible = 0;
    for (let place = 0; place < count; place += 1)
      if (fateOf[place] === fate.kept) packed[eligible++] = msOf[place] ?? 0;
    const threshold = selectNumber(packed, eligible, eligible - limit);
    let above = 0;
    equalRun.length = 0;
    for (let place = 0; place < count; place += 1) {
      if (fateOf[place] !== fate.kept) continue;
      const ms = msOf[place] ?? 0;
      if (ms > threshold) above += 1;
      else if (ms === threshold) equalRun.push(place);
      else if (inclusionOf[place] !== inclusionCode.forced) fateOf[place] = fate.overLimit;
    }
    const places = limit - above;
    if (places < equalRun.length) {
      sortRunByKey(equalRun);
      for (let index = places; index < equalRun.length; index += 1) {
        const place = equalRun[index] ?? 0;
        if (inclusionOf[place] !== inclusionCode.forced) fateOf[place] = fate.overLimit;
      }
    }
  }

  // Step 5 begins with the artists the fan forced in: included means paid. While the net has a cent for each of them,
  // every forced artist with counted time whose share of what is left would be under one cent gets one cent, set aside
  // first, and what is left is folded and apportioned among the rest.
  const setAside = setAsideForced(netCents, count, exactInNumbers, forced);
  const restCents = netCents - setAside;
  // In plain numbers when exact (see exactInNumbers), else in bigint: the same comparisons either way.
  const totalWeight = exactInNumbers
    ? foldInNumbers(restCents, count)
    : foldInBigInts(BigInt(restCents), count);
  apportionKept(restCents, count, exactInNumbers, totalWeight);

  // The included: most cents first, then by artist key. The result's artists, included or not, are each one literal of
  // their whole shape written here in the loop, into arrays made at their length: a field set after a literal made
  // every artist's object twice (its fields, then room for one more), a helper that built the literal was not inlined,
  // an array grown by push was copied as it grew, and a spread into a new object was ten times slower (each measured on
  // the split bench).

  let includedCount = 0;
  for (let place = 0; place < count; place += 1) {
    if (fateOf[place] === fate.atOneCent) centsOf[place] = 1;
    else if (fateOf[place] !== fate.kept) continue;
    chosen[includedCount++] = place;
  }
  orderByCents(chosen, includedCount, count, ordered);
  const restShare = netCents === 0 ? 1 : restCents / netCents;
  const included = new Array<SplitIncludedArtist>(includedCount);
  let allocatedCents = 0;
  for (let index = 0; index < includedCount; index += 1) {
    const place = ordered[index] ?? 0;
    const cents = centsOf[place] ?? 0;
    allocatedCents += cents;
    const percentage =
      fateOf[place] === fate.atOneCent
        ? 100 / netCents
        : ((weightOf[place] ?? 0) / totalWeight) * restShare * 100;
    const entry = listening[place] as SplitListening;
    const inclusion = inclusionOf[place];
    included[index] = {
      artistKey: keyOf[place] ?? '',
      artistId: entry.artistId,
      artistName: entry.artistName,
      msListened: entry.msListened,
      tracksListened: entry.tracksListened,
      popularity: entry.popularity,
      active: entry.active,
      banned: bannedOf[place] === 1,
      inclusion: inclusion === inclusionCode.notSet ? null : inclusion === inclusionCode.forced,
      weightFactorBasisPoints: factorOf[place] ?? 0,
      weight: weightOf[place] ?? 0,
      percentage,
      cents,
    };
  }

  // The excluded: most listening time first, then by artist key, each with the reasons of the step it left at.
  let excludedCount = 0;
  for (let place = 0; place < count; place += 1) {
    const at = fateOf[place];
    if (at !== fate.kept && at !== fate.atOneCent) chosen[excludedCount++] = place;
  }
  orderMostFirst(chosen, excludedCount, msOf, longest, count, byTime);
  const excluded = new Array<SplitExcludedArtist>(excludedCount);
  for (let index = 0; index < excludedCount; index += 1) {
    const place = byTime[index] ?? 0;
    const at = fateOf[place];
    const entry = listening[place] as SplitListening;
    const inclusion = inclusionOf[place];
    let reasons: PieExclusionReason[];
    if (at === fate.dropped) {
      reasons = [];
      if (bannedOf[place] === 1) reasons.push('banned');
      if (inclusion === inclusionCode.leftOut) reasons.push('excluded_by_fan');
      if (settings.excludeNonActive && !entry.active) reasons.push('not_active');
    } else reasons = [at === fate.overLimit ? 'over_limit' : 'under_one_cent'];
    excluded[index] = {
      artistKey: keyOf[place] ?? '',
      artistId: entry.artistId,
      artistName: entry.artistName,
      msListened: entry.msListened,
      tracksListened: entry.tracksListened,
      popularity: entry.popularity,
      active: entry.active,
      banned: bannedOf[place] === 1,
      inclusion: inclusion === inclusionCode.notSet ? null : inclusion === inclusionCode.forced,
      weightFactorBasisPoints: factorOf[place] ?? 0,
      weight: weightOf[place] ?? 0,
      percentage: 0,
      reasons,
    };
  }

  return {
    outcome: included.length === 0 ? 'nothing_to_split' : 'split',
    netCents,
    allocatedCents,
    keptInWalletCents: netCents - allocatedCents,
    included,
    excluded,
  };
}
