import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { stripeResourcesUsed } from '../../functions/integrations/stripe/resources-used';
import { bundleFiles, bundleLambda } from '../../infra/lambda-bundling';
import { markSchemasPure } from '../../infra/schemas-left-out-when-unused';

// Bundles code the way the stack does and runs it in a fresh Node, as Lambda would.
const dir = mkdtempSync(join(tmpdir(), 'openpie-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(entry: string | { contents: string }, name: string): Promise<string> {
  return (await bundleWithFiles(entry, name)).outfile;
}

/** The entry file, and every JavaScript file the bundle wrote (the entry and its chunks loaded on first use). */
async function bundleWithFiles(
  entry: string | { contents: string },
  name: string,
): Promise<{ outfile: string; files: string[] }> {
  const outfile = join(dir, `${name}.mjs`);
  const metafile = await bundleLambda(
    typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: 'ts' } },
    outfile,
  );
  return { outfile, files: bundleFiles(metafile).map((file) => join(process.cwd(), file)) };
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
    const { files } = await bundleWithFiles(join(process.cwd(), 'functions/handlers/health.ts'), 'health');
    const code = files.map((file) => readFileSync(file, 'utf8')).join('\n');
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

  it('load a module imported with import() from its own file at first use, not at cold start', async () => {
    // Prepare: an entry that loads the Stripe SDK only when asked, bundled and run from another working folder
    const probe = {
      contents: [
        'export async function webhooksLater() {',
        "  const { default: Stripe } = await import('stripe');",
        '  return typeof Stripe.webhooks.constructEvent;',
        '}',
      ].join('\n'),
    };
    const { outfile, files } = await bundleWithFiles(probe, 'first-use');
    // Act
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { webhooksLater } = await import(${JSON.stringify(`file://${outfile}`)}); console.log(await webhooksLater());`,
      ],
      { cwd: tmpdir(), encoding: 'utf8' },
    );
    // Assess: the SDK is in a chunk beside the entry, and the entry loads it when called
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('function');
    expect(readFileSync(outfile, 'utf8')).not.toMatch(/api\.stripe\.com/);
    expect(files.length).toBeGreaterThan(1);
    expect(files.some((file) => /api\.stripe\.com/.test(readFileSync(file, 'utf8')))).toBe(true);
  }, 30_000);

  it('leave out the zod schemas of a module that the Lambda never reads, and keep those it does', async () => {
    // Prepare: one schema of the pie contracts used; its neighbours (the subscription id's rule) not
    const probe = {
      contents: [
        "import { pieArtistFlagSchema } from './functions/contracts/pie';",
        'console.log(JSON.stringify([pieArtistFlagSchema.safeParse({ value: true }).success, pieArtistFlagSchema.safeParse({}).error?.issues[0]?.message]));',
      ].join('\n'),
    };
    const { outfile, files } = await bundleWithFiles(probe, 'schemas');
    // Act
    const run = spawnSync(process.execPath, [outfile], { encoding: 'utf8' });
    // Assess
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([true, 'Send value: true or false']);
    const code = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(code).not.toMatch(/Use a subscription id/);
    expect(code).not.toMatch(/Send value: true, false or null/);
  }, 30_000);
});

describe('markSchemasPure', () => {
  it('marks top-level zod call chains only, keeping every line where it was', () => {
    const source = [
      "import * as z from 'zod/mini';",
      "import { register } from './registry';",
      'export const a = z.string().check(z.minLength(1));',
      'const b: z.ZodMiniObject = z.object({ a });',
      'export const c = register(z.string());',
      'let d = z.number();',
      'export const e = { f: z.string() };',
      'function g() { const h = z.string(); return h; }',
    ].join('\n');
    const marked = markSchemasPure('module.ts', source).split('\n');
    expect(marked).toEqual([
      "import * as z from 'zod/mini';",
      "import { register } from './registry';",
      'export const a = /* @__PURE__ */ (() => (z.string().check(z.minLength(1))))();',
      'const b: z.ZodMiniObject = /* @__PURE__ */ (() => (z.object({ a })))();',
      'export const c = register(z.string());',
      'let d = z.number();',
      'export const e = { f: z.string() };',
      'function g() { const h = z.string(); return h; }',
    ]);
  });

  it('leaves a module that does not import zod as the namespace z untouched', () => {
    const source = "import { z } from 'zod/mini';\nexport const a = z.string();";
    expect(markSchemasPure('module.ts', source)).toBe(source);
  });
});
