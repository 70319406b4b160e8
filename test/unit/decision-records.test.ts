// The decision records stay findable and dated: each opens with its Status and Date lines before its first section,
// and docs/decisions/README.md lists every record once, with its title, in number order.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../docs/decisions/', import.meta.url);
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

function titleOf(name: string): string {
  const firstLine = readFileSync(new URL(name, folder), 'utf8').split('\n')[0] ?? '';
  return firstLine.replace(/^# /, '');
}

/** The index's lines: one per record, `- [NNN: title](file)`. */
function expectedIndexLines(): string[] {
  return records.map((name) => `- [${titleOf(name)}](${name})`);
}

describe('decision records', () => {
  it.each(records)('%s opens with its Status and Date lines', (name) => {
    const text = readFileSync(new URL(name, folder), 'utf8');
    const head = text.split('\n## ')[0] ?? '';
    expect(head).toMatch(/^# \d{3}: .+/);
    expect(head).toMatch(/^Status: \S/m);
    expect(head).toMatch(/^Date: \d{4}-\d{2}-\d{2}/m);
  });

  it('are listed once each, in order, by the index', () => {
    const index = readFileSync(new URL('README.md', folder), 'utf8');
    const listed = index.split('\n').filter((line) => line.startsWith('- ['));
    // Assert: the failure shows the lines the index should hold
    expect(listed).toEqual(expectedIndexLines());
  });
});
