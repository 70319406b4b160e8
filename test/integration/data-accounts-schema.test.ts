// An account item is read back through its schema (functions/data/accounts.ts), on DynamoDB Local: a field stored only
// when set reads as null (or false) when absent, as registration and erasure leave it, and an item whose stored shape
// is not an account's is refused rather than coerced into one.
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/data/accounts';
import { accountKey } from '../../functions/data/keys';
import { testTable } from '../support/test-table';

async function storeRawAccount(item: Record<string, unknown>): Promise<void> {
  const table = testTable();
  await table.client.send(new PutCommand({ TableName: table.name, Item: item }));
}

describe('an account item read through its schema', () => {
  it('reads the fields a tombstone no longer has as null and its unset flags as false', async () => {
    // Prepare: what erasure leaves of a fan's account (no e-mail, names or password; no promo flags ever set)
    const id = randomUUID();
    await storeRawAccount({
      ...accountKey('fan', id),
      entity: 'fan',
      v: 1,
      kind: 'fan',
      id,
      status: 'deleted',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      deletedAt: '2026-11-20T10:00:00.000Z',
    });

    // Act
    const account = await getAccount(testTable(), 'fan', id);

    // Assess
    expect(account).toEqual({
      kind: 'fan',
      id,
      status: 'deleted',
      email: null,
      firstName: null,
      lastName: null,
      phoneNumber: null,
      country: null,
      passwordHash: null,
      emailVerifiedAt: null,
      promoEligible: false,
      usedPromotionCode: false,
      stripeCustomerId: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      deletedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('refuses an item that is not an account: an unknown status, a time stored as a number', async () => {
    // Prepare
    const [badStatus, badTime] = [randomUUID(), randomUUID()];
    const base = { entity: 'fan', v: 1, kind: 'fan', updatedAt: '2026-11-20T10:00:00.000Z' };
    await storeRawAccount({
      ...accountKey('fan', badStatus),
      ...base,
      id: badStatus,
      status: 'suspended',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    await storeRawAccount({
      ...accountKey('fan', badTime),
      ...base,
      id: badTime,
      status: 'active',
      createdAt: 1,
    });

    // Act
    const reads = await Promise.allSettled([
      getAccount(testTable(), 'fan', badStatus),
      getAccount(testTable(), 'fan', badTime),
    ]);

    // Assess
    expect(reads.map((read) => read.status)).toEqual(['rejected', 'rejected']);
  });
});
