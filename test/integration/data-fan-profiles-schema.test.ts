// A fan's profile item is read back through its schema (functions/data/fan-profiles.ts), on DynamoDB Local: a fan
// without one, or one who never set their visibility, is private; a visibility that is none of the product's is
// refused rather than read as private.
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getFanProfile } from '../../functions/data/fan-profiles';
import { fanProfileKey } from '../../functions/data/keys';
import { testTable } from '../support/test-table';

async function storeProfile(fanId: string, fields: Record<string, unknown>): Promise<void> {
  const table = testTable();
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: { ...fanProfileKey(fanId), entity: 'fan-profile', v: 1, ...fields },
    }),
  );
}

describe('a fan profile read through its schema', () => {
  it('reads a fan without a profile, and one who only joined the beta, as private', async () => {
    // Prepare
    const [none, betaOnly] = [randomUUID(), randomUUID()];
    await storeProfile(betaOnly, { joinedBetaAt: '2026-11-20T10:00:00.000Z' });

    // Act
    const profiles = await Promise.all([
      getFanProfile(testTable(), none),
      getFanProfile(testTable(), betaOnly),
    ]);

    // Assess
    expect(profiles).toEqual([
      { visibility: 'private' },
      { visibility: 'private', joinedBetaAt: '2026-11-20T10:00:00.000Z' },
    ]);
  });

  it('refuses a stored visibility that is none of the product’s', async () => {
    // Prepare
    const fanId = randomUUID();
    await storeProfile(fanId, { username: 'ana', visibility: 'friends-of-friends' });

    // Act
    const read = getFanProfile(testTable(), fanId);

    // Assess
    await expect(read).rejects.toThrow();
  });
});
