// The stack's Lambda code, bundled as a deploy bundles it (the other infra tests skip bundling): each function's asset
// is the bundle of its own entry, with the handler where the function looks for it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createOpenPieFunction } from '../../infra/lambda-function';
import { getStageSettings } from '../../infra/stage';
import type { Resources } from './synth';

const outdir = mkdtempSync(join(tmpdir(), 'openpie-assets-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('Lambda assets', () => {
  it('are each function’s own entry, bundled, with its handler in index.mjs', () => {
    // Prepare: two functions of one stack, bundling on
    const app = new App({ outdir });
    const stack = new Stack(app, 'Bundles');
    const settings = getStageSettings('dev');
    for (const name of ['health', 'not-found']) {
      createOpenPieFunction(stack, name, {
        settings,
        name,
        entry: `functions/handlers/${name}.ts`,
        description: name,
        timeout: Duration.seconds(3),
        environment: {},
      });
    }
    // Act
    const assembly = app.synth();
    // Assess: two assets, each answering as its own handler does
    const template = assembly.getStackByName('Bundles').template as { Resources: Resources };
    const keys = Object.values(template.Resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function')
      .map((resource) => {
        expect(resource.Properties?.Handler).toBe('index.handler');
        return (resource.Properties?.Code as { S3Key: string }).S3Key;
      });
    expect(new Set(keys).size).toBe(2);
    const loaded = keys.map((key) => {
      const file = join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs');
      const probe = `const { handler } = await import(${JSON.stringify(`file://${file}`)}); console.log(typeof handler);`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
        env: {
          PATH: process.env.PATH,
          STAGE: 'local',
          AWS_REGION: 'us-east-1',
          TABLE_NAME: 'openpie-assets',
        },
        encoding: 'utf8',
      });
      return { handler: run.stdout.trim(), status: run.status, size: readFileSync(file).length };
    });
    expect(loaded.map(({ handler, status }) => ({ handler, status }))).toEqual([
      { handler: 'function', status: 0 },
      { handler: 'function', status: 0 },
    ]);
    expect(loaded[0]?.size).not.toBe(loaded[1]?.size);
  }, 120_000);
});
