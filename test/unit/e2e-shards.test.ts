// test/e2e/shards.ts: the two end-to-end shards that `npm test` runs at once, each against a product of its own. A
// file in the `screens` shard must never move the product clock (its files expect the product's own time); every
// e2e file belongs to exactly one shard, so none is left out of `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { e2eShardOf, screensShardFiles } from '../e2e/shards';

const e2eFiles = readdirSync('test/e2e')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `test/e2e/${name}`);
const movesTheClock = /\/api\/dev\/time\/advance|setLocalClockOffset/;

describe('the end-to-end shards', () => {
  it('name only e2e files that exist', () => {
    expect(screensShardFiles.filter((file) => !e2eFiles.includes(file))).toEqual([]);
  });

  it('keep every file that moves the product clock out of the screens shard', () => {
    const movers = screensShardFiles.filter((file) => movesTheClock.test(readFileSync(file, 'utf8')));
    expect(movers).toEqual([]);
  });

  it('leave the rest to the other shard, where money-in moves the clock', () => {
    const rest = e2eFiles.filter((file) => !(screensShardFiles as readonly string[]).includes(file));
    expect(rest).toContain('test/e2e/money-in.test.ts');
    expect(rest.length + screensShardFiles.length).toBe(e2eFiles.length);
  });

  it('refuses a shard name it does not know, and reads none as a run of the named files', () => {
    expect(() => e2eShardOf('screen')).toThrow(/E2E_SHARD is one of screens, rest/);
    expect(e2eShardOf(undefined)).toBeNull();
    expect(e2eShardOf('rest')).toBe('rest');
  });
});
