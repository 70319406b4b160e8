// The orders a pie's split needs, as sorts of numbers over the working space (split-space.ts): the k-th smallest, an
// in-place sort of whole numbers, a run of artist places by key, and artist places by cents or by listening time,
// most first, equal values by key ascending.
import { labelBits } from './split-keys';
import { byPlaceKey, space } from './split-space';

/**
 * The place packed into `value × scale + place` (whole, under 2^53, `scale` a power of two): the remainder by a floored
 * quotient, exact in doubles, where `%` on numbers past 2^31 is a call into the runtime's fmod.
 */
const placeOfPacked = (packed: number, scale: number) => packed - Math.floor(packed / scale) * scale;

/** Counting buckets for `orderByCents`, kept from pie to pie. */
let bucketOf = new Int32Array(0);

/** The k-th smallest (from 0) of `values[0..count)`, the values moved about (Hoare's selection). */
export function selectNumber(values: Float64Array, count: number, k: number): number {
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
export function sortNumbers(values: Float64Array, from: number, to: number): void {
  let low = from;
  let high = to;
  while (high - low > 16) {
    const middle = (low + high) >>> 1;
    // The median of three as the pivot, the three put in order on the way.
    let a = values[low] ?? 0;
    let b = values[middle] ?? 0;
    let c = values[high] ?? 0;
    let swap: number;
    if (b < a) {
      swap = a;
      a = b;
      b = swap;
    }
    if (c < b) {
      swap = b;
      b = c;
      c = swap;
      if (b < a) {
        swap = a;
        a = b;
        b = swap;
      }
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
      swap = values[i] ?? 0;
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
export function sortRunByKey(run: number[]): void {
  const { capacity, labelOf, keyOf, runPacked } = space;
  if (run.length > 16 && capacity <= 2 ** (53 - labelBits)) {
    // By label as numbers (label × capacity + place), then the runs of equal labels by key.
    for (let index = 0; index < run.length; index += 1) {
      const place = run[index] ?? 0;
      runPacked[index] = (labelOf[place] ?? 0) * capacity + place;
    }
    sortNumbers(runPacked, 0, run.length - 1);
    for (let index = 0; index < run.length; index += 1)
      run[index] = placeOfPacked(runPacked[index] ?? 0, capacity);
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
 * Sorts the places `out[start..end)` by key ascending in place, when a label and a place pack into one safe integer (at
 * most 1,024 artists); false when they do not. One sort of numbers, then the rare runs of equal labels by the keys.
 */
function sortByKeyPacked(out: Int32Array, start: number, end: number): boolean {
  const { capacity, labelOf, runPacked } = space;
  if (capacity > 2 ** (53 - labelBits)) return false;
  const count = end - start;
  for (let index = 0; index < count; index += 1) {
    const place = out[start + index] ?? 0;
    runPacked[index] = (labelOf[place] ?? 0) * capacity + place;
  }
  sortNumbers(runPacked, 0, count - 1);
  for (let index = 0; index < count; index += 1)
    out[start + index] = placeOfPacked(runPacked[index] ?? 0, capacity);
  for (let from = start; from < end;) {
    const label = labelOf[out[from] ?? 0] ?? 0;
    let to = from + 1;
    while (to < end && labelOf[out[to] ?? 0] === label) to += 1;
    if (to - from > 1) out.set(Array.from(out.subarray(from, to)).sort(byPlaceKey), from);
    from = to;
  }
  return true;
}

/**
 * Writes into `out` the `count` places of `places` by cents, most first, equal cents by key ascending: when the cents
 * are few, counted into one bucket a cent value (most first), and then each bucket of more than one put in key order
 * by itself (the buckets are small where few artists share the net, and only where many do as large as all of them),
 * else as `orderMostFirst`.
 */
export function orderByCents(places: Int32Array, count: number, artists: number, out: Int32Array): void {
  const { centsOf, equalRun } = space;
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
  // Each bucket's artists by key: a few by an insertion sort on their labels (the keys where the labels are equal).
  const { labelOf, keyOf } = space;
  for (let start = 0; start < count;) {
    const cents = centsOf[out[start] ?? 0] ?? 0;
    let end = start + 1;
    while (end < count && centsOf[out[end] ?? 0] === cents) end += 1;
    if (end - start <= 8) {
      for (let index = start + 1; index < end; index += 1) {
        const place = out[index] ?? 0;
        const label = labelOf[place] ?? 0;
        let at = index - 1;
        for (; at >= start; at -= 1) {
          const other = out[at] ?? 0;
          const otherLabel = labelOf[other] ?? 0;
          if (otherLabel < label || (otherLabel === label && (keyOf[other] ?? '') < (keyOf[place] ?? '')))
            break;
          out[at + 1] = other;
        }
        out[at + 1] = place;
      }
    } else if (!sortByKeyPacked(out, start, end)) {
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
export function orderMostFirst(
  places: Int32Array,
  count: number,
  values: Float64Array,
  largest: number,
  artists: number,
  out: Int32Array,
): void {
  const { packed, equalRun } = space;
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
  // The places back out of the sorted values, in place.
  for (let index = 0; index < count; index += 1) packed[index] = placeOfPacked(packed[index] ?? 0, scale);
  const sorted = packed;
  let written = 0;
  for (let end = count - 1; end >= 0;) {
    const last = sorted[end] ?? 0;
    const value = values[last] ?? 0;
    let start = end;
    while (start > 0 && values[sorted[start - 1] ?? 0] === value) start -= 1;
    if (start === end) out[written++] = last;
    else {
      equalRun.length = 0;
      for (let index = start; index <= end; index += 1) equalRun.push(sorted[index] ?? 0);
      sortRunByKey(equalRun);
      for (const place of equalRun) out[written++] = place;
    }
    end = start - 1;
  }
}
