import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { getRouteContract, routeContracts } from '../../functions/contracts/api';
import { findReplyMismatch, json, paged, redirectReply } from '../../functions/contracts/api/contract';
import type { RouteDefinition, RouteKey } from '../../functions/contracts/routes';
import { deployedResources, routeKeyOf, routes } from '../../functions/contracts/routes';

const manifestKeys = routes.map((route: RouteDefinition) => routeKeyOf(route) as RouteKey);

function shapeKeys(schema: z.ZodMiniType | undefined): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Object.keys(shape ?? {}).sort();
}

describe('route contracts', () => {
  it('has one contract for every manifest route and none beyond', () => {
    expect(Object.keys(routeContracts).sort()).toEqual([...manifestKeys].sort());
    for (const key of manifestKeys) expect(getRouteContract(key).reply.kind).toMatch(/json|redirect/);
  });

  it.each(manifestKeys)('names the path parameters of %s in its params schema', (key) => {
    // Prepare
    const inPath = [...key.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '').sort();
    // Assess
    expect(shapeKeys(getRouteContract(key).params)).toEqual(inPath);
  });

  it('gives raw-body routes no body schema: their handler reads the bytes', () => {
    const raw = routes
      .filter((route: RouteDefinition) => route.rawBody)
      .map((route) => routeKeyOf(route) as RouteKey);
    expect(raw.length).toBeGreaterThan(0);
    for (const key of raw) expect(getRouteContract(key).body).toBeUndefined();
  });

  it('answers no built JSON route with a reply that says nothing (z.unknown)', () => {
    const vague = manifestKeys.filter((key) => {
      const reply = getRouteContract(key).reply;
      return (
        reply.kind === 'json' &&
        (reply.data._zod.def.type === 'unknown' || reply.data._zod.def.type === 'any')
      );
    });
    expect(vague).toEqual([]);
  });

  // Importing a handler builds its Lambda: createResourceHandler refuses a route without a contract and a handler for
  // a route the manifest lacks.
  it.each([...deployedResources().filter((resource) => resource !== 'not-found'), 'dev' as const])(
    'builds the %s Lambda from its contracts',
    async (resource) => {
      const module = (await import(`../../functions/handlers/${resource}.ts`)) as { handler: unknown };
      expect(typeof module.handler).toBe('function');
    },
  );
});

describe('reply checks', () => {
  const user = z.object({ id: z.string(), name: z.string(), tags: z.array(z.object({ label: z.string() })) });
  const good = { id: 'u-1', name: 'Ada', tags: [{ label: 'x' }] };

  it('accepts a reply that keeps its contract, as it goes on the wire', () => {
    expect(findReplyMismatch(json(user), { kind: 'json', data: good })).toBeNull();
    // undefined fields vanish in JSON, as they do for the client
    expect(findReplyMismatch(json(user), { kind: 'json', data: { ...good, extra: undefined } })).toBeNull();
  });

  it('names the path where the data breaks its schema', () => {
    const mismatch = findReplyMismatch(json(user), { kind: 'json', data: { ...good, tags: [{ label: 3 }] } });
    expect(mismatch).toMatch(/^data\.tags\.0\.label: /);
  });

  it('refuses a field the contract does not declare, at any depth', () => {
    expect(findReplyMismatch(json(user), { kind: 'json', data: { ...good, passwordHash: 'x' } })).toBe(
      'data.passwordHash: not in the contract',
    );
    expect(
      findReplyMismatch(json(user), { kind: 'json', data: { ...good, tags: [{ label: 'x', secret: 1 }] } }),
    ).toBe('data.tags.0.secret: not in the contract');
  });

  it('requires pagination on a paged reply and refuses it elsewhere', () => {
    const list = z.array(user);
    const pagination = { page: 1, limit: 20, total: 1, pages: 1 };
    expect(findReplyMismatch(paged(list), { kind: 'json', data: [good], pagination })).toBeNull();
    expect(findReplyMismatch(paged(list), { kind: 'json', data: [good] })).toMatch(/^pagination: /);
    expect(findReplyMismatch(json(list), { kind: 'json', data: [good], pagination })).toMatch(
      /^pagination: /,
    );
  });

  it('tells a redirect from JSON', () => {
    expect(findReplyMismatch(redirectReply, { kind: 'redirect' })).toBeNull();
    expect(findReplyMismatch(redirectReply, { kind: 'json', data: good })).toMatch(/expected a redirect/);
    expect(findReplyMismatch(json(user), { kind: 'redirect' })).toMatch(/expected JSON/);
  });
});
