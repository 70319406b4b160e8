// What counts as listening (DESIGN §5): a play counts from 30 seconds, and its time is shared equally by the
// track's artists.
import { apportion } from '../money/apportion';

export const minimumCountedPlayMs = 30_000;

export function isCountedPlay(msPlayed: number): boolean {
  return msPlayed >= minimumCountedPlayMs;
}

/**
 * Splits a play's milliseconds equally among its artists, in whole milliseconds that add up to the play: the
 * remainder goes one millisecond each to the first artists by key (the one apportion rule), so the split is the same
 * wherever it runs.
 */
export function shareAmongArtists<K extends string>(
  msPlayed: number,
  artistKeys: readonly K[],
): Map<K, number> {
  const keys = [...new Set(artistKeys)];
  if (keys.length === 0) return new Map();
  return apportion(msPlayed, new Map(keys.map((key) => [key, 1]))) as Map<K, number>;
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
