// An esbuild plugin: a zod schema the product declares at the top of a module and a Lambda never uses is left out of
// that Lambda's bundle, so its cold start does not build it (docs/decisions/049). esbuild drops an unused declaration
// only when its value is free of side effects, and it cannot see that a chain such as `z.string().check(...)` is: a
// method call might do anything. So each top-level `const` whose value is a call chain on `z` (the `zod/mini`
// namespace) is marked pure (`/* @__PURE__ */ (() => (value))()`), which changes nothing but that esbuild may drop it
// where nothing reads it. Lines and their order stay as written, so stack traces point where they did.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/** The namespace the product imports zod under (`import * as z from 'zod/mini'`). */
const zodNamespace = 'z';

/** Whether `expression` is a call chain rooted at the zod namespace: `z.object(...)`, `z.string().check(...)`. */
function isZodCallChain(expression: ts.Expression): boolean {
  let node: ts.Expression = expression;
  let sawCall = false;
  for (;;) {
    if (ts.isCallExpression(node)) {
      sawCall = true;
      node = node.expression;
    } else if (ts.isPropertyAccessExpression(node)) {
      node = node.expression;
    } else if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node)
    ) {
      node = node.expression;
    } else {
      return sawCall && ts.isIdentifier(node) && node.text === zodNamespace;
    }
  }
}

/** Whether the module imports the zod namespace as a value (`import * as z from 'zod/mini'`). */
function importsZodNamespace(source: ts.SourceFile): boolean {
  return source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      !statement.importClause?.isTypeOnly &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('zod') &&
      statement.importClause?.namedBindings !== undefined &&
      ts.isNamespaceImport(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.name.text === zodNamespace,
  );
}

/** The module's text with each top-level zod schema declaration marked pure. */
export function markSchemasPure(fileName: string, text: string): string {
  if (!text.includes('zod')) return text;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  if (!importsZodNamespace(source)) return text;
  const values: ts.Expression[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer && isZodCallChain(declaration.initializer))
        values.push(declaration.initializer);
    }
  }
  let marked = text;
  for (const value of values.reverse()) {
    const start = value.getStart(source);
    const end = value.getEnd();
    marked = `${marked.slice(0, start)}/* @__PURE__ */ (() => (${marked.slice(start, end)}))()${marked.slice(end)}`;
  }
  return marked;
}

/** The plugin, for the product's own modules under `functions/`. */
export function schemasLeftOutWhenUnused(): Plugin {
  return {
    name: 'schemas-left-out-when-unused',
    setup(build) {
      build.onLoad({ filter: /[\\/]functions[\\/].*\.ts$/ }, async ({ path }) => {
        if (path.includes('node_modules')) return undefined;
        const text = await readFile(path, 'utf8');
        return { contents: markSchemasPure(path, text), loader: 'ts' };
      });
    },
  };
}
