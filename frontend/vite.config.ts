// Vite config of the SPA. `npm run build:web` builds it into dist/web, which the CDK stack uploads
// and the local server serves; in dev the local server embeds Vite in middleware mode with this file.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerenderPublicPages } from './prerender/prerender-plugin.js';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// index.html preloads, beside the tiny entry (src/main.tsx), what the entry loads next on every path: React, the app
// shell and the landing page (src/app/start-app.tsx, with the chunks it imports). Vite preloads only an entry's static
// imports; start-app is a dynamic one, kept apart so that the entry can start loading the router and the first screen
// before React has arrived.
/** The module whose chunk, with its static imports, index.html preloads. */
const preloadedModule = 'src/app/start-app.tsx';

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

function preloadStartApp(): Plugin {
  return {
    name: 'openpie:preload-start-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = new Map<string, BundleChunk>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as BundleChunk);
        }
        const start = [...chunks.values()].find((chunk) =>
          chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(preloadedModule),
        );
        if (!start) throw new Error(`The build has no chunk for ${preloadedModule}`);
        const files: string[] = [];
        const styles: string[] = [];
        const visit = (fileName: string) => {
          if (files.includes(fileName)) return;
          files.push(fileName);
          const chunk = chunks.get(fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
          for (const css of chunk?.viteMetadata?.importedCss ?? [])
            if (!styles.includes(css)) styles.push(css);
        };
        visit(start.fileName);
        const links = [
          ...files
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...styles
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

// The SPA reaches the shared schemas as @contracts/… (tsconfig.json's paths say the same to TypeScript).
const resolve = {
  alias: { '@contracts': fileURLToPath(new URL('../functions/contracts', import.meta.url)) },
};

export default defineConfig({
  root: frontendRoot,
  publicDir: 'public',
  plugins: [
    react(),
    preloadStartApp(),
    // After the build: the public pages as static HTML (prerender/pages.ts), from a server build of the same SPA.
    prerenderPublicPages({
      serverBuild: { root: frontendRoot, plugins: [react()], resolve },
      serverOutDir: fileURLToPath(new URL('../node_modules/.cache/openpie-prerender', import.meta.url)),
    }),
  ],
  resolve,
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
