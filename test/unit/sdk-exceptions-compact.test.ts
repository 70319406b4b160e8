// infra/sdk-exceptions-compact.ts: every AWS SDK client the product bundles gets its exception classes from a table,
// and each class must behave as the SDK's own: same exports, names, faults, shape ids, fields and prototypes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compactExceptions,
  readExceptionShapes,
  sdkExceptionsCompact,
} from '../../infra/sdk-exceptions-compact';

const dir = mkdtempSync(join(tmpdir(), 'openpie-sdk-exceptions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The clients the Lambdas bundle (functions/runtime, functions/services). */
const clients = ['dynamodb', 'kms', 'sqs', 'secrets-manager', 'sesv2', 'eventbridge'] as const;
const errorsFile = (client: string) =>
  resolve('node_modules', '@aws-sdk', `client-${client}`, 'dist-es', 'models', 'errors.js');

type ExceptionClass = (new (opts: Record<string, unknown>) => Error) & { shapeId?: string };

/** The client's exception classes bundled with or without the plugin, loaded in this process. */
async function loadExceptions(client: string, compact: boolean): Promise<Record<string, ExceptionClass>> {
  const outfile = join(dir, `${client}-${compact ? 'compact' : 'original'}.mjs`);
  await build({
    stdin: { contents: `export * from ${JSON.stringify(errorsFile(client))};`, resolveDir: process.cwd() },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
    plugins: compact ? [sdkExceptionsCompact()] : [],
  });
  return (await import(pathToFileURL(outfile).href)) as Record<string, ExceptionClass>;
}

/**
 * What a program can see of an exception: its own properties in order (name, fault, fields), its message, shape id and
 * prototype chain. Not the class's own `name`: a minified bundle renames the SDK's classes anyway.
 */
function observe(Exception: ExceptionClass, opts: Record<string, unknown>) {
  const error = new Exception(opts) as Error & Record<string, unknown>;
  return {
    shapeId: Exception.shapeId,
    own: Object.entries(error),
    name: error.name,
    message: error.message,
    isItsClass: error instanceof Exception,
    isAnError: error instanceof Error,
    base: (Object.getPrototypeOf(Exception.prototype) as { constructor: { name: string } }).constructor.name,
  };
}

describe('compact SDK exceptions', () => {
  it.each(clients)('reads every exception of client-%s in the shape the plugin knows', (client) => {
    // Act
    const source = readFileSync(errorsFile(client), 'utf8');
    const shapes = readExceptionShapes(source);
    // Assess: a new SDK that changes the shape is bundled as it is (bigger); this says it happened
    expect(shapes?.exceptions.length).toBe((source.match(/^export class /gm) ?? []).length);
    expect(compactExceptions(source)?.length).toBeLessThan(source.length / 2);
  });

  it.each(clients)('builds the same classes as client-%s, field for field', async (client) => {
    // Prepare
    const shapes = readExceptionShapes(readFileSync(errorsFile(client), 'utf8'));
    const original = await loadExceptions(client, false);
    const compact = await loadExceptions(client, true);
    // Act + Assess
    expect(Object.keys(compact).sort()).toEqual(Object.keys(original).sort());
    for (const shape of shapes?.exceptions ?? []) {
      // As the SDK makes one from a reply (its name, then the reply's fields set on it) and as code may make one.
      const fields = Object.fromEntries(shape.copied.map((field, index) => [field, `value ${index}`]));
      for (const opts of [
        { name: shape.name },
        { message: 'Refused', $metadata: { attempts: 1 }, ...fields },
      ]) {
        const Compact = compact[shape.name];
        const Original = original[shape.name];
        if (!Compact || !Original) throw new Error(`${shape.name} is missing`);
        expect(observe(Compact, opts), `${client} ${shape.name}`).toEqual(observe(Original, opts));
      }
    }
  });
});
