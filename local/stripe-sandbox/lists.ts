// Stripe's list pages: newest first, `limit` (1-100, default 10), `starting_after` / `ending_before` cursors,
// `{ object: 'list', data, has_more, url }`.
import type { SandboxCore } from './core';
import { invalidRequest } from './errors';
import type { FormObject } from './form';
import { optionalInteger, optionalString } from './params';

export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export function paginate<T extends { id: string; created: number }>(
  core: SandboxCore,
  items: T[],
  params: FormObject,
  url: string,
): ListPage<T> {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('Limit must be between 1 and 100.', 'limit');
  const sorted = [...items].sort((a, b) => b.created - a.created || core.orderOf(b.id) - core.orderOf(a.id));
  const startingAfter = optionalString(params, 'starting_after');
  const endingBefore = optionalString(params, 'ending_before');
  if (startingAfter !== undefined) {
    const index = sorted.findIndex((item) => item.id === startingAfter);
    if (index < 0)
      throw invalidRequest(`No such object: '${startingAfter}'`, 'starting_after', 'resource_missing');
    const rest = sorted.slice(index + 1);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }
  if (endingBefore !== undefined) {
    const index = sorted.findIndex((item) => item.id === endingBefore);
    if (index < 0)
      throw invalidRequest(`No such object: '${endingBefore}'`, 'ending_before', 'resource_missing');
    const before = sorted.slice(0, index);
    return { object: 'list', data: before.slice(-limit), has_more: before.length > limit, url };
  }
  return { object: 'list', data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
}

/** Keeps the items whose `field` equals the parameter of the same name, when it was given. */
export function filterBy<T>(items: T[], params: FormObject, name: string, read: (item: T) => unknown): T[] {
  const wanted = optionalString(params, name);
  return wanted === undefined ? items : items.filter((item) => read(item) === wanted);
}

/**
 * Stripe's `created` filter: an exact Unix second (`created=…`) or a range of `gt`, `gte`, `lt`, `lte`
 * (`created[gte]=…&created[lt]=…`); anything else is refused as Stripe refuses it.
 */
export function filterByCreated<T extends { created: number }>(items: T[], params: FormObject): T[] {
  const given = params['created'];
  if (given === undefined || given === '') return items;
  const integer = (value: unknown, name: string): number => {
    if (typeof value !== 'string' || !/^\d+$/.test(value))
      throw invalidRequest(`Invalid integer: ${String(value)}`, name);
    return Number(value);
  };
  if (typeof given === 'string') {
    const exact = integer(given, 'created');
    return items.filter((item) => item.created === exact);
  }
  if (Array.isArray(given)) throw invalidRequest('Invalid hash: created', 'created');
  const bounds: { op: string; value: number }[] = [];
  for (const [op, value] of Object.entries(given)) {
    if (!['gt', 'gte', 'lt', 'lte'].includes(op))
      throw invalidRequest(
        `Received unknown parameter: created[${op}]`,
        `created[${op}]`,
        'parameter_unknown',
      );
    bounds.push({ op, value: integer(value, `created[${op}]`) });
  }
  return items.filter((item) =>
    bounds.every(({ op, value }) =>
      op === 'gt'
        ? item.created > value
        : op === 'gte'
          ? item.created >= value
          : op === 'lt'
            ? item.created < value
            : item.created <= value,
    ),
  );
}

/** The id of an expandable field, whether it holds the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}
