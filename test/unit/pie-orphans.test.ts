// The rules of a pie's orphaned tracks (decision 021 "Orphaned tracks"): the window of history looked at,
// and why the pie does not count each play in it.
import { describe, expect, it } from 'vitest';
import type { OrphanContext } from '../../functions/domain/listening/pie-orphans';
import { orphanReasonOf, orphanWindowOf } from '../../functions/domain/listening/pie-orphans';

const day = 86_400_000;
const start = Date.parse('2026-06-10T12:00:00.000Z');
const end = start + 30 * day;
const iso = (ms: number) => new Date(ms).toISOString();
const later = new Date(end + 365 * day);

function contextOf(overrides: Partial<OrphanContext> = {}): OrphanContext {
  return {
    periodStart: iso(start),
    periodEnd: iso(end),
    promo: false,
    previousPeriodEnd: null,
    nextPeriodStart: null,
    splitAt: null,
    ...overrides,
  };
}

const play = (at: number, overrides: Partial<Parameters<typeof orphanReasonOf>[0]> = {}) => ({
  endedAt: iso(at),
  msPlayed: 60_000,
  artists: [{ artistName: 'Someone' }],
  source: 'spotify' as const,
  ...overrides,
});

describe('orphanWindowOf', () => {
  it('reaches 30 days each side of a pie without neighbours', () => {
    // Act
    const window = orphanWindowOf(contextOf(), later);
    // Assess
    expect(window).toEqual({ from: iso(start - 30 * day), to: iso(end + 30 * day) });
  });

  it('stops at the neighbours when they are nearer than 30 days, and never passes now', () => {
    // Prepare
    const context = contextOf({
      previousPeriodEnd: iso(start - 3 * day),
      nextPeriodStart: iso(end + 2 * day),
    });
    // Act
    const bounded = orphanWindowOf(context, later);
    const capped = orphanWindowOf(contextOf(), new Date(end - day));
    // Assess
    expect(bounded).toEqual({ from: iso(start - 3 * day), to: iso(end + 2 * day) });
    expect(capped).toEqual({ from: iso(start - 30 * day), to: iso(end - day) });
  });

  it('keeps 30 days when a neighbour is further, and leaves nothing on the side of an overlapping one', () => {
    // Prepare
    const far = contextOf({ previousPeriodEnd: iso(start - 90 * day), nextPeriodStart: iso(end + 90 * day) });
    const overlapping = contextOf({ previousPeriodEnd: iso(start + day), nextPeriodStart: iso(end - day) });
    // Act and assess
    expect(orphanWindowOf(far, later)).toEqual({ from: iso(start - 30 * day), to: iso(end + 30 * day) });
    expect(orphanWindowOf(overlapping, later)).toEqual({ from: iso(start), to: iso(end) });
  });
});

describe('orphanReasonOf', () => {
  it('counts a play that ended in the period [start, end), and names those outside it', () => {
    // Prepare
    const context = contextOf();
    // Act and assess
    expect(orphanReasonOf(play(start), context)).toBeNull();
    expect(orphanReasonOf(play(end - 1), context)).toBeNull();
    expect(orphanReasonOf(play(start - 1), context)).toBe('before_pie');
    expect(orphanReasonOf(play(end), context)).toBe('after_pie');
  });

  it('says between pies where a neighbouring pie lies on that side', () => {
    // Prepare
    const context = contextOf({
      previousPeriodEnd: iso(start - 5 * day),
      nextPeriodStart: iso(end + 5 * day),
    });
    // Act and assess
    expect(orphanReasonOf(play(start - 5 * day), context)).toBe('between_pies');
    expect(orphanReasonOf(play(start - 1), context)).toBe('between_pies');
    expect(orphanReasonOf(play(end), context)).toBe('between_pies');
    expect(orphanReasonOf(play(end + 5 * day), context)).toBe('after_pie');
  });

  it('names plays inside the period the pie leaves out: no artist, under 30 s, imported on a promo pie', () => {
    // Prepare
    const at = start + day;
    // Act and assess
    expect(orphanReasonOf(play(at, { artists: [] }), contextOf())).toBe('no_artist');
    expect(orphanReasonOf(play(at, { artists: [], msPlayed: 10 }), contextOf())).toBe('no_artist');
    expect(orphanReasonOf(play(at, { msPlayed: 29_999 }), contextOf())).toBe('too_short');
    expect(orphanReasonOf(play(at, { msPlayed: 30_000 }), contextOf())).toBeNull();
    expect(orphanReasonOf(play(at, { source: 'import' }), contextOf({ promo: true }))).toBe('not_synced');
    expect(orphanReasonOf(play(at, { source: 'import' }), contextOf())).toBeNull();
  });

  it('names a play stored after the split, and counts one stored before it or with no record of when', () => {
    // Prepare
    const splitAt = iso(end + day);
    const context = contextOf({ splitAt });
    const at = start + day;
    // Act and assess
    expect(orphanReasonOf(play(at, { storedAt: iso(end + day + 1) }), context)).toBe('arrived_after_split');
    expect(orphanReasonOf(play(at, { storedAt: splitAt }), context)).toBeNull();
    expect(orphanReasonOf(play(at), context)).toBeNull();
    expect(orphanReasonOf(play(at, { storedAt: iso(end + 2 * day) }), contextOf())).toBeNull();
  });
});
