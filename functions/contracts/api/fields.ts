// Field schemas the route contracts share: path parameters, query-string numbers, flags and choices. Query values
// arrive as strings, so numbers and flags are read from text; every string has a maximum length.
import * as z from 'zod/mini';

/** An id in a path: letters, digits, `_` and `-`, never a path or an expression. */
export function idField(label = 'an id') {
  // The length check stops first, so an oversized value never reaches the pattern.
  return z
    .string()
    .check(
      z.maxLength(64, { error: `Use ${label}`, abort: true }),
      z.regex(/^[A-Za-z0-9_-]{1,64}$/, `Use ${label}`),
    );
}

/** `{ [name]: id }` for a route's path parameters. */
export function idParams<const Names extends readonly string[]>(...names: Names) {
  return z.object(
    Object.fromEntries(names.map((name) => [name, idField()])) as {
      [N in Names[number]]: ReturnType<typeof idField>;
    },
  );
}

/** A whole number from `min` to `max` in the query string, `fallback` when absent. */
export function wholeNumberParam(max: number, fallback: number, min = 1) {
  return z.prefault(wholeNumberText(min, max), String(fallback));
}

/** A whole number from `min` to `max` in the query string, absent when not given. */
export function optionalWholeNumberParam(min: number, max: number) {
  return z.optional(wholeNumberText(min, max));
}

function wholeNumberText(min: number, max: number) {
  return z
    .pipe(
      z.string().check(z.maxLength(6, 'Use a whole number'), z.regex(/^\d{1,6}$/, 'Use a whole number')),
      z.transform((value) => Number(value)),
    )
    .check(z.refine((value) => value >= min && value <= max, `Use a number from ${min} to ${max}`));
}

/** `true` or `false` in the query string, absent when not given. */
export const optionalFlagParam = z.optional(
  z.pipe(
    z.enum(['true', 'false'], 'Use true or false'),
    z.transform((value) => value === 'true'),
  ),
);

/** A trimmed text of at most `max` characters. */
export function textField(max: number) {
  return z.string().check(z.trim(), z.maxLength(max, `Use at most ${max} characters`));
}

/** A required trimmed text of 1 to `max` characters. */
export function requiredTextField(max: number, requiredMessage = 'This field is required') {
  return z
    .string({ error: requiredMessage })
    .check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(max, `Use at most ${max} characters`));
}

export const sortOrderParam = z.optional(z.enum(['asc', 'desc'], 'Use asc or desc'));

/** The usual list query of the staff area: page, limit (SPEC §9: 10 per page unless said), search. */
export function staffListQuery(defaultLimit = 10) {
  return {
    page: wholeNumberParam(10_000, 1),
    limit: wholeNumberParam(100, defaultLimit),
    search: z.optional(textField(100)),
  };
}
