// The history import's sanity limits: impossible dates and spans are refused by the contract; plays in
// the future or over 3 hours are refused, plays past the 13-month retention are too old, and a UTC day never holds
// more than 24 hours of counted listening. Every expected figure below is computed by hand.
import { describe, expect, it } from 'vitest';
import { dailyListeningQuerySchema, historyImportSchema } from '../../functions/contracts/listening';
import {
  capDailyListening,
  dailyListeningCapMs,
  longestPlayMs,
  screenImportedPlays,
} from '../../functions/domain/listening/history-import';

const hour = 3_600_000;
const minute = 60_000;

const play = (endedAt: string, msPlayed: number, identity = `${endedAt}/${msPlayed}`) => ({
  endedAt,
  msPlayed,
  identity,
});

function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the import contract', () => {
  const accountData = (endTime: string, msPlayed = 200_000) => ({
    source: 'spotify-account-data',
    records: [{ endTime, artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed }],
  });

  it.each(['2026-02-30 10:00', '2026-02-28 24:00', '2026-04-31 08:00', '2026-01-01 10:60'])(
    'refuses the impossible account-data time %s',
    (endTime) => {
      // Act
      const result = historyImportSchema.safeParse(accountData(endTime));
      // Assess
      expect(issuesOf(result)).toEqual([
        'records.0.endTime: endTime must be a real date and time, like 2024-01-31 23:59',
      ]);
    },
  );

  it('accepts a leap day and says only that a malformed time is malformed', () => {
    expect(historyImportSchema.safeParse(accountData('2024-02-29 23:59')).success).toBe(true);
    expect(issuesOf(historyImportSchema.safeParse(accountData('2026/01/01 10:00')))).toEqual([
      'records.0.endTime: endTime must look like 2024-01-31 23:59',
    ]);
  });

  it('refuses an impossible extended-history time and a length past the safe integers', () => {
    // Prepare
    const extended = (ts: string, msPlayed: number) => ({
      source: 'spotify-extended',
      records: [
        {
          ts,
          ms_played: msPlayed,
          master_metadata_track_name: 'Hyperballad',
          master_metadata_album_artist_name: 'Björk',
        },
      ],
    });
    // Act
    const impossibleDay = historyImportSchema.safeParse(extended('2026-02-30T10:00:00Z', 200_000));
    const unsafeLength = historyImportSchema.safeParse(accountData('2026-01-01 10:00', 2 ** 53));
    const safeButAbsurd = historyImportSchema.safeParse(
      accountData('2026-01-01 10:00', Number.MAX_SAFE_INTEGER),
    );
    // Assess: the largest safe integer reads, and the domain refuses it as over 3 hours (below)
    expect(issuesOf(impossibleDay).map((issue) => issue.split(':')[0])).toEqual(['records.0.ts']);
    expect(issuesOf(unsafeLength).map((issue) => issue.split(':')[0])).toEqual(['records.0.msPlayed']);
    expect(safeButAbsurd.success).toBe(true);
  });

  it('answers the daily listening for at most 400 days, of real dates', () => {
    // 2025-01-01 … 2026-02-04 is 365 + 35 = 400 days, both ends included
    expect(
      dailyListeningQuerySchema.safeParse({ startDate: '2025-01-01', endDate: '2026-02-04' }).success,
    ).toBe(true);
    expect(
      issuesOf(dailyListeningQuerySchema.safeParse({ startDate: '2025-01-01', endDate: '2026-02-05' })),
    ).toEqual(['endDate: Ask for at most 400 days at a time']);
    expect(
      issuesOf(dailyListeningQuerySchema.safeParse({ startDate: '2026-02-30', endDate: '2026-03-02' })),
    ).toEqual(['startDate: Use a real date, like 2026-11-21']);
  });
});

describe('screening imported plays by the product clock', () => {
  const now = new Date('2026-11-20T12:00:00.000Z');

  it('keeps possible plays, refuses impossible ones and counts those past the retention as too old', () => {
    // Prepare: 396 days before now is 2025-10-20T12:00:00Z (365 days back to 2025-11-20, 31 more)
    const plays = [
      play('2026-11-20T11:59:00.000Z', 3 * hour), // A: exactly 3 hours, a minute ago → kept
      play('2026-11-20T12:01:00.000Z', 200_000), // B: a minute in the future → refused
      play('2099-01-01T10:00:00.000Z', 200_000), // C: 2099 → refused
      play('2026-11-19T10:00:00.000Z', 3 * hour + 1), // D: 1 ms over 3 hours → refused
      play('2019-01-01T10:00:00.000Z', 200_000), // E: 2019 → too old
      play('2019-01-01T11:00:00.000Z', Number.MAX_SAFE_INTEGER), // F: impossible first, old second → refused
      play('2025-10-20T12:00:00.000Z', 200_000), // G: expires exactly now → too old
      play('2025-10-20T12:00:01.000Z', 200_000), // H: a second inside the retention → kept
    ];
    // Act
    const screened = screenImportedPlays(plays, now);
    // Assess
    expect(screened.kept.map((kept) => kept.endedAt)).toEqual([
      '2026-11-20T11:59:00.000Z',
      '2025-10-20T12:00:01.000Z',
    ]);
    expect({ tooOld: screened.tooOld, refused: screened.refused }).toEqual({ tooOld: 2, refused: 4 });
    expect(longestPlayMs).toBe(10_800_000);
  });
});

describe('the 24-hour cap on a UTC day', () => {
  it('admits new plays in time order while the day, with what it already holds, stays within 24 hours', () => {
    // Prepare: 18 November already holds 23 h; the file lists its plays out of time order
    const p1 = play('2026-11-18T10:00:00.000Z', 30 * minute); // 23 h 30 → admitted
    const p2 = play('2026-11-18T11:00:00.000Z', 40 * minute); // 24 h 10 → refused
    const p3 = play('2026-11-18T12:00:00.000Z', 20 * minute); // 23 h 50 → admitted
    const p4 = play('2026-11-18T13:00:00.000Z', 10 * minute); // exactly 24 h → admitted
    const stored = new Map([['2026-11-18', 23 * hour]]);
    // Act
    const capped = capDailyListening([p3, p2, p4, p1], stored);
    // Assess
    expect(capped.admitted).toEqual([p1, p3, p4]);
    expect(capped.refused).toBe(1);
    expect(dailyListeningCapMs).toBe(86_400_000);
  });

  it('fills an empty day to exactly 24 hours and refuses the play after, day by day', () => {
    // Prepare: eight 3-hour plays on 19 November are 24 h; a ninth of 30 s would pass it. 20 November is apart.
    const full = Array.from({ length: 8 }, (_, index) =>
      play(`2026-11-19T${String(3 * index + 2).padStart(2, '0')}:59:00.000Z`, 3 * hour),
    );
    const ninth = play('2026-11-19T23:59:30.000Z', 30_000);
    const nextDay = play('2026-11-20T00:00:30.000Z', 30_000);
    // Act
    const capped = capDailyListening([ninth, nextDay, ...full], new Map());
    // Assess
    expect(capped.admitted).toEqual([...full, nextDay]);
    expect(capped.refused).toBe(1);
  });

  it('settles plays ending at the same instant by identity, whatever the order of the file', () => {
    // Prepare: 23 h 58 stored; two 2-minute plays end together, only one fits
    const stored = new Map([['2026-11-18', 23 * hour + 58 * minute]]);
    const first = play('2026-11-18T20:00:00.000Z', 2 * minute, 'a');
    const second = play('2026-11-18T20:00:00.000Z', 2 * minute, 'b');
    // Act
    const forwards = capDailyListening([first, second], stored);
    const backwards = capDailyListening([second, first], stored);
    // Assess
    expect(forwards).toEqual({ admitted: [first], refused: 1 });
    expect(backwards).toEqual({ admitted: [first], refused: 1 });
  });
});
