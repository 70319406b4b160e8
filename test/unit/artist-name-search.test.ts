// Artist name search without Scan (functions/domain/listening/artist-name-search.ts): the prefixes indexed, how a
// term is looked up, and how answers from the catalogue and Spotify become one list.
import { describe, expect, it } from 'vitest';
import {
  matchesNameSearch,
  mergeArtistMatches,
  namePrefixesOf,
  planNameSearch,
} from '../../functions/domain/listening/artist-name-search';

describe('artist name search', () => {
  it('indexes 1 to 10 characters of each word of the normalised name', () => {
    // Act
    const prefixes = namePrefixesOf('Beyoncé Knowles-Carter');
    // Assess: beyonce (7), knowles (7), carter (6)
    expect(prefixes).toHaveLength(20);
    expect(prefixes).toContain('beyonce');
    expect(prefixes).toContain('k');
    expect(prefixes).toContain('carter');
  });

  it('reads the partition of the longest word and checks every word against the name', () => {
    // Act
    const plan = planNameSearch('the Rolling');
    // Assess
    expect(plan).toEqual({ prefix: 'rolling', wordStarts: [' the', ' rolling'] });
    expect(plan && matchesNameSearch('The Rolling Stones', plan)).toBe(true);
    expect(plan && matchesNameSearch('Rolling Thunder', plan)).toBe(false);
    expect(planNameSearch('  !! ')).toBeNull();
  });

  it('merges answers: each artist once, the later answer winning, most popular first, then by name', () => {
    // Prepare
    const fromCatalogue = [
      { id: 'a', name: 'Alpha', popularity: 40 },
      { id: 'b', name: 'Beta' },
    ];
    const fromSpotify = [
      { id: 'a', name: 'Alpha', popularity: 70 },
      { id: 'c', name: 'Gamma', popularity: 40 },
    ];
    // Act
    const merged = mergeArtistMatches(fromCatalogue, fromSpotify);
    // Assess: Alpha's newer popularity (70) ranks it first; Alpha and Gamma would tie on 40 otherwise
    expect(merged.map((artist) => [artist.id, artist.popularity])).toEqual([
      ['a', 70],
      ['c', 40],
      ['b', undefined],
    ]);
  });
});
