// Where the local product keeps its table (DESIGN §3): on disk under the data folder, or in memory for tests.
import { describe, expect, it } from 'vitest';
import { readTableStorage, tableStorage } from '../../local/dynamodb-local';

describe('the local table’s storage', () => {
  it('is the data folder’s dynamodb/ unless LOCAL_TABLE says memory', () => {
    // Prepare
    const dataDir = '/tmp/openpie-data';

    // Act
    const read = ['', undefined, 'disk', 'memory'].map((value) => readTableStorage(value));
    const places = [tableStorage(dataDir), tableStorage(dataDir, true)];

    // Assess: no folder means DynamoDB Local's -inMemory
    expect(read).toEqual(['disk', 'disk', 'disk', 'memory']);
    expect(places).toEqual([{ dataDir: '/tmp/openpie-data/dynamodb' }, {}]);
  });

  it('refuses any other LOCAL_TABLE, naming the two it takes', () => {
    // Act and assess
    expect(() => readTableStorage('ram')).toThrow('LOCAL_TABLE is "disk" or "memory", not "ram"');
  });
});
