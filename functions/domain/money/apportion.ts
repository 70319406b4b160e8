// Splitting a whole amount by weights, in whole units that add up to the amount exactly: a listening time among a
// track's artists, and later every money split (a pie among artists, fees, payouts). Largest remainder (Hamilton):
// each key gets the floor of its exact quota, and the units left over go one each to the largest remainders, ties to
// the key that sorts first. The arithmetic is in bigint, so weights past 2^53 (or products of a total and a weight
// past it) stay exact, and the result is the same on every machine and in every order the weights are given.

/** Weights keyed by a string (an artist key, an account id): whole, non-negative numbers or bigints. */
export type ApportionWeights =
  ReadonlyMap<string, number | bigint> | Readonly<Record<string, number | bigint>>;

function toWholeBigInt(value: number | bigint, what: string): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new RangeError(`${what} must not be negative, not ${value}`);
    return value;
  }
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative safe integer, not ${value}`);
  }
  return BigInt(value);
}

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Splits `total` among the keys of `weights` in proportion to their weights. Every share is within one unit of its
 * exact quota `total × weight ÷ Σweights`, and the shares add up to `total`. Keys of weight 0 get 0. Refuses a
 * negative or fractional total or weight, and a positive total with nothing to split it by (no weight above 0).
 */
export function apportion(total: number, weights: ApportionWeights): Map<string, number> {
  const whole = toWholeBigInt(total, 'The total');
  const entries = (weights instanceof Map ? [...weights] : Object.entries(weights))
    .map(([key, weight]): [string, bigint] => [key, toWholeBigInt(weight, `The weight of "${key}"`)])
    .sort(([a], [b]) => byKey(a, b));
  const sum = entries.reduce((acc, [, weight]) => acc + weight, 0n);
  if (sum === 0n) {
    if (whole > 0n) throw new RangeError('Nothing to apportion by: every weight is 0');
    return new Map(entries.map(([key]) => [key, 0]));
  }
  const quotas = entries.map(([key, weight]) => {
    const exact = whole * weight;
    return { key, floor: exact / sum, remainder: exact % sum };
  });
  let left = whole - quotas.reduce((acc, quota) => acc + quota.floor, 0n);
  // Sorted by key already, and Array.prototype.sort is stable: equal remainders stay in key order.
  const byRemainder = [...quotas].sort((a, b) =>
    a.remainder === b.remainder ? 0 : a.remainder > b.remainder ? -1 : 1,
  );
  const extra = new Set<string>();
  for (const quota of byRemainder) {
    if (left === 0n) break;
    extra.add(quota.key);
    left -= 1n;
  }
  return new Map(quotas.map(({ key, floor }) => [key, Number(floor + (extra.has(key) ? 1n : 0n))]));
}
