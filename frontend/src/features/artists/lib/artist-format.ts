// How the artist screens write numbers and ids.

/** Ids the catalogue can hold (Spotify's base62 ids, and the local samples); anything else cannot be an artist. */
export function isArtistId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

const wholeNumber = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return wholeNumber.format(value);
}

/** `2 h 05 min`, `12 min`, `45 s`: listening time as people say it. */
export function formatListeningTime(ms: number): string {
  const totalMinutes = Math.floor(ms / 60_000);
  if (totalMinutes === 0) return `${Math.round(ms / 1000)} s`;
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return hours === 0 ? `${minutes} min` : `${hours} h ${String(minutes).padStart(2, '0')} min`;
}

/** `3:07`: a track's length. */
export function formatTrackLength(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function formatFansListening(count: number): string {
  if (count === 0) return 'No OpenPie fans have listened this month yet';
  return `${formatCount(count)} OpenPie ${count === 1 ? 'fan' : 'fans'} listening this month`;
}
