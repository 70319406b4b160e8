// Every `new App()` of an infra test synthesizes into an output folder; without one set, CDK makes a fresh
// `cdk.outXXXX` folder in the OS temp dir per synth and never removes it. Each test file gets one folder
// (CDK_OUTDIR, which App reads), removed when the file is done.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const outdir = mkdtempSync(join(tmpdir(), 'openpie-infra-test-'));
process.env.CDK_OUTDIR = outdir;

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
});
