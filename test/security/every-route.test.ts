// Every route of the manifest under attack, generated from the manifest and the routes' request
// schemas, so a route added later is covered the day it lands:
// - bad input derived from its schemas must end in a 4xx failure envelope, never a 5xx, and write nothing;
// - an authorization matrix of personas must get exactly what the route's role allows;
// - a write carried by a session cookie without the site’s Origin, or with another site’s, must be refused (403);
// - on the artist area's office routes, another office's admin gets 404 and each role of the office what the right
//   the route's contract names (`officeRight`) allows it in domain/offices/rights.ts.
// - every route has a handler in the real handler tables: none answers 501 (a route a table leaves out does).
// It runs against the local product (API adapter, handlers, DynamoDB Local) started in this process, and prints its
// totals at the end.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRouteContract } from '../../functions/contracts/api';
import type { OfficeRightName } from '../../functions/contracts/api/contract';
import type { SessionArea } from '../../functions/contracts/auth';
import { sessionCookieNames } from '../../functions/contracts/auth';
import { failureEnvelopeSchema } from '../../functions/contracts/envelope';
import type { RouteDefinition, RouteKey } from '../../functions/contracts/routes';
import { fullPathOf, routeKeyOf, routes } from '../../functions/contracts/routes';
import {
  claimPartition,
  fanPartition,
  officeClaimsPartition,
  officePartition,
} from '../../functions/data/keys';
import type { OfficeMember } from '../../functions/domain/offices/rights';
import { hasOfficeRight } from '../../functions/domain/offices/rights';
import { accountTypes } from '../../functions/domain/money/ledger';
import type { RunningOpenPie } from '../../local/app';
import type { ForgedKind, OfficeCast, OfficePerson, SignedIn } from './personas';
import {
  createOfficeCast,
  createThrowawayAccount,
  forgeToken,
  randomVerificationString,
  jsonHeaders,
  signInStaffThroughApi,
  signUpThroughApi,
  uniqueClientAddress,
} from './personas';
import type { BadValue, QueryValues, Schema } from './schema-walk';
import {
  listBodyVariants,
  listParamVariants,
  listQueryVariants,
  sampleQuery,
  sampleValid,
  unwrap,
} from './schema-walk';
import type { SiteClient, SiteReply } from './site-client';
import { createSiteClient } from './site-client';
import { diffDumps, dumpPartition, dumpTable } from './table-dump';
import { throwawayProduct } from '../support/throwaway-product';

// The local product as `npm start` runs it (no schedules, no web build), with a data folder and table of its own.
let product: RunningOpenPie | undefined;
let dataDir: string | undefined;
const savedEnv = { ...process.env };
const site = {
  get url(): string {
    if (!product) throw new Error('The local product is not running');
    return product.url;
  },
};

const allRoutes: readonly RouteDefinition[] = routes;
const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const requestConcurrency = 6;

interface People {
  fan: SignedIn;
  anotherFan: SignedIn;
  artist: SignedIn;
  staff: SignedIn;
}

let client: SiteClient;
let people: People;

// ── totals ──────────────────────────────────────────────────────────────────────────────────────────────────────

const totals = {
  requests: 0,
  success: 0,
  clientErrors: 0,
  serverErrors: 0,
  unexpectedAllows: 0,
};
/** What went wrong, by phase and route (`bad input GET /api/user`). */
const findings = new Map<string, string[]>();

/** The ledger's own account ids (`office-payable:<office id>`): words of the bookkeeping, never of a failure. */
const internalAccountPattern = new RegExp(`(^|[^a-z-])(${accountTypes.join('|')}):[^\\s"]+`);
/** Failure replies that named an internal account, by route and status. */
const accountLeaks: string[] = [];

function count(reply: SiteReply, routeKey: string): void {
  if (reply.status >= 400 && internalAccountPattern.test(reply.body)) {
    accountLeaks.push(`${routeKey}: ${describeReply(reply)}`);
  }
  totals.requests += 1;
  if (reply.status >= 500) totals.serverErrors += 1;
  else if (reply.status >= 400) totals.clientErrors += 1;
  else totals.success += 1;
}

/** What a 501 means: the route is in the manifest, but no handler table of functions/handlers answers it. */
const noHandler = 'answered 501: the route has no handler in the handler tables';

function report(where: string, finding: string): void {
  findings.set(where, [...findingsAt(where), finding]);
}

function findingsAt(where: string): string[] {
  return findings.get(where) ?? [];
}

function describeReply(reply: SiteReply): string {
  return `${reply.status} ${reply.body.slice(0, 160)}`;
}

// ── requests ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The area whose session a route reads: its role's, or for public and webhook routes its base's. */
function areaOf(route: RouteDefinition): SessionArea {
  if (route.role === 'fan' || route.role === 'artist' || route.role === 'admin') return route.role;
  return route.base === 'artist' ? 'artist' : route.base === 'admin' ? 'admin' : 'fan';
}

function paramNamesOf(route: RouteDefinition): string[] {
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

/** Whether a path parameter names a stored thing (an id), rather than a link token or a provider. */
function isIdParameter(name: string): boolean {
  return name !== 'token' && name !== 'provider';
}

/** A path parameter's value for a genuine call: ids of the subject (the caller, or the fan whose data is aimed at). */
function paramValue(name: string, subjectId: string): string {
  if (name === 'token') return randomBytes(32).toString('base64url');
  if (name === 'provider') return 'spotify';
  return subjectId;
}

function buildPath(route: RouteDefinition, values: Record<string, string>, query: QueryValues = {}): string {
  const path = fullPathOf(route).replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

function cookieHeader(cookies: Record<string, string>): Record<string, string> {
  const pairs = Object.entries(cookies).map(([name, value]) => `${name}=${value}`);
  return pairs.length > 0 ? { cookie: pairs.join('; ') } : {};
}

interface Call {
  route: RouteDefinition;
  path: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  contentType?: string;
  /** Sent without the site's Origin, as a page of another site or a script may make the browser send it. */
  withoutOrigin?: boolean;
}

async function send(call: Call): Promise<SiteReply> {
  const sendsBody = stateChangingMethods.has(call.route.method);
  const headers: Record<string, string> = sendsBody
    ? { ...jsonHeaders(site.url), ...(call.contentType ? { 'content-type': call.contentType } : {}) }
    : { 'cloudfront-viewer-address': `${uniqueClientAddress()}:443` };
  if (call.withoutOrigin) delete headers['origin'];
  const reply = await client.send({
    method: call.route.method,
    path: call.path,
    headers: { ...headers, ...cookieHeader(call.cookies ?? {}), ...call.headers },
    ...(sendsBody ? { body: call.body ?? '{}' } : {}),
  });
  count(reply, routeKeyOf(call.route));
  return reply;
}

async function runLimited<T>(tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(requestConcurrency, tasks.length) }, worker));
  return results;
}

function isFailureEnvelope(reply: SiteReply): boolean {
  try {
    return failureEnvelopeSchema.safeParse(JSON.parse(reply.body)).success;
  } catch {
    return false;
  }
}

// ── personas ────────────────────────────────────────────────────────────────────────────────────────────────────

type PersonaName =
  | 'anonymous'
  | 'fan'
  | 'another fan'
  | 'artist-side user'
  | 'staff'
  | 'wrong area: fan token'
  | 'wrong area: artist token'
  | 'wrong area: staff token'
  | 'wrong area: bearer token'
  | 'expired token'
  | 'forged token (other key)'
  | 'forged token (alg none)';

const personaNames: readonly PersonaName[] = [
  'anonymous',
  'fan',
  'another fan',
  'artist-side user',
  'staff',
  'wrong area: fan token',
  'wrong area: artist token',
  'wrong area: staff token',
  'wrong area: bearer token',
  'expired token',
  'forged token (other key)',
  'forged token (alg none)',
];

const wrongAreaKinds: Partial<Record<PersonaName, SessionArea>> = {
  'wrong area: fan token': 'fan',
  'wrong area: artist token': 'artist',
  'wrong area: staff token': 'admin',
};

const forgedKinds: Partial<Record<PersonaName, ForgedKind>> = {
  'expired token': 'expired',
  'forged token (other key)': 'other key',
  'forged token (alg none)': 'alg none',
};

/** Who a route's role lets through authentication. A webhook opens to its signature only, never to a session. */
function isAllowed(route: RouteDefinition, persona: PersonaName): boolean {
  switch (route.role) {
    case 'public':
      return true;
    case 'fan':
      return persona === 'fan' || persona === 'another fan';
    case 'artist':
      return persona === 'artist-side user';
    case 'admin':
      return persona === 'staff';
    case 'stripe-webhook':
      return false;
  }
}

/** The people a call is made as: the personas, or for a state-changing call throwaway accounts of the same kinds. */
interface Cast {
  fan: SignedIn;
  anotherFan: SignedIn;
  artist: SignedIn;
  staff: SignedIn;
}

/**
 * Throwaway accounts stand in for the personas the route lets in, on state-changing routes only. A refused call acts
 * as nobody, so the real personas can make it; were it wrongly let in, the suite fails on that call anyway.
 */
async function castFor(route: RouteDefinition): Promise<Cast> {
  if (!stateChangingMethods.has(route.method)) return people;
  const letsIn = (kind: SessionArea) => route.role === 'public' || route.role === kind;
  const standIn = (kind: SessionArea, person: SignedIn) =>
    letsIn(kind) ? createThrowawayAccount(kind) : Promise.resolve(person);
  const [fan, anotherFan, artist, staff] = await Promise.all([
    standIn('fan', people.fan),
    standIn('fan', people.anotherFan),
    standIn('artist', people.artist),
    standIn('admin', people.staff),
  ]);
  return { fan, anotherFan, artist, staff };
}

function holderOf(cast: Cast, kind: SessionArea): SignedIn {
  return kind === 'fan' ? cast.fan : kind === 'artist' ? cast.artist : cast.staff;
}

interface Credentials {
  cookies: Record<string, string>;
  headers?: Record<string, string>;
  /** Whose ids go into the path: the caller's own, or the first fan's for another fan. */
  subjectId: string;
}

async function credentialsOf(
  route: RouteDefinition,
  persona: PersonaName,
  cast: Cast,
): Promise<Credentials | null> {
  const area = areaOf(route);
  const own = (person: SignedIn): Credentials => ({
    cookies: { [sessionCookieNames[person.kind]]: person.token },
    subjectId: person.userId,
  });
  switch (persona) {
    case 'anonymous':
      return { cookies: {}, subjectId: people.fan.userId };
    case 'fan':
      return own(cast.fan);
    case 'another fan':
      return { ...own(cast.anotherFan), subjectId: people.fan.userId };
    case 'artist-side user':
      return own(cast.artist);
    case 'staff':
      return { ...own(cast.staff), subjectId: people.fan.userId };
    default:
      break;
  }
  const wrongKind = wrongAreaKinds[persona];
  if (wrongKind) {
    if (wrongKind === area) return null;
    const holder = holderOf(cast, wrongKind);
    // The other area's genuine token, under its own cookie and under this area's cookie name.
    return {
      cookies: { [sessionCookieNames[wrongKind]]: holder.token, [sessionCookieNames[area]]: holder.token },
      subjectId: people.fan.userId,
    };
  }
  if (persona === 'wrong area: bearer token') {
    // The staff client may send its token as `Authorization: Bearer`, so each area reads that header too.
    const holder = holderOf(cast, area === 'fan' ? 'admin' : 'fan');
    return {
      cookies: {},
      headers: { authorization: `Bearer ${holder.token}` },
      subjectId: people.fan.userId,
    };
  }
  const forgedKind = forgedKinds[persona];
  if (!forgedKind) throw new Error(`Unknown persona ${persona}`);
  const holder = holderOf(cast, area);
  return {
    cookies: { [sessionCookieNames[area]]: await forgeToken(holder, forgedKind) },
    subjectId: holder.userId,
  };
}

// ── the suite ───────────────────────────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  const { startOpenPie } = await import('../../local/app');
  dataDir = await mkdtemp(join(tmpdir(), 'openpie-security-'));
  product = await startOpenPie({ port: 0, dataDir, ...throwawayProduct });
  client = createSiteClient(site.url);
  const [fan, anotherFan, artist] = await Promise.all([
    signUpThroughApi(client, site.url, 'fan', 'fan'),
    signUpThroughApi(client, site.url, 'fan', 'another-fan'),
    signUpThroughApi(client, site.url, 'artist', 'artist'),
  ]);
  const staff = await signInStaffThroughApi(client, site.url);
  people = { fan, anotherFan, artist, staff };
}, 120_000);

afterAll(async () => {
  client?.close();
  await product?.stop();
  process.env = savedEnv;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  const lines = [
    '',
    '── security suite totals ──────────────────────────────',
    `routes: ${allRoutes.length}`,
    `requests: ${totals.requests}`,
    `2xx/3xx: ${totals.success}`,
    `4xx: ${totals.clientErrors}`,
    `5xx: ${totals.serverErrors}`,
    `unexpected allows: ${totals.unexpectedAllows}`,
    ...[...findings].flatMap(([where, found]) => [
      `findings at ${where}:`,
      ...found.map((line) => `  ${line}`),
    ]),
  ];
  console.log(lines.join('\n'));
});

/** The persona a role lets in, who sends the bad input (nobody for public and webhook routes). */
function callerFor(route: RouteDefinition): SignedIn | null {
  if (route.role === 'fan') return people.fan;
  if (route.role === 'artist') return people.artist;
  if (route.role === 'admin') return people.staff;
  return null;
}

interface CallChanges {
  params?: Record<string, string>;
  query?: QueryValues;
  body?: string;
  contentType?: string;
}

/** A genuine call of the route (valid parameters, query and body) with one part made bad, for each bad part. */
function listBadInputCalls(route: RouteDefinition, caller: SignedIn | null): { label: string; call: Call }[] {
  const contract = getRouteContract(routeKeyOf(route) as RouteKey);
  const params = Object.fromEntries(
    paramNamesOf(route).map((name) => [name, paramValue(name, caller?.userId ?? people.fan.userId)]),
  );
  const query = contract.query ? (sampleQuery(contract.query) ?? {}) : {};
  const body = JSON.stringify((contract.body ? sampleValid(contract.body) : undefined) ?? {});
  const cookies = caller ? { [sessionCookieNames[caller.kind]]: caller.token } : {};
  const callWith = (label: string, changes: CallChanges) => ({
    label,
    call: {
      route,
      cookies,
      path: buildPath(route, changes.params ?? params, changes.query ?? query),
      body: changes.body ?? body,
      ...(changes.contentType ? { contentType: changes.contentType } : {}),
    },
  });
  const bodyVariants: BadValue[] = stateChangingMethods.has(route.method)
    ? [
        { label: 'malformed JSON', raw: '{"broken": ' },
        ...(contract.body ? listBodyVariants(contract.body) : []),
      ]
    : [];
  return [
    ...listParamVariants(params).map((variant) =>
      callWith(variant.label, { params: { ...params, [variant.name]: variant.value } }),
    ),
    ...(contract.query ? listQueryVariants(contract.query) : []).map((variant) =>
      callWith(`query ${variant.label}`, { query: variant.query }),
    ),
    ...bodyVariants.map((variant) =>
      callWith(`body ${variant.label}`, { body: variant.raw ?? JSON.stringify(variant.value) }),
    ),
    ...(stateChangingMethods.has(route.method)
      ? [callWith('body not JSON', { body: 'hello', contentType: 'text/plain' })]
      : []),
  ];
}

describe('bad input derived from each route’s schemas: a 4xx failure envelope, never a 5xx, never a write', () => {
  for (const route of allRoutes) {
    const routeKey = routeKeyOf(route);
    it(routeKey, async () => {
      // Prepare: the caller the role lets in, and genuine calls with one part made bad
      const where = `bad input ${routeKey}`;
      const calls = listBadInputCalls(route, callerFor(route));
      const before = await dumpTable();

      // Act
      const replies = await runLimited(
        calls.map(
          ({ call }) =>
            () =>
              send(call),
        ),
      );
      const after = await dumpTable();

      // Assess
      replies.forEach((reply, index) => {
        const label = calls[index]?.label ?? '';
        if (reply.status === 501) report(where, `${label}: ${noHandler}`);
        else if (reply.status < 400 || reply.status >= 500) {
          report(where, `${label}: answered ${describeReply(reply)}, not a 4xx`);
        } else if (!isFailureEnvelope(reply)) {
          report(
            where,
            `${label}: ${reply.status} is not in the failure envelope: ${reply.body.slice(0, 160)}`,
          );
        }
      });
      for (const change of diffDumps(before, after)) report(where, `wrote to the table: ${change}`);
      expect(findingsAt(where)).toEqual([]);
    });
  }
});

describe('authorization matrix: every persona gets what the route’s role allows', () => {
  for (const route of allRoutes) {
    const routeKey = routeKeyOf(route);
    it(routeKey, async () => {
      // Prepare: a genuine request (valid sample query and body), and who makes it
      const where = `authorization ${routeKey}`;
      const contract = getRouteContract(routeKey as RouteKey);
      const names = paramNamesOf(route);
      // The local-only routes move the product clock: they get no valid body, so the matrix never moves time.
      const bodyFor = () =>
        JSON.stringify((contract.body && !route.localOnly ? sampleValid(contract.body) : undefined) ?? {});
      const query = contract.query ? (sampleQuery(contract.query) ?? {}) : {};
      const cast = await castFor(route);
      // Another fan calls with the first fan's ids: on a fan route naming an id, any success reveals or changes them.
      const aimsAtFirstFan = route.role === 'fan' && names.some(isIdParameter);
      const callAs = async (persona: PersonaName): Promise<void> => {
        const credentials = await credentialsOf(route, persona, cast);
        if (!credentials) return;
        const values = Object.fromEntries(
          names.map((name) => [name, paramValue(name, credentials.subjectId)]),
        );
        const reply = await send({
          route,
          path: buildPath(route, values, query),
          cookies: credentials.cookies,
          ...(credentials.headers ? { headers: credentials.headers } : {}),
          body: bodyFor(),
        });
        const verdict = judge(route, isAllowed(route, persona), reply);
        if (verdict === 'no handler') report(where, `${persona}: ${noHandler}`);
        else if (verdict === 'unexpected allow') {
          totals.unexpectedAllows += 1;
          report(where, `${persona}: unexpected allow: ${describeReply(reply)}`);
        } else if (verdict !== 'ok') report(where, `${persona}: ${verdict}: ${describeReply(reply)}`);
        if (persona === 'another fan' && aimsAtFirstFan && isSuccess(reply)) {
          totals.unexpectedAllows += 1;
          report(where, `another fan reached the first fan's data: ${describeReply(reply)}`);
        }
      };

      // Act and assess: every persona at once, but another fan alone, watching the first fan's partition
      await Promise.all(personaNames.filter((persona) => persona !== 'another fan').map(callAs));
      const firstFan = fanPartition(people.fan.userId);
      const before = await dumpPartition(firstFan);
      await callAs('another fan');
      for (const change of diffDumps(before, await dumpPartition(firstFan))) {
        totals.unexpectedAllows += 1;
        report(where, `another fan changed the first fan's data: ${change}`);
      }
      expect(findingsAt(where)).toEqual([]);
    });
  }
});

function isSuccess(reply: SiteReply): boolean {
  return reply.status >= 200 && reply.status < 300;
}

type Verdict = 'ok' | 'no handler' | 'unexpected allow' | '5xx' | 'refused the right caller';

/**
 * A refused caller gets 401, and nothing else: a 2xx, 3xx, or any other 4xx (a 422 means the request was read) or a
 * 501 (the route answered before checking who calls) lets the wrong caller in. A webhook refuses every session with
 * 400 or 401. An allowed caller gets anything but a 5xx, and on a signed-in route never a 401.
 */
function judge(route: RouteDefinition, allowed: boolean, reply: SiteReply): Verdict {
  if (route.role === 'stripe-webhook') {
    if (reply.status === 501) return 'no handler';
    if (reply.status === 400 || reply.status === 401) return 'ok';
    return reply.status >= 500 ? '5xx' : 'unexpected allow';
  }
  if (!allowed) return reply.status === 401 ? 'ok' : 'unexpected allow';
  if (reply.status === 501) return 'no handler';
  if (reply.status >= 500) return '5xx';
  if (route.role !== 'public' && reply.status === 401) return 'refused the right caller';
  return 'ok';
}

// ── writes carried by a session cookie must come from the site's own pages ─────────────────────────────────────

const stateChangingRoutes = allRoutes.filter((route) => stateChangingMethods.has(route.method));
const refusedForeignWrite = "This change was sent with your sign-in but not from OpenPie's own pages";

describe('a write carried by a session cookie without the site’s Origin, or with another site’s, is refused', () => {
  it('finds the state-changing routes in the manifest', () => {
    expect(stateChangingRoutes.map(routeKeyOf)).toEqual(
      expect.arrayContaining(['DELETE /api/auth/account', 'POST /api/for-artists/offices']),
    );
  });

  for (const route of stateChangingRoutes) {
    const routeKey = routeKeyOf(route);
    it(routeKey, async () => {
      // Prepare: a throwaway account of the route's area (a wrongly allowed write acts on nobody else), and a
      // genuine call of the route as that person, cookie and all
      const where = `cookie-carried write ${routeKey}`;
      const contract = getRouteContract(routeKey as RouteKey);
      const person = await createThrowawayAccount(areaOf(route));
      const values = Object.fromEntries(
        paramNamesOf(route).map((name) => [name, paramValue(name, person.userId)]),
      );
      const query = contract.query ? (sampleQuery(contract.query) ?? {}) : {};
      const body = JSON.stringify(
        (contract.body && !route.localOnly ? sampleValid(contract.body) : undefined) ?? {},
      );
      const genuine: Call = {
        route,
        path: buildPath(route, values, query),
        cookies: { [sessionCookieNames[person.kind]]: person.token },
        body,
      };
      const before = await dumpTable();

      // Act
      const withoutOrigin = await send({ ...genuine, withoutOrigin: true });
      const crossSite = await send({ ...genuine, headers: { origin: 'https://attacker.example' } });
      const after = await dumpTable();

      // Assess: both refused with 403 in the failure envelope, and nothing written
      const expectations: [string, SiteReply, string][] = [
        ['no Origin', withoutOrigin, refusedForeignWrite],
        ["another site's Origin", crossSite, 'This request came from another site'],
      ];
      for (const [label, reply, message] of expectations) {
        if (reply.status !== 403 || !isFailureEnvelope(reply) || !reply.body.includes(message)) {
          if (reply.status < 400) totals.unexpectedAllows += 1;
          report(where, `${label}: answered ${describeReply(reply)}, not the 403 that says why`);
        }
      }
      for (const change of diffDumps(before, after)) report(where, `wrote to the table: ${change}`);
      expect(findingsAt(where)).toEqual([]);
    });
  }
});

// ── offices: each role of an office, and another office's admin ─────────────────────────────────────

/** The office people the matrix calls as; the roles' rights come from domain/offices/rights.ts. */
type OfficePersonaName =
  | 'office B admin'
  | 'office A member'
  | 'office A member (artist assigned)'
  | 'office A accountant'
  | 'office A admin';

/** Refused callers first, the admin last: an allowed write (a delete, a role change) cannot open a door for others. */
const officePersonaNames: readonly OfficePersonaName[] = [
  'office B admin',
  'office A member',
  'office A member (artist assigned)',
  'office A accountant',
  'office A admin',
];

/** Rights that change nothing: a write marked with one would let an accountant change the office. */
const readingRights: ReadonlySet<OfficeRightName> = new Set([
  'view-office',
  'read-money',
  'see-every-artist',
]);

/** The field names of an object schema (params, query or body), or none. */
function fieldNamesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const def = (unwrap(schema) as unknown as { _zod: { def: { type: string; shape?: object } } })._zod.def;
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

/** A route of the artist area acting on a claim, named by its path or a `claimId`: the claim's office is the office. */
function isClaimRoute(route: RouteDefinition): boolean {
  return route.base === 'artist' && (hasClaimPath(route) || namesField(route, 'claimId'));
}

function hasClaimPath(route: RouteDefinition): boolean {
  return /^\/claims\/\{id\}/.test(route.path);
}

function namesField(route: RouteDefinition, name: string): boolean {
  const contract = getRouteContract(routeKeyOf(route) as RouteKey);
  return [contract.params, contract.query, contract.body].some((schema) =>
    fieldNamesOf(schema).includes(name),
  );
}

function namesOfficeId(route: RouteDefinition): boolean {
  return namesField(route, 'officeId');
}

/** Signed-in routes of the artist area that act on one office: by their contract's marker or the ids they name. */
function isOfficeRoute(route: RouteDefinition): boolean {
  if (route.base !== 'artist' || route.role !== 'artist') return false;
  const contract = getRouteContract(routeKeyOf(route) as RouteKey);
  return contract.officeRight !== undefined || namesOfficeId(route) || isClaimRoute(route);
}

/**
 * Whether a refused-looking 404 may be the honest answer to an allowed caller: the call names something besides the
 * office and its claim (a payout, a transaction, an artist, an e-mail) that the cast does not hold.
 */
function namesMoreThanTheOffice(route: RouteDefinition): boolean {
  const contract = getRouteContract(routeKeyOf(route) as RouteKey);
  const named = [
    ...paramNamesOf(route).filter(
      (name) => name !== 'officeId' && name !== 'member' && !isClaimParam(route, name),
    ),
    ...fieldNamesOf(contract.query),
    ...fieldNamesOf(contract.body),
  ];
  return named.some((name) => name !== 'officeId' && name !== 'claimId' && /(Ids?|email)$/i.test(name));
}

function isClaimParam(route: RouteDefinition, name: string): boolean {
  return name === 'id' && hasClaimPath(route);
}

/** A path parameter aimed at office A: its id, its claim, its claim's artist, the bystander member. */
function officeParamValue(route: RouteDefinition, name: string, cast: OfficeCast): string {
  if (name === 'officeId') return cast.officeId;
  if (isClaimParam(route, name)) return cast.claimId;
  if (name === 'artistId') return cast.artistId;
  // SPEC §7: `{member}` is the member's e-mail on DELETE and their user id otherwise.
  if (name === 'member') return route.method === 'DELETE' ? cast.bystander.email : cast.bystander.userId;
  return paramValue(name, cast.bystander.userId);
}

/** Fields a genuine call fills with office A's things (or, for a claim's verification string, a fresh one). */
function officeFieldValue(name: string, cast: OfficeCast): unknown {
  if (name === 'officeId') return cast.officeId;
  if (name === 'claimId') return cast.claimId;
  if (name === 'artistId') return cast.artistId;
  if (name === 'artistIds') return [cast.artistId];
  if (name === 'verificationString') return randomVerificationString();
  return undefined;
}

/**
 * A genuine query or body aimed at office A: each field sampled from its schema, or office A's own value when the
 * field names one of its things. Null when the schema refuses what comes of it (the call could not be genuine).
 */
function sampleAimedAtOfficeA(schema: Schema | undefined, cast: OfficeCast): Record<string, unknown> | null {
  if (!schema) return {};
  const shape = (unwrap(schema) as unknown as { _zod: { def: { shape?: Record<string, Schema> } } })._zod.def
    .shape;
  if (!shape) return null;
  const value: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const fieldValue = officeFieldValue(name, cast) ?? sampleValid(field);
    if (fieldValue !== undefined) value[name] = fieldValue;
  }
  return schema.safeParse(value).success ? value : null;
}

function officePersonOf(cast: OfficeCast, persona: OfficePersonaName): OfficePerson {
  switch (persona) {
    case 'office B admin':
      return cast.otherAdmin;
    case 'office A member':
      return cast.member;
    case 'office A member (artist assigned)':
      return cast.assignedMember;
    case 'office A accountant':
      return cast.accountant;
    case 'office A admin':
      return cast.admin;
  }
}

type OfficeVerdict = 'ok' | 'no handler' | 'unexpected allow' | 'wrong refusal' | 'refused' | '5xx';

/**
 * Another office's admin gets 404 (an office is not revealed to strangers). A role without the route's right gets
 * 403; on a claim route a member the claim's artist is not assigned to is not shown the claim at all (404, or 403). A role
 * with the right gets anything but 401, 403 and 5xx, and a 404 only when the call names more than the office.
 */
function judgeOfficeReply(
  route: RouteDefinition,
  right: OfficeRightName,
  cast: OfficeCast,
  persona: OfficePersonaName,
  reply: SiteReply,
): OfficeVerdict {
  if (reply.status === 501) return 'no handler';
  if (reply.status >= 500) return '5xx';
  if (persona === 'office B admin') {
    if (reply.status === 404) return 'ok';
    return isSuccess(reply) || reply.status < 400 ? 'unexpected allow' : 'wrong refusal';
  }
  const members = officeMembersOf(cast);
  const userId = officePersonOf(cast, persona).userId;
  const seesTheClaim =
    !isClaimRoute(route) ||
    persona === 'office A member (artist assigned)' ||
    hasOfficeRight(members, userId, 'see-every-artist');
  const holds = hasOfficeRight(members, userId, right) && seesTheClaim;
  if (!holds) {
    if (reply.status === 403 || (!seesTheClaim && reply.status === 404)) return 'ok';
    return reply.status < 400 ? 'unexpected allow' : 'wrong refusal';
  }
  if (reply.status === 401 || reply.status === 403) return 'refused';
  if (reply.status === 404 && !namesMoreThanTheOffice(route)) return 'refused';
  return 'ok';
}

function officeMembersOf(cast: OfficeCast): OfficeMember[] {
  return [
    { userId: cast.admin.userId, email: cast.admin.email, role: 'admin' },
    { userId: cast.member.userId, email: cast.member.email, role: 'member' },
    { userId: cast.assignedMember.userId, email: cast.assignedMember.email, role: 'member' },
    { userId: cast.accountant.userId, email: cast.accountant.email, role: 'accountant' },
    { userId: cast.bystander.userId, email: cast.bystander.email, role: 'member' },
  ];
}

async function dumpOfficeA(cast: OfficeCast) {
  const dumps = await Promise.all(
    [officePartition(cast.officeId), officeClaimsPartition(cast.officeId), claimPartition(cast.claimId)].map(
      dumpPartition,
    ),
  );
  return new Map(dumps.flatMap((dump) => [...dump]));
}

const officeRoutes = allRoutes.filter(isOfficeRoute);

describe('office matrix: another office’s admin gets 404, each role of the office what its rights allow', () => {
  it('finds the office routes in the contracts', () => {
    // Assess: the artist area's office routes are there to be called (a broken derivation would skip them all)
    expect(officeRoutes.map(routeKeyOf)).toEqual(
      expect.arrayContaining([
        'GET /api/for-artists/offices/{officeId}/members',
        'GET /api/for-artists/claims/{id}',
        'POST /api/for-artists/stripe/completeOnboarding',
      ]),
    );
  });

  for (const route of officeRoutes) {
    const routeKey = routeKeyOf(route);
    it(routeKey, async () => {
      // Prepare: the right the contract names, a fresh office A with every role and office B, and a genuine call
      const where = `office matrix ${routeKey}`;
      const contract = getRouteContract(routeKey as RouteKey);
      const right = contract.officeRight;
      if (right === undefined) {
        report(where, 'acts on an office but its contract declares no officeRight (functions/contracts/api)');
        expect(findingsAt(where)).toEqual([]);
        return;
      }
      if (right !== 'invitee' && stateChangingMethods.has(route.method) && readingRights.has(right)) {
        report(
          where,
          `a ${route.method} marked with the reading right ${right} would let an accountant write`,
        );
      }
      const cast = await createOfficeCast();
      const params = Object.fromEntries(
        paramNamesOf(route).map((name) => [name, officeParamValue(route, name, cast)]),
      );
      const aimedQuery = sampleAimedAtOfficeA(contract.query, cast);
      const body = sampleAimedAtOfficeA(contract.body, cast);
      if (!aimedQuery || !body) {
        report(where, 'the suite could not build a genuine query and body for it from its contract');
        expect(findingsAt(where)).toEqual([]);
        return;
      }
      const query = Object.fromEntries(
        Object.entries(aimedQuery).map(([key, value]) => [key, String(value)]),
      );
      const callAs = (person: OfficePerson) =>
        send({
          route,
          path: buildPath(route, params, query),
          cookies: { [sessionCookieNames.artist]: person.token },
          body: JSON.stringify(body),
        });

      if (right === 'invitee') {
        // Act: office B's admin presents a token that is not theirs to join office A
        const before = await dumpOfficeA(cast);
        const reply = await callAs(cast.otherAdmin);

        // Assess: refused, and office A gained nobody
        if (reply.status === 501) report(where, `office B admin with a made-up token: ${noHandler}`);
        else if (reply.status < 400 || reply.status >= 500) {
          report(where, `office B admin with a made-up token: ${describeReply(reply)}`);
        }
        for (const change of diffDumps(before, await dumpOfficeA(cast))) {
          report(where, `office B admin with a made-up token changed office A: ${change}`);
        }
        expect(findingsAt(where)).toEqual([]);
        return;
      }

      // Act and assess: one persona at a time, refused ones first, watching office A for writes they make
      for (const persona of officePersonaNames) {
        // The assignment changes what a member sees of a claim only.
        if (persona === 'office A member (artist assigned)' && !isClaimRoute(route)) continue;
        const before = await dumpOfficeA(cast);
        const reply = await callAs(officePersonOf(cast, persona));
        const verdict = judgeOfficeReply(route, right, cast, persona, reply);
        if (verdict === 'no handler') {
          report(where, `${persona}: ${noHandler}`);
          break;
        }
        if (!namesOfficeId(route) && !isClaimRoute(route)) {
          report(where, `declares officeRight ${right} but names no officeId in its params, query or body`);
          break;
        }
        if (verdict === 'unexpected allow') totals.unexpectedAllows += 1;
        if (verdict !== 'ok') report(where, `${persona}: ${verdict} (${right}): ${describeReply(reply)}`);
        if (reply.status >= 400) {
          for (const change of diffDumps(before, await dumpOfficeA(cast))) {
            report(where, `${persona} was refused but changed office A: ${change}`);
          }
        }
      }
      expect(findingsAt(where)).toEqual([]);
    });
  }
});

describe('failure replies speak product words', () => {
  it('no failure reply of the suite named an internal ledger account', () => {
    // Assess: every 4xx and 5xx the suite received above, whatever its route and caller
    expect(totals.requests).toBeGreaterThan(0);
    expect(accountLeaks).toEqual([]);
  });
});
