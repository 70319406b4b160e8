// docs/data-model.md is the table's map: every access function of functions/data/ (an exported function that takes
// the table) is named there, so a newcomer finds each read and write of the one table, and the map cannot fall behind.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dataFolder = new URL('../../functions/data/', import.meta.url);
const dataModel = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');

function sourceFiles(folder: URL, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(new URL(`${entry.name}/`, folder), `${prefix}${entry.name}/`)
      : entry.name.endsWith('.ts')
        ? [`${prefix}${entry.name}`]
        : [],
  );
}

/** `name` of each `export (async) function name(…table: TableRef…)` in a data module. */
function accessFunctionsOf(source: string): string[] {
  const found: string[] = [];
  const declaration = /^export (?:async )?function (\w+)(?:<[^(]*>)?\(([^)]*)\)/gm;
  for (const match of source.matchAll(declaration)) {
    if (/\bTableRef\b/.test(match[2] ?? '')) found.push(match[1] ?? '');
  }
  return found;
}

// The table's own plumbing (keys, the TableRef type and its helpers, the table's definition) is not an access pattern.
const plumbing = new Set(['keys.ts', 'table.ts', 'table-definition.ts']);

describe('docs/data-model.md', () => {
  it('names every access function of functions/data/', () => {
    const missing = sourceFiles(dataFolder)
      .filter((file) => !plumbing.has(file))
      .flatMap((file) =>
        accessFunctionsOf(readFileSync(new URL(file, dataFolder), 'utf8'))
          .filter((name) => !new RegExp(`\\b${name}\\b`).test(dataModel))
          .map((name) => `data/${file} ${name}`),
      );
    expect(missing).toEqual([]);
  });
});
