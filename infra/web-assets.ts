// What the site bucket receives: the built SPA from a folder, or ready-made sources. `Source.asset` throws when the
// folder is missing (TOOLCHAIN.md), so tests pass sources and a synth without a web build gets a placeholder page.
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Source } from 'aws-cdk-lib/aws-s3-deployment';
import { resolveFromRepoRoot } from './paths';

export interface WebAssetSources {
  /** `index.html` and the other unhashed files at the bucket root: served with `Cache-Control: no-cache`. */
  readonly root: readonly ISource[];
  /** The content-hashed files Vite writes under `assets/`: cached for a year, immutable. */
  readonly assets: readonly ISource[];
}

/** A folder (relative to the repository root, or absolute) holding a Vite build, or sources. */
export type WebAssets = string | WebAssetSources;

export const defaultWebAssetsPath = 'dist/web';

const hashedAssetsFolder = 'assets';

export function createPlaceholderWebAssets(
  reason = 'The web app was not built for this deployment.',
): WebAssetSources {
  const page = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>OpenPie</title></head>',
    `<body><h1>OpenPie</h1><p>${reason} Run <code>npm run build:web</code> and deploy again.</p></body></html>`,
  ].join('\n');
  return {
    root: [Source.data('index.html', page)],
    assets: [Source.data('placeholder.txt', 'Hashed SPA assets are deployed here.')],
  };
}

export function resolveWebAssetsFolder(path: string): string {
  return isAbsolute(path) ? path : resolveFromRepoRoot(path);
}

/** True when the folder holds a build (an index.html), which is what deploying it needs. */
export function hasWebBuild(path: string): boolean {
  return existsSync(join(resolveWebAssetsFolder(path), 'index.html'));
}

/** Sources for a folder that holds a build; callers check `hasWebBuild` first. */
export function createWebAssetsFromFolder(path: string): WebAssetSources {
  const folder = resolveWebAssetsFolder(path);
  const assetsFolder = join(folder, hashedAssetsFolder);
  return {
    // Source maps stay out of the public bucket ('hidden' maps in the Vite build: kept for error tooling only).
    root: [Source.asset(folder, { exclude: [hashedAssetsFolder, '*.map', '.vite'] })],
    assets: existsSync(assetsFolder) ? [Source.asset(assetsFolder, { exclude: ['*.map'] })] : [],
  };
}
