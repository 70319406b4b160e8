// The simulation's one source of chance: a small seeded generator (mulberry32), split into independent streams so
// that drawing more for one purpose (faults, ids) does not shift what another (the world's commands) draws.

export type Random = () => number;

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

/** A stream of its own for `purpose`, from the run's seed. */
export function streamOf(seed: number, purpose: string): Random {
  let hash = 2_166_136_261;
  for (const char of `${seed}:${purpose}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return randomFrom(hash);
}

export function intBetween(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}
