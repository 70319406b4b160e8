import { describe, expect, it } from 'vitest';
import { loadLintOnce, ruleIdsFor } from '../support/lint-probe';

// The lint rules that keep dependencies pointing inward (DESIGN §2), each tried on code that breaks it and on code
// that keeps to it. The files need not exist: ESLint lints the text as if it were at that path.
loadLintOnce();

const importing = (specifier: string) =>
  `import { thing } from '${specifier}';\nexport const used = thing;\n`;

describe('the layer table (openpie-layers/layer-imports)', () => {
  // One row per layer: a file of the layer, an import the table forbids it, and one it allows.
  it.each([
    ['functions/contracts', 'functions/contracts/example.ts', '../domain/errors', './envelope'],
    [
      'functions/domain',
      'functions/domain/listening/example.ts',
      '../../data/listening',
      '../../contracts/listening',
    ],
    ['functions/data', 'functions/data/example.ts', '../services/identity', '../domain/calendar'],
    ['functions/integrations', 'functions/integrations/example.ts', '../data/accounts', '../domain/email'],
    ['functions/runtime', 'functions/runtime/example.ts', '../integrations/secrets', '../contracts/routes'],
    ['functions/services', 'functions/services/example.ts', '../handlers/lib/http', '../data/listening'],
    ['functions/handlers', 'functions/handlers/example.ts', '../data/accounts', '../services/identity'],
    ['events', 'events/workers/example.ts', '../../functions/data/outbox', '../../functions/services/mail'],
    ['infra', 'infra/example.ts', '../functions/handlers/health', '../functions/contracts/routes'],
    ['frontend', 'frontend/src/lib/example.ts', '../../../functions/runtime/env', '@contracts/routes'],
  ])('keeps %s to its row of the table', async (_layer, file, forbidden, allowed) => {
    // Act
    const refused = await ruleIdsFor(file, importing(forbidden));
    const accepted = await ruleIdsFor(file, importing(allowed));
    // Assess
    expect(refused).toContain('openpie-layers/layer-imports');
    expect(accepted).toEqual([]);
  });

  it('judges re-exports and dynamic imports too, and a path that climbs out and back in', async () => {
    // Act
    const ids = await ruleIdsFor(
      'functions/handlers/example.ts',
      [
        "export { probeTable } from '../data/health';",
        "export * from '../domain/errors';",
        "export const load = () => import('../integrations/queue');",
        "export { getEnv } from '../handlers/../data/health';",
      ].join('\n'),
    );
    // Assess
    expect(ids.filter((id) => id === 'openpie-layers/layer-imports')).toHaveLength(4);
  });

  it('lets infra read the manifest, the capability table, the schedules and the table definition, nothing else', async () => {
    // Act
    const allowed = await Promise.all(
      [
        '../functions/contracts/routes',
        '../functions/contracts/capabilities',
        '../events/definitions',
        '../functions/data/table-definition',
      ].map((specifier) => ruleIdsFor('infra/example.ts', importing(specifier))),
    );
    const refused = await Promise.all(
      ['../functions/contracts/auth', '../events/workers/fan-work', '../functions/data/keys'].map(
        (specifier) => ruleIdsFor('infra/example.ts', importing(specifier)),
      ),
    );
    // Assess
    expect(allowed.flat()).not.toContain('openpie-layers/layer-imports');
    for (const ids of refused) expect(ids).toContain('openpie-layers/layer-imports');
  });

  it('keeps runtime code away from the local runtime, and leaves the local runtime and tests free', async () => {
    // Act
    const fromHandler = await ruleIdsFor('functions/handlers/example.ts', importing('../../local/app'));
    const fromLocal = await ruleIdsFor('local/example.ts', importing('../functions/data/accounts'));
    const fromTest = await ruleIdsFor('test/unit/example.ts', importing('../../functions/data/accounts'));
    // Assess
    expect(fromHandler).toContain('openpie-layers/layer-imports');
    expect(fromLocal).not.toContain('openpie-layers/layer-imports');
    expect(fromTest).not.toContain('openpie-layers/layer-imports');
  });
});

describe('only functions/data/ speaks DynamoDB (no-restricted-imports)', () => {
  it.each([
    ['functions/services/example.ts', '@aws-sdk/lib-dynamodb'],
    ['functions/handlers/example.ts', '@aws-sdk/client-dynamodb'],
    ['functions/integrations/example.ts', '@aws-sdk/lib-dynamodb'],
    ['events/workers/example.ts', '@aws-sdk/lib-dynamodb'],
  ])('refuses %s importing %s, even a type', async (file, specifier) => {
    // Act
    const ids = await ruleIdsFor(
      file,
      `import type { Thing } from '${specifier}';\nexport type Used = Thing;\n`,
    );
    // Assess
    expect(ids).toContain('no-restricted-imports');
  });

  it('lets data/ and runtime/ import it, and services reach the table through data/', async () => {
    // Act
    const inData = await ruleIdsFor('functions/data/example.ts', importing('@aws-sdk/lib-dynamodb'));
    const inRuntime = await ruleIdsFor('functions/runtime/example.ts', importing('@aws-sdk/client-dynamodb'));
    const throughData = await ruleIdsFor('functions/services/example.ts', importing('../data/health'));
    // Assess
    expect(inData).toEqual([]);
    expect(inRuntime).toEqual([]);
    expect(throughData).toEqual([]);
  });
});

describe('only functions/runtime/ reads process.env (openpie-layers/no-process-env)', () => {
  it.each([
    ['a member read', 'export const a = process.env.TABLE_NAME;\n'],
    ['a computed read', "export const a = process['env'];\n"],
    ['globalThis', 'export const a = globalThis.process.env;\n'],
    ['destructuring', 'const { env } = process;\nexport const a = env;\n'],
    ['the process module', "import { env } from 'node:process';\nexport const a = env;\n"],
  ])('refuses %s in services, handlers, data and events', async (_case, code) => {
    // Act
    const ids = await Promise.all(
      [
        'functions/services/example.ts',
        'functions/handlers/example.ts',
        'functions/data/example.ts',
        'events/example.ts',
      ].map((file) => ruleIdsFor(file, code)),
    );
    // Assess
    for (const found of ids) expect(found).toContain('openpie-layers/no-process-env');
  });

  it('lets functions/runtime/ read it, and other code read process for anything else', async () => {
    // Act
    const inRuntime = await ruleIdsFor(
      'functions/runtime/example.ts',
      'export const a = process.env.TABLE_NAME;\n',
    );
    const elsewhere = await ruleIdsFor(
      'functions/services/example.ts',
      'export const a = process.uptime();\n',
    );
    // Assess
    expect(inRuntime).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});

describe('the pure domain', () => {
  it.each([
    ["import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;"],
    ["import middy from '@middy/core';\nexport const m = middy;"],
    ["import Stripe from 'stripe';\nexport const s = Stripe;"],
    ["import { readFileSync } from 'node:fs';\nexport const r = readFileSync;"],
  ])('keeps functions/domain free of %s', async (code) => {
    expect(await ruleIdsFor('functions/domain/example.ts', code)).toContain('no-restricted-imports');
  });

  it('keeps functions/domain off process.env and the clock', async () => {
    const ids = await ruleIdsFor(
      'functions/domain/example.ts',
      'export const a = process.env.X;\nexport const b = Date.now();\nexport const c = new Date();\n',
    );
    expect(
      ids.filter((id) => id === 'no-restricted-syntax' || id === 'no-restricted-globals').length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('lets functions/domain take the time as an argument', async () => {
    const ids = await ruleIdsFor(
      'functions/domain/example.ts',
      "import type { AppErrorKind } from './errors';\nexport const at = (now: Date): number => now.getTime();\nexport type K = AppErrorKind;\n",
    );
    expect(ids).toEqual([]);
  });
});

describe('a data module names its transaction operations (no-restricted-syntax)', () => {
  const reasonsByHand = [
    'export function refusal(error: { CancellationReasons?: { Code?: string }[] }) {',
    "  return error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';",
    '}',
  ].join('\n');
  const named = [
    "import type { TableRef, TransactionItem } from './table';",
    "import { cancelledTransaction, transact } from './table';",
    'export async function write(table: TableRef, record: TransactionItem, guard: TransactionItem) {',
    '  try {',
    '    await transact(table, { record, guard });',
    "    return 'written';",
    '  } catch (error) {',
    "    if (cancelledTransaction(error)?.failed('guard')) return 'taken';",
    '    throw error;',
    '  }',
    '}',
  ].join('\n');

  it('refuses CancellationReasons read by hand in a data module', async () => {
    // Act
    const ids = await ruleIdsFor('functions/data/example.ts', reasonsByHand);
    // Assess
    expect(ids).toContain('no-restricted-syntax');
  });

  it('accepts named operations asked by name, and leaves data/table.ts (the helper) its codes', async () => {
    // Act
    const accepted = await ruleIdsFor('functions/data/example.ts', named);
    const helper = await ruleIdsFor('functions/data/table.ts', reasonsByHand);
    // Assess
    expect(accepted).toEqual([]);
    expect(helper).not.toContain('no-restricted-syntax');
  });
});

describe('a data module reads stored items through their schemas (no-restricted-syntax)', () => {
  it.each([
    ['a get', 'const read = await get();\nreturn read.Item as Stored;'],
    ['an optional get', 'const read = await get();\nreturn read?.Item as Stored | undefined;'],
    ['a query', 'const page = await get();\nreturn (page.Items ?? []) as Stored[];'],
    ['an update', 'const updated = await get();\nreturn updated.Attributes as Stored;'],
  ])('refuses %s cast to a type', async (_, body) => {
    // Prepare
    const source = [
      'interface Stored { pk: string }',
      'declare function get(): Promise<{ Item?: unknown; Items?: unknown[]; Attributes?: unknown }>;',
      `export async function read() {\n${body}\n}`,
    ].join('\n');
    // Act
    const ids = await ruleIdsFor('functions/data/example.ts', source);
    // Assess
    expect(ids).toContain('no-restricted-syntax');
  });

  it('accepts an item read through readStored', async () => {
    // Act
    const ids = await ruleIdsFor(
      'functions/data/example.ts',
      [
        "import * as z from 'zod/mini';",
        "import { readStored } from './stored-item';",
        'const storedSchema = z.object({ pk: z.string() });',
        'declare function get(): Promise<{ Item?: unknown }>;',
        'export async function read() {',
        '  const read = await get();',
        "  return read.Item === undefined ? null : readStored('example', storedSchema, read.Item);",
        '}',
      ].join('\n'),
    );
    // Assess
    expect(ids).toEqual([]);
  });
});

describe('the contracts', () => {
  it('import zod only', async () => {
    // Act
    const refused = await ruleIdsFor('functions/contracts/example.ts', importing('jose'));
    const accepted = await ruleIdsFor(
      'functions/contracts/example.ts',
      "import * as z from 'zod/mini';\nexport const s = z.string();\n",
    );
    // Assess
    expect(refused).toContain('no-restricted-imports');
    expect(accepted).toEqual([]);
  });
});

describe('the SPA', () => {
  it('keeps to functions/contracts and no server packages', async () => {
    const blocked = await ruleIdsFor('frontend/src/example.ts', importing('@aws-sdk/client-dynamodb'));
    const allowed = await ruleIdsFor(
      'frontend/src/example.ts',
      "import { apiBasePaths } from '@contracts/routes';\nexport const a = apiBasePaths;\n",
    );
    expect(blocked).toContain('no-restricted-imports');
    expect(allowed).toEqual([]);
  });

  it('reaches the contracts through the @contracts alias, not a climb of ../', async () => {
    // Act
    const climbing = await ruleIdsFor(
      'frontend/src/features/example/api/example.ts',
      "import { apiBasePaths } from '../../../../../functions/contracts/routes';\nexport const a = apiBasePaths;\n",
    );
    // Assess
    expect(climbing).toContain('no-restricted-imports');
  });
});

describe('the tests', () => {
  it('reach the table through testTable(), not the runtime getTable under another name', async () => {
    // Act
    const runtime = await ruleIdsFor(
      'test/integration/example.test.ts',
      importing('../../functions/runtime/table'),
    );
    const handle = await ruleIdsFor('test/integration/example.test.ts', importing('../support/test-table'));
    const itself = await ruleIdsFor('test/support/test-table.ts', importing('../../functions/runtime/table'));
    // Assess
    expect(runtime).toContain('no-restricted-imports');
    expect(handle).toEqual([]);
    expect(itself).toEqual([]);
  });
});
