import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { stripeResourcesUsed } from '../../functions/integrations/stripe/resources-used';
import { bundleLambda } from '../../infra/lambda-bundling';

// Bundles code the way the stack does and runs it in a fresh Node, as Lambda would.
const dir = mkdtempSync(join(tmpdir(), 'openpie-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(entry: string | { contents: string }, name: string): Promise<string> {
  const outfile = join(dir, `${name}.mjs`);
  await bundleLambda(
    typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: 'ts' } },
    outfile,
  );
  return outfile;
}

/** The methods of the resource at `path` on a Stripe client (`checkout.sessions`), or null where there is none. */
const methodsAt = (client: unknown, path: string): string[] | null => {
  const resource = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], client);
  if (typeof resource !== 'object' || resource === null) return null;
  return Object.getOwnPropertyNames(Object.getPrototypeOf(resource))
    .filter((name) => name !== 'constructor')
    .sort();
};

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

  it('keep every Stripe resource the product calls, whole, and leave the others out', async () => {
    // Prepare: a client built from the bundled SDK, and the methods of each resource on it
    const probe = {
      contents: [
        "import Stripe from 'stripe';",
        `const methodsAt = ${methodsAt.toString()};`,
        "const stripe = new Stripe('sk_test_probe');",
        `const used = ${JSON.stringify(stripeResourcesUsed)};`,
        'console.log(JSON.stringify({',
        '  used: Object.fromEntries(used.map((path) => [path, methodsAt(stripe, path)])),',
        "  leftOut: ['coupons', 'issuing.cards', 'v2.core.accounts'].map((path) => methodsAt(stripe, path)),",
        '  webhooks: typeof Stripe.webhooks.constructEvent,',
        '}));',
      ].join('\n'),
    };
    const file = await bundle(probe, 'stripe-resources');
    const whole = new Stripe('sk_test_probe');
    // Act
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    // Assess: each used resource has every method the SDK gives it; the others are empty, or not there at all where
    // their whole namespace is left out
    expect(run.status, run.stderr).toBe(0);
    const bundled = JSON.parse(run.stdout) as { used: Record<string, string[]>; leftOut: string[][] };
    for (const path of stripeResourcesUsed) {
      expect(methodsAt(whole, path), path).not.toHaveLength(0);
      expect(bundled.used[path], path).toEqual(methodsAt(whole, path));
    }
    expect(methodsAt(whole, 'coupons')).toContain('create');
    expect(bundled).toMatchObject({ leftOut: [[], null, null], webhooks: 'function' });
  }, 30_000);
});
