// Every test file starts as in a process of its own, while the packages under node_modules stay loaded: the projects
// run their files one after another in each worker (isolate: false in vitest.config.ts, decision 058), which spares
// every file the seconds of loading the AWS SDK, stripe, aws-cdk-lib, React and the testing libraries again. Before
// each file: fresh copies of the product's and the web app's modules (their caches: the table client, the
// configuration, the clock's offset…), the environment the worker started with, real timers and no stubbed globals.
import { vi } from 'vitest';

const started = globalThis as typeof globalThis & { openPieEnvAtStart?: Record<string, string | undefined> };
started.openPieEnvAtStart ??= { ...process.env };
const atStart = started.openPieEnvAtStart;
for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
Object.assign(process.env, atStart);

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.resetModules();
