// Reads a request schema (zod/mini) the way an attacker reads a form: which fields exist, what a valid value looks
// like, and which values the schema itself says are wrong. The security suite sends those wrong values to every
// route, so a route added later is attacked with inputs derived from its own contract, without a new test.
//
// The walk goes through `_zod.def`, zod v4's description of a schema. Only the node types request schemas use are
// understood; anything else is reported as such, so a new kind of schema makes the walk say what it cannot read.
import type * as z from 'zod/mini';

export type Schema = z.ZodMiniType;
export type FieldPath = readonly (string | number)[];

interface CheckDef {
  check: string;
  maximum?: number;
  minimum?: number;
  length?: number;
  format?: string;
}

interface SchemaDef {
  type: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  innerType?: Schema;
  element?: Schema;
  options?: readonly Schema[];
  in?: Schema;
  out?: Schema;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  format?: string;
  left?: Schema;
  right?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  items?: readonly Schema[];
  rest?: Schema | null;
  getter?: () => Schema;
}

function defOf(schema: Schema): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

function checksOf(schema: Schema): CheckDef[] {
  return (defOf(schema).checks ?? []).map((check) => check._zod.def);
}

export function accepts(schema: Schema, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/** Wrappers that change whether a value may be absent or how it is read, but not what the value is. */
const wrapperTypes = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
]);

/** The schema under its optional/default/… wrappers and the input side of pipes: what the value must be. */
export function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (wrapperTypes.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else return current;
  }
}

/**
 * A field wrapped in `catch` takes any value and falls back to a default: browser routes read their query this way
 * (a provider or a bookmark may add anything). Such a field has no wrong value to send.
 */
export function isLenient(schema: Schema): boolean {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'catch') return true;
    if (wrapperTypes.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return false;
  }
}

// ── bounds ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface UnboundedValue {
  path: string;
  /** What is unbounded: a string without a maximum length, a list without a maximum size, or any value at all. */
  kind: 'string' | 'array' | 'record' | 'any' | 'unknown-node';
}

function hasMaximum(schema: Schema): boolean {
  return checksOf(schema).some(
    (check) =>
      (check.check === 'max_length' && check.maximum !== undefined) ||
      (check.check === 'length_equals' && check.length !== undefined),
  );
}

const boundedLeaves = new Set([
  'number',
  'int',
  'boolean',
  'literal',
  'enum',
  'null',
  'undefined',
  'never',
  'nan',
]);

/**
 * Every place in a request schema where a caller could send an arbitrarily large value: a string or list with no
 * maximum, a free-form record, or an untyped value. A request schema with none of these can only carry a bounded
 * amount of text, whatever the caller sends, so no key or item can outgrow DynamoDB's limits.
 */
export function findUnboundedValues(schema: Schema, path = '$'): UnboundedValue[] {
  const def = defOf(schema);
  if (wrapperTypes.has(def.type) && def.innerType) return findUnboundedValues(def.innerType, path);
  switch (def.type) {
    case 'string':
      return hasMaximum(schema) ? [] : [{ path, kind: 'string' }];
    case 'pipe':
      // Only the input side is what the caller sends; the output side is already parsed from it.
      return def.in ? findUnboundedValues(def.in, path) : [];
    case 'transform':
      return [];
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        findUnboundedValues(field, `${path}.${key}`),
      );
      const catchall = def.catchall ? defOf(def.catchall).type : 'never';
      // A loose object keeps whatever extra keys arrive, unread and unbounded.
      const extra = catchall === 'never' ? [] : findUnboundedValues(def.catchall as Schema, `${path}.*`);
      return [...fields, ...extra];
    }
    case 'array': {
      const own: UnboundedValue[] = hasMaximum(schema) ? [] : [{ path, kind: 'array' }];
      return def.element ? [...own, ...findUnboundedValues(def.element, `${path}[]`)] : own;
    }
    case 'tuple':
      return [
        ...(def.items ?? []).flatMap((item, index) => findUnboundedValues(item, `${path}[${index}]`)),
        ...(def.rest ? [{ path: `${path}[…]`, kind: 'array' as const }] : []),
      ];
    case 'union':
      return (def.options ?? []).flatMap((option) => findUnboundedValues(option, path));
    case 'intersection':
      return [
        ...(def.left ? findUnboundedValues(def.left, path) : []),
        ...(def.right ? findUnboundedValues(def.right, path) : []),
      ];
    case 'record':
      return [{ path, kind: 'record' }];
    case 'lazy':
      return def.getter ? findUnboundedValues(def.getter(), path) : [];
    case 'any':
    case 'unknown':
      return [{ path, kind: 'any' }];
    default:
      return boundedLeaves.has(def.type) ? [] : [{ path, kind: 'unknown-node' }];
  }
}

// ── a valid value ───────────────────────────────────────────────────────────────────────────────────────────────

let sampleCounter = 0;

/** Candidate texts, in order, for a string field: the first the field accepts is its sample. */
function stringCandidates(): string[] {
  sampleCounter += 1;
  const now = new Date();
  return [
    `security-${sampleCounter}-${process.pid}@example.com`,
    `sample_value.${sampleCounter}`,
    'A sample text the security suite sends',
    `correct-horse-battery-staple-${sampleCounter}`,
    now.toISOString().slice(0, 10),
    `${now.toISOString().slice(0, 10)} ${now.toISOString().slice(11, 16)}`,
    now.toISOString(),
    'spotify:track:4uLU6hMCjMI75M1A2tKUQC',
    'https://example.com/sample',
    '1',
    'sample',
  ];
}

function sampleString(schema: Schema): string | undefined {
  const found = stringCandidates().find((candidate) => accepts(schema, candidate));
  if (found !== undefined) return found;
  const minimum = checksOf(schema).find((check) => check.check === 'min_length')?.minimum ?? 1;
  const padded = 'a'.repeat(minimum);
  return accepts(schema, padded) ? padded : undefined;
}

function sampleNumber(schema: Schema): number | undefined {
  return [1, 10, 100, 1000, 0, 30_000, 60_000].find((candidate) => accepts(schema, candidate));
}

function sampleNode(schema: Schema): unknown {
  const def = defOf(schema);
  if (wrapperTypes.has(def.type) && def.innerType) return sampleNode(def.innerType);
  switch (def.type) {
    case 'string':
      return sampleString(schema);
    case 'number':
    case 'int':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'null':
      return null;
    case 'pipe':
      return def.in ? sampleNode(def.in) : undefined;
    case 'lazy':
      return def.getter ? sampleNode(def.getter()) : undefined;
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = sampleNode(field);
        if (value === undefined) {
          if (!accepts(field, undefined)) return undefined;
        } else {
          sample[key] = value;
        }
      }
      return sample;
    }
    case 'array': {
      const element = def.element ? sampleNode(def.element) : undefined;
      if (element === undefined) return accepts(schema, []) ? [] : undefined;
      const minimum = checksOf(schema).find((check) => check.check === 'min_length')?.minimum ?? 1;
      return Array.from({ length: Math.max(1, minimum) }, () => structuredClone(element));
    }
    case 'union':
      for (const option of def.options ?? []) {
        const value = sampleNode(option);
        if (value !== undefined && accepts(option, value)) return value;
      }
      return undefined;
    case 'record':
      return {};
    default:
      return undefined;
  }
}

/**
 * A value the schema accepts, built field by field (every optional field included, so each can be attacked), or
 * undefined when the walk cannot build one. Strings get fresh values on each call (e-mails stay unique).
 */
export function sampleValid(schema: Schema): unknown {
  const value = sampleNode(schema);
  return value !== undefined && accepts(schema, value) ? value : undefined;
}

// ── wrong values ────────────────────────────────────────────────────────────────────────────────────────────────

/** A request part the suite sends: a JSON value, or raw text where JSON cannot say it (NaN, a broken document). */
export interface BadValue {
  label: string;
  value?: unknown;
  raw?: string;
}

/** 100 KB of text: far past any sensible field, well under the body limit, so the field's own bound must answer. */
export const hugeLength = 100 * 1024;
/** 5 KB: URLs carry at most about 8 KB through CloudFront, so path and query attacks stay under it. */
export const longUrlLength = 5 * 1024;

/**
 * A valid value made `length` characters long by padding its start, so it keeps its shape where it can (an e-mail
 * stays an e-mail, an id stays an id): only the field's maximum can refuse it, as a 2,100-character address must be.
 */
export function padToLength(value: unknown, length: number): string {
  const text = typeof value === 'string' ? value : '';
  return 'x'.repeat(Math.max(0, length - text.length)) + text;
}
export const unicodeText = 'ünï©ødé 😀 \u202e\u200b ﷽';
export const traversalText = '../../../health';
export const unknownFieldName = 'injectedUnknownField';

function formatPath(path: FieldPath): string {
  return path.length === 0
    ? '(body)'
    : path.map((part) => (typeof part === 'number' ? `[${part}]` : part)).join('.');
}

function getAt(root: unknown, path: FieldPath): unknown {
  let node = root;
  for (const part of path) node = (node as Record<string | number, unknown> | undefined)?.[part];
  return node;
}

function setAt(root: unknown, path: FieldPath, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
  return copy;
}

interface Field {
  path: FieldPath;
  /** The field's schema with its wrappers (so `optional` tells whether it may be missing). */
  schema: Schema;
  /** What the value must be, wrappers removed. */
  core: Schema;
}

/** The fields of a sample, depth first, following the union option the sample took. */
function listFields(schema: Schema, sample: unknown, path: FieldPath = []): Field[] {
  const core = unwrap(schema);
  const def = defOf(core);
  const here: Field[] = path.length === 0 ? [] : [{ path, schema, core }];
  if (def.type === 'object' && sample !== null && typeof sample === 'object' && !Array.isArray(sample)) {
    const values = sample as Record<string, unknown>;
    return [
      ...here,
      ...Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        key in values
          ? listFields(field, values[key], [...path, key])
          : [{ path: [...path, key], schema: field, core: unwrap(field) }],
      ),
    ];
  }
  if (def.type === 'array' && Array.isArray(sample) && sample.length > 0 && def.element) {
    return [...here, ...listFields(def.element, sample[0], [...path, 0])];
  }
  if (def.type === 'union') {
    const option = (def.options ?? []).find((candidate) => accepts(candidate, sample));
    if (option)
      return [
        ...here,
        ...listFields(option, sample, path).filter((field) => field.path.length > path.length),
      ];
  }
  return here;
}

/** Values of another JSON type than the field's. */
function wrongTypesFor(core: Schema): unknown[] {
  switch (defOf(core).type) {
    case 'string':
    case 'enum':
    case 'literal':
      return [12345, { nested: 'object' }];
    case 'number':
    case 'int':
      return ['12', true];
    case 'boolean':
      return ['true', 1];
    case 'array':
      return [{ not: 'a list' }, 'text'];
    case 'object':
      return ['text', [1, 2]];
    default:
      return [12345, 'text'];
  }
}

/** Numbers a money or listening field must never take: negative, past the safe range, past any range. */
const hostileNumbers: readonly { label: string; value: number }[] = [
  { label: '-1', value: -1 },
  { label: '1e308', value: 1e308 },
  { label: '2^53', value: 2 ** 53 },
  { label: '0.5', value: 0.5 },
];

/** JSON that does not say a number: the raw tokens `NaN` and `Infinity`, and `1e999`, which parses to Infinity. */
const rawNumberTokens: readonly string[] = ['NaN', '-Infinity', '1e999'];

/**
 * Bad bodies for a body schema: the root of a wrong type, then for each field of a valid sample a wrong type, its
 * absence (when required), hostile numbers, 100 KB of text, and an unknown field beside the valid ones. A variant is
 * kept when the schema refuses it; 100 KB strings and unknown fields are kept even when it does not, because the
 * product promises to refuse those: the route then answers for it.
 */
export function listBodyVariants(schema: Schema): BadValue[] {
  const variants: BadValue[] = [];
  const keep = (variant: BadValue, always = false) => {
    if (always || variant.raw !== undefined || !accepts(schema, variant.value)) variants.push(variant);
  };
  for (const value of [null, [], 'text', 42, true])
    keep({ label: `body is ${JSON.stringify(value)}`, value });
  const sample = sampleValid(schema);
  if (sample === undefined) {
    keep({ label: 'empty object', value: {} });
    return variants;
  }
  for (const field of listFields(schema, sample)) {
    const where = formatPath(field.path);
    const type = defOf(field.core).type;
    for (const wrong of wrongTypesFor(field.core)) {
      keep({
        label: `${where}: wrong type ${JSON.stringify(wrong)}`,
        value: setAt(sample, field.path, wrong),
      });
    }
    if (!accepts(field.schema, undefined)) {
      keep({ label: `${where}: missing`, value: setAt(sample, field.path, undefined, true) });
    }
    if (type === 'string') {
      const long = padToLength(getAt(sample, field.path), hugeLength);
      keep({ label: `${where}: 100 KB string`, value: setAt(sample, field.path, long) }, true);
    }
    if (type === 'number' || type === 'int') {
      for (const { label, value } of hostileNumbers) {
        keep({ label: `${where}: ${label}`, value: setAt(sample, field.path, value) });
      }
      const marker = '__security_raw_number__';
      const text = JSON.stringify(setAt(sample, field.path, marker));
      for (const token of rawNumberTokens) {
        keep({ label: `${where}: raw ${token}`, raw: text.replace(`"${marker}"`, token) });
      }
    }
    if (type === 'object') {
      const withUnknown = setAt(sample, [...field.path, unknownFieldName], 'surprise');
      keep({ label: `${where}: unknown field`, value: withUnknown });
    }
  }
  if (defOf(unwrap(schema)).type === 'object' || defOf(unwrap(schema)).type === 'union') {
    keep({ label: 'unknown field', value: { ...(sample as object), [unknownFieldName]: 'surprise' } }, true);
  }
  return variants;
}

/** A query string as name → value (the API reads the last value of a repeated name). */
export type QueryValues = Record<string, string>;

/** The values of a sample query as the URL carries them. */
export function sampleQuery(schema: Schema): QueryValues | undefined {
  const sample = sampleValid(schema);
  if (sample === undefined || sample === null || typeof sample !== 'object') return undefined;
  return Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, String(value)]));
}

/**
 * Bad queries: each field missing (when required) and given texts that are no number, a hostile number, another
 * option than the enum's, or 5 KB long. Lenient fields (browser routes) take anything and are skipped. Unknown query
 * parameters are not sent: browsers, providers and campaign links add their own, and the API ignores them.
 */
export function listQueryVariants(schema: Schema): { label: string; query: QueryValues }[] {
  const sample = sampleQuery(schema);
  if (!sample) return [];
  const shape = defOf(unwrap(schema)).shape ?? {};
  const variants: { label: string; query: QueryValues }[] = [];
  for (const [name, field] of Object.entries(shape)) {
    if (isLenient(field)) continue;
    if (!accepts(field, undefined)) {
      const rest = { ...sample };
      delete rest[name];
      if (!accepts(schema, rest)) variants.push({ label: `${name}: missing`, query: rest });
    }
    const texts: readonly [string, string][] = [
      ['not a value', 'not-a-value'],
      ['-1', '-1'],
      ['NaN', 'NaN'],
      ['1e308', '1e308'],
      ['2^53', String(2 ** 53)],
      ['empty', ''],
      ['unicode', unicodeText],
    ];
    for (const [label, text] of texts) {
      const query = { ...sample, [name]: text };
      if (!accepts(schema, query)) variants.push({ label: `${name}: ${label}`, query });
    }
    variants.push({
      label: `${name}: 5 KB`,
      query: { ...sample, [name]: padToLength(sample[name], longUrlLength) },
    });
  }
  return variants;
}

/**
 * Bad path parameters, for each parameter of a genuine call in turn: a traversal (sent percent-encoded, so it stays
 * one segment as a hostile client can send it), unicode with direction overrides, and the genuine value padded to 5 KB. These are sent whatever the route's
 * schema says: a path parameter names something stored, so a value that cannot exist must end in a 4xx.
 */
export function listParamVariants(
  genuine: Readonly<Record<string, string>>,
): { label: string; name: string; value: string }[] {
  return Object.entries(genuine).flatMap(([name, value]) => [
    { label: `{${name}}: ../ traversal`, name, value: traversalText },
    { label: `{${name}}: unicode`, name, value: unicodeText },
    { label: `{${name}}: 5 KB`, name, value: padToLength(value, longUrlLength) },
  ]);
}
