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
// 5. An artist forced in keeps at least one cent: while the net has a cent for each artist forced in, each with time
//    whose share of what is left would be under one cent gets one cent, set aside first (repeated until none is).
//    Then fold shares under one cent of what is left back into the rest: repeat { drop every artist whose exact share of the net is under
//    one cent; recompute } until none is; then the one apportion rule (floors, then the cents left one each by largest
//    remainder, ties by key ascending). The sum is the net exactly.
// 6. Nobody left: nothing is allocated and the whole net stays in the fan's wallet (`outcome: 'nothing_to_split'`).
import type { pieExclusionReasons } from '../../contracts/pie';
import { normalizeArtistName } from '../listening/rules';
import { apportion } from './apportion';

export type PieExclusionReason = (typeof pieExclusionReasons)[number];

/** One artist's listening in the pie's period, as the listening rules count it (plays ≥ 30 s, time shared). */
export interface SplitListening {
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

export interface SplitArtist {
  /** `id:<catalogue id>` or `name:<normalised name>`: the key of bans, inclusions and ties. */
  artistKey: string;
  artistId: string | null;
  artistName: string;
  msListened: number;
  tracksListened: number;
  popularity: number | null;
  active: boolean;
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

/**
 * Normalised names already seen, so a month's listening normalises each name once and not once a pie (names are many
 * fewer than pies); emptied when it grows past its bound, so it never holds more than a month's names.
 */
const normalizedNames = new Map<string, string>();
const normalizedNamesBound = 50_000;

/** The key an artist is split, banned, included and tie-broken under. */
export function splitArtistKeyOf(artist: { artistId: string | null; artistName: string }): string {
  if (artist.artistId !== null) return `id:${artist.artistId}`;
  let normalized = normalizedNames.get(artist.artistName);
  if (normalized === undefined) {
    if (normalizedNames.size >= normalizedNamesBound) normalizedNames.clear();
    normalized = normalizeArtistName(artist.artistName);
    normalizedNames.set(artist.artistName, normalized);
  }
  return `name:${normalized}`;
}

/** The popularity factor in basis points: clamp(10000 + tilt × (50 − popularity) × 2, 1000, 20000). */
export function weightFactorBasisPointsOf(artistPopularity: number, popularity: number | null): number {
  const raw =
    basisPointsPerWhole + artistPopularity * (neutralPopularity - (popularity ?? neutralPopularity)) * 2;
  return Math.min(weightFactorBounds.maxBasisPoints, Math.max(weightFactorBounds.minBasisPoints, raw));
}

const isWhole = (value: number, max: number) => Number.isSafeInteger(value) && value >= 0 && value <= max;

function assertWhole(value: number, what: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${what} must be a whole number from 0 to ${max}, not ${value}`);
  }
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// The results are written field by field, not with `{ ...artist, … }`: a literal of fixed shape made the whole split
// several times cheaper (bench/split-throughput.ts).
function excludedOf(artist: SplitArtist, reasons: PieExclusionReason[]): SplitExcludedArtist {
  return {
    artistKey: artist.artistKey,
    artistId: artist.artistId,
    artistName: artist.artistName,
    msListened: artist.msListened,
    tracksListened: artist.tracksListened,
    popularity: artist.popularity,
    active: artist.active,
    banned: artist.banned,
    inclusion: artist.inclusion,
    weightFactorBasisPoints: artist.weightFactorBasisPoints,
    weight: artist.weight,
    percentage: 0,
    reasons,
  };
}

function includedOf(artist: SplitArtist, percentage: number, cents: number): SplitIncludedArtist {
  return {
    artistKey: artist.artistKey,
    artistId: artist.artistId,
    artistName: artist.artistName,
    msListened: artist.msListened,
    tracksListened: artist.tracksListened,
    popularity: artist.popularity,
    active: artist.active,
    banned: artist.banned,
    inclusion: artist.inclusion,
    weightFactorBasisPoints: artist.weightFactorBasisPoints,
    weight: artist.weight,
    percentage,
    cents,
  };
}

/**
 * The cents each paid artist gets: the one apportion rule (floors, then the cents left one each by largest remainder,
 * ties by key ascending), in plain numbers when every product of the net and a weight, and the weights' sum, are safe
 * integers (a pie's month always is: 14 years of listening would not be), and through the bigint `apportion` when not.
 * Both give the same cents: the numbers are exact integers, and a quotient rounded up by the division is put back.
 */
function centsOfPaid(cents: number, paid: readonly SplitArtist[], exactInNumbers: boolean): number[] {
  if (paid.length === 0) return [];
  if (!exactInNumbers) {
    const byKeyCents = apportion(
      cents,
      new Map(paid.map((artist) => [artist.artistKey, BigInt(artist.weight)])),
    );
    return paid.map((artist) => byKeyCents.get(artist.artistKey) ?? 0);
  }
  let sum = 0;
  for (const artist of paid) sum += artist.weight;
  if (sum === 0) {
    if (cents > 0) throw new RangeError('Nothing to apportion by: every weight is 0');
    return paid.map(() => 0);
  }
  const shares: number[] = [];
  const remainders: number[] = [];
  let left = cents;
  for (const artist of paid) {
    const exact = cents * artist.weight;
    let floor = Math.floor(exact / sum);
    let remainder = exact - floor * sum;
    if (remainder < 0) {
      floor -= 1;
      remainder += sum;
    }
    shares.push(floor);
    remainders.push(remainder);
    left -= floor;
  }
  if (left > 0) {
    const order = paid.map((_, index) => index);
    order.sort(
      (a, b) =>
        (remainders[b] ?? 0) - (remainders[a] ?? 0) ||
        byKey(paid[a]?.artistKey ?? '', paid[b]?.artistKey ?? ''),
    );
    for (let rank = 0; rank < left; rank += 1) {
      const index = order[rank] ?? 0;
      shares[index] = (shares[index] ?? 0) + 1;
    }
  }
  return shares;
}

/** The artists' weights together, in bigint (exact past 2^53). */
const bigWeightOf = (artists: readonly SplitArtist[]) =>
  artists.reduce((sum, artist) => sum + BigInt(artist.weight), 0n);

/** Splits a pie's net among the artists of its listening (see the head of this file). */
export function splitPie(input: SplitInput): PieSplit {
  const { listening, settings, bannedArtistKeys, inclusions, netCents } = input;
  assertWhole(netCents, 'The net in cents');
  assertWhole(settings.artistLimit, 'The artist limit');
  assertWhole(settings.artistPopularity, 'The popularity tilt', 100);

  // Step 4's weight is computed for every artist, dropped or not, so the fan sees what an excluded artist would weigh.
  const artists: SplitArtist[] = [];
  const keys = new Set<string>();
  let heaviest = 0;
  let allWeight = 0;
  for (const entry of listening) {
    // The messages are only written for a value that fails (a template a field a pie is most of the split's time).
    if (!isWhole(entry.msListened, maxSplitMilliseconds))
      assertWhole(entry.msListened, `The time of ${entry.artistName}`, maxSplitMilliseconds);
    if (!isWhole(entry.tracksListened, Number.MAX_SAFE_INTEGER))
      assertWhole(entry.tracksListened, `The track count of ${entry.artistName}`);
    if (entry.popularity !== null && !isWhole(entry.popularity, 100))
      assertWhole(entry.popularity, `The popularity of ${entry.artistName}`, 100);
    const artistKey = splitArtistKeyOf(entry);
    if (keys.has(artistKey)) {
      throw new RangeError(`The listening has ${artistKey} twice: add its times up before splitting`);
    }
    keys.add(artistKey);
    const weightFactorBasisPoints = weightFactorBasisPointsOf(settings.artistPopularity, entry.popularity);
    const weight = entry.msListened * weightFactorBasisPoints;
    if (weight > heaviest) heaviest = weight;
    allWeight += weight;
    artists.push({
      artistKey,
      artistId: entry.artistId,
      artistName: entry.artistName,
      msListened: entry.msListened,
      tracksListened: entry.tracksListened,
      popularity: entry.popularity,
      active: entry.active,
      banned: bannedArtistKeys.has(artistKey),
      inclusion: inclusions.get(artistKey) ?? null,
      weightFactorBasisPoints,
      weight,
    });
  }
  // Every product of a net (at most netCents) and a weight, and every sum of weights, is then a safe integer, so the
  // comparisons and the cents below are exact in plain numbers; past that (years of listening) they run in bigint.
  // A sum past 2^53 never rounds back under it, so the test is exact too.
  const exactInNumbers = netCents * heaviest + allWeight <= Number.MAX_SAFE_INTEGER;

  // The excluded artists by the step they left at: the drops (in listening order), those over the limit (already most
  // time first) and those under a cent; each list is put in the excluded order and the three are merged.
  const dropped: SplitExcludedArtist[] = [];
  const overLimit: SplitExcludedArtist[] = [];
  const underOneCent: SplitExcludedArtist[] = [];

  // Step 3: the fan's drops (all the reasons that apply, so lifting one shows what else holds the artist out) …
  const eligible: SplitArtist[] = [];
  for (const artist of artists) {
    const reasons: PieExclusionReason[] = [];
    if (artist.banned) reasons.push('banned');
    if (artist.inclusion === false) reasons.push('excluded_by_fan');
    if (settings.excludeNonActive && !artist.active) reasons.push('not_active');
    if (reasons.length > 0) dropped.push(excludedOf(artist, reasons));
    else eligible.push(artist);
  }
  // … then the limit by raw time: the top artistLimit stay, and forced artists below them stay too.
  const kept: SplitArtist[] = [];
  if (settings.artistLimit === 0 || eligible.length <= settings.artistLimit) kept.push(...eligible);
  else {
    eligible.sort((a, b) => b.msListened - a.msListened || byKey(a.artistKey, b.artistKey));
    eligible.forEach((artist, rank) => {
      if (rank < settings.artistLimit || artist.inclusion === true) kept.push(artist);
      else overLimit.push(excludedOf(artist, ['over_limit']));
    });
  }

  // Step 5 begins with the artists the fan forced in: included means paid. While the net has a cent for each of them,
  // every forced artist with counted time whose share of what is left would be under one cent gets one cent, set aside first (repeated:
  // setting cents aside lowers the others' shares), and what is left is folded and apportioned among the rest.
  const forcedCount = kept.reduce((count, artist) => count + (artist.inclusion === true ? 1 : 0), 0);
  const atOneCent: SplitArtist[] = [];
  let rest = kept;
  while (forcedCount > 0 && netCents >= forcedCount) {
    const leftCents = netCents - atOneCent.length;
    let under: SplitArtist[];
    if (exactInNumbers) {
      let restWeight = 0;
      for (const artist of rest) restWeight += artist.weight;
      under = rest.filter(
        (artist) => artist.inclusion === true && artist.weight > 0 && leftCents * artist.weight < restWeight,
      );
    } else {
      const restWeight = bigWeightOf(rest);
      const left = BigInt(leftCents);
      under = rest.filter(
        (artist) =>
          artist.inclusion === true && artist.weight > 0 && left * BigInt(artist.weight) < restWeight,
      );
    }
    if (under.length === 0) break;
    atOneCent.push(...under);
    rest = rest.filter((artist) => !under.includes(artist));
  }
  const restCents = netCents - atOneCent.length;

  // Step 5's fold. An exact share net × w ÷ W is under one cent when net × w < W. Every round's drops are the lightest
  // artists still in, so with the artists sorted by weight the rounds drop a growing prefix: the same rounds as the
  // literal loop, in one pass. (W only falls as artists leave, so the shares left only grow: the second round never
  // drops anyone. The loop stays as DESIGN §5 words it.)
  const byWeight = rest === kept ? kept : [...rest];
  byWeight.sort((a, b) => a.weight - b.weight || byKey(a.artistKey, b.artistKey));
  // In plain numbers when exact (see exactInNumbers), else in bigint: the same comparisons either way.
  const fold = exactInNumbers
    ? foldInNumbers(restCents, byWeight)
    : foldInBigInts(BigInt(restCents), byWeight);
  const { first } = fold;
  for (let index = 0; index < first; index += 1) {
    const artist = byWeight[index];
    if (artist) underOneCent.push(excludedOf(artist, ['under_one_cent']));
  }
  const paid = byWeight.slice(first);

  const cents = centsOfPaid(restCents, paid, exactInNumbers);
  const totalWeight = fold.totalWeight;
  const restShare = netCents === 0 ? 1 : restCents / netCents;
  // Heaviest first, so the list is nearly in its order (more weight never gets fewer cents) and the sort has little to do.
  const included: SplitIncludedArtist[] = [];
  for (let index = paid.length - 1; index >= 0; index -= 1) {
    const artist = paid[index];
    if (artist)
      included.push(includedOf(artist, (artist.weight / totalWeight) * restShare * 100, cents[index] ?? 0));
  }
  for (const artist of atOneCent) included.push(includedOf(artist, 100 / netCents, 1));
  included.sort((a, b) => b.cents - a.cents || byKey(a.artistKey, b.artistKey));
  dropped.sort(byTimeFirst);
  underOneCent.sort(byTimeFirst);
  const excluded = mergeByTime(mergeByTime(dropped, overLimit), underOneCent);

  const allocatedCents = included.reduce((sum, artist) => sum + artist.cents, 0);
  return {
    outcome: included.length === 0 ? 'nothing_to_split' : 'split',
    netCents,
    allocatedCents,
    keptInWalletCents: netCents - allocatedCents,
    included,
    excluded,
  };
}

/** The excluded order: most listening time first, then by artist key. */
const byTimeFirst = (a: SplitArtist, b: SplitArtist) =>
  b.msListened - a.msListened || byKey(a.artistKey, b.artistKey);

/** Two lists each in the excluded order, as one list in that order. */
function mergeByTime<T extends SplitArtist>(a: readonly T[], b: readonly T[]): T[] {
  if (a.length === 0) return b.slice();
  if (b.length === 0) return a.slice();
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i] as T;
    const right = b[j] as T;
    if (byTimeFirst(left, right) <= 0) {
      merged.push(left);
      i += 1;
    } else {
      merged.push(right);
      j += 1;
    }
  }
  while (i < a.length) merged.push(a[i++] as T);
  while (j < b.length) merged.push(b[j++] as T);
  return merged;
}

/** Where the fold ends: the first artist paid in the lightest-first list, and the weight of those paid (as a number). */
interface Fold {
  first: number;
  totalWeight: number;
}

/** The fold over the artists lightest first, in plain numbers (every product and sum a safe integer). */
function foldInNumbers(net: number, byWeight: readonly SplitArtist[]): Fold {
  let keptWeight = 0;
  for (const artist of byWeight) keptWeight += artist.weight;
  let total = keptWeight;
  let first = 0;
  for (;;) {
    let end = first;
    let dropped = 0;
    for (; end < byWeight.length; end += 1) {
      const weight = byWeight[end]?.weight ?? 0;
      // With no weight left at all (no time), every share is zero: all of them go.
      if (total > 0 && net * weight >= total) break;
      dropped += weight;
    }
    if (end === first) break;
    first = end;
    total -= dropped;
  }
  if (first === byWeight.length && keptWeight > 0 && net > 0) {
    // Every share is under a cent (more artists, listened to about evenly, than the net has cents): the literal rule
    // would drop them all and keep the money from every artist. Instead the lightest leave one at a time (ties by key)
    // until the lightest left gets a whole cent, so as many artists as the cents allow are paid, heaviest first
    // (docs/decisions/021-the-split.md).
    first = 0;
    total = keptWeight;
    while (first < byWeight.length - 1 && net * (byWeight[first]?.weight ?? 0) < total) {
      total -= byWeight[first]?.weight ?? 0;
      first += 1;
    }
  }
  return { first, totalWeight: total };
}

/** The same fold in bigint, for weights whose products or sums pass 2^53. */
function foldInBigInts(net: bigint, byWeight: readonly SplitArtist[]): Fold {
  const keptWeight = bigWeightOf(byWeight);
  let total = keptWeight;
  let first = 0;
  for (;;) {
    let end = first;
    let dropped = 0n;
    for (; end < byWeight.length; end += 1) {
      const weight = BigInt(byWeight[end]?.weight ?? 0);
      if (total > 0n && net * weight >= total) break;
      dropped += weight;
    }
    if (end === first) break;
    first = end;
    total -= dropped;
  }
  if (first === byWeight.length && keptWeight > 0n && net > 0n) {
    first = 0;
    total = keptWeight;
    while (first < byWeight.length - 1 && net * BigInt(byWeight[first]?.weight ?? 0) < total) {
      total -= BigInt(byWeight[first]?.weight ?? 0);
      first += 1;
    }
  }
  return { first, totalWeight: Number(total) };
}
