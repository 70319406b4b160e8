// The public pages people arrive on, prerendered to static HTML at build time (docs/decisions/053), and where each is
// served from: the build writes them (prerender-plugin.ts), the local server (local/static-site.ts) and the site's
// CloudFront Function (infra/site.ts) send each at its path, and every other extension-less path still gets the empty
// SPA shell, index.html.

export interface PrerenderedPage {
  /** The path a visitor opens, as the router matches it. */
  readonly path: string;
  /** The built file, relative to the web build's folder (dist/web). */
  readonly file: string;
  /** The SPA modules (relative to frontend/) whose chunks' styles the page needs before its JavaScript has run. */
  readonly modules: readonly string[];
}

export const prerenderedPages: readonly PrerenderedPage[] = [
  { path: '/', file: 'pages/home.html', modules: ['src/app/start-app.tsx'] },
  {
    path: '/login',
    file: 'pages/login.html',
    modules: ['src/app/routes/fan/fan-layout.tsx', 'src/app/routes/fan/fan-identity-screens.tsx'],
  },
  {
    path: '/try',
    file: 'pages/try.html',
    modules: ['src/app/routes/fan/fan-layout.tsx', 'src/app/routes/fan/promo-screen.tsx'],
  },
  {
    path: '/for-artists',
    file: 'pages/for-artists.html',
    modules: [
      'src/app/routes/for-artists/artist-layout.tsx',
      'src/app/routes/for-artists/artist-landing-screen.tsx',
    ],
  },
];

/** The SPA shell every other client-side route gets: the app's scripts and styles around an empty #root. */
export const spaShellFile = 'index.html';

/** Prerendered file by path, as both servers look it up. */
export const prerenderedFilesByPath: Readonly<Record<string, string>> = Object.fromEntries(
  prerenderedPages.map((page) => [page.path, page.file]),
);

/**
 * The file an extension-less path is served from: its prerendered page, or the SPA shell. A trailing slash names the
 * same page (the router matches `/login/` as `/login`).
 */
export function selectPageFile(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return prerenderedFilesByPath[path] ?? spaShellFile;
}
