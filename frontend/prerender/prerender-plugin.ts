// The build step that prerenders the public pages (pages.ts; docs/decisions/053). Once Vite has written the SPA, it
// builds src/prerender/render-page.tsx for Node, renders each page, and writes it beside index.html: the SPA shell
// with the page's markup in #root, its title, and the styles of the chunks the page's screen comes from, so the page
// paints, styled and whole, before any of its JavaScript has run. A page that fails to render fails the build.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InlineConfig, Plugin, ResolvedConfig } from 'vite';
import { prerenderedDisabledAttribute } from '../src/lib/app-takeover.js';
import { prerenderedPages, spaShellFile, type PrerenderedPage } from './pages.js';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

interface RenderPageModule {
  renderPage(path: string): Promise<{ markup: string; title: string }>;
}

/** The build's stylesheets the page's modules need, with everything they import statically, in load order. */
export function collectPageStyles(manifest: Manifest, modules: readonly string[]): string[] {
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no chunk for ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  };
  for (const module of modules) visit(module);
  return styles;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The controls a tap could press or type into before the SPA has taken over. */
const controlTag = /<(button|input|select|textarea)\b([^>]*)>/g;

/**
 * Disables every control of the static markup the build has not already disabled, and marks it so the SPA's takeover
 * enables exactly those (src/lib/app-takeover.ts): until the app handles a tap, a button that looks pressable would
 * do nothing the app sees (or post a form natively). React escapes `>` inside attribute values, so a tag ends at the
 * first `>`.
 */
export function disableStaticControls(markup: string): string {
  return markup.replace(controlTag, (tag, name: string, attributes: string) =>
    /\sdisabled(=|\s|\/|$)/.test(attributes)
      ? tag
      : `<${name} disabled="" ${prerenderedDisabledAttribute}=""${attributes}>`,
  );
}

/**
 * The shell with the page in it, its controls disabled until the SPA takes over. A form in the static markup posts
 * rather than gets: should it ever be submitted before the takeover, what was typed (a password) must not go into the
 * address and the server's logs.
 */
export function composePage(
  shell: string,
  page: { markup: string; title: string },
  styles: readonly string[],
): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`${spaShellFile} has no empty ${root} to prerender into`);
  const links = styles
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  const markup = disableStaticControls(page.markup).replaceAll('<form', '<form method="post"');
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', links.length > 0 ? `  ${links.join('\n    ')}\n  </head>` : '</head>')
    .replace(root, `<div id="root">${markup}</div>`);
}

export interface PrerenderOptions {
  /** The server build's own config: the SPA's aliases and the React plugin, without this plugin. */
  serverBuild: InlineConfig;
  /** Where the server build goes for the while of the prerender: inside the repository, so it finds node_modules. */
  serverOutDir: string;
  pages?: readonly PrerenderedPage[];
}

export function prerenderPublicPages(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'openpie:prerender-public-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = config.build.outDir;
      // One folder per build process: builds running side by side do not share it.
      const serverOutDir = join(options.serverOutDir, String(process.pid));
      const { build } = await import('vite');
      await build({
        ...options.serverBuild,
        configFile: false,
        logLevel: 'warn',
        build: {
          ssr: 'src/prerender/render-page.tsx',
          outDir: serverOutDir,
          emptyOutDir: true,
          target: 'node20',
          sourcemap: false,
          copyPublicDir: false,
        },
      });
      try {
        const { renderPage } = (await import(
          `${pathToFileURL(join(serverOutDir, 'render-page.js')).href}?build=${Date.now()}`
        )) as RenderPageModule;
        const manifest = JSON.parse(
          await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest;
        const shell = await readFile(join(outDir, spaShellFile), 'utf8');
        for (const page of options.pages ?? prerenderedPages) {
          const rendered = await renderPage(page.path);
          const html = composePage(shell, rendered, collectPageStyles(manifest, page.modules));
          const file = join(outDir, page.file);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, html);
        }
      } finally {
        await rm(serverOutDir, { recursive: true, force: true });
      }
    },
  };
}
