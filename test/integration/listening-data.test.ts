import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PlayToStore } from '../../functions/domain/listening/plays';
import { tableWithHook } from '../support/table-hooks';
import { testTable } from '../support/test-table';

const table = testTable;

async function load() {
  return import('../../functions/data/listening');
}

const play = (endedAt: string, msPlayed: number, artistName: string, track = 'A Track'): PlayToStore => ({
  endedAt,
  msPlayed,
  trackName: track,
  artists: [{ artistName }],
  source: 'import',
  identity: JSON.stringify([endedAt, artistName, track, msPlayed]),
});

describe('plays and daily listening in the table', () => {
  it('stores plays once, however often they are written, and keeps the day totals exact', async () => {
    // Prepare
    const { savePlays, recomputeDailyListening, getDailyListening } = await load();
    const fanId = randomUUID();
    const plays = [
      play('2026-11-01T08:15:00.000Z', 620_000, 'Nina Simone', 'Sinnerman'),
      play('2026-11-01T08:15:00.000Z', 175_000, 'Nina Simone', 'Feeling Good'),
      play('2026-11-01T23:59:00.000Z', 290_000, 'Radiohead'),
      play('2026-11-02T07:30:00.000Z', 600_000, 'Nina Simone', 'Sinnerman'),
    ];
    // Act
    const first = await savePlays(table(), fanId, plays);
    await recomputeDailyListening(table(), fanId, first.days);
    const second = await savePlays(table(), fanId, plays);
    await recomputeDailyListening(table(), fanId, ['2026-11-01', '2026-11-02']);
    const days = await getDailyListening(table(), fanId, '2026-11-01', '2026-11-30');
    // Assess
    expect(first).toEqual({ saved: 4, duplicates: 0, days: ['2026-11-01', '2026-11-02'] });
    expect(second).toEqual({ saved: 0, duplicates: 4, days: [] });
    expect(days).toEqual([
      {
        date: '2026-11-01',
        plays: 3,
        msPlayed: 1_085_000,
        artists: [
          { artistName: 'Nina Simone', plays: 2, msPlayed: 795_000 },
          { artistName: 'Radiohead', plays: 1, msPlayed: 290_000 },
        ],
      },
      {
        date: '2026-11-02',
        plays: 1,
        msPlayed: 600_000,
        artists: [{ artistName: 'Nina Simone', plays: 1, msPlayed: 600_000 }],
      },
    ]);
  });

  it('writes more plays than one batch holds and counts duplicates within a request', async () => {
    const { savePlays, listPlaysOfDay } = await load();
    const fanId = randomUUID();
    const many = Array.from({ length: 130 }, (_, index) =>
      play(
        `2026-11-03T${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00.000Z`,
        31_000 + index,
        'Björk',
      ),
    );
    const result = await savePlays(table(), fanId, [...many, many[0]!]);
    expect(result).toMatchObject({ saved: 130, duplicates: 1 });
    expect(await listPlaysOfDay(table(), fanId, '2026-11-03')).toHaveLength(130);
  });

  it("keeps one fan's plays apart from another's", async () => {
    const { savePlays, recomputeDailyListening, getDailyListening } = await load();
    const [alice, bob] = [randomUUID(), randomUUID()];
    const shared = play('2026-11-04T10:00:00.000Z', 200_000, 'Radiohead');
    await savePlays(table(), alice, [shared]);
    const forBob = await savePlays(table(), bob, [shared]);
    await recomputeDailyListening(table(), alice, ['2026-11-04']);
    expect(forBob.saved).toBe(1);
    expect(await getDailyListening(table(), bob, '2026-11-04', '2026-11-04')).toEqual([]);
    expect(await getDailyListening(table(), alice, '2026-11-04', '2026-11-04')).toHaveLength(1);
  });

  it('rebuilds many days a few at once, each from its own plays', async () => {
    // Prepare: a play on each of twelve days; the day reads in flight are counted
    const { savePlays, recomputeDailyListening, getDailyListening } = await load();
    const fanId = randomUUID();
    const dates = Array.from({ length: 12 }, (_, index) => `2026-10-${String(index + 10)}`);
    const saved = await savePlays(
      table(),
      fanId,
      dates.map((date, index) => play(`${date}T12:00:00.000Z`, 60_000 + index, 'Nina Simone')),
    );
    let inFlight = 0;
    let mostInFlight = 0;
    const counted = tableWithHook(table(), async (command, pass) => {
      const input = command.input as { KeyConditionExpression?: string };
      if (!input.KeyConditionExpression?.includes('begins_with')) return pass();
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        return await pass();
      } finally {
        inFlight -= 1;
      }
    });

    // Act
    await recomputeDailyListening(counted, fanId, saved.days);
    const days = await getDailyListening(table(), fanId, '2026-10-01', '2026-10-31');

    // Assess: every day's totals, and more than one day read at a time
    expect(saved.days).toEqual(dates);
    expect(days.map((day) => [day.date, day.plays, day.msPlayed])).toEqual(
      dates.map((date, index) => [date, 1, 60_000 + index]),
    );
    expect(mostInFlight).toBeGreaterThan(1);
  });

  it('stores a listening once when the guards read ahead of an import are stale by the time it writes', async () => {
    // Prepare: the import's guards read ahead, then the sync stores the same listening (its minute's guard changes)
    const { savePlays, listPlaysOfDay } = await load();
    const { readListeningGuards, saveListening } =
      await import('../../functions/data/listening-counted-once');
    const fanId = randomUUID();
    const imported = play('2026-11-05T08:15:00.000Z', 620_000, 'Nina Simone', 'Sinnerman');
    const synced: PlayToStore = {
      ...play('2026-11-05T08:15:42.000Z', 620_000, 'Nina Simone', 'Sinnerman'),
      source: 'spotify',
      trackId: 'sinnerman-id',
    };
    const guardsRead = await readListeningGuards(table(), fanId, [imported]);
    const sync = await savePlays(table(), fanId, [synced]);

    // Act
    const saved = await saveListening(table(), fanId, [imported], { guardsRead });
    const again = await saveListening(table(), fanId, [imported], { guardsRead });

    // Assess: the read-ahead guard had no bucket, the write found the synced play's: counted once
    expect(guardsRead.guards.size).toBe(0);
    expect(sync.saved).toBe(1);
    expect(saved).toMatchObject({ saved: 0, matched: 1 });
    expect(again).toMatchObject({ saved: 0 });
    expect((await listPlaysOfDay(table(), fanId, '2026-11-05')).map((stored) => stored.endedAt)).toEqual([
      synced.endedAt,
    ]);
  });
});
