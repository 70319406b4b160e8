// How the pie screens say a pie's facts in words: why an artist gets nothing, the days left, an artist's inclusion.
import type { pieExclusionReasons, RealtimeStats } from '@contracts/pie';
import { formatDate } from '../../../lib/format';

export type PieExclusionReason = (typeof pieExclusionReasons)[number];

const reasonWords: Readonly<Record<PieExclusionReason, string>> = {
  banned: 'banned',
  excluded_by_fan: 'excluded by you',
  not_active: 'not active',
  over_limit: 'over the limit',
  under_one_cent: 'under one cent',
};

/** `banned, excluded by you`. */
export function describeReasons(reasons: readonly PieExclusionReason[]): string {
  return reasons.map((reason) => reasonWords[reason]).join(', ');
}

const dayMs = 86_400_000;

/** Whole days left in a period, rounded up (the last hours still count as a day); 0 once it has ended. */
export function countDaysLeft(periodEnd: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(periodEnd) - now) / dayMs));
}

/** `12 days left`, `1 day left`, `Ended on December 24, 2026`. */
export function describeDaysLeft(periodEnd: string, now: number): string {
  const days = countDaysLeft(periodEnd, now);
  if (days === 0) return `Ended on ${formatDate(periodEnd)}`;
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

type AnyPieArtist = RealtimeStats['allArtists'][number];

/** This pie's inclusion of an artist as the fan set it: true kept in, false left out, null as the settings decide. */
export function readInclusion(artist: AnyPieArtist): boolean | null {
  if (artist.manual_inclusion_status) return true;
  if (artist.reasons?.includes('excluded_by_fan')) return false;
  return null;
}

/** What the route of an artist takes as `{id}`: its catalogue id, or its name for an artist known only by name. */
export function selectArtistRouteId(artist: Pick<AnyPieArtist, 'artist_id' | 'artist_name'>): string {
  return artist.artist_id ?? artist.artist_name;
}

/** A share of listening time (0 to 1); 0 when there was no listening. */
export function divideShare(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
