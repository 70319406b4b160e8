// The profile fields of GET /api/user as the fan guard's session holds them (the session's account is `unknown`).
import type { FanVisibilityValue } from '../../../../../functions/contracts/fan-profile';

export interface SessionProfile {
  id: string | null;
  username: string | null;
  visibility: FanVisibilityValue;
  joinedBetaAt: string | null;
}

/** Reads what it can; anything missing reads as a fan who set nothing (private, no username). */
export function readSessionProfile(account: unknown): SessionProfile {
  const read = typeof account === 'object' && account !== null ? (account as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    id: text(read['id']),
    username: text(read['username']),
    visibility: read['visibility'] === 'fans' ? 'fans' : 'private',
    joinedBetaAt: text(read['joined_beta_at']),
  };
}

/** Fan ids are UUIDs: anything else names no fan, so the screen says so without asking the server. */
export function isFanId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** `3 h 25 min`, `12 min`, `under a minute`. */
export function formatListeningTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** `42%` (whole percent; `<1%` for a sliver). */
export function formatShare(share: number): string {
  const percent = Math.round(share * 100);
  return percent === 0 && share > 0 ? '<1%' : `${percent}%`;
}

/** A UTC date or instant as `21 November 2026`. */
export function formatDay(value: string): string {
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
