// The working space a pie is split in: a pie's artists are worked on by their place in the listening, in typed arrays
// kept from pie to pie (grown when a pie has more artists than any before), so a month of pies makes only the result's
// objects: one for each artist, in the result's order. The orders are sorts of numbers (a value times a power of two
// plus the artist's place, while that stays a safe integer), with only equal values then ordered by key; the cents
// left after the floors go to the remainders at or above a threshold read from the remainders sorted as numbers.

/** Where an artist is at: still in, or the step it left at. */
export const fate = { kept: 0, dropped: 1, overLimit: 2, atOneCent: 3, underOneCent: 4 } as const;
/** This pie's inclusion of an artist. */
export const inclusionCode = { notSet: 0, forced: 1, leftOut: 2 } as const;

/**
 * The arrays by artist place. A function reads the ones it uses into constants as it starts: `ensureCapacity` replaces
 * them, and only `splitPie` calls it, before any other.
 */
export const space = {
  capacity: 0,
  msOf: new Float64Array(0),
  weightOf: new Float64Array(0),
  factorOf: new Int32Array(0),
  fateOf: new Uint8Array(0),
  inclusionOf: new Uint8Array(0),
  bannedOf: new Uint8Array(0),
  centsOf: new Float64Array(0),
  remainderOf: new Float64Array(0),
  /** Each artist's key label (split-keys.ts): the keys' order, as numbers. */
  labelOf: new Float64Array(0),
  /** Scratch for the sorts: packed values, then artist places in order. */
  packed: new Float64Array(0),
  runPacked: new Float64Array(0),
  byTime: new Int32Array(0),
  chosen: new Int32Array(0),
  ordered: new Int32Array(0),
  keyOf: [] as string[],
  /** The places of a run of equal values, ordered by key. */
  equalRun: [] as number[],
  /** The places this pie forces in. */
  forced: [] as number[],
};

/** Makes room for a pie of `count` artists. */
export function ensureCapacity(count: number): void {
  if (count <= space.capacity) return;
  const capacity = Math.max(64, 2 ** Math.ceil(Math.log2(count)));
  space.capacity = capacity;
  space.msOf = new Float64Array(capacity);
  space.weightOf = new Float64Array(capacity);
  space.factorOf = new Int32Array(capacity);
  space.fateOf = new Uint8Array(capacity);
  space.inclusionOf = new Uint8Array(capacity);
  space.bannedOf = new Uint8Array(capacity);
  space.centsOf = new Float64Array(capacity);
  space.remainderOf = new Float64Array(capacity);
  space.packed = new Float64Array(capacity);
  space.byTime = new Int32Array(capacity);
  space.chosen = new Int32Array(capacity);
  space.ordered = new Int32Array(capacity);
  space.labelOf = new Float64Array(capacity);
  space.runPacked = new Float64Array(capacity);
}

export const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Two artist places by key ascending: by label, and by the keys themselves when the labels are equal. */
export const byPlaceKey = (a: number, b: number) => {
  const { labelOf, keyOf } = space;
  const labelA = labelOf[a] ?? 0;
  const labelB = labelOf[b] ?? 0;
  if (labelA !== labelB) return labelA < labelB ? -1 : 1;
  return byKey(keyOf[a] ?? '', keyOf[b] ?? '');
};
