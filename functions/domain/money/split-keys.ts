// The artist keys a pie is split under (`id:<catalogue id>` or `name:<normalised name>`): the key of a fan's bans,
// inclusions and ties, remembered from pie to pie so a month of pies builds each key's string once, with a number
// label in key order so the split's sorts compare numbers instead of strings (see split.ts).
import { normalizeArtistName } from '../listening/rules';

/**
 * An artist key met before: the key's one string (so the sets and maps of bans and inclusions hash it once, not once a
 * pie) and the last pie that met it (so a pie finds a key twice without a set of its own). Keys are remembered by
 * catalogue id, and by name as given and as normalised (two spellings of one name share their key); all three are
 * emptied together before they pass their bound, so they never hold more than a month's artists.
 */
export interface KnownKey {
  key: string;
  /** The catalogue id the key was made from; null for a key made from a name. */
  artistId: string | null;
  /** The spelling of the name the key was last found by; null for a key made from a catalogue id. */
  spelling: string | null;
  /** Where the key is in `keysByIndex`. */
  index: number;
  /** The last pie that met the key, and the artist's place in that pie's listening. */
  pie: number;
  place: number;
  /** The key's label (see labelOfKey), as of the labels' epoch `labelEpoch`. */
  label: number;
  labelEpoch: number;
}
const keysById = new Map<string, KnownKey>();
const keysByName = new Map<string, KnownKey>();
const keysByNormalizedName = new Map<string, KnownKey>();
/** The same keys by the key itself, so a pie's few bans and inclusions find their artists without a look-up each. */
const keysByKey = new Map<string, KnownKey>();
/** The same keys in the order they were made, so a line that gives a key's index finds it without a look-up. */
const keysByIndex: KnownKey[] = [];
const knownKeysBound = 50_000;
/** The pies split so far in this process: the stamp a key carries while its pie is split. */
let piesSplit = 0;

/** The stamp of the next pie split: no key has met it yet. */
export function nextPieStamp(): number {
  piesSplit += 1;
  return piesSplit;
}

/** The key met before by the key itself, if it was. */
export const knownKeyByKey = (key: string): KnownKey | undefined => keysByKey.get(key);

/**
 * Labels: numbers in the order of the keys, so most key comparisons are comparisons of numbers. A label is the kind
 * (`id:` before `name:`), then up to six characters after the prefix every known key of its kind shares, 7 bits each
 * (the end of the key is 0, a character c is c + 1 up to 127, and a character at 127 is the last one read). A smaller
 * label means a smaller key; equal labels say nothing, and the keys themselves are compared. The shared prefixes only
 * shorten as keys are met; each time one does, the labels' epoch moves and every label is made again when next read.
 */
const labelKind = { id: 0, name: 1 } as const;
const sharedPrefix = [
  { first: null as string | null, length: 0 },
  { first: null as string | null, length: 0 },
];
let labelEpoch = 1;
/** The labels' epoch now: when it moves, the labels read before are made again. */
export const labelEpochNow = (): number => labelEpoch;
/** Labels leave this many bits free for an artist's place (at most 1,024 artists a pie in a packed sort). */
export const labelBits = 43;

const kindOfKey = (key: string) => (key.charCodeAt(0) === 105 ? labelKind.id : labelKind.name);

/** The key's label (numbers in the order of the keys) for the shared prefixes as they are now. */
export function labelOfKey(key: string): number {
  const kind = kindOfKey(key);
  const start = sharedPrefix[kind]?.length ?? 0;
  let label: number = kind;
  let open = true;
  for (let at = start; at < start + 6; at += 1) {
    let digit = 0;
    if (open && at < key.length) {
      digit = Math.min(key.charCodeAt(at) + 1, 127);
      if (digit === 127) open = false;
    } else open = false;
    label = label * 128 + digit;
  }
  return label;
}

function shareKeyPrefix(key: string): void {
  const shared = sharedPrefix[kindOfKey(key)];
  if (shared === undefined) return;
  if (shared.first === null) {
    shared.first = key;
    shared.length = key.length;
    labelEpoch += 1;
    return;
  }
  const first = shared.first;
  const most = Math.min(shared.length, key.length);
  let same = 0;
  while (same < most && key.charCodeAt(same) === first.charCodeAt(same)) same += 1;
  if (same < shared.length) {
    shared.length = same;
    labelEpoch += 1;
  }
}

/** Empties the keys met before when `room` more would pass their bound. */
export function forgetKeysIfPast(room: number): void {
  if (keysById.size + keysByName.size + room > knownKeysBound) {
    keysById.clear();
    keysByName.clear();
    keysByNormalizedName.clear();
    keysByKey.clear();
    keysByIndex.length = 0;
    for (const shared of sharedPrefix) {
      shared.first = null;
      shared.length = 0;
    }
    labelEpoch += 1;
  }
}

function newKnownKey(key: string, artistId: string | null): KnownKey {
  const known = {
    key,
    artistId,
    spelling: null,
    index: keysByIndex.length,
    pie: 0,
    place: 0,
    label: 0,
    labelEpoch: 0,
  };
  keysByKey.set(key, known);
  keysByIndex.push(known);
  shareKeyPrefix(key);
  return known;
}

/** A key's label, made again if the labels' epoch moved since it was last read. */
export function labelOfKnown(known: KnownKey): number {
  if (known.labelEpoch !== labelEpoch) {
    known.label = labelOfKey(known.key);
    known.labelEpoch = labelEpoch;
  }
  return known.label;
}

/** The known key of an artist by catalogue id, else by name; met for the first time, it is made and remembered. */
export function knownKeyOf(artistId: string | null, artistName: string): KnownKey {
  if (artistId !== null) {
    let known = keysById.get(artistId);
    if (known === undefined) {
      known = newKnownKey(`id:${artistId}`, artistId);
      keysById.set(artistId, known);
    }
    return known;
  }
  let known = keysByName.get(artistName);
  if (known === undefined) {
    const normalized = normalizeArtistName(artistName);
    known = keysByNormalizedName.get(normalized);
    if (known === undefined) {
      known = newKnownKey(`name:${normalized}`, null);
      keysByNormalizedName.set(normalized, known);
    }
    keysByName.set(artistName, known);
  }
  known.spelling = artistName;
  return known;
}

/**
 * The known key of a listening line that may say where the keys hold it (`keyIndex`, from `splitArtistOf`): the key held
 * there is the line's when it was made from the line's catalogue id, or for an artist known only by name, last found by
 * the line's spelling of the name; a caller that took the id from `splitArtistOf` passes it by reference, so that is
 * one comparison. Otherwise (no place given, or a stale or wrong one) the key is found from the id or name, as for any
 * line: the place only spares the look-up, it never decides whose key it is.
 */
export function knownKeyOfLine(
  keyIndex: number | undefined,
  artistId: string | null,
  artistName: string,
): KnownKey {
  if (keyIndex !== undefined) {
    const given = keysByIndex[keyIndex];
    // The id's comparison stands alone, not in a conditional expression beside the name's: there it cost some 7% of
    // the split's instructions (valgrind, the split bench's months), written so the optimiser compares the two ids
    // as strings it has seen, and the name's case apart.
    if (given !== undefined) {
      if (artistId !== null) {
        if (given.artistId === artistId) return given;
      } else if (given.artistId === null && given.spelling === artistName) return given;
    }
  }
  return knownKeyOf(artistId, artistName);
}

/** The key an artist is split, banned, included and tie-broken under. */
export function splitArtistKeyOf(artist: { artistId: string | null; artistName: string }): string {
  forgetKeysIfPast(1);
  return knownKeyOf(artist.artistId, artist.artistName).key;
}

/**
 * The artist's key, where the keys hold it and its catalogue id as they hold it, for a caller that sums listening under
 * the key: a line that gives the place and that id is found there with one comparison by reference (see
 * `knownKeyOfLine`), where an id read afresh is looked up, which hashes or compares it character by character.
 */
export function splitArtistOf(artist: { artistId: string | null; artistName: string }): {
  artistKey: string;
  artistId: string | null;
  keyIndex: number;
} {
  forgetKeysIfPast(1);
  const known = knownKeyOf(artist.artistId, artist.artistName);
  return {
    artistKey: known.key,
    artistId: artist.artistId === null ? null : known.artistId,
    keyIndex: known.index,
  };
}
