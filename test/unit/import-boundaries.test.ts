import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that keep dependencies pointing inward (DESIGN §2), tried on code that breaks them.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it.each([
    ["import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const c = DynamoDBClient;"],
    ["import middy from '@middy/core';\nexport const m = middy;"],
    ["import Stripe from 'stripe';\nexport const s = Stripe;"],
    ["import { probeTable } from '../data/health';\nexport const p = probeTable;"],
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

  it('keeps the SPA on functions/contracts only', async () => {
    const blocked = await ruleIdsFor(
      'frontend/src/example.ts',
      "import { getEnv } from '../../functions/runtime/env';\nexport const e = getEnv;\n",
    );
    const allowed = await ruleIdsFor(
      'frontend/src/example.ts',
      "import { apiBasePaths } from '../../functions/contracts/routes';\nexport const a = apiBasePaths;\n",
    );
    expect(blocked).toContain('no-restricted-imports');
    expect(allowed).toEqual([]);
  });

  it('keeps runtime code away from the local runtime', async () => {
    const ids = await ruleIdsFor(
      'functions/handlers/example.ts',
      "import { startOpenPie } from '../../local/app';\nexport const s = startOpenPie;\n",
    );
    expect(ids).toContain('no-restricted-imports');
  });
});
