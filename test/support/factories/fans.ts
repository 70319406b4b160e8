// Fans' listening for integration tests: plays stored as the sync stores them (each a five-minute-or-so play on a
// day of a period), then the fan's day totals rebuilt, as the sync does after storing. Identities are new for each
// call, so a fan's plays of one call never stand in for another's.
import { randomUUID } from 'node:crypto';
import type { PlayArtist } from '../../../functions/domain/listening/daily';
import { testTable } from '../test-table';

const dayMs = 86_400_000;

/** One play: which day of the period it ended on, how long it lasted, and whom it was by (a name alone, or an id). */
export interface GivenPlay {
  day: number;
  msPlayed: number;
  artist: string | PlayArtist;
}

/** Stores the fan's plays from `start` on (`Track <n>` each, from Spotify) and rebuilds the fan's day totals. */
export async function givenListening(
  fanId: string,
  start: Date | string,
  plays: readonly GivenPlay[],
): Promise<void> {
  const { savePlays, recomputeDailyListening } = await import('../../../functions/data/listening');
  const from = new Date(start).getTime();
  const tag = randomUUID().slice(0, 8);
  const saved = await savePlays(
    testTable(),
    fanId,
    plays.map((play, index) => ({
      endedAt: new Date(from + play.day * dayMs).toISOString(),
      msPlayed: play.msPlayed,
      artists: [typeof play.artist === 'string' ? { artistName: play.artist } : play.artist],
      trackName: `Track ${index}`,
      source: 'spotify' as const,
      identity: `${fanId}-${tag}-${index}`,
    })),
  );
  await recomputeDailyListening(testTable(), fanId, saved.days);
}

/**
 * Listening 3:1 in the period from `start` to two artists nobody has claimed, known only by name (`Unclaimed Band
 * <tag>`, `Unclaimed Duo <tag>` unless named): five minutes of the first, then 100 seconds of the second.
 */
export async function givenUnclaimedListening(
  fanId: string,
  start: Date | string,
  tag = randomUUID().slice(0, 8),
  [first, second]: readonly [string, string] = ['Unclaimed Band', 'Unclaimed Duo'],
): Promise<void> {
  await givenListening(fanId, start, [
    { day: 2, msPlayed: 300_000, artist: `${first} ${tag}` },
    { day: 3, msPlayed: 100_000, artist: `${second} ${tag}` },
  ]);
}
