// Which listening a pie counts (domain/listening/pie-listening.ts, decision 021 "The pie's listening"): whole UTC
// days from their day totals, the partial first and last days play by play, a promo pie play by play throughout,
// and name-only artists added up under the split's key.
import { describe, expect, it } from 'vitest';
import { planPieCounting, sumPieListening } from '../../functions/domain/listening/pie-listening';

describe('planPieCounting', () => {
  it('reads the whole days from day totals and the partial first and last days play by play', () => {
    // Act
    const plan = planPieCounting('2026-10-01T15:00:00.000Z', '2026-10-31T15:00:00.000Z', false);
    // Assess
    expect(plan).toEqual({
      wholeDays: { first: '2026-10-02', last: '2026-10-30' },
      playRanges: [
        { from: '2026-10-01T15:00:00.000Z', to: '2026-10-02T00:00:00.000Z' },
        { from: '2026-10-31T00:00:00.000Z', to: '2026-10-31T15:00:00.000Z' },
      ],
    });
  });

  it('reads a period that starts and ends at midnight from day totals only', () => {
    // Act
    const plan = planPieCounting('2026-10-01T00:00:00.000Z', '2026-10-31T00:00:00.000Z', false);
    // Assess
    expect(plan).toEqual({ wholeDays: { first: '2026-10-01', last: '2026-10-30' }, playRanges: [] });
  });

  it('reads every play of a promo pie, and of a period with no whole day', () => {
    // Act
    const promo = planPieCounting('2026-10-01T15:00:00.000Z', '2026-10-31T15:00:00.000Z', true);
    const short = planPieCounting('2026-10-01T15:00:00.000Z', '2026-10-02T15:00:00.000Z', false);
    // Assess
    expect(promo).toEqual({
      wholeDays: null,
      playRanges: [{ from: '2026-10-01T15:00:00.000Z', to: '2026-10-31T15:00:00.000Z' }],
    });
    expect(short.wholeDays).toBeNull();
    expect(short.playRanges).toEqual([{ from: '2026-10-01T15:00:00.000Z', to: '2026-10-02T15:00:00.000Z' }]);
  });
});

describe('sumPieListening', () => {
  it('adds the spellings of a name-only artist up under one key, named by the spelling heard longest', () => {
    // Prepare
    const days = [
      {
        date: '2026-10-03',
        plays: 2,
        msPlayed: 160_000,
        artists: [
          { artistName: 'BEYONCE', plays: 1, msPlayed: 40_000 },
          { artistId: 'a1', artistName: 'Nina', plays: 1, msPlayed: 120_000 },
        ],
      },
      {
        date: '2026-10-04',
        plays: 1,
        msPlayed: 90_000,
        artists: [{ artistName: 'Beyoncé', plays: 1, msPlayed: 90_000 }],
      },
    ];
    // Act
    const summed = sumPieListening(days);
    // Assess
    expect(summed.stats).toEqual({ countTracks: 3, countArtists: 2, totalMs: 250_000 });
    expect(summed.artists).toEqual([
      {
        keyIndex: expect.any(Number),
        artistId: null,
        artistName: 'Beyoncé',
        msListened: 130_000,
        tracksListened: 2,
      },
      {
        keyIndex: expect.any(Number),
        artistId: 'a1',
        artistName: 'Nina',
        msListened: 120_000,
        tracksListened: 1,
      },
    ]);
  });
});
