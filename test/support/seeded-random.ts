// The tests' seeded chance: a small generator (mulberry32) whose stream is the same on every run of the same seed, so
// a test or simulation that draws its story from it tells the same story each time.

export type Random = () => number;

/** A stream of numbers in [0, 1) from `seed`. */
export function randomFrom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
