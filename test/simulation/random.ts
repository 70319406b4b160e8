// The simulation's one source of chance, all of it from the run's seed. Two kinds: small seeded streams (mulberry32)
// for what is drawn in a fixed order (the catalogue), and hashes of the seed with a stable name of what is decided
// (a fault on the 3rd UpdateItem of an office's payable during day 40's pie renewals, the 7th id made while fan 12
// funds a pie) for everything that async work may reach in a different order from one run to the next: the answer
// depends on what is asked, never on when.
import { createHash } from 'node:crypto';

import { randomFrom, type Random } from '../support/seeded-random';

export { randomFrom, type Random };

/** A stream of its own for `purpose`, from the run's seed. */
export function streamOf(seed: number, purpose: string): Random {
  let hash = 2_166_136_261;
  for (const char of `${seed}:${purpose}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return randomFrom(hash);
}

export function intBetween(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** `length` bytes named by the seed and `parts` (SHA-256 in counter mode): the same name, the same bytes. */
export function bytesOf(seed: number, parts: readonly (string | number)[], length: number): Buffer {
  const name = `${seed}\u0000${parts.join('\u0000')}`;
  const blocks: Buffer[] = [];
  for (let block = 0; blocks.length * 32 < length; block += 1) {
    blocks.push(createHash('sha256').update(`${name}\u0000${block}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/** A number in [0, 1) named by the seed and `parts`. */
export function chanceOf(seed: number, ...parts: (string | number)[]): number {
  const bytes = bytesOf(seed, parts, 8);
  // 53 bits, as Math.random gives
  return (bytes.readUInt32BE(0) * 2 ** 21 + (bytes.readUInt32BE(4) >>> 11)) / 2 ** 53;
}
