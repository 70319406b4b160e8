// Stored plays and day counts are read back through their schemas (functions/data/listening-reads.ts), on DynamoDB
// Local: a play kept from before a field was stored reads with its fallback (an unnamed track, no artists, an
// import), and a day count whose stored shape is not a count is refused rather than coerced into one.
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dayCountSortKey, fanPartition, playSortKey } from '../../functions/data/keys';
import { listDayPlayCounts, listPlaysNewestFirst } from '../../functions/data/listening-reads';
import { testTable } from '../support/test-table';

async function storeRaw(item: Record<string, unknown>): Promise<void> {
  const table = testTable();
  await table.client.send(new PutCommand({ TableName: table.name, Item: item }));
}

describe('listening items read through their schemas', () => {
  it('reads a play without a track name, artists or source with their fallbacks', async () => {
    // Prepare
    const fanId = randomUUID();
    const endedAt = '2026-11-20T10:00:00.000Z';
    await storeRaw({
      pk: fanPartition(fanId),
      sk: playSortKey(endedAt, 'old-play'),
      entity: 'play',
      v: 1,
      endedAt,
      msPlayed: 61_000,
    });

    // Act
    const plays = await listPlaysNewestFirst(testTable(), fanId, 10);

    // Assess
    expect(plays).toEqual([
      { endedAt, msPlayed: 61_000, trackName: 'Unknown track', artists: [], source: 'import' },
    ]);
  });

  it('refuses a day count stored as text', async () => {
    // Prepare
    const fanId = randomUUID();
    await storeRaw({
      pk: fanPartition(fanId),
      sk: dayCountSortKey('2026-11-20'),
      entity: 'day-count',
      v: 1,
      date: '2026-11-20',
      storedPlays: '12',
    });

    // Act
    const read = listDayPlayCounts(testTable(), fanId);

    // Assess
    await expect(read).rejects.toThrow();
  });
});
