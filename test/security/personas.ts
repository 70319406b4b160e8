// The people the security suite calls as: real accounts signed up and signed in through the API (a fan, another fan,
// an artist-side user; staff, whom only the command line creates, signs in through the staff login), the tokens an
// attacker would try: another area's token, an expired one, one signed with another key, and an unsigned one; and
// the office personas: office A's admin, member and accountant, and office B's admin.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SessionArea } from '../../functions/contracts/auth';
import { sessionCookieNames } from '../../functions/contracts/auth';
import type { SiteClient, SiteReply } from './site-client';
import { readSetCookies } from './site-client';
import { testTable } from '../support/test-table';

export const securityPassword = 'security-suite-passphrase-7';

export interface SignedIn {
  kind: SessionArea;
  userId: string;
  sessionId: string;
  token: string;
}

/** A fresh address per request, so the per-address limits of the auth routes never couple the suite's requests. */
export function uniqueClientAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** Headers of a same-site JSON call from the SPA, from its own address. */
export function jsonHeaders(origin: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    origin,
    'cloudfront-viewer-address': `${uniqueClientAddress()}:443`,
  };
}

function decodeClaims(token: string): { sub: string; sid: string } {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; sid: string };
}

function expectStatus(reply: SiteReply, status: number, what: string): void {
  if (reply.status !== status)
    throw new Error(`${what} answered ${reply.status}: ${reply.body.slice(0, 500)}`);
}

async function post(client: SiteClient, origin: string, path: string, body: unknown): Promise<SiteReply> {
  return client.send({ method: 'POST', path, headers: jsonHeaders(origin), body: JSON.stringify(body) });
}

function signedInFrom(reply: SiteReply, kind: SessionArea): SignedIn {
  const token = readSetCookies(reply).get(sessionCookieNames[kind]);
  if (!token) throw new Error(`The ${kind} login set no session cookie`);
  const claims = decodeClaims(token);
  return { kind, userId: claims.sub, sessionId: claims.sid, token };
}

/** Registers a fan or artist-side user, follows the verification mail, and logs in: all through the API. */
export async function signUpThroughApi(
  client: SiteClient,
  origin: string,
  kind: 'fan' | 'artist',
  label: string,
): Promise<SignedIn> {
  const base = kind === 'fan' ? '/api/auth' : '/api/for-artists/auth';
  const email = `${label}-${randomUUID()}@example.com`;
  const registered = await post(client, origin, `${base}/register`, {
    email,
    first_name: 'Sec',
    last_name: label,
    password: securityPassword,
    accepted_terms_and_conditions: true,
    recaptchaToken: 'local',
  });
  expectStatus(registered, 201, `Registering ${label}`);
  const outbox = await client.send({ method: 'GET', path: '/api/dev/outbox' });
  const mails = (JSON.parse(outbox.body) as { data: { to: string; links: string[] }[] }).data;
  const link = mails.find((mail) => mail.to === email)?.links[0];
  if (!link) throw new Error(`No verification mail to ${email}`);
  const token = new URL(link).pathname.split('/').pop() ?? '';
  expectStatus(await post(client, origin, `${base}/verify-email/${token}`, {}), 200, `Verifying ${label}`);
  const login = await post(client, origin, `${base}/login`, { email, password: securityPassword });
  expectStatus(login, 200, `Logging ${label} in`);
  return signedInFrom(login, kind);
}

/** Staff: created in the table as `npm run admin:create` does, then signed in through the staff login. */
export async function signInStaffThroughApi(client: SiteClient, origin: string): Promise<SignedIn> {
  const { createAccount } = await import('../../functions/data/accounts');
  const { buildVerifiedAccount } = await import('../../functions/domain/identity/account');
  const { getPasswordHasher } = await import('../../functions/services/password-hasher');
  const email = `staff-${randomUUID()}@example.com`;
  const now = new Date();
  const account = buildVerifiedAccount(
    {
      kind: 'admin',
      id: randomUUID(),
      email,
      passwordHash: await getPasswordHasher().hash(securityPassword),
    },
    now,
  );
  await createAccount(testTable(), { ...account, email });
  const login = await post(client, origin, '/api/admin/auth/login', { email, password: securityPassword });
  expectStatus(login, 200, 'Staff login');
  return signedInFrom(login, 'admin');
}

/**
 * A throwaway account with a live session, written straight to the table: state-changing calls are made as one, so
 * that a logout or an account deletion in the matrix never ends the personas the rest of the suite calls as.
 */
export async function createThrowawayAccount(kind: SessionArea): Promise<SignedIn> {
  const { createSignedInAccount } = await import('../support/identity');
  const account = await createSignedInAccount(kind);
  return { kind, userId: account.userId, sessionId: decodeClaims(account.token).sid, token: account.token };
}

export type ForgedKind = 'expired' | 'other key' | 'alg none';

/** A token for this person's live session that must still be refused: expired, signed with another key, unsigned. */
export async function forgeToken(person: SignedIn, how: ForgedKind): Promise<string> {
  const { sessionAudiences, sessionIssuer } = await import('../../functions/domain/identity/sessions');
  const { importSigningKey, signSessionToken } = await import('../../functions/integrations/session-tokens');
  const { getSigningKey } = await import('../../functions/runtime/signing-key');
  const now = Date.now();
  const claims = {
    issuer: sessionIssuer,
    audience: sessionAudiences[person.kind],
    userId: person.userId,
    sessionId: person.sessionId,
  };
  if (how === 'expired') {
    return signSessionToken(await getSigningKey(), {
      ...claims,
      issuedAt: new Date(now - 2 * 3600_000),
      expiresAt: new Date(now - 3600_000),
    });
  }
  if (how === 'other key') {
    return signSessionToken(importSigningKey(randomBytes(48).toString('base64url')), {
      ...claims,
      issuedAt: new Date(now),
      expiresAt: new Date(now + 3600_000),
    });
  }
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: claims.issuer,
    aud: claims.audience,
    sub: claims.userId,
    sid: claims.sessionId,
    iat: Math.floor(now / 1000),
    exp: Math.floor(now / 1000) + 3600,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/** One of an office's people, signed in: a role persona of the office matrix. */
export interface OfficePerson extends SignedIn {
  email: string;
}

/**
 * Office A with one person per role (a second member with the claim's artist assigned, and a bystander member whom
 * the member routes are aimed at, so nobody acts on themself: anyone may leave an office, but not remove another),
 * one pending claim of office A on a catalogue artist, and office B with its own admin. Made straight in the table for each office route, so an admin's allowed
 * delete or role change never alters what the next route is called against.
 */
export interface OfficeCast {
  officeId: string;
  admin: OfficePerson;
  member: OfficePerson;
  /** A member to whom the claim's artist is assigned: they see its claim, and nothing more of its money. */
  assignedMember: OfficePerson;
  accountant: OfficePerson;
  bystander: OfficePerson;
  claimId: string;
  artistId: string;
  otherOfficeId: string;
  otherAdmin: OfficePerson;
}

async function createOfficePerson(label: string): Promise<OfficePerson> {
  const { createSignedInAccount } = await import('../support/identity');
  const account = await createSignedInAccount('artist', { firstName: 'Office', lastName: label });
  return {
    kind: 'artist',
    userId: account.userId,
    sessionId: decodeClaims(account.token).sid,
    token: account.token,
    email: account.email,
  };
}

export function randomVerificationString(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `openpie_${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export async function createOfficeCast(): Promise<OfficeCast> {
  const { createOffice } = await import('../../functions/data/offices/office');
  const { addOfficeMember } = await import('../../functions/data/offices/members');
  const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
  const { claimDependencies, createClaimForUser } = await import('../../functions/services/claims/claims');
  const { assignArtistsToMember } = await import('../../functions/services/offices/member-artists');
  const table = testTable();
  const now = new Date();
  const [admin, member, assignedMember, accountant, bystander, otherAdmin] = await Promise.all(
    ['A admin', 'A member', 'A assigned member', 'A accountant', 'A bystander', 'B admin'].map(
      createOfficePerson,
    ),
  );
  if (!admin || !member || !assignedMember || !accountant || !bystander || !otherAdmin) {
    throw new Error('No office people');
  }
  const officeId = randomUUID();
  const otherOfficeId = randomUUID();
  const made = await Promise.all([
    createOffice(table, { id: officeId, name: 'Office A', type: 'Artist' }, admin, now),
    createOffice(table, { id: otherOfficeId, name: 'Office B', type: 'Label' }, otherAdmin, now),
  ]);
  if (made.some((outcome) => outcome !== 'created')) throw new Error(`Offices not made: ${made.join(', ')}`);
  const joined = [
    await addOfficeMember(table, officeId, { ...member, role: 'member' }, now),
    await addOfficeMember(table, officeId, { ...assignedMember, role: 'member' }, now),
    await addOfficeMember(table, officeId, { ...accountant, role: 'accountant' }, now),
    await addOfficeMember(table, officeId, { ...bystander, role: 'member' }, now),
  ];
  if (joined.some((outcome) => outcome !== 'added'))
    throw new Error(`Members not added: ${joined.join(', ')}`);
  const artistId = `sec${randomBytes(9).toString('hex')}`;
  await upsertCatalogueArtists(table, [{ id: artistId, name: `Security artist ${artistId}` }], now);
  const claim = await createClaimForUser(claimDependencies(), admin.userId, {
    artistId,
    officeId,
    agreesToWaiver: true,
    agreesToFundsTerms: true,
    agreesToTerms: true,
    verificationMethod: 'social-bio',
    selectedPlatform: 'instagram',
    verificationString: randomVerificationString(),
  });
  await assignArtistsToMember({ table }, admin.userId, officeId, assignedMember.userId, [artistId]);
  return {
    officeId,
    admin,
    member,
    assignedMember,
    accountant,
    bystander,
    claimId: claim._id,
    artistId,
    otherOfficeId,
    otherAdmin,
  };
}
