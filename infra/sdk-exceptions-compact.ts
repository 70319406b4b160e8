// Each AWS SDK client bundles a class for every exception its service may answer, written out in full: the key
// service's 48 exceptions are 12 KB of the fan-work worker, DynamoDB's 35 are 9 KB of every Lambda. Each class only
// names itself, its fault, sometimes a retry hint, and copies its own fields from the reply. This esbuild plugin builds
// the same classes from one table per client (docs/decisions/057-compact-sdk-exceptions.md): same names, same
// prototypes (`instanceof` holds), same static `shapeId`, same own properties in the same order. A file that is not in
// the generated shape this reads is bundled as it is, so an SDK that changes the shape costs bytes, never behaviour.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

interface ExceptionShape {
  name: string;
  shapeId: string;
  fault: 'client' | 'server';
  /** Fields given a value at construction (`$retryable = {}`), as written. */
  initialized: { field: string; value: string }[];
  /** Fields copied from the reply (`this.X = opts.X`), in order. */
  copied: string[];
}

const header = /^import \{ (\w+) as __BaseException \} from "(\.\/\w+)";\n/;
const classPattern = new RegExp(
  [
    String.raw`export class (\w+) extends __BaseException \{\n`,
    String.raw` {4}static shapeId = "([^"\n]+)";\n`,
    String.raw` {4}name = "\1";\n`,
    String.raw` {4}\$fault = "(client|server)";\n`,
    String.raw`((?: {4}[\w$]+(?: = [^;\n]+)?;\n)*)`,
    String.raw` {4}constructor\(opts\) \{\n`,
    String.raw` {8}super\(\{\n {12}name: "\1",\n {12}\$fault: "\3",\n {12}\.\.\.opts,\n {8}\}\);\n`,
    String.raw` {8}Object\.setPrototypeOf\(this, \1\.prototype\);\n`,
    String.raw`((?: {8}this\.([\w$]+) = opts\.\6;\n)*)`,
    String.raw` {4}\}\n\}\n`,
  ].join(''),
  'y',
);

/** The exceptions of a client's `models/errors.js`, or null when the file is not in the shape above. */
export function readExceptionShapes(
  source: string,
): { base: string; from: string; exceptions: ExceptionShape[] } | null {
  const head = header.exec(source);
  if (!head?.[1] || !head[2]) return null;
  const exceptions: ExceptionShape[] = [];
  classPattern.lastIndex = head[0].length;
  while (classPattern.lastIndex < source.length) {
    const match = classPattern.exec(source);
    if (!match) return null;
    const [, name = '', shapeId = '', fault, declared = '', assigned = ''] = match;
    const declarations = declared.split('\n').filter(Boolean);
    const initialized = declarations.flatMap((line) => {
      const parts = /^ {4}([\w$]+) = (.+);$/.exec(line);
      return parts?.[1] && parts[2] ? [{ field: parts[1], value: parts[2] }] : [];
    });
    const copied = [...assigned.matchAll(/this\.([\w$]+) = /g)].map((parts) => parts[1] ?? '');
    // Every declared field is either given a value or copied, in the order declared: else this is not the shape.
    const declaredFields = declarations.map((line) => /^ {4}([\w$]+)/.exec(line)?.[1] ?? '');
    const expected = [...initialized.map(({ field }) => field), ...copied];
    if (declaredFields.join() !== expected.join()) return null;
    exceptions.push({ name, shapeId, fault: fault === 'server' ? 'server' : 'client', initialized, copied });
  }
  return { base: head[1], from: head[2], exceptions };
}

/** The same exceptions, each made by one shared function from a row of a table. */
export function compactExceptions(source: string): string | null {
  const shapes = readExceptionShapes(source);
  const first = shapes?.exceptions[0];
  if (!shapes || !first) return null;
  // The service's namespace (`com.amazonaws.dynamodb#`): a shape id that is the namespace and the name is not written.
  const namespace = first.shapeId.slice(0, first.shapeId.length - first.name.length);
  const lines = [
    `import { ${shapes.base} as __BaseException } from "${shapes.from}";`,
    // Class fields run after super() and before the constructor's body: name, $fault, the initialized fields, the
    // declared fields (undefined), then the body copies them from opts. The same order here.
    'const exception = (name, server, initialize, copied, shapeId) => {',
    '  const $fault = server ? "server" : "client";',
    '  const Exception = { [name]: class extends __BaseException {',
    '    constructor(opts) {',
    '      super({ name, $fault, ...opts });',
    '      this.name = name;',
    '      this.$fault = $fault;',
    '      if (initialize) initialize(this);',
    '      for (const field of copied) this[field] = undefined;',
    '      Object.setPrototypeOf(this, Exception.prototype);',
    '      for (const field of copied) this[field] = opts[field];',
    '    }',
    '  } }[name];',
    `  Exception.shapeId = shapeId ?? ${JSON.stringify(namespace)} + name;`,
    '  return Exception;',
    '};',
  ];
  for (const { name, shapeId, fault, initialized, copied } of shapes.exceptions) {
    const initialize =
      initialized.length === 0
        ? 'null'
        : `(self) => { ${initialized.map(({ field, value }) => `self.${field} = ${value};`).join(' ')} }`;
    const ownShapeId = shapeId === namespace + name ? '' : `, ${JSON.stringify(shapeId)}`;
    lines.push(
      `export const ${name} = /* @__PURE__ */ exception(${JSON.stringify(name)}, ${fault === 'server' ? 1 : 0}, ${initialize}, ${JSON.stringify(copied)}${ownShapeId});`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Builds each AWS SDK client's exception classes from a table (see the head of this file). */
export function sdkExceptionsCompact(): Plugin {
  return {
    name: 'sdk-exceptions-compact',
    setup(build) {
      build.onLoad(
        { filter: /[\\/]node_modules[\\/]@aws-sdk[\\/]client-[\w-]+[\\/]dist-es[\\/]models[\\/]errors\.js$/ },
        async ({ path }) => {
          const compact = compactExceptions(await readFile(path, 'utf8'));
          return compact === null ? undefined : { contents: compact, loader: 'js' };
        },
      );
    },
  };
}
