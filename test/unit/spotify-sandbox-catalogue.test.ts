import { describe, expect, it } from 'vitest';
import {
  artistImageSvg,
  catalogue,
  catalogueSize,
  favouriteArtistsOf,
  playsOf,
  searchArtists,
  tracksById,
} from '../../local/spotify-sandbox/catalogue';

const now = Date.parse('2026-11-21T23:00:00Z');
const day = 86_400_000;

describe('Spotify sandbox catalogue', () => {
  it('has a few hundred artists with unique ids and names, and tracks for each', () => {
    expect(catalogue.artists).toHaveLength(catalogueSize);
    expect(new Set(catalogue.artists.map((artist) => artist.id)).size).toBe(catalogueSize);
    expect(new Set(catalogue.artists.map((artist) => artist.name)).size).toBe(catalogueSize);
    expect(catalogue.artists.every((artist) => artist.id.length === 22)).toBe(true);
    expect(catalogue.tracks.length).toBeGreaterThan(catalogueSize * 4);
    expect(catalogue.tracks.some((track) => track.artistIds.length === 2)).toBe(true);
  });

  it('gives a listener the same plays for the same window, and new plays as time passes', () => {
    const earlier = playsOf('demo-listener', now - day, now);
    expect(playsOf('demo-listener', now - day, now)).toEqual(earlier);
    const later = playsOf('demo-listener', now, now + day);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((play) => play.playedAt > now)).toBe(true);
    expect(earlier.every((play) => tracksById.has(play.track.id))).toBe(true);
  });

  it("follows a long tail: a listener's top artist gets far more plays than the median one", () => {
    const counts = new Map<string, number>();
    for (const play of playsOf('demo-listener', now - 30 * day, now)) {
      const artist = play.track.artistIds[0] ?? '';
      counts.set(artist, (counts.get(artist) ?? 0) + 1);
    }
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(sorted[0]).toBeGreaterThan(5 * (sorted[Math.floor(sorted.length / 2)] ?? 1));
    expect(new Set(favouriteArtistsOf('demo-listener')).size).toBe(40);
  });

  it('finds artists by word prefixes, ignoring case and accents', () => {
    const lucia = searchArtists('lucia');
    expect(lucia.length).toBeGreaterThan(0);
    expect(lucia.every((artist) => artist.name.startsWith('Lucía'))).toBe(true);
    expect(searchArtists('')).toEqual([]);
  });

  it('draws a cover image for every artist', () => {
    const svg = artistImageSvg(catalogue.artists[0]!);
    expect(svg).toMatch(/^<svg[^>]+width="640"/);
  });
});
