import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { lambdaBundling } from '../../infra/lambda-bundling';

// Bundles code the way the stack does and runs it in a fresh Node, as Lambda would.
const dir = mkdtempSync(join(tmpdir(), 'openpie-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(entry: string | { contents: string }, name: string): Promise<string> {
  const outfile = join(dir, `${name}.mjs`);
  await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: 'ts' as const } }),
    outfile,
    bundle: true,
    platform: 'node',
    logLevel: 'error',
    ...lambdaBundling.esbuild,
    mainFields: [...lambdaBundling.esbuild.mainFields],
  });
  return outfile;
}

describe('Lambda bundles', () => {
  it('resolve AWS credentials from the environment, as Lambda provides them', async () => {
    // Prepare: a probe that builds a client with no explicit credentials
    const probe = {
      contents: [
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        "const client = new DynamoDBClient({ region: 'eu-west-1' });",
        'const credentials = await client.config.credentials();',
        'console.log(JSON.stringify(credentials));',
      ].join('\n'),
    };
    const file = await bundle(probe, 'probe');
    // Act
    const run = spawnSync(process.execPath, [file], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        AWS_ACCESS_KEY_ID: 'ASIAEXAMPLEKEY',
        AWS_SECRET_ACCESS_KEY: 'example-secret',
        AWS_SESSION_TOKEN: 'example-token',
      },
      encoding: 'utf8',
    });
    // Assess
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      accessKeyId: 'ASIAEXAMPLEKEY',
      secretAccessKey: 'example-secret',
      sessionToken: 'example-token',
    });
  }, 30_000);

  it("keep the SDK's endpoint cache working on the Map-based LRU cache that replaces mnemonist's", async () => {
    // Prepare: the SDK's EndpointCache (two entries at most), bundled as the Lambdas are
    const probe = {
      contents: [
        "import { EndpointCache } from '@aws-sdk/endpoint-cache';",
        'const cache = new EndpointCache(2);',
        'const endpoint = (address: string) => [{ Address: address, CachePeriodInMinutes: 1 }];',
        "cache.set('a', endpoint('a.example')); cache.set('b', endpoint('b.example'));",
        "const first = cache.getEndpoint('a');",
        "cache.set('c', endpoint('c.example'));",
        "const afterEviction = ['a', 'b', 'c'].map((key) => cache.has(key));",
        "cache.delete('a');",
        "console.log(JSON.stringify({ first, afterEviction, deleted: cache.getEndpoint('a') ?? null }));",
      ].join('\n'),
    };
    const file = await bundle(probe, 'endpoint-cache');
    // Act
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    // Assess: reading `a` made `b` the least recently used, so adding `c` evicted `b`
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      first: 'a.example',
      afterEviction: [true, false, true],
      deleted: null,
    });
    expect(readFileSync(file, 'utf8')).not.toMatch(/mnemonist|obliterator/);
  }, 30_000);

  it('leave out the default credential chain and its STS and SSO clients', async () => {
    const file = await bundle(join(process.cwd(), 'functions/handlers/health.ts'), 'health');
    const code = readFileSync(file, 'utf8');
    expect(code).not.toMatch(/AssumeRoleWithWebIdentity/);
    expect(code).not.toMatch(/sso_start_url/);
  }, 30_000);
});
