// API URLs by route key. The key names a route of the manifest (functions/contracts/routes.ts) the way API Gateway
// names it, "METHOD /api/full/path/{param}", so a typo, or a call the server does not answer, fails the typecheck.
// Only the manifest's types are imported: the SPA ships no copy of the route table.
import type { apiBasePaths, routes } from '@contracts/routes';
import { appendQuery, type Query } from './paths';

type ManifestRoute = (typeof routes)[number];

type KeyOfRoute<R> = R extends {
  readonly method: infer Method extends string;
  readonly base: infer Base extends keyof typeof apiBasePaths;
  readonly path: infer Path extends string;
}
  ? `${Method} ${(typeof apiBasePaths)[Base]}${Path}`
  : never;

/** Every route the server answers, e.g. `'GET /api/tracks/user/daily'` or `'POST /api/claims/report/{id}'`. */
export type ApiRouteKey = KeyOfRoute<ManifestRoute>;

type PathOfKey<K extends string> = K extends `${string} ${infer Path}` ? Path : never;
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The `{name}` parameters of a route, as a union of names (never for a route without any). */
export type ApiPathParamName<K extends ApiRouteKey> = ParamNames<PathOfKey<K>>;

/** The query is optional everywhere; the parameters are required exactly when the route has some. */
export type ApiPathOptions<K extends ApiRouteKey> = [ApiPathParamName<K>] extends [never]
  ? { params?: undefined; query?: Query }
  : { params: Readonly<Record<ApiPathParamName<K>, string>>; query?: Query };

type ApiPathArguments<K extends ApiRouteKey> = [ApiPathParamName<K>] extends [never]
  ? [options?: ApiPathOptions<K>]
  : [options: ApiPathOptions<K>];

/**
 * The URL of a route: `apiPath('GET /api/tracks/user/daily', { query: { startDate, endDate } })` →
 * `/api/tracks/user/daily?startDate=…&endDate=…`, `apiPath('GET /api/user/details/{id}', { params: { id } })` →
 * `/api/user/details/<id>`. Each parameter is encoded, so an id can never add a segment or a query of its own.
 */
export function apiPath<K extends ApiRouteKey>(key: K, ...[options]: ApiPathArguments<K>): string {
  return buildApiPath(key, options?.params, options?.query);
}

/** apiPath without the key's types, for lib code that has already checked them (the client's `call`). */
export function buildApiPath(
  key: string,
  params: Readonly<Record<string, string>> = {},
  query?: Query,
): string {
  const path = key.slice(key.indexOf(' ') + 1).replace(/\{([^}]+)\}/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing API path parameter "${name}" for ${key}`);
    return encodeURIComponent(value);
  });
  return appendQuery(path, query);
}
