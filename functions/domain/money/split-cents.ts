// The cents of a pie's split (DESIGN §5 step 5), over the working space (split-space.ts): one cent set aside for each
// artist the fan forced in whose share would be under a cent, the fold of shares under one cent of what is left back
// into the rest, and the one apportion rule (floors, then the cents left one each by largest remainder, ties by key).
import { apportion } from './apportion';
import { selectNumber, sortRunByKey } from './split-order';
import { byPlaceKey, fate, space } from './split-space';

/** The places of the artists the fold dropped, lightest first, equal weights by key ascending (the fold's own order). */
function droppedLightestFirst(count: number): number[] {
  const { fateOf, weightOf } = space;
  const list: number[] = [];
  for (let place = 0; place < count; place += 1) if (fateOf[place] === fate.underOneCent) list.push(place);
  return list.sort((a, b) => (weightOf[a] ?? 0) - (weightOf[b] ?? 0) || byPlaceKey(a, b));
}

/**
 * Step 5's fold, in plain numbers (every product and sum a safe integer): an exact share net × w ÷ W is under one cent
 * when net × w < W, and the artists under a cent of what is left leave (`underOneCent`), round after round until none
 * is. Returns the weight of the artists left in. Every round's drops are the lightest still in, so this is the lightest-
 * first prefix DESIGN §5's rounds drop; and one round is all of them: an artist left after the first has net × w ≥ W,
 * and W only falls (to W′ > 0, since such an artist has weight), so net × w ≥ W′ and nobody leaves in a second.
 */
export function foldInNumbers(net: number, count: number): number {
  const { fateOf, weightOf } = space;
  let keptWeight = 0;
  let keptCount = 0;
  for (let place = 0; place < count; place += 1) {
    if (fateOf[place] !== fate.kept) continue;
    keptWeight += weightOf[place] ?? 0;
    keptCount += 1;
  }
  let total = keptWeight;
  let droppedCount = 0;
  let dropped = 0;
  for (let place = 0; place < count; place += 1) {
    if (fateOf[place] !== fate.kept) continue;
    const weight = weightOf[place] ?? 0;
    // With no weight left at all (no time), every share is zero: all of them go.
    if (total > 0 && net * weight >= total) continue;
    fateOf[place] = fate.underOneCent;
    dropped += weight;
    droppedCount += 1;
  }
  total -= dropped;
  if (droppedCount === keptCount && keptWeight > 0 && net > 0) {
    // Every share is under a cent (more artists, listened to about evenly, than the net has cents): the literal rule
    // would drop them all and keep the money from every artist. Instead the lightest leave one at a time (ties by key)
    // until the lightest left gets a whole cent, so as many artists as the cents allow are paid, heaviest first
    // (docs/decisions/021-the-split.md).
    const lightestFirst = droppedLightestFirst(count);
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
export function foldInBigInts(net: bigint, count: number): number {
  const { fateOf, weightOf } = space;
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
    const lightestFirst = droppedLightestFirst(count);
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
 * repeated (setting cents aside lowers the others' shares) while the net has a cent for each artist forced in. `forced`
 * holds the places this pie forces in (a fan's few inclusions, so only they are looked at). Returns how many cents are
 * set aside.
 */
export function setAsideForced(
  netCents: number,
  count: number,
  exactInNumbers: boolean,
  forced: readonly number[],
): number {
  const { fateOf, weightOf } = space;
  let forcedCount = 0;
  for (const place of forced) if (fateOf[place] === fate.kept && (weightOf[place] ?? 0) > 0) forcedCount += 1;
  let setAside = 0;
  while (forcedCount > 0 && netCents >= forcedCount) {
    const leftCents = netCents - setAside;
    let under = 0;
    if (exactInNumbers) {
      let restWeight = 0;
      for (let place = 0; place < count; place += 1)
        if (fateOf[place] === fate.kept) restWeight += weightOf[place] ?? 0;
      for (const place of forced) {
        const weight = weightOf[place] ?? 0;
        if (fateOf[place] === fate.kept && weight > 0 && leftCents * weight < restWeight) {
          fateOf[place] = fate.atOneCent;
          under += 1;
        }
      }
    } else {
      let restWeight = 0n;
      for (let place = 0; place < count; place += 1)
        if (fateOf[place] === fate.kept) restWeight += BigInt(weightOf[place] ?? 0);
      const left = BigInt(leftCents);
      for (const place of forced) {
        const weight = weightOf[place] ?? 0;
        if (fateOf[place] === fate.kept && weight > 0 && left * BigInt(weight) < restWeight) {
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
 * division is put back. `keptWeight` is the weight of the artists still in, as the fold returns it.
 */
export function apportionKept(
  cents: number,
  count: number,
  exactInNumbers: boolean,
  keptWeight: number,
): void {
  const { fateOf, weightOf, centsOf, remainderOf, packed, chosen, keyOf, equalRun } = space;
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
  const sum = keptWeight;
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
