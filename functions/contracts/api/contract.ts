// The shape of a route contract: what a route accepts (path parameters, query, JSON body) and what it answers (JSON
// data, a page of it, or a browser redirect). Each resource has one module of contracts (contracts/api/<resource>.ts)
// keyed by the manifest's route keys, so a Lambda bundles its own schemas and no others; contracts/api/index.ts
// joins them for tests and tools. Replies are checked against these in local mode (handlers/lib/resource.ts).
import type * as z from 'zod/mini';
import { paginationSchema } from '../envelope';
import type { Resource, RouteKeyOf } from '../routes';

export type Schema = z.ZodMiniType;

/** JSON data in the success envelope; `paginated` replies carry `pagination` beside a list. */
export interface JsonReplyContract<D extends Schema = Schema, P extends boolean = boolean> {
  readonly kind: 'json';
  readonly data: D;
  readonly paginated: P;
}

/** A browser redirect (302/303 with Location), for flows that leave the SPA: social sign-in starts and callbacks. */
export interface RedirectReplyContract {
  readonly kind: 'redirect';
}

export type ReplyContract = JsonReplyContract | RedirectReplyContract;

/** The rights of domain/offices/rights.ts, by name, so a route's contract can say which one it asks for. */
export type OfficeRightName =
  'view-office' | 'manage-office' | 'manage-members' | 'read-money' | 'manage-money' | 'see-every-artist';

export interface RouteContract {
  readonly params?: Schema;
  readonly query?: Schema;
  /** The parsed JSON body. Routes with `rawBody` in the manifest get the bytes instead and have no body schema. */
  readonly body?: Schema;
  readonly reply: ReplyContract;
  /**
   * An office route (its params, query or body name an `officeId` or a `claimId`, or its path a claim `{id}`): the
   * right its caller must hold in that office, or `invitee` when the caller joins the office by an invitation's token
   * and holds no role yet. On a claim, the claim's office is meant, and a `member` sees only the claims of artists
   * assigned to them. The security suite calls the route as each role of an office and as another office's admin
   * from this alone, so the expected 403s and 404s follow the contract, not a list kept in the suite.
   */
  readonly officeRight?: OfficeRightName | 'invitee';
}

/** One contract for every manifest route of a resource, no more: a new route without a contract fails typecheck. */
export type ResourceContracts<Res extends Resource> = { readonly [K in RouteKeyOf<Res>]: RouteContract };

export function json<D extends Schema>(data: D): JsonReplyContract<D, false> {
  return { kind: 'json', data, paginated: false };
}

/** A page of a list: `data` is the page's items, `pagination` says where it is in the whole. */
export function paged<D extends z.ZodMiniArray>(list: D): JsonReplyContract<D, true> {
  return { kind: 'json', data: list, paginated: true };
}

export const redirectReply: RedirectReplyContract = { kind: 'redirect' };

/** What a route returned, as far as its contract speaks of it. */
export interface ReplyUnderCheck {
  readonly kind: 'json' | 'redirect';
  readonly data?: unknown;
  readonly pagination?: unknown;
}

/**
 * Where a reply departs from its contract (`data.items.3.name: Invalid input …`), or null when it keeps it. The data
 * is checked as it goes on the wire (after JSON), and a key the contract does not name counts as a departure, so a
 * field cannot leak out without being declared.
 */
export function findReplyMismatch(contract: ReplyContract, reply: ReplyUnderCheck): string | null {
  if (contract.kind === 'redirect') {
    return reply.kind === 'redirect' ? null : `expected a redirect, got a ${reply.kind} reply`;
  }
  if (reply.kind !== 'json') return `expected JSON data, got a ${reply.kind}`;
  const problem = findValueMismatch(contract.data, toWire(reply.data), 'data');
  if (problem) return problem;
  if (contract.paginated) return findValueMismatch(paginationSchema, toWire(reply.pagination), 'pagination');
  return reply.pagination === undefined ? null : 'pagination: the contract answers no pages';
}

/** Where `value` breaks `schema`, or has a key it does not declare; null when it fits. */
export function findValueMismatch(schema: Schema, value: unknown, root: string): string | null {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    return issue ? `${[root, ...issue.path.map(String)].join('.')}: ${issue.message}` : `${root}: invalid`;
  }
  const unknownKey = findUnknownKey(value, result.data, root);
  return unknownKey === null ? null : `${unknownKey}: not in the contract`;
}

/** The first key of `input` (at any depth) that parsing dropped, because no schema declares it. */
export function findUnknownKey(input: unknown, output: unknown, path: string): string | null {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let index = 0; index < input.length; index += 1) {
      const found = findUnknownKey(input[index], output[index], `${path}.${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isRecord(input) || !isRecord(output)) return null;
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(output, key)) return `${path}.${key}`;
    const found = findUnknownKey(value, output[key], `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toWire(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
