// Recognises a script or style chunk that failed to load (SPEC §4). After a deploy, a tab still running the previous
// build asks for chunk files by their old hashed names; each browser words that failure differently.

const chunkErrorMessages = [
  'Loading chunk',
  'Loading CSS chunk',
  'Failed to import',
  'Failed to fetch dynamically imported module',
  // Safari and Firefox, for the same failure of a dynamic import.
  'Importing a module script failed',
  'error loading dynamically imported module',
  // Vite, when a chunk's stylesheet cannot be preloaded.
  'Unable to preload CSS',
];

const chunkFailedPattern = /chunk\b.*\bfailed/i;

/** True for an error that means "this build's files are gone": the cure is a fresh load, not an apology. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  if (typeof message !== 'string') return false;
  return chunkErrorMessages.some((text) => message.includes(text)) || chunkFailedPattern.test(message);
}
