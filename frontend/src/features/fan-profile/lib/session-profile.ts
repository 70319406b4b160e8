// The profile fields of GET /api/user as the fan guard's session holds them (the session's account is `unknown`).
import type { FanVisibilityValue } from '@contracts/fan-profile';

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
