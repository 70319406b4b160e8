// Every string a caller can send has a maximum, so no request can make a DynamoDB key past 2,048
// bytes or an item past 400 KB, and oversized input is refused with a 422 before any work (hashing included).
// Walks every request schema of every manifest route, so a route added later is held to it without a new test.
import { describe, expect, it } from 'vitest';
import { getRouteContract } from '../../functions/contracts/api';
import type { RouteDefinition, RouteKey } from '../../functions/contracts/routes';
import { routeKeyOf, routes } from '../../functions/contracts/routes';
import { findUnboundedValues } from './schema-walk';

const allRoutes: readonly RouteDefinition[] = routes;

describe('request schemas have no unbounded value', () => {
  it('holds for the path parameters, query and body of every manifest route', () => {
    // Prepare
    const found: string[] = [];

    // Act
    for (const route of allRoutes) {
      const routeKey = routeKeyOf(route);
      const contract = getRouteContract(routeKey as RouteKey);
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = contract[part];
        if (!schema) continue;
        for (const { path, kind } of findUnboundedValues(schema, part))
          found.push(`${routeKey}: ${path} (${kind})`);
      }
    }

    // Assess
    expect(found).toEqual([]);
  });
});
