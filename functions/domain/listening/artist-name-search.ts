// Artist name search without Scan: every artist is indexed under the short prefixes of each word of its normalised
// name, so "beyon", "Beyoncé" and "knowles" all find Beyoncé Knowles, ignoring case and accents.
import { normalizeArtistName } from './rules';

/** What a search answer needs to know of an artist to merge and rank it. */
export interface RankedArtist {
  id: string;
  name: string;
  popularity?: number;
}

/** Prefixes are indexed up to this many characters; longer search words are checked against the whole name. */
export const maxIndexedPrefixLength = 10;
/** Only the first words of a name are indexed, so one artist costs a bounded number of index items. */
export const maxIndexedWords = 6;

/**
 * The prefixes one artist is indexed under: 1..10 characters of each of its first six words, deduplicated
 * ("the rolling stones" → t, th, the, r, ro, …, rolling, s, st, …, stones).
 */
export function namePrefixesOf(name: string): string[] {
  const prefixes = new Set<string>();
  for (const word of wordsOf(normalizeArtistName(name)).slice(0, maxIndexedWords)) {
    const longest = Math.min(word.length, maxIndexedPrefixLength);
    for (let length = 1; length <= longest; length += 1) prefixes.add(word.slice(0, length));
  }
  return [...prefixes];
}

export interface NameSearchPlan {
  /** The indexed prefix to read: the longest search word, cut to the indexed length. */
  prefix: string;
  /** Each search word with a leading space: a name matches when its spaced form contains them all. */
  wordStarts: string[];
}

/** How to find a search term; null when the term has no letters or digits to look for. */
export function planNameSearch(term: string): NameSearchPlan | null {
  const words = wordsOf(normalizeArtistName(term));
  const longest = words.reduce<string | undefined>(
    (best, word) => (best === undefined || word.length > best.length ? word : best),
    undefined,
  );
  if (!longest) return null;
  return {
    prefix: longest.slice(0, maxIndexedPrefixLength),
    wordStarts: [...new Set(words)].map((word) => ` ${word}`),
  };
}

/** The normalised name with a leading space, so `contains(spaced, " <word>")` means "a word starts with <word>". */
export function spacedNameOf(name: string): string {
  return ` ${normalizeArtistName(name)}`;
}

/** Whether a name matches a search plan (the same test the index filter applies). */
export function matchesNameSearch(name: string, plan: NameSearchPlan): boolean {
  const spaced = spacedNameOf(name);
  return plan.wordStarts.every((start) => spaced.includes(start));
}

function wordsOf(normalised: string): string[] {
  return normalised.split(' ').filter((word) => word.length > 0);
}

/**
 * One search answer from several sources (the catalogue, then Spotify): each artist once, the later source's entry
 * winning, most popular first (artists without popularity last), then by name.
 */
export function mergeArtistMatches<T extends RankedArtist>(...sources: readonly (readonly T[])[]): T[] {
  const byId = new Map(sources.flat().map((artist) => [artist.id, artist]));
  return [...byId.values()].sort(
    (a, b) => (b.popularity ?? 0) - (a.popularity ?? 0) || a.name.localeCompare(b.name),
  );
}
