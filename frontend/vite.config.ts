// Vite config of the SPA. `npm run build:web` builds it into dist/web, which the CDK stack uploads
// and the local server serves; in dev the local server embeds Vite in middleware mode with this file.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: frontendRoot,
  publicDir: 'public',
  plugins: [react()],
  // The SPA reaches the shared schemas as @contracts/… (tsconfig.json's paths say the same to TypeScript).
  resolve: { alias: { '@contracts': fileURLToPath(new URL('../functions/contracts', import.meta.url)) } },
  server: {
    // The SPA imports shared schemas from functions/contracts, outside this folder.
    fs: { allow: [repoRoot] },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Maps without the sourceMappingURL comment; the stack does not upload them (infra/web-assets.ts).
    sourcemap: 'hidden',
    // Every browser the SPA targets supports <link rel="modulepreload">; the polyfill would only add
    // bytes to the entry chunk, which has a budget of 100 KB gzipped.
    modulePreload: { polyfill: false },
    target: 'es2022',
    // npm run bench reads the chunk graph from here.
    manifest: true,
  },
});
