// How the artist screens read ids and describe an artist's audience; numbers are written by lib/format.
import { formatCount } from '../../../lib/format';

/** Ids the catalogue can hold (Spotify's base62 ids, and the local samples); anything else cannot be an artist. */
export function isArtistId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

export function describeFansListening(count: number): string {
  if (count === 0) return 'No OpenPie fans have listened this month yet';
  return `${formatCount(count)} OpenPie ${count === 1 ? 'fan' : 'fans'} listening this month`;
}
