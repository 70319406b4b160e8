// `npm run smoke -- <site URL>` against the product as npm start runs it: the command a person runs after a deploy,
// here pointed at the local runtime, passes every check and says so on its last line. The script runs as npm runs it,
// minus npm's install check (scripts/ensure.mjs), which has nothing to do inside a test run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const run = promisify(execFile);

describe('npm run smoke', () => {
  it('passes against the local runtime: health, the web app, security headers, refusals', async () => {
    // Act
    const { stdout } = await run('npx', ['tsx', 'scripts/smoke.ts', baseUrl], { timeout: 60_000 });
    // Assess
    const lines = stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('ok  '))).toHaveLength(5);
    expect(lines.at(-1)).toBe(`smoke: 5 passed, 0 failed against ${new URL(baseUrl).origin}`);
  });
});
