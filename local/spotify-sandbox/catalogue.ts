// The local Spotify sandbox's world: a catalogue of a few hundred artists and their tracks, and demo listeners
// whose plays follow a long tail and keep coming as time passes. Everything derives from fixed seeds, so every run,
// every machine and every test sees the same world, and a play at a given moment is always the same play.

/** A small, fast, seeded PRNG (mulberry32): deterministic, never Math.random. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hashSeed(text: string): number {
  let hash = 2_166_136_261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16_777_619);
  }
  return hash >>> 0;
}

export interface SandboxArtist {
  id: string;
  name: string;
  popularity: number;
  followers: number;
  genres: string[];
  markets: string[];
  /** Hue of the generated cover image. */
  hue: number;
}

export interface SandboxTrack {
  id: string;
  name: string;
  durationMs: number;
  /** The main artist first; some tracks feature a second artist. */
  artistIds: string[];
  albumName: string;
}

const adjectives = [
  'Velvet',
  'Electric',
  'Quiet',
  'Golden',
  'Hollow',
  'Neon',
  'Paper',
  'Silver',
  'Midnight',
  'Wild',
  'Lunar',
  'Broken',
  'Crimson',
  'Static',
  'Gentle',
  'Northern',
  'Hidden',
  'Restless',
  'Amber',
  'Glass',
];
const nouns = [
  'Harbor',
  'Foxes',
  'Lanterns',
  'Orchard',
  'Pilots',
  'Tides',
  'Sparrows',
  'Machines',
  'Rivers',
  'Echoes',
  'Wolves',
  'Satellites',
  'Gardens',
  'Ghosts',
  'Canyons',
  'Parade',
  'Engines',
  'Choir',
  'Comets',
  'Avenue',
];
const firstNames = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elif',
  'Farah',
  'Gustav',
  'Hana',
  'Ines',
  'Jonas',
  'Kofi',
  'Lucía',
  'Mateo',
  'Nour',
  'Olga',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tomás',
  'Ulla',
  'Vera',
  'Wen',
  'Yara',
  'Zoë',
];
const lastNames = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Novak',
  'Haddad',
  'Costa',
  'Brennan',
  'Kowalski',
  'Sato',
  'Ibarra',
  'Mensah',
  'Larsen',
  'Petrov',
  'Quinn',
  'Rahman',
];
const genreNames = [
  'indie pop',
  'jazz',
  'techno',
  'folk',
  'hip hop',
  'soul',
  'ambient',
  'post-rock',
  'r&b',
  'punk',
];
const trackWords = [
  'Morning',
  'Letters',
  'Circles',
  'Ocean',
  'Fever',
  'Window',
  'Shadows',
  'Runaway',
  'Satellite',
  'Winter',
  'Honey',
  'Signal',
  'Youth',
  'Embers',
  'Paper Moon',
  'Slow Motion',
  'Daylight',
  'Heartbeat',
  'Undertow',
  'Home',
];
const markets = ['US', 'GB', 'DE', 'FR', 'BR', 'JP', 'SE', 'NG', 'IN', 'MX', 'ES', 'CA', 'AU'];

export const catalogueSize = 300;

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** A 22-character base62 id like Spotify's, from a seed text. */
export function sandboxId(text: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const random = createRandom(hashSeed(text));
  let id = '';
  for (let index = 0; index < 22; index += 1) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

function buildCatalogue(): { artists: SandboxArtist[]; tracks: SandboxTrack[] } {
  const random = createRandom(20261121);
  const artists: SandboxArtist[] = [];
  const names = new Set<string>();
  while (artists.length < catalogueSize) {
    const style = random();
    const name =
      style < 0.4
        ? `${pick(random, firstNames)} ${pick(random, lastNames)}`
        : style < 0.75
          ? `The ${pick(random, adjectives)} ${pick(random, nouns)}`
          : `${pick(random, adjectives)} ${pick(random, nouns)}`;
    if (names.has(name)) continue;
    names.add(name);
    const rank = artists.length;
    // A long tail: a few very popular artists, most with a small audience.
    const popularity = Math.max(1, Math.round(92 * Math.exp(-rank / 70) + random() * 6));
    artists.push({
      id: sandboxId(`artist:${name}`),
      name,
      popularity,
      followers: Math.round(popularity ** 3 * (20 + random() * 30)),
      genres: [pick(random, genreNames)],
      markets: markets.filter(() => random() < 0.7),
      hue: Math.floor(random() * 360),
    });
  }
  const tracks: SandboxTrack[] = [];
  for (const artist of artists) {
    const count = 4 + Math.floor(random() * 5);
    const albumName = `${pick(random, adjectives)} ${pick(random, trackWords)}`;
    for (let index = 0; index < count; index += 1) {
      const featured = random() < 0.12 ? pick(random, artists) : undefined;
      const name = `${pick(random, trackWords)}${random() < 0.3 ? ` ${pick(random, nouns)}` : ''}`;
      tracks.push({
        id: sandboxId(`track:${artist.id}:${index}`),
        name: featured && featured.id !== artist.id ? `${name} (feat. ${featured.name})` : name,
        durationMs: 120_000 + Math.floor(random() * 240_000),
        artistIds: featured && featured.id !== artist.id ? [artist.id, featured.id] : [artist.id],
        albumName,
      });
    }
  }
  return { artists, tracks };
}

export const catalogue = buildCatalogue();
export const artistsById = new Map(catalogue.artists.map((artist) => [artist.id, artist]));
export const tracksById = new Map(catalogue.tracks.map((track) => [track.id, track]));
const tracksByArtist = new Map<string, SandboxTrack[]>();
for (const track of catalogue.tracks) {
  const main = track.artistIds[0] ?? '';
  tracksByArtist.set(main, [...(tracksByArtist.get(main) ?? []), track]);
}

export function tracksOfArtist(artistId: string): SandboxTrack[] {
  return tracksByArtist.get(artistId) ?? [];
}

/** Case- and accent-insensitive word-prefix search, as Spotify's search behaves for names. */
export function searchArtists(query: string): SandboxArtist[] {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  const terms = fold(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  return catalogue.artists
    .filter((artist) => {
      const words = fold(artist.name).split(/[^\p{L}\p{N}]+/u);
      return terms.every((term) => words.some((word) => word.startsWith(term)));
    })
    .sort((a, b) => b.popularity - a.popularity);
}

export interface SandboxPlay {
  track: SandboxTrack;
  /** When the play ended (Spotify's played_at), ms since epoch. */
  playedAt: number;
}

/** How often a listener might start a track; each slot plays with a probability that follows the time of day. */
const slotMs = 4 * 60_000;

/** The plays of a listener that ended in (from, to], newest first. Pure: the same window gives the same plays. */
export function playsOf(listenerId: string, from: number, to: number): SandboxPlay[] {
  const plays: SandboxPlay[] = [];
  const favourites = favouriteArtistsOf(listenerId);
  const first = Math.floor(from / slotMs) + 1;
  const last = Math.floor(to / slotMs);
  for (let slot = last; slot >= first && plays.length < 1000; slot -= 1) {
    const random = createRandom(hashSeed(`${listenerId}:${slot}`));
    const hour = new Date(slot * slotMs).getUTCHours();
    const activity = hour >= 1 && hour < 7 ? 0.05 : hour >= 17 && hour < 23 ? 0.55 : 0.3;
    if (random() > activity) continue;
    // Long tail: a favourite index drawn with weight 1/(rank+1).
    const artistId =
      favourites[Math.min(favourites.length - 1, Math.floor(favourites.length ** random()) - 1)] ?? '';
    const choices = tracksOfArtist(artistId);
    const track = choices[Math.floor(random() * choices.length)];
    if (!track) continue;
    plays.push({ track, playedAt: slot * slotMs });
  }
  return plays;
}

/** A listener's favourite artists, most listened first (40 of them, mixing popular and obscure). */
export function favouriteArtistsOf(listenerId: string): string[] {
  const random = createRandom(hashSeed(`favourites:${listenerId}`));
  const chosen = new Set<string>();
  while (chosen.size < 40) {
    const popularBias = random() < 0.5;
    const index = popularBias
      ? Math.floor(random() ** 2 * catalogue.artists.length)
      : Math.floor(random() * catalogue.artists.length);
    chosen.add(catalogue.artists[index]?.id ?? '');
  }
  return [...chosen];
}

/** The generated cover of an artist: an SVG with its initials on its hue. */
export function artistImageSvg(artist: SandboxArtist): string {
  const initials = artist.name
    .replace(/^The /, '')
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">',
    `<rect width="640" height="640" fill="hsl(${artist.hue} 55% 42%)"/>`,
    `<circle cx="470" cy="170" r="120" fill="hsl(${(artist.hue + 40) % 360} 65% 60%)" opacity="0.6"/>`,
    `<text x="50%" y="58%" font-family="sans-serif" font-size="220" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>`,
    '</svg>',
  ].join('');
}
