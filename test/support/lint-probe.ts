// Code linted through ESLint's own API with the project's configuration (eslint.config.js), as if it stood at a path
// (the file need not exist): for the tests of the project's own lint rules.
import type { Linter } from 'eslint';
import { ESLint } from 'eslint';
import { beforeAll } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** What ESLint says of `code` at `filePath`. */
export async function lintMessages(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages ?? [];
}

/** The rules (or, for a parse error, the message) that `code` at `filePath` breaks. */
export async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  return (await lintMessages(filePath, code)).map((message) => message.ruleId ?? message.message);
}

/**
 * ESLint loads its configuration and the TypeScript parser on the first file it lints: seconds on a busy machine,
 * paid once in the calling file's beforeAll rather than by whichever test runs first.
 */
export function loadLintOnce(): void {
  beforeAll(async () => {
    await lintMessages('functions/example.ts', 'export {};\n');
  }, 60_000);
}
