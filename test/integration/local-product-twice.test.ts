// A process that starts the local product, stops it and starts it again, each time on its own DynamoDB Local (`npm run
// bench` measures the first start's seed, then the load, in one process): the runtime's table client follows the
// second start. It was kept for the process, so the second product's writes went to the stopped DynamoDB Local and
// the bench died with ECONNREFUSED. (testTable() is the runtime's own table handle.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../functions/runtime/env';
import { testTable } from '../support/test-table';
import { throwawayProduct } from '../support/throwaway-product';

const savedEnv = { ...process.env };
const folders: string[] = [];

afterAll(async () => {
  process.env = savedEnv;
  resetEnvCache();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function startProduct() {
  const { startOpenPie } = await import('../../local/app');
  const folder = await mkdtemp(join(tmpdir(), 'openpie-twice-'));
  folders.push(folder);
  return startOpenPie({ port: 0, dataDir: folder, ...throwawayProduct });
}

describe('the local product started twice in one process', () => {
  it('reaches the second start’s table through the runtime’s client, and keeps one client per endpoint', async () => {
    // Prepare: a first product, its table used through the runtime, then stopped
    const first = await startProduct();
    const firstEndpoint = process.env.DYNAMODB_ENDPOINT;
    const firstTable = testTable();
    await first.stop();

    // Act
    const second = await startProduct();
    try {
      const table = testTable();
      const key = { pk: 'TEST#local-product-twice', sk: 'ITEM' };
      await table.client.send(
        new PutCommand({ TableName: table.name, Item: { ...key, entity: 'test', v: 1 } }),
      );
      const read = await table.client.send(
        new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
      );

      // The environment read again on the same endpoint: the very client, with the middleware added to it (the
      // simulation's faults and audit log live there).
      resetEnvCache();
      const again = testTable();

      // Assess
      expect(process.env.DYNAMODB_ENDPOINT).not.toBe(firstEndpoint);
      expect(table).not.toBe(firstTable);
      expect(read.Item?.['entity']).toBe('test');
      expect(again).toBe(table);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
