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
 * An artist key met before: the key's one string (so the sets and maps of bans and inclusions hash it once, not once a
 * pie) and the last pie that met it (so a pie finds a key twice without a set of its own). Keys are remembered by
 * catalogue id, and by name as given and as normalised (two spellings of one name share their key); all three are
 * emptied together before they pass their bound, so they never hold more than a month's artists.
 */
interface KnownKey {
  key: string;
  /** The last pie that met the key, and the artist's place in that pie's listening. */
  pie: number;
  place: number;
  /** The key's label (see labelOfKey), as of the labels' epoch `labelEpoch`. */
  label: number;
  labelEpoch: number;
}
const keysById = new Map<string, KnownKey>();
const keysByName = new Map<string, KnownKey>();
const keysByNormalizedName = new Map<string, KnownKey>();
/** The same keys by the key itself, so a pie's few bans and inclusions find their artists without a look-up each. */
const keysByKey = new Map<string, KnownKey>();
const knownKeysBound = 50_000;
/** The pies split so far in this process: the stamp a key carries while its pie is split. */
let piesSplit = 0;

/**
 * Labels: numbers in the order of the keys, so most key comparisons are comparisons of numbers. A label is the kind
 * (`id:` before `name:`), then up to six characters after the prefix every known key of its kind shares, 7 bits each
 * (the end of the key is 0, a character c is c + 1 up to 127, and a character at 127 is the last one read). A smaller
 * label means a smaller key; equal labels say nothing, and the keys themselves are compared. The shared prefixes only
 * shorten as keys are met; each time one does, the labels' epoch moves and every label is made again when next read.
 */
const labelKind = { id: 0, name: 1 } as const;
const sharedPrefix = [
  { first: null as string | null, length: 0 },
  { first: null as string | null, length: 0 },
];
let labelEpoch = 1;
/** Labels leave this many bits free for an artist's place (at most 1,024 artists a pie in a packed sort). */
const labelBits = 43;

const kindOfKey = (key: string) => (key.charCodeAt(0) === 105 ? labelKind.id : labelKind.name);

function labelOfKey(key: string): number {
  const kind = kindOfKey(key);
  const start = sharedPrefix[kind]?.length ?? 0;
  let label: number = kind;
  let open = true;
  for (let at = start; at < start + 6; at += 1) {
    let digit = 0;
    if (open && at < key.length) {
      digit = Math.min(key.charCodeAt(at) + 1, 127);
      if (digit === 127) open = false;
    } else open = false;
    label = label * 128 + digit;
  }
  return label;
}

function shareKeyPrefix(key: string): void {
  const shared = sharedPrefix[kindOfKey(key)];
  if (shared === undefined) return;
  if (shared.first === null) {
    shared.first = key;
    shared.length = key.length;
    labelEpoch += 1;
    return;
  }
  const first = shared.first;
  const most = Math.min(shared.length, key.length);
  let same = 0;
  while (same < most && key.charCodeAt(same) === first.charCodeAt(same)) same += 1;
  if (same < shared.length) {
    shared.length = same;
    labelEpoch += 1;
  }
}

function forgetKeysIfPast(room: number): void {
  if (keysById.size + keysByName.size + room > knownKeysBound) {
    keysById.clear();
    keysByName.clear();
    keysByNormalizedName.clear();
    keysByKey.clear();
    for (const shared of sharedPrefix) {
      shared.first = null;
      shared.length = 0;
    }
    labelEpoch += 1;
  }
}

function newKnownKey(key: string): KnownKey {
  const known = { key, pie: 0, place: 0, label: 0, labelEpoch: 0 };
  keysByKey.set(key, known);
  shareKeyPrefix(key);
  return known;
}

function labelOfKnown(known: KnownKey): number {
  if (known.labelEpoch !== labelEpoch) {
    known.label = labelOfKey(known.key);
    known.labelEpoch = labelEpoch;
  }
  return known.label;
}

function knownKeyOf(artistId: string | null, artistName: string): KnownKey {
  if (artistId !== null) {
    let known = keysById.get(artistId);
    if (known === undefined) {
      known = newKnownKey(`id:${artistId}`);
      keysById.set(artistId, known);
    }
    return known;
  }
  let known = keysByName.get(artistName);
  if (known === undefined) {
    const normalized = normalizeArtistName(artistName);
    known = keysByNormalizedName.get(normalized);
    if (known === undefined) {
      known = newKnownKey(`name:${normalized}`);
      keysByNormalizedName.set(normalized, known);
    }
    keysByName.set(artistName, known);
  }
  return known;
}

/** The key an artist is split, banned, included and tie-broken under. */
export function splitArtistKeyOf(artist: { artistId: string | null; artistName: string }): string {
  forgetKeysIfPast(1);
  return knownKeyOf(artist.artistId, artist.artistName).key;
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

// ── The split's working space ──────────────────────────────────────────────────
// A pie's artists are worked on by their place in the listening, in typed arrays kept from pie to pie (grown when a
// pie has more artists than any before), and only the result's objects are made: one for each artist, in the result's
// order. The orders are sorts of numbers (a value times a power of two plus the artist's place, while that stays a safe
// integer), with only equal values then ordered by key; the cents left after the floors go to the remainders at or above
// a threshold read from the remainders sorted as numbers.

/** Where an artist is at: still in, or the step it left at. */
const fate = { kept: 0, dropped: 1, overLimit: 2, atOneCent: 3, underOneCent: 4 } as const;
/** This pie's inclusion of an artist. */
const inclusionCode = { notSet: 0, forced: 1, leftOut: 2 } as const;

let capacity = 0;
let msOf = new Float64Array(0);
let weightOf = new Float64Array(0);
let factorOf = new Int32Array(0);
let fateOf = new Uint8Array(0);
let inclusionOf = new Uint8Array(0);
let bannedOf = new Uint8Array(0);
let centsOf = new Float64Array(0);
let remainderOf = new Float64Array(0);
/** Scratch for the sorts: packed values, then artist places in order. */
let packed = new Float64Array(0);
let byTime = new Int32Array(0);
let chosen = new Int32Array(0);
let ordered = new Int32Array(0);
const keyOf: string[] = [];
/** The places of a run of equal values, ordered by key. */
const equalRun: number[] = [];

function ensureCapacity(count: number): void {
  if (count <= capacity) return;
  capacity = Math.max(64, 2 ** Math.ceil(Math.log2(count)));
  msOf = new Float64Array(capacity);
  weightOf = new Float64Array(capacity);
  factorOf = new Int32Array(capacity);
  fateOf = new Uint8Array(capacity);
  inclusionOf = new Uint8Array(capacity);
  bannedOf = new Uint8Array(capacity);
  centsOf = new Float64Array(capacity);
  remainderOf = new Float64Array(capacity);
  packed = new Float64Array(capacity);
  byTime = new Int32Array(capacity);
  chosen = new Int32Array(capacity);
  ordered = new Int32Array(capacity);
  labelOf = new Float64Array(capacity);
  runPacked = new Float64Array(capacity);
}

let labelOf = new Float64Array(0);
let runPacked = new Float64Array(0);
let bucketOf = new Int32Array(0);

const byPlaceKey = (a: number, b: number) => {
  const labelA = labelOf[a] ?? 0;
  const labelB = labelOf[b] ?? 0;
  if (labelA !== labelB) return labelA < labelB ? -1 : 1;
  return byKey(keyOf[a] ?? '', keyOf[b] ?? '');
};

/** The k-th smallest (from 0) of `values[0..count)`, the values moved about (Hoare's selection). */
function selectNumber(values: Float64Array, count: number, k: number): number {
  let low = 0;
  let high = count - 1;
  while (high > low) {
    const pivot = values[(low + high) >>> 1] ?? 0;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] ?? 0) < pivot) i += 1;
      while ((values[j] ?? 0) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] ?? 0;
        values[i] = values[j] ?? 0;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else break;
  }
  return values[k] ?? 0;
}

/**
 * Sorts `values[from..to]` (whole numbers, each once) ascending in place: a quicksort with insertion sort for short
 * runs. In plain loops over the typed array, several times faster than `TypedArray.prototype.sort` on a few hundred.
 */
function sortNumbers(values: Float64Array, from: number, to: number): void {
  let low = from;
  let high = to;
  while (high - low > 16) {
    const middle = (low + high) >>> 1;
    // The median of three as the pivot, the three put in order on the way.
    let a = values[low] ?? 0;
    let b = values[middle] ?? 0;
    let c = values[high] ?? 0;
    if (b < a) [a, b] = [b, a];
    if (c < b) {
      [b, c] = [c, b];
      if (b < a) [a, b] = [b, a];
    }
    values[low] = a;
    values[middle] = b;
    values[high] = c;
    const pivot = b;
    let i = low;
    let j = high;
    for (;;) {
      do i += 1;
      while ((values[i] ?? 0) < pivot);
      do j -= 1;
      while ((values[j] ?? 0) > pivot);
      if (i >= j) break;
      const swap = values[i] ?? 0;
      values[i] = values[j] ?? 0;
      values[j] = swap;
    }
    // The smaller side by recursion, the larger in the loop: the depth stays under log2 of the count.
    if (j - low < high - j) {
      sortNumbers(values, low, j);
      low = j + 1;
    } else {
      sortNumbers(values, j + 1, high);
      high = j;
    }
  }
  for (let index = low + 1; index <= high; index += 1) {
    const value = values[index] ?? 0;
    let at = index - 1;
    while (at >= low && (values[at] ?? 0) > value) {
      values[at + 1] = values[at] ?? 0;
      at -= 1;
    }
    values[at + 1] = value;
  }
}

/** Sorts the places `run[0..length)` by key ascending in place (runs of equal values are short). */
function sortRunByKey(run: number[]): void {
  if (run.length > 16 && capacity <= 2 ** (53 - labelBits)) {
    // By label as numbers (label × capacity + place), then the runs of equal labels by key.
    for (let index = 0; index < run.length; index += 1) {
      const place = run[index] ?? 0;
      runPacked[index] = (labelOf[place] ?? 0) * capacity + place;
    }
    sortNumbers(runPacked, 0, run.length - 1);
    for (let index = 0; index < run.length; index += 1) run[index] = (runPacked[index] ?? 0) % capacity;
    for (let start = 0; start < run.length;) {
      let end = start + 1;
      while (end < run.length && labelOf[run[end] ?? 0] === labelOf[run[start] ?? 0]) end += 1;
      if (end - start > 1) {
        const same = run.slice(start, end).sort(byPlaceKey);
        for (let index = start; index < end; index += 1) run[index] = same[index - start] ?? 0;
      }
      start = end;
    }
    return;
  }
  if (run.length > 16) {
    run.sort(byPlaceKey);
    return;
  }
  for (let index = 1; index < run.length; index += 1) {
    const place = run[index] ?? 0;
    const label = labelOf[place] ?? 0;
    let at = index - 1;
    for (; at >= 0; at -= 1) {
      const other = run[at] ?? 0;
      const otherLabel = labelOf[other] ?? 0;
      if (otherLabel < label || (otherLabel === label && (keyOf[other] ?? '') < (keyOf[place] ?? ''))) break;
      run[at + 1] = other;
    }
    run[at + 1] = place;
  }
}

/**
 * Writes into `out` the `count` places of `places` by cents, most first, equal cents by key ascending: counted into
 * one bucket a cent value when the cents are few, else as `orderMostFirst`.
 */
function orderByCents(places: Int32Array, count: number, artists: number, out: Int32Array): void {
  let most = 0;
  for (let index = 0; index < count; index += 1) most = Math.max(most, centsOf[places[index] ?? 0] ?? 0);
  if (most > 4 * count + 1_024) {
    orderMostFirst(places, count, centsOf, most, artists, out);
    return;
  }
  if (bucketOf.length < most + 2) bucketOf = new Int32Array(2 ** Math.ceil(Math.log2(most + 2)));
  bucketOf.fill(0, 0, most + 2);
  // Bucket b holds the cents most − b, so the buckets run from most cents to least.
  for (let index = 0; index < count; index += 1) {
    const bucket = most - (centsOf[places[index] ?? 0] ?? 0);
    bucketOf[bucket + 1] = (bucketOf[bucket + 1] ?? 0) + 1;
  }
  for (let bucket = 1; bucket <= most + 1; bucket += 1)
    bucketOf[bucket] = (bucketOf[bucket] ?? 0) + (bucketOf[bucket - 1] ?? 0);
  for (let index = 0; index < count; index += 1) {
    const place = places[index] ?? 0;
    const bucket = most - (centsOf[place] ?? 0);
    const at = bucketOf[bucket] ?? 0;
    out[at] = place;
    bucketOf[bucket] = at + 1;
  }
  // Each bucket's artists by key.
  for (let start = 0; start < count;) {
    const cents = centsOf[out[start] ?? 0] ?? 0;
    let end = start + 1;
    while (end < count && centsOf[out[end] ?? 0] === cents) end += 1;
    if (end - start > 1) {
      equalRun.length = 0;
      for (let index = start; index < end; index += 1) equalRun.push(out[index] ?? 0);
      sortRunByKey(equalRun);
      for (let index = start; index < end; index += 1) out[index] = equalRun[index - start] ?? 0;
    }
    start = end;
  }
}

/**
 * Writes into `out` the `count` places of `places` by value, most first, equal values by key ascending. `largest` is
 * at least every value (whole numbers), and `artists` at least every place.
 */
function orderMostFirst(
  places: Int32Array,
  count: number,
  values: Float64Array,
  largest: number,
  artists: number,
  out: Int32Array,
): void {
  const scale = 2 ** Math.max(0, Math.ceil(Math.log2(artists)));
  if ((largest + 1) * scale > Number.MAX_SAFE_INTEGER) {
    // Too large to pack with the place: sorted by a comparison (never for a month's listening).
    const list = Array.from(places.subarray(0, count));
    list.sort((a, b) => (values[b] ?? 0) - (values[a] ?? 0) || byPlaceKey(a, b));
    out.set(list);
    return;
  }
  for (let index = 0; index < count; index += 1) {
    const place = places[index] ?? 0;
    packed[index] = (values[place] ?? 0) * scale + place;
  }
  sortNumbers(packed, 0, count - 1);
  const sorted = packed;
  let written = 0;
  for (let end = count - 1; end >= 0;) {
    const last = (sorted[end] ?? 0) % scale;
    const value = values[last] ?? 0;
    let start = end;
    while (start > 0 && values[(sorted[start - 1] ?? 0) % scale] === value) start -= 1;
    if (start === end) out[written++] = last;
    else {
      equalRun.length = 0;
      for (let index = start; index <= end; index += 1) equalRun.push((sorted[index] ?? 0) % scale);
      sortRunByKey(equalRun);
      for (const place of equalRun) out[written++] = place;
    }
    end = start - 1;
  }
}

/** The places of the artists at `kept`, lightest first, equal weights by key ascending (the fold's own order). */
function keptLightestFirst(count: number): number[] {
  const list: number[] = [];
  for (let place = 0; place < count; place += 1) if (fateOf[place] === fate.underOneCent) list.push(place);
  return list.sort((a, b) => (weightOf[a] ?? 0) - (weightOf[b] ?? 0) || byPlaceKey(a, b));
}

/**
 * Step 5's fold, in plain numbers (every product and sum a safe integer): an exact share net × w ÷ W is under one cent
 * when net × w < W, and the artists under a cent of what is left leave (`underOneCent`), round after round until none
 * is. Returns the weight of the artists left in. Every round's drops are the lightest still in, so this is the lightest-
 * first prefix DESIGN §5's rounds drop (and since W only falls, the second round never drops anyone).
 */
function foldInNumbers(net: number, count: number): number {
  let keptWeight = 0;
  let keptCount = 0;
  for (let place = 0; place < count; place += 1) {
    if (fateOf[place] !== fate.kept) continue;
    keptWeight += weightOf[place] ?? 0;
    keptCount += 1;
  }
  let total = keptWeight;
  let droppedCount = 0;
  for (;;) {
    let dropped = 0;
    let droppedNow = 0;
    for (let place = 0; place < count; place += 1) {
      if (fateOf[place] !== fate.kept) continue;
      const weight = weightOf[place] ?? 0;
      // With no weight left at all (no time), every share is zero: all of them go.
      if (total > 0 && net * weight >= total) continue;
      fateOf[place] = fate.underOneCent;
      dropped += weight;
      droppedNow += 1;
    }
    if (droppedNow === 0) break;
    droppedCount += droppedNow;
    total -= dropped;
  }
  if (droppedCount === keptCount && keptWeight > 0 && net > 0) {
    // Every share is under a cent (more artists, listened to about evenly, than the net has cents): the literal rule
    // would drop them all and keep the money from every artist. Instead the lightest leave one at a time (ties by key)
    // until the lightest left gets a whole cent, so as many artists as the cents allow are paid, heaviest first
    // (docs/decisions/021-the-split.md).
    const lightestFirst = keptLightestFirst(count);
    let first = 0;
    total = keptWeight;
    while (first < lightestFirst.length - 1 && net * (weightOf[lightestFirst[first] ?? 0] ?? 0) < total) {
      total -= weightOf[lightestFirst[first] ?? 0] ?? 0;
      first += 1;
    }
    for (let index = first; index < lightestFirst.length; index += 1)
      fateOf[lightestFirst[index] ?? 0] = fate.kept;
  }
  return total;
}

/** The same fold in bigint, for weights whose products or sums pass 2^53; the weight left in as a number. */
function foldInBigInts(net: bigint, count: number): number {
  let keptWeight = 0n;
  let keptCount = 0;
  for (let place = 0; place < count; place += 1) {
    if (fateOf[place] !== fate.kept) continue;
    keptWeight += BigInt(weightOf[place] ?? 0);
    keptCount += 1;
  }
  let total = keptWeight;
  let droppedCount = 0;
  for (;;) {
    let dropped = 0n;
    let droppedNow = 0;
    for (let place = 0; place < count; place += 1) {
      if (fateOf[place] !== fate.kept) continue;
      const weight = BigInt(weightOf[place] ?? 0);
      if (total > 0n && net * weight >= total) continue;
      fateOf[place] = fate.underOneCent;
      dropped += weight;
      droppedNow += 1;
    }
    if (droppedNow === 0) break;
    droppedCount += droppedNow;
    total -= dropped;
  }
  if (droppedCount === keptCount && keptWeight > 0n && net > 0n) {
    const lightestFirst = keptLightestFirst(count);
    let first = 0;
    total = keptWeight;
    while (
      first < lightestFirst.length - 1 &&
      net * BigInt(weightOf[lightestFirst[first] ?? 0] ?? 0) < total
    ) {
      total -= BigInt(weightOf[lightestFirst[first] ?? 0] ?? 0);
      first += 1;
    }
    for (let index = first; index < lightestFirst.length; index += 1)
      fateOf[lightestFirst[index] ?? 0] = fate.kept;
  }
  return Number(total);
}

/**
 * Sets aside one cent for each artist forced in whose share of what is left would be under one cent (`atOneCent`),
 * repeated (setting cents aside lowers the others' shares) while the net has a cent for each artist forced in. Returns
 * how many cents are set aside.
 */
function setAsideForced(netCents: number, count: number, exactInNumbers: boolean): number {
  let forcedCount = 0;
  for (let place = 0; place < count; place += 1)
    if (fateOf[place] === fate.kept && inclusionOf[place] === inclusionCode.forced) forcedCount += 1;
  let setAside = 0;
  while (forcedCount > 0 && netCents >= forcedCount) {
    const leftCents = netCents - setAside;
    let under = 0;
    if (exactInNumbers) {
      let restWeight = 0;
      for (let place = 0; place < count; place += 1)
        if (fateOf[place] === fate.kept) restWeight += weightOf[place] ?? 0;
      for (let place = 0; place < count; place += 1) {
        const weight = weightOf[place] ?? 0;
        if (
          fateOf[place] === fate.kept &&
          inclusionOf[place] === inclusionCode.forced &&
          weight > 0 &&
          leftCents * weight < restWeight
        ) {
          fateOf[place] = fate.atOneCent;
          under += 1;
        }
      }
    } else {
      let restWeight = 0n;
      for (let place = 0; place < count; place += 1)
        if (fateOf[place] === fate.kept) restWeight += BigInt(weightOf[place] ?? 0);
      const left = BigInt(leftCents);
      for (let place = 0; place < count; place += 1) {
        const weight = weightOf[place] ?? 0;
        if (
          fateOf[place] === fate.kept &&
          inclusionOf[place] === inclusionCode.forced &&
          weight > 0 &&
          left * BigInt(weight) < restWeight
        ) {
          fateOf[place] = fate.atOneCent;
          under += 1;
        }
      }
    }
    if (under === 0) break;
    setAside += under;
  }
  return setAside;
}

/**
 * The cents of the artists still in (`centsOf`): the one apportion rule (floors, then the cents left one each by
 * largest remainder, ties by key ascending), in plain numbers when every product of the net and a weight, and the
 * weights' sum, are safe integers (a pie's month always is: 14 years of listening would not be), and through the bigint
 * `apportion` when not. Both give the same cents: the numbers are exact integers, and a quotient rounded up by the
 * division is put back.
 */
function apportionKept(cents: number, count: number, exactInNumbers: boolean): void {
  let paid = 0;
  for (let place = 0; place < count; place += 1) if (fateOf[place] === fate.kept) chosen[paid++] = place;
  if (paid === 0) return;
  if (!exactInNumbers) {
    const weights = new Map<string, bigint>();
    for (let index = 0; index < paid; index += 1) {
      const place = chosen[index] ?? 0;
      weights.set(keyOf[place] ?? '', BigInt(weightOf[place] ?? 0));
    }
    const byKeyCents = apportion(cents, weights);
    for (let index = 0; index < paid; index += 1) {
      const place = chosen[index] ?? 0;
      centsOf[place] = byKeyCents.get(keyOf[place] ?? '') ?? 0;
    }
    return;
  }
  let sum = 0;
  for (let index = 0; index < paid; index += 1) sum += weightOf[chosen[index] ?? 0] ?? 0;
  if (sum === 0) {
    if (cents > 0) throw new RangeError('Nothing to apportion by: every weight is 0');
    for (let index = 0; index < paid; index += 1) centsOf[chosen[index] ?? 0] = 0;
    return;
  }
  let left = cents;
  for (let index = 0; index < paid; index += 1) {
    const place = chosen[index] ?? 0;
    const exact = cents * (weightOf[place] ?? 0);
    let floor = Math.floor(exact / sum);
    let remainder = exact - floor * sum;
    if (remainder < 0) {
      floor -= 1;
      remainder += sum;
    }
    centsOf[place] = floor;
    remainderOf[place] = remainder;
    packed[index] = remainder;
    left -= floor;
  }
  if (left <= 0) return;
  // The `left` largest remainders get a cent each: every remainder above the left-th largest, and of those equal to
  // it, the first by key.
  const threshold = selectNumber(packed, paid, paid - left);
  equalRun.length = 0;
  for (let index = 0; index < paid; index += 1) {
    const place = chosen[index] ?? 0;
    const remainder = remainderOf[place] ?? 0;
    if (remainder > threshold) {
      centsOf[place] = (centsOf[place] ?? 0) + 1;
      left -= 1;
    } else if (remainder === threshold) equalRun.push(place);
  }
  if (left < equalRun.length) sortRunByKey(equalRun);
  for (let index = 0; index < left; index += 1) {
    const place = equalRun[index] ?? 0;
    centsOf[place] = (centsOf[place] ?? 0) + 1;
  }
}

/** Splits a pie's net among the artists of its listening (see the head of this file). */
export function splitPie(input: SplitInput): PieSplit {
  const { listening, settings, bannedArtistKeys, inclusions, netCents } = input;
  assertWhole(netCents, 'The net in cents');
  assertWhole(settings.artistLimit, 'The artist limit');
  assertWhole(settings.artistPopularity, 'The popularity tilt', 100);

  const count = listening.length;
  ensureCapacity(count);
  forgetKeysIfPast(count);
  const epochBefore = labelEpoch;
  piesSplit += 1;
  const pie = piesSplit;
  // Step 4's weight is computed for every artist, dropped or not, so the fan sees what an excluded artist would weigh.
  let heaviest = 0;
  let allWeight = 0;
  let longest = 0;
  for (let place = 0; place < count; place += 1) {
    const entry = listening[place] as SplitListening;
    // The messages are only written for a value that fails (a template a field a pie is most of the split's time).
    if (!isWhole(entry.msListened, maxSplitMilliseconds))
      assertWhole(entry.msListened, `The time of ${entry.artistName}`, maxSplitMilliseconds);
    if (!isWhole(entry.tracksListened, Number.MAX_SAFE_INTEGER))
      assertWhole(entry.tracksListened, `The track count of ${entry.artistName}`);
    if (entry.popularity !== null && !isWhole(entry.popularity, 100))
      assertWhole(entry.popularity, `The popularity of ${entry.artistName}`, 100);
    const known = knownKeyOf(entry.artistId, entry.artistName);
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
  }
  // The bans and inclusions, from the side with fewer look-ups: usually a few keys against hundreds of artists.
  if (bannedArtistKeys.size < count) {
    for (const key of bannedArtistKeys) {
      const known = keysByKey.get(key);
      if (known !== undefined && known.pie === pie) bannedOf[known.place] = 1;
    }
  } else {
    for (let place = 0; place < count; place += 1)
      if (bannedArtistKeys.has(keyOf[place] ?? '')) bannedOf[place] = 1;
  }
  const inclusionCodeOf = (inclusion: boolean) => (inclusion ? inclusionCode.forced : inclusionCode.leftOut);
  if (inclusions.size < count) {
    for (const [key, inclusion] of inclusions) {
      const known = keysByKey.get(key);
      if (known !== undefined && known.pie === pie) inclusionOf[known.place] = inclusionCodeOf(inclusion);
    }
  } else {
    for (let place = 0; place < count; place += 1) {
      const inclusion = inclusions.get(keyOf[place] ?? '');
      if (inclusion !== undefined) inclusionOf[place] = inclusionCodeOf(inclusion);
    }
  }
  // A key met for the first time may have moved the labels' epoch: the labels read before it are made again.
  if (labelEpoch !== epochBefore)
    for (let place = 0; place < count; place += 1) labelOf[place] = labelOfKey(keyOf[place] ?? '');
  // Every product of a net (at most netCents) and a weight, and every sum of weights, is then a safe integer, so the
  // comparisons and the cents below are exact in plain numbers; past that (years of listening) they run in bigint.
  // A sum past 2^53 never rounds back under it, so the test is exact too.
  const exactInNumbers = netCents * heaviest + allWeight <= Number.MAX_SAFE_INTEGER;

  // Step 3: the fan's drops (all the reasons that apply, so lifting one shows what else holds the artist out) …
  let eligibleCount = 0;
  for (let place = 0; place < count; place += 1) {
    const dropped =
      bannedOf[place] === 1 ||
      inclusionOf[place] === inclusionCode.leftOut ||
      (settings.excludeNonActive && !(listening[place] as SplitListening).active);
    fateOf[place] = dropped ? fate.dropped : fate.kept;
    if (!dropped) eligibleCount += 1;
  }
  // … then the limit by raw time: the top artistLimit stay (most time first, then by artist key), and forced artists
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
  const setAside = setAsideForced(netCents, count, exactInNumbers);
  const restCents = netCents - setAside;
  // In plain numbers when exact (see exactInNumbers), else in bigint: the same comparisons either way.
  const totalWeight = exactInNumbers
    ? foldInNumbers(restCents, count)
    : foldInBigInts(BigInt(restCents), count);
  apportionKept(restCents, count, exactInNumbers);

  // The included: most cents first, then by artist key.
  let includedCount = 0;
  for (let place = 0; place < count; place += 1) {
    if (fateOf[place] === fate.atOneCent) centsOf[place] = 1;
    else if (fateOf[place] !== fate.kept) continue;
    chosen[includedCount++] = place;
  }
  orderByCents(chosen, includedCount, count, ordered);
  const restShare = netCents === 0 ? 1 : restCents / netCents;
  const included: SplitIncludedArtist[] = [];
  let allocatedCents = 0;
  for (let index = 0; index < includedCount; index += 1) {
    const place = ordered[index] ?? 0;
    const entry = listening[place] as SplitListening;
    const cents = centsOf[place] ?? 0;
    const weight = weightOf[place] ?? 0;
    const inclusion = inclusionOf[place];
    allocatedCents += cents;
    // The results are written field by field, in one literal of fixed shape.
    included.push({
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
      weight,
      percentage:
        fateOf[place] === fate.atOneCent ? 100 / netCents : (weight / totalWeight) * restShare * 100,
      cents,
    });
  }

  // The excluded: most listening time first, then by artist key, each with the reasons of the step it left at.
  let excludedCount = 0;
  for (let place = 0; place < count; place += 1) {
    const at = fateOf[place];
    if (at !== fate.kept && at !== fate.atOneCent) chosen[excludedCount++] = place;
  }
  orderMostFirst(chosen, excludedCount, msOf, longest, count, byTime);
  const excluded: SplitExcludedArtist[] = [];
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
    excluded.push({
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
    });
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
