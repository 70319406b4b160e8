// The layers of DESIGN §2 as lint rules: dependencies point inward. `layer-imports` resolves every relative import
// (static, re-export, dynamic) against the importing file and checks the folder it lands in against the table below,
// so `../data/x`, `../../functions/data/x` and a path that climbs out and back in are judged alike. `no-process-env`
// keeps `process.env` to functions/runtime/, which validates every variable once.
import path from 'node:path';

/**
 * What each layer may import besides itself (repository paths; a folder covers everything in it). Files outside
 * these folders (local/, scripts/, test/, bench/) are the local runtime and tools, and import what they need.
 */
export const layerTable = [
  { layer: 'functions/contracts', may: [] },
  { layer: 'functions/domain', may: ['functions/contracts'] },
  { layer: 'functions/data', may: ['functions/domain', 'functions/contracts'] },
  { layer: 'functions/integrations', may: ['functions/domain', 'functions/contracts'] },
  { layer: 'functions/runtime', may: ['functions/contracts'] },
  {
    layer: 'functions/services',
    may: [
      'functions/domain',
      'functions/data',
      'functions/integrations',
      'functions/runtime',
      'functions/contracts',
    ],
  },
  { layer: 'functions/handlers', may: ['functions/services', 'functions/runtime', 'functions/contracts'] },
  { layer: 'events', may: ['functions/services', 'functions/runtime', 'functions/contracts'] },
  {
    // Descriptions only, never runtime code; the table's shape is one of them (DESIGN §4: defined once, used by the
    // CDK stack and the local runtime), and the Stripe resources a Lambda bundle keeps (docs/decisions/047).
    layer: 'infra',
    may: [
      'functions/contracts/routes.ts',
      'functions/contracts/capabilities.ts',
      'events/definitions.ts',
      'functions/data/table-definition.ts',
      'functions/integrations/stripe/resources-used.ts',
      // The public pages the build prerenders and the files it writes them to: the CloudFront Function serves them.
      'frontend/prerender/pages.ts',
    ],
  },
  { layer: 'frontend', may: ['functions/contracts'] },
];

const extensions = /\.(ts|tsx|js|mjs|cjs|jsx)$/;

/** A repository path without its extension, in forward slashes. */
function toRepositoryPath(root, file) {
  return path.relative(root, file).split(path.sep).join('/').replace(extensions, '');
}

function isInside(repositoryPath, folderOrFile) {
  const entry = folderOrFile.replace(extensions, '');
  return repositoryPath === entry || repositoryPath.startsWith(`${entry}/`);
}

function layerOf(repositoryPath) {
  return layerTable.find((row) => isInside(repositoryPath, row.layer));
}

function describe(list) {
  return list.length === 0
    ? 'nothing outside itself'
    : list.map((entry) => entry.replace(extensions, '')).join(', ');
}

/** Calls `check(sourceNode)` for every import, re-export and dynamic import with a literal source. */
function visitSources(check) {
  const visit = (node) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') check(source);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

/** @type {import('eslint').Rule.RuleModule} */
const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layer table of DESIGN §2: dependencies point inward.' },
    schema: [],
    messages: {
      outward: '{{layer}}/ may import {{allowed}} only (DESIGN §2), not {{target}}.',
    },
  },
  create(context) {
    const root = context.cwd;
    const importer = toRepositoryPath(root, context.filename);
    const row = layerOf(importer);
    if (!row) return {};
    return visitSources((source) => {
      // Packages are judged by each layer's own rules (domain's purity, contracts' zod only); paths are judged here.
      if (!source.value.startsWith('.')) return;
      const target = toRepositoryPath(root, path.resolve(path.dirname(context.filename), source.value));
      if (isInside(target, row.layer) || row.may.some((allowed) => isInside(target, allowed))) return;
      context.report({
        node: source,
        messageId: 'outward',
        data: { layer: row.layer, allowed: describe(row.may), target },
      });
    });
  },
};

const processModules = new Set(['process', 'node:process']);

function isProcess(node) {
  if (node.type === 'Identifier') return node.name === 'process';
  // globalThis.process
  return (
    node.type === 'MemberExpression' &&
    node.object.type === 'Identifier' &&
    node.object.name === 'globalThis' &&
    propertyName(node) === 'process'
  );
}

function propertyName(member) {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.property.type === 'Literal') return member.property.value;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noProcessEnv = {
  meta: {
    type: 'problem',
    docs: { description: 'Only functions/runtime/ reads process.env (DESIGN §2).' },
    schema: [],
    messages: {
      env: 'Only functions/runtime/ reads process.env: take the value from its validated configuration.',
    },
  },
  create(context) {
    return {
      MemberExpression(node) {
        if (isProcess(node.object) && propertyName(node) === 'env')
          context.report({ node, messageId: 'env' });
      },
      VariableDeclarator(node) {
        // const { env } = process
        if (!node.init || !isProcess(node.init) || node.id.type !== 'ObjectPattern') return;
        const takesEnv = node.id.properties.some(
          (property) =>
            property.type === 'Property' &&
            ((property.key.type === 'Identifier' && property.key.name === 'env') ||
              (property.key.type === 'Literal' && property.key.value === 'env')),
        );
        if (takesEnv) context.report({ node, messageId: 'env' });
      },
      ImportDeclaration(node) {
        // import { env } from 'node:process', or the whole module, which hands out env too
        if (processModules.has(node.source.value)) context.report({ node, messageId: 'env' });
      },
    };
  },
};

export const layerBoundariesPlugin = {
  meta: { name: 'openpie-layers' },
  rules: { 'layer-imports': layerImports, 'no-process-env': noProcessEnv },
};
