// The generator of bad input, on small schemas whose wrong values are known by hand.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  findUnboundedValues,
  hugeLength,
  listBodyVariants,
  listParamVariants,
  listQueryVariants,
  longUrlLength,
  sampleQuery,
  sampleValid,
  traversalText,
  unknownFieldName,
} from './schema-walk';

const signUp = z.strictObject({
  email: z.string().check(z.maxLength(254), z.email()),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  age: z.optional(z.int().check(z.gte(0), z.lte(150))),
  terms: z.literal(true),
  tags: z.array(z.string().check(z.maxLength(20))).check(z.minLength(1), z.maxLength(5)),
});

function labelsOf(variants: readonly { label: string }[]): string[] {
  return variants.map((variant) => variant.label);
}

describe('a valid sample', () => {
  it('builds a value the schema accepts, optional fields included', () => {
    // Act
    const sample = sampleValid(signUp) as Record<string, unknown>;
    // Assess
    expect(signUp.safeParse(sample).success).toBe(true);
    expect(Object.keys(sample).sort()).toEqual(['age', 'email', 'name', 'tags', 'terms']);
  });

  it('gives fresh e-mails on each call, so each genuine call registers someone new', () => {
    // Act
    const first = sampleValid(signUp) as { email: string };
    const second = sampleValid(signUp) as { email: string };
    // Assess
    expect(first.email).not.toBe(second.email);
  });

  it('follows a discriminated union and refinements across fields', () => {
    // Prepare
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), count: z.int().check(z.gte(5)) }),
      z.object({ kind: z.literal('b') }),
    ]);
    const range = z
      .object({
        from: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
        to: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      })
      .check(z.refine((value) => value.from <= value.to));
    // Act
    const union = sampleValid(schema);
    const dates = sampleValid(range);
    // Assess
    expect(union).toEqual({ kind: 'a', count: 10 });
    expect(range.safeParse(dates).success).toBe(true);
  });

  it('answers undefined when no value can be built, rather than a value the schema refuses', () => {
    // Prepare: both optional fields sampled at once break the refinement
    const exclusive = z
      .object({ days: z.optional(z.int()), hours: z.optional(z.int()) })
      .check(z.refine((value) => value.days === undefined || value.hours === undefined));
    // Act and assess
    expect(sampleValid(exclusive)).toBeUndefined();
  });
});

describe('bad bodies', () => {
  it('are each refused by the schema, and cover wrong types, missing fields, numbers and long strings', () => {
    // Act
    const variants = listBodyVariants(signUp);
    const labels = labelsOf(variants);
    // Assess: every variant is a value the schema refuses, or raw text that is no JSON (`1e999` is JSON: Infinity)
    for (const variant of variants) {
      if (variant.raw === undefined)
        expect(signUp.safeParse(variant.value).success, variant.label).toBe(false);
      else if (variant.label.endsWith('1e999'))
        expect(signUp.safeParse(JSON.parse(variant.raw)).success).toBe(false);
      else expect(() => JSON.parse(variant.raw as string), variant.label).toThrow();
    }
    expect(labels).toEqual(
      expect.arrayContaining([
        'body is null',
        'body is []',
        'email: wrong type 12345',
        'email: missing',
        'email: 100 KB string',
        'name: missing',
        'age: -1',
        'age: 1e308',
        'age: 2^53',
        'age: raw NaN',
        'age: raw 1e999',
        'terms: missing',
        'tags: missing',
        'tags.[0]: 100 KB string',
        'unknown field',
      ]),
    );
    // An optional field may be missing: that is no bad input.
    expect(labels).not.toContain('age: missing');
  });

  it('puts 100 KB into the field and leaves the rest valid, so only the field’s bound can refuse it', () => {
    // Act
    const variant = listBodyVariants(signUp).find((entry) => entry.label === 'name: 100 KB string');
    const value = variant?.value as Record<string, unknown>;
    // Assess
    expect(String(value['name'])).toHaveLength(hugeLength);
    expect(signUp.safeParse({ ...value, name: 'Ann' }).success).toBe(true);
  });

  it('keeps an e-mail an e-mail at 100 KB, as a 2,100-character address once was', () => {
    // Act
    const variant = listBodyVariants(signUp).find((entry) => entry.label === 'email: 100 KB string');
    const email = String((variant?.value as Record<string, unknown>)['email']);
    // Assess
    expect(email).toHaveLength(hugeLength);
    expect(z.email().safeParse(email).success).toBe(true);
  });

  it('keeps a 100 KB string and an unknown field even where the schema would take them: the route must refuse', () => {
    // Prepare: a field with no maximum and an object that strips unknown keys
    const loose = z.object({ note: z.string() });
    // Act
    const labels = labelsOf(listBodyVariants(loose));
    // Assess
    expect(labels).toContain('note: 100 KB string');
    expect(labels).toContain('unknown field');
  });

  it('sends NaN and Infinity as raw JSON tokens, since JSON.stringify would turn them into null', () => {
    // Act
    const raw = listBodyVariants(signUp).find((entry) => entry.label === 'age: raw NaN')?.raw ?? '';
    // Assess
    expect(raw).toMatch(/"age":NaN/);
    expect(raw).not.toContain(unknownFieldName);
  });
});

describe('bad queries', () => {
  const listing = z.object({
    page: z.prefault(
      z
        .pipe(
          z.string().check(z.regex(/^\d{1,6}$/)),
          z.transform((value) => Number(value)),
        )
        .check(z.refine((value) => value >= 1 && value <= 100)),
      '1',
    ),
    sort: z._default(z.enum(['name', 'popularity']), 'name'),
    search: z.optional(z.string().check(z.maxLength(100))),
    from: z.catch(z.optional(z.string().check(z.maxLength(10))), undefined),
  });

  it('are built from a sample of strings and each refused, with 5 KB always sent', () => {
    // Act
    const sample = sampleQuery(listing);
    const variants = listQueryVariants(listing);
    // Assess
    expect(sample).toMatchObject({ page: '1', sort: 'name' });
    expect(labelsOf(variants)).toEqual(
      expect.arrayContaining([
        'page: not a value',
        'page: -1',
        'page: NaN',
        'page: 1e308',
        'sort: not a value',
        'search: 5 KB',
      ]),
    );
    for (const variant of variants)
      expect(listing.safeParse(variant.query).success, variant.label).toBe(false);
    expect(variants.find((variant) => variant.label === 'search: 5 KB')?.query['search']).toHaveLength(
      longUrlLength,
    );
  });

  it('leave lenient fields alone: a browser route takes anything there by design', () => {
    // Act and assess
    expect(labelsOf(listQueryVariants(listing)).some((label) => label.startsWith('from:'))).toBe(false);
  });
});

describe('bad path parameters', () => {
  it('try a traversal, unicode and 5 KB for each parameter, the long one keeping the genuine value’s shape', () => {
    // Act
    const variants = listParamVariants({ officeId: 'office-1', member: 'ann@example.com' });
    // Assess
    expect(variants).toHaveLength(6);
    expect(variants[0]).toEqual({
      label: '{officeId}: ../ traversal',
      name: 'officeId',
      value: traversalText,
    });
    const long = variants.find((variant) => variant.label === '{member}: 5 KB')?.value ?? '';
    expect(long).toHaveLength(5 * 1024);
    expect(long.endsWith('ann@example.com')).toBe(true);
  });
});

describe('unbounded values', () => {
  it('are found wherever a caller could send any amount of text', () => {
    // Prepare
    const schema = z.object({
      bounded: z.string().check(z.maxLength(10)),
      free: z.optional(z.string()),
      list: z.array(z.string().check(z.maxLength(5))),
      nested: z.object({ deep: z.nullish(z.string()) }),
      pattern: z.string().check(z.regex(/^[a-z]{1,5}$/)),
      email: z.email(),
      anything: z.unknown(),
      piped: z.pipe(
        z.string(),
        z.transform((value) => value.length),
      ),
      map: z.record(z.string(), z.string()),
      choice: z.enum(['a', 'b']),
      count: z.int(),
    });
    // Act
    const found = findUnboundedValues(schema);
    // Assess: a regex or format is no bound the walk can read; only an explicit maximum is
    expect(found).toEqual([
      { path: '$.free', kind: 'string' },
      { path: '$.list', kind: 'array' },
      { path: '$.nested.deep', kind: 'string' },
      { path: '$.pattern', kind: 'string' },
      { path: '$.email', kind: 'string' },
      { path: '$.anything', kind: 'any' },
      { path: '$.piped', kind: 'string' },
      { path: '$.map', kind: 'record' },
    ]);
  });

  it('finds nothing in a schema whose every string and list has a maximum', () => {
    // Act and assess
    expect(findUnboundedValues(signUp)).toEqual([]);
  });

  it('counts the extra keys a loose object keeps as unbounded', () => {
    // Act and assess
    expect(findUnboundedValues(z.looseObject({ a: z.literal(1) }))).toEqual([{ path: '$.*', kind: 'any' }]);
  });
});
