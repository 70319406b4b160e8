// Where the stack finds the code it deploys. Resolved from this file, not the working directory, so `cdk synth`,
// vitest and an editor all agree.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function resolveFromRepoRoot(...segments: string[]): string {
  return join(repoRoot, ...segments);
}

/** An entry module that does not exist must fail the synth, not a deploy hours later. */
export function requireEntry(relativePath: string): string {
  const absolute = resolveFromRepoRoot(relativePath);
  if (!existsSync(absolute)) throw new Error(`Lambda entry ${relativePath} does not exist.`);
  return absolute;
}
