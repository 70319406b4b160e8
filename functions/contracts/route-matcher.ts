// Finds the manifest route of a request as API Gateway does, for the local server, the not-found handler (405 with
// Allow) and tests. Kept apart from the manifest so the Lambdas, which API Gateway routes, carry no matcher.
import type { HttpMethod, RouteDefinition, RouteKey } from './routes';
import { fullPathOf, routeKeyOf, routes } from './routes';

export interface RouteMatch {
  route: RouteDefinition;
  routeKey: RouteKey;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  routeKey: RouteKey;
  segments: readonly string[];
}

const compiled: readonly CompiledRoute[] = routes.map((route: RouteDefinition) => ({
  route,
  routeKey: routeKeyOf(route) as RouteKey,
  segments: fullPathOf(route).split('/').slice(1),
}));

function isParameter(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** Literal segments win over parameters, earliest first, as API Gateway picks the most specific route. */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): number {
  for (let index = 0; index < a.segments.length; index += 1) {
    const aParam = isParameter(a.segments[index] ?? '');
    const bParam = isParameter(b.segments[index] ?? '');
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

function matchSegments(candidate: CompiledRoute, segments: readonly string[]): Record<string, string> | null {
  if (candidate.segments.length !== segments.length) return null;
  const parameters: Record<string, string> = {};
  for (let index = 0; index < segments.length; index += 1) {
    const expected = candidate.segments[index] ?? '';
    const actual = segments[index] ?? '';
    if (isParameter(expected)) {
      if (actual === '') return null;
      try {
        parameters[expected.slice(1, -1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return parameters;
}

function candidatesFor(path: string): { candidate: CompiledRoute; parameters: Record<string, string> }[] {
  const segments = path.split('/').slice(1);
  return compiled
    .map((candidate) => ({ candidate, parameters: matchSegments(candidate, segments) }))
    .filter(
      (entry): entry is { candidate: CompiledRoute; parameters: Record<string, string> } =>
        entry.parameters !== null,
    )
    .sort((a, b) => moreSpecific(a.candidate, b.candidate));
}

/** The manifest route for a request, as API Gateway would choose it; null when none. */
export function matchRoute(method: string, path: string): RouteMatch | null {
  const found = candidatesFor(path).find((entry) => entry.candidate.route.method === method);
  return found
    ? { route: found.candidate.route, routeKey: found.candidate.routeKey, pathParameters: found.parameters }
    : null;
}

/** The methods the manifest answers at a path (for 405 replies). */
export function methodsAt(path: string): HttpMethod[] {
  return [...new Set(candidatesFor(path).map((entry) => entry.candidate.route.method))];
}
