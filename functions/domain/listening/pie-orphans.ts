// A pie's orphaned tracks (docs/decisions/021-the-split.md "Orphaned tracks"): the plays of the fan's
// history near a pie that the pie does not count, each with its reason. Which stretch of history is looked at, and
// why each play there is left out, are rules of their own, so the route and its tests read them from here.
import type { OrphanedTrackReason } from '../../contracts/pie';
import { msPerDay } from '../calendar';
import type { InstantRange } from './pie-listening';
import { isCountedPlay } from './rules';

/** How far before a pie's start and after its end the window reaches when no neighbouring pie bounds it. */
export const orphanWindowDays = 30;

/** The pie, and its neighbours among the fan's pies (by period start), as the window and the reasons need them. */
export interface OrphanContext {
  periodStart: string;
  periodEnd: string;
  promo: boolean;
  /** The end of the fan's pie that started before this one; null when this is the first. */
  previousPeriodEnd: string | null;
  /** The start of the fan's pie that started after this one; null when this is the newest. */
  nextPeriodStart: string | null;
  /** When the pie was split; null while it is not. */
  splitAt: string | null;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * The stretch of history [from, to) looked at: from the previous pie's end, but at most `orphanWindowDays` before
 * the start (30 days before it when there is no previous pie); to the next pie's start, but at most
 * `orphanWindowDays` after the end (30 days after it when there is no next pie); never past `now`. A neighbour that
 * overlaps this pie leaves nothing on that side. Each play in it therefore belongs to this pie's neighbourhood only:
 * the plays of the neighbouring pies' periods are theirs to show.
 */
export function orphanWindowOf(context: OrphanContext, now: Date): InstantRange {
  const start = Date.parse(context.periodStart);
  const end = Date.parse(context.periodEnd);
  const earliest = start - orphanWindowDays * msPerDay;
  const latest = end + orphanWindowDays * msPerDay;
  const previousEnd = context.previousPeriodEnd === null ? null : Date.parse(context.previousPeriodEnd);
  const nextStart = context.nextPeriodStart === null ? null : Date.parse(context.nextPeriodStart);
  const from = Math.min(start, Math.max(earliest, previousEnd ?? earliest));
  const to = Math.max(end, Math.min(latest, nextStart ?? latest));
  const cappedTo = Math.min(to, now.getTime());
  return { from: isoOf(from), to: isoOf(Math.max(from, cappedTo)) };
}

/** A stored play, as far as the reasons look at it. */
export interface OrphanCandidate {
  endedAt: string;
  msPlayed: number;
  artists: readonly unknown[];
  source: 'spotify' | 'import';
  /** When it was stored; plays stored before this was recorded have none and count as stored in time. */
  storedAt?: string | undefined;
}

/**
 * Why the pie does not count a play of its window, or null when it does. Outside the period: between pies when a
 * neighbouring pie lies on that side (the window stops at it), else before or after the pie. Inside it, in the order a
 * fan would look: no artist, under 30 s, an imported play of a promo pie (decision 020), then a play stored after the
 * split (a late sync or import: the split is frozen, it does not change).
 */
export function orphanReasonOf(play: OrphanCandidate, context: OrphanContext): OrphanedTrackReason | null {
  const at = Date.parse(play.endedAt);
  if (at < Date.parse(context.periodStart)) {
    return context.previousPeriodEnd !== null && at >= Date.parse(context.previousPeriodEnd)
      ? 'between_pies'
      : 'before_pie';
  }
  if (at >= Date.parse(context.periodEnd)) {
    return context.nextPeriodStart !== null && at < Date.parse(context.nextPeriodStart)
      ? 'between_pies'
      : 'after_pie';
  }
  if (play.artists.length === 0) return 'no_artist';
  if (!isCountedPlay(play.msPlayed)) return 'too_short';
  if (context.promo && play.source !== 'spotify') return 'not_synced';
  if (context.splitAt !== null && play.storedAt !== undefined && play.storedAt > context.splitAt) {
    return 'arrived_after_split';
  }
  return null;
}
