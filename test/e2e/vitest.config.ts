import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { e2eShardOf, screensShardFiles } from './shards';

// Files run in name order, the same every time (vitest's default puts new, failed and slow files first):
// money-in.test.ts moves the product clock 30 days forward, which the files named before it must not see (the demo
// fan's listening of the last 30 days, for one). A file that minds a moved clock needs a name before `money-in`.
class FileNameSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

const shard = e2eShardOf(process.env['E2E_SHARD']);

// End-to-end: the real product (npm start's code path) on a free port with a fresh data folder,
// driven by Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    // `npm test` runs the two shards (shards.ts) at once; a run without E2E_SHARD takes every file it is given.
    include: shard === 'screens' ? [...screensShardFiles] : ['test/e2e/**/*.test.ts'],
    exclude: shard === 'rest' ? [...screensShardFiles] : [],
    environment: 'node',
    globalSetup: ['test/e2e/support/product.ts'],
    fileParallelism: false,
    // One process for the shard's files, each with fresh modules of our own (decision 058): playwright-core and the
    // SDKs stay loaded, some 2 s a file (six files 131 -> 118 s here). Every file closes the Chromium it launched.
    isolate: false,
    setupFiles: ['test/support/fresh-modules-setup.ts'],
    sequence: { sequencer: FileNameSequencer },
    // Twice the longest test here that has no limit of its own (the /try fan's free pie, 45 s, while the other shard
    // loads the machine): CI's machine ran the suite some 10-30% slower than this one, and stop 32's CI timed out a
    // test at the 60 s this was.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
