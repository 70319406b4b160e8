// The SPA's feature boundary (STYLE §8, bulletproof-react): `frontend/src/features/A/**` never imports
// `frontend/src/features/B/**`. What two features share lives in `components/` or `lib/`, which import no feature;
// `app/` puts features together and may import any of them. Each import is resolved against the importing file, so
// `../../b/api/x` and a path that climbs out and back in are caught alike.
import path from 'node:path';

const srcMarker = `${path.sep}frontend${path.sep}src${path.sep}`;

/** Where a file sits in the SPA: a feature by name, the shared folders, or anything else (app, the entry). */
function locate(file) {
  const normalized = path.normalize(file);
  const at = normalized.lastIndexOf(srcMarker);
  if (at === -1) return null;
  const [top, name] = normalized.slice(at + srcMarker.length).split(path.sep);
  if (top === 'features' && name) return { zone: 'feature', feature: name };
  if (top === 'components' || top === 'lib') return { zone: 'shared', folder: top };
  return { zone: 'other' };
}

/** @type {import('eslint').Rule.RuleModule} */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports between SPA features, and from shared code into features.' },
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} may not import features/{{to}}: move what both need to components/ or lib/, or join them in app/.',
      sharedIntoFeature:
        '{{folder}}/ is shared by every feature and may not import features/{{to}}: pass it in from app/ instead.',
    },
  },
  create(context) {
    const importer = locate(context.filename);
    if (!importer || importer.zone === 'other') return {};

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      // Only relative paths can reach another folder of the SPA; packages and aliases cannot.
      if (!source.value.startsWith('.')) return;
      const target = locate(path.resolve(path.dirname(context.filename), source.value));
      if (!target || target.zone !== 'feature') return;
      if (importer.zone === 'feature' && target.feature !== importer.feature) {
        context.report({
          node: source,
          messageId: 'crossFeature',
          data: { from: importer.feature, to: target.feature },
        });
      } else if (importer.zone === 'shared') {
        context.report({
          node: source,
          messageId: 'sharedIntoFeature',
          data: { folder: importer.folder, to: target.feature },
        });
      }
    }

    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export const frontendLintPlugin = {
  meta: { name: 'openpie-frontend' },
  rules: { 'no-cross-feature-imports': noCrossFeatureImports },
};
