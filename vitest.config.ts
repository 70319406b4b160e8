import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

// The SPA reaches the shared schemas as @contracts/… (vite.config.ts and tsconfig.json say the same); tests that
// import SPA modules need the alias too.
const resolve = {
  alias: { '@contracts': fileURLToPath(new URL('./functions/contracts', import.meta.url)) },
};

/**
 * The longest files that need no more than one worker, longest first (86-94 s and 56 s on a clean run on two cores,
 * test-results/vitest.json; demo-seed-any-date, 148 s, starts three seeds of its own and stays where vitest puts it). vitest's own order on a clean clone (no timings cached) runs the projects one after another, and
 * these ran last: the step's last 120 s had one of them running while the other worker had nothing left to do.
 */
const startFirst = [
  'test/security/every-route.test.ts',
  'test/integration/simulation.test.ts',
  'test/integration/money-month.test.ts',
];

/** vitest's order, with the longest files (`startFirst`) moved to its head. */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = startFirst.findIndex((path) => file.moduleId.endsWith(path));
      return index < 0 ? startFirst.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// The vitest projects that `npm test` runs in one go. The e2e suite has its own config
// (test/e2e/vitest.config.ts) because it needs the built product running first.
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    // vitest's default in a run is one worker fewer than the cores: one worker on CI's two. Most files wait on
    // DynamoDB Local (its own process) or a started product as much as they compute, so two workers share the two
    // cores better: the unit project took 28 s with two and 46 s with one on this machine, and the whole step 651 s
    // with two (while other work loaded the machine) against 725 s with one on a quiet machine.
    maxWorkers: 2,
    // Every project but security (one file) runs its files one after another in each worker without a fresh process
    // each (isolate: false); test/support/fresh-modules-setup.ts gives every file fresh copies of our own modules and
    // the worker's starting environment. Decision 058 has the measurements (the vitest step 970 s -> 483 s).
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          setupFiles: ['test/support/fresh-modules-setup.ts', 'test/support/env-setup.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/dynamodb-global-setup.ts'],
          isolate: false,
          setupFiles: [
            'test/support/fresh-modules-setup.ts',
            'test/support/env-setup.ts',
            'test/support/dynamodb-table-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          // Every manifest route under generated attacks (test/security/): it starts the local product itself.
          name: 'security',
          include: ['test/security/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/env-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          setupFiles: ['test/support/fresh-modules-setup.ts', 'test/support/cdk-outdir-setup.ts'],
          testTimeout: 120_000,
          // Synthesizing a stage takes seconds on a loaded machine; the stack tests do it in beforeAll.
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        plugins: [react()],
        test: {
          name: 'frontend',
          include: ['test/frontend/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['test/support/fresh-modules-setup.ts', 'test/support/frontend-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
