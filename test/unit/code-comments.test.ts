// Code comments speak of the product, not of the tracker: an issue number in a comment is stale the day the issue
// closes (decisions and SPEC sections are named instead, and they stay).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const roots = ['functions', 'events', 'local', 'frontend/src', 'infra'];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('code comments', () => {
  it('name no issue of the tracker', () => {
    const mentions = roots
      .flatMap(sourceFiles)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ file, line: index + 1, text: line }))
          .filter(({ text }) => /\b[Ii]ssue #?\d+/.test(text) && /^\s*(\/\/|\*|\/\*)/.test(text)),
      )
      .map(({ file, line }) => `${file}:${String(line)}`);
    expect(mentions).toEqual([]);
  });
});
