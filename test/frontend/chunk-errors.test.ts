// SPEC §4's detection of a script or style chunk that failed to load.
import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../frontend/src/lib/chunk-errors';

function makeNamedError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('isChunkLoadError', () => {
  it.each([
    ['the error name ChunkLoadError', makeNamedError('ChunkLoadError', 'anything')],
    ['Loading chunk', new Error('Loading chunk 42 failed.')],
    ['Loading CSS chunk', new Error('Loading CSS chunk admin-area failed')],
    ['Failed to import', new Error('Failed to import /assets/fan-area-1a2b.js')],
    [
      'Failed to fetch dynamically imported module',
      new TypeError('Failed to fetch dynamically imported module: https://openpie.example/assets/a-1.js'),
    ],
    ['a chunk … failed pattern', new Error('The chunk for this route failed to arrive')],
    ["Safari's wording", new TypeError('Importing a module script failed.')],
    ["Vite's CSS preload", new Error('Unable to preload CSS for /assets/admin-area-9f.css')],
  ])('recognises %s', (_label, error) => {
    // Act
    const detected = isChunkLoadError(error);

    // Assess
    expect(detected).toBe(true);
  });

  it.each([
    ['an ordinary error', new Error('Cannot read properties of undefined')],
    ['a network failure of an API call', new TypeError('Failed to fetch')],
    ['a chunk that did not fail', new Error('chunk loaded')],
    ['a string', 'Loading chunk 1 failed'],
    ['nothing', undefined],
  ])('leaves %s alone', (_label, error) => {
    // Act
    const detected = isChunkLoadError(error);

    // Assess
    expect(detected).toBe(false);
  });
});
