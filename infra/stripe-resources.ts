// An esbuild plugin that leaves out of a Lambda bundle the Stripe SDK's resources the product never calls. The SDK's
// client constructs every resource class at start; each file the product does not use is loaded as empty classes
// of the same names, so the client still builds, and the bundle keeps only the resources of
// functions/integrations/stripe/resources-used.ts (and the namespaces above them).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { resourceFileOf, stripeResourcesUsed } from '../functions/integrations/stripe/resources-used';

const resourceFile = /[\\/]node_modules[\\/]stripe[\\/]esm[\\/]resources[\\/](.+)\.js$/;

/** The files kept, as paths under `resources/` without `.js`: each resource used and the namespace indexes above it. */
export function stripeResourceFilesKept(): Set<string> {
  const kept = new Set<string>();
  for (const path of stripeResourcesUsed) {
    const file = resourceFileOf(path);
    kept.add(file);
    const segments = file.split('/');
    for (let depth = 1; depth < segments.length; depth += 1) {
      kept.add([...segments.slice(0, depth), 'index'].join('/'));
    }
  }
  return kept;
}

export function stripeResourcesLeftOut(): Plugin {
  const kept = stripeResourceFilesKept();
  return {
    name: 'stripe-resources-left-out',
    setup(build) {
      build.onLoad({ filter: resourceFile }, (args) => {
        const file = resourceFile.exec(args.path)?.[1]?.replaceAll('\\', '/');
        if (file === undefined || kept.has(file)) return undefined;
        const classes = [...readFileSync(args.path, 'utf8').matchAll(/^export class (\w+)/gm)].map(
          (match) => match[1],
        );
        const contents = classes.map((name) => `export class ${name} {}`).join('\n');
        return { contents: contents === '' ? 'export {};' : contents, loader: 'js' };
      });
    },
  };
}
