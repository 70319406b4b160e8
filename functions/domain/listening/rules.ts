// What counts as listening (DESIGN §5): a play counts from 30 seconds, and its time is shared equally by the
// track's artists.

export const minimumCountedPlayMs = 30_000;

export function isCountedPlay(msPlayed: number): boolean {
  return msPlayed >= minimumCountedPlayMs;
}

/**
 * Splits a play's milliseconds equally among its artists, in whole milliseconds that add up to the play: the
 * remainder goes one millisecond each to the first artists by key, so the split is the same wherever it runs.
 */
export function shareAmongArtists<K extends string>(
  msPlayed: number,
  artistKeys: readonly K[],
): Map<K, number> {
  const keys = [...new Set(artistKeys)].sort();
  const shares = new Map<K, number>();
  if (keys.length === 0) return shares;
  const base = Math.floor(msPlayed / keys.length);
  let remainder = msPlayed - base * keys.length;
  for (const key of keys) {
    shares.set(key, base + (remainder > 0 ? 1 : 0));
    if (remainder > 0) remainder -= 1;
  }
  return shares;
}

/**
 * An artist name as a key for matching: case, accents, punctuation and spacing do not matter
 * ("Beyoncé" = "beyonce", "AC/DC" = "ac dc", "Guns N' Roses" = "guns n roses").
 */
export function normalizeArtistName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}
