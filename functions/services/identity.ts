// The identity flows shared by the fan, artist-side and staff handlers: register, log in, verify an address,
// forget and reset a password, delete an account, and find-or-create an account by a provider-verified e-mail
// (for social sign-in). Handlers stay thin: parse, call one of these, shape the reply.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { LoginPayload, MessageReply, RegisterPayload, RegisterReply } from '../contracts/auth';
import { captchaActions, promotionAlreadyUsedPhrase } from '../contracts/auth';
import {
  createAccount,
  deleteConnection,
  eraseAccount,
  findAccountByEmail,
  getAccount,
  listConnections,
  markEmailVerified,
  setPasswordHash,
} from '../data/accounts';
import { buildFanProfileErasure } from '../data/fan-profiles';
import type { LinkTokenRecord } from '../data/link-tokens';
import {
  buildLinkTokenPut,
  deleteLinkTokensOfUser,
  putLinkToken,
  retireExpiredLinkToken,
  useLinkToken,
} from '../data/link-tokens';
import { AppError } from '../domain/errors';
import type { Account, AccountKind } from '../domain/identity/account';
import { buildAccount, isActiveAccount } from '../domain/identity/account';
import { normalizeEmail } from '../domain/identity/email-address';
import {
  buildAccountDeletedMail,
  buildPasswordChangedMail,
  buildResetPasswordMail,
  buildVerifyEmailMail,
} from '../domain/identity/emails';
import type { LinkTokenProblem, LinkTokenPurpose } from '../domain/identity/link-tokens';
import { describeLinkTokenProblem, linkTokenBytes, linkTokenExpiry } from '../domain/identity/link-tokens';
import { findPasswordProblem } from '../domain/identity/password-policy';
import { getEnv } from '../runtime/env';
import { HttpError } from '../handlers/lib/http';
import { getHumanCheck } from './human-check';
import type { Logger } from '../runtime/logger';
import { getSiteOrigin, queueMail } from './mail';
import { getPasswordHasher } from './password-hasher';
import { createPlaceholderEmail } from './placeholder-email';
import { enforceRateLimits, findClientAddress } from './rate-limit';
import type { StartedSession } from './sessions';
import { endAllSessions, startSession } from './sessions';
import { getTable } from '../runtime/table';

/** The kinds that register themselves and get mail links; staff accounts come from `npm run admin:create`. */
export type SelfServiceKind = Exclude<AccountKind, 'admin'>;

export interface FlowContext {
  event: APIGatewayProxyEventV2;
  now: Date;
  log: Logger;
}

export const invalidCredentialsMessage = 'The e-mail or password is incorrect.';

function invalidCredentials(): AppError {
  return new AppError('unauthorized', invalidCredentialsMessage, { code: 'invalid_credentials' });
}

function passwordRefused(problem: string): AppError {
  return new AppError('validation_failed', 'Some fields need attention.', { fields: { password: problem } });
}

function createLinkTokenSecret(): string {
  return randomBytes(linkTokenBytes).toString('base64url');
}

export function hashLinkTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new link: the secret goes into the mail, the record (its hash) into the table. */
function createLinkToken(
  purpose: LinkTokenPurpose,
  kind: SelfServiceKind,
  userId: string,
  now: Date,
): { secret: string; record: LinkTokenRecord } {
  const secret = createLinkTokenSecret();
  return {
    secret,
    record: {
      tokenHash: hashLinkTokenSecret(secret),
      purpose,
      kind,
      userId,
      createdAt: now,
      expiresAt: linkTokenExpiry(purpose, now),
    },
  };
}

/** A fresh verification link, stored in one transaction with the mail that carries it (the outbox). */
async function sendVerificationMail(
  kind: SelfServiceKind,
  account: Account,
  context: FlowContext,
): Promise<void> {
  if (!account.email) return;
  const link = createLinkToken('verify-email', kind, account.id, context.now);
  const mail = buildVerifyEmailMail({
    to: account.email,
    firstName: account.firstName,
    siteOrigin: getSiteOrigin(),
    area: kind,
    token: link.secret,
  });
  await putLinkToken(getTable(), link.record, { alongside: [queueMail(mail, context.now)] });
}

function linkProblem(purpose: LinkTokenPurpose, problem: LinkTokenProblem): AppError {
  return new AppError('bad_request', describeLinkTokenProblem(purpose, problem), { code: `link_${problem}` });
}

/** The signed-in person's account; a deleted or missing one ends the session (401). */
export async function requireAccount(
  kind: AccountKind,
  userId: string,
): Promise<Account & { email: string }> {
  const account = await getAccount(getTable(), kind, userId);
  if (!isActiveAccount(account)) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
  return account;
}

// ── registration ────────────────────────────────────────────────────────────────────────────────────────────────

export async function registerWithPassword(
  kind: SelfServiceKind,
  payload: RegisterPayload,
  context: FlowContext,
): Promise<RegisterReply> {
  const email = normalizeEmail(payload.email);
  const clientAddress = findClientAddress(context.event, getEnv());
  await enforceRateLimits('register', { email, clientAddress }, context.now);

  const humanCheck = await getHumanCheck();
  const human = await humanCheck.verify(
    payload.recaptchaToken,
    captchaActions.register,
    clientAddress ?? undefined,
  );
  if (!human) {
    throw new AppError('bad_request', 'We could not confirm that you are a person. Please try again.', {
      code: 'captcha_failed',
    });
  }
  const problem = findPasswordProblem(payload.password);
  if (problem) throw passwordRefused(problem);

  const promoEligible = kind === 'fan' && payload.promo === 'try';
  const account = buildAccount(
    {
      kind,
      id: randomUUID(),
      email,
      firstName: payload.first_name,
      lastName: payload.last_name,
      passwordHash: await getPasswordHasher().hash(payload.password),
      emailVerifiedAt: null,
      promoEligible,
    },
    context.now,
  );
  // The account, its verification link and the mail that carries the link are written together or not at all.
  const verification = createLinkToken('verify-email', kind, account.id, context.now);
  const verificationMail = buildVerifyEmailMail({
    to: email,
    firstName: account.firstName,
    siteOrigin: getSiteOrigin(),
    area: kind,
    token: verification.secret,
  });
  const outcome = await createAccount(
    getTable(),
    { ...account, email },
    {
      alongside: [
        buildLinkTokenPut(getTable(), verification.record),
        queueMail(verificationMail, context.now),
      ],
    },
  );
  if (outcome === 'email_taken') {
    const existing = promoEligible ? await findAccountByEmail(getTable(), kind, email) : null;
    if (existing?.usedPromotionCode) {
      throw new AppError(
        'conflict',
        `This e-mail has ${promotionAlreadyUsedPhrase}. Please log in to your account.`,
        { code: 'promotion_already_used' },
      );
    }
    throw new AppError('conflict', 'An account with this e-mail already exists. Please log in.', {
      code: 'email_taken',
    });
  }
  return {
    id: account.id,
    email,
    email_verified: false,
    promo_eligible: promoEligible,
    message: 'Your account was created. Please check your e-mail to verify your address.',
  };
}

// ── login ───────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * E-mail and password. An unknown e-mail costs the same scrypt work as a wrong password and fails with the same
 * error, so neither the reply nor its timing tells whether an account exists.
 */
export async function loginWithPassword(
  kind: AccountKind,
  payload: LoginPayload,
  context: FlowContext,
): Promise<{ account: Account & { email: string }; session: StartedSession }> {
  const email = normalizeEmail(payload.email);
  await enforceRateLimits(
    'login',
    { email, clientAddress: findClientAddress(context.event, getEnv()) },
    context.now,
  );

  const hasher = getPasswordHasher();
  const account = await findAccountByEmail(getTable(), kind, email);
  if (!isActiveAccount(account) || account.passwordHash === null) {
    await hasher.verifyAgainstDummy(payload.password);
    throw invalidCredentials();
  }
  if (!(await hasher.verify(payload.password, account.passwordHash))) throw invalidCredentials();

  if (hasher.needsRehash(account.passwordHash)) {
    await setPasswordHash(getTable(), kind, account.id, await hasher.hash(payload.password), context.now);
  }
  const session = await startSession(kind, account.id, { now: context.now });
  return { account, session };
}

// ── verification ────────────────────────────────────────────────────────────────────────────────────────────────

export async function verifyEmailWithLink(
  kind: SelfServiceKind,
  token: string,
  context: FlowContext,
): Promise<MessageReply> {
  const tokenHash = hashLinkTokenSecret(token);
  const use = await useLinkToken(getTable(), { tokenHash, purpose: 'verify-email', kind, now: context.now });
  if (use.status === 'used-now') {
    if (!(await markEmailVerified(getTable(), kind, use.userId, context.now))) {
      throw linkProblem('verify-email', 'invalid');
    }
    return { message: 'Your e-mail address is verified. Thank you!' };
  }
  if (use.status === 'expired' && use.userId) {
    const account = await getAccount(getTable(), kind, use.userId);
    if (!isActiveAccount(account)) throw linkProblem('verify-email', 'invalid');
    if (account.emailVerifiedAt !== null) throw linkProblem('verify-email', 'used');
    // The link's owner gets one fresh link; retiring the old one first means clicking it again sends no more.
    if (await retireExpiredLinkToken(getTable(), tokenHash, context.now)) {
      await sendVerificationMail(kind, account, context);
    }
  }
  throw linkProblem('verify-email', use.status);
}

// ── password reset ──────────────────────────────────────────────────────────────────────────────────────────────

export const forgotPasswordMessage =
  'If an account exists for this e-mail, we have sent it a link to reset the password. Please check your inbox.';

/** Always the same answer, so the form cannot be used to find out who has an account. */
export async function requestPasswordReset(
  kind: SelfServiceKind,
  rawEmail: string,
  context: FlowContext,
): Promise<MessageReply> {
  const email = normalizeEmail(rawEmail);
  await enforceRateLimits(
    'forgot-password',
    { email, clientAddress: findClientAddress(context.event, getEnv()) },
    context.now,
  );
  const account = await findAccountByEmail(getTable(), kind, email);
  if (isActiveAccount(account)) {
    const link = createLinkToken('reset-password', kind, account.id, context.now);
    const mail = buildResetPasswordMail({
      to: account.email,
      firstName: account.firstName,
      siteOrigin: getSiteOrigin(),
      area: kind,
      token: link.secret,
    });
    await putLinkToken(getTable(), link.record, { alongside: [queueMail(mail, context.now)] });
  }
  return { message: forgotPasswordMessage };
}

/** A new password through a reset link: proves the e-mail too, and signs the person out everywhere. */
export async function resetPasswordWithLink(
  kind: SelfServiceKind,
  token: string,
  password: string,
  context: FlowContext,
): Promise<MessageReply> {
  // Checked before the link is used, so a refused password does not burn the link.
  const problem = findPasswordProblem(password);
  if (problem) throw passwordRefused(problem);

  const tokenHash = hashLinkTokenSecret(token);
  const use = await useLinkToken(getTable(), {
    tokenHash,
    purpose: 'reset-password',
    kind,
    now: context.now,
  });
  if (use.status !== 'used-now') throw linkProblem('reset-password', use.status);
  const account = await getAccount(getTable(), kind, use.userId);
  if (!isActiveAccount(account)) throw linkProblem('reset-password', 'invalid');
  const addressWasUnproven = account.emailVerifiedAt === null;

  const passwordHash = await getPasswordHasher().hash(password);
  const passwordChangedMail = buildPasswordChangedMail({
    to: account.email,
    firstName: account.firstName,
    siteOrigin: getSiteOrigin(),
    area: kind,
  });
  if (
    !(await setPasswordHash(getTable(), kind, account.id, passwordHash, context.now, {
      markEmailVerified: true,
      alongside: [queueMail(passwordChangedMail, context.now)],
    }))
  ) {
    throw linkProblem('reset-password', 'invalid');
  }
  await endAllSessions(kind, account.id);
  if (addressWasUnproven) await removeConnectionsMadeBeforeProof(kind, account.id);
  await deleteLinkTokensOfUser(getTable(), kind, account.id, {
    purpose: 'reset-password',
    exceptTokenHash: tokenHash,
  });
  return { message: 'Your password was changed. Please log in with your new password.' };
}

// ── deletion ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Erases the person: name, e-mail, password, tokens, connections and sessions. The account id stays as an
 * anonymous tombstone, because money records (ledger, payouts) point at it and must add up.
 */
export async function deleteAccount(
  kind: SelfServiceKind,
  userId: string,
  context: FlowContext,
): Promise<MessageReply> {
  const account = await requireAccount(kind, userId);
  const deletedMail = buildAccountDeletedMail({
    to: account.email,
    firstName: account.firstName,
    siteOrigin: getSiteOrigin(),
    area: kind,
  });
  const table = getTable();
  // Queued with the erasure itself: afterwards there is no address to send it to. A fan's public profile (username,
  // visibility) goes in the same transaction, so the username is free again exactly when the account is gone.
  const profileErasure = kind === 'fan' ? await buildFanProfileErasure(table, userId) : [];
  await eraseAccount(table, account, context.now, {
    alongside: [queueMail(deletedMail, context.now), ...profileErasure],
  });
  await deleteLinkTokensOfUser(table, kind, userId);
  for (const connection of await listConnections(table, kind, userId)) {
    await deleteConnection(table, kind, userId, connection.provider);
  }
  await endAllSessions(kind, userId);
  context.log.info('account deleted', { kind, userId });
  return { message: 'Your account was deleted.' };
}

// ── social sign-in ──────────────────────────────────────────────────────────────────────────────────────────────

export interface VerifiedEmailProfile {
  /** An address the provider says it verified. */
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Fans signing up from the promo page (`promo=try`). */
  promoEligible?: boolean;
}

/**
 * For social sign-in: the account of this kind with this provider-verified e-mail, created when there is none.
 * An existing account whose address was never verified may have been registered by someone else with a password
 * ("pre-hijacking"): the provider just proved the address belongs to this person, so that password is removed,
 * its sessions end, its provider connections go, and the address counts as verified. Follow with
 * `startSession(kind, account.id)`.
 */
export async function findOrCreateAccountByVerifiedEmail(
  kind: AccountKind,
  profile: VerifiedEmailProfile,
  now: Date = new Date(),
): Promise<{ account: Account & { email: string }; created: boolean }> {
  const table = getTable();
  const email = normalizeEmail(profile.email);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await findAccountByEmail(table, kind, email);
    if (isActiveAccount(existing)) {
      if (existing.emailVerifiedAt !== null) return { account: existing, created: false };
      await setPasswordHash(table, kind, existing.id, null, now, { markEmailVerified: true });
      await endAllSessions(kind, existing.id);
      await removeConnectionsMadeBeforeProof(kind, existing.id);
      return { account: await requireAccount(kind, existing.id), created: false };
    }
    const account = buildAccount(
      {
        kind,
        id: randomUUID(),
        email,
        firstName: profile.firstName ?? null,
        lastName: profile.lastName ?? null,
        passwordHash: null,
        emailVerifiedAt: now.toISOString(),
        promoEligible: kind === 'fan' && profile.promoEligible === true,
      },
      now,
    );
    // Lost a race with a registration of the same address: read what won.
    if ((await createAccount(table, { ...account, email })) === 'created')
      return { account: { ...account, email }, created: true };
  }
  throw new AppError('conflict', 'This e-mail is being registered right now. Please try again.', {
    code: 'email_taken',
  });
}

/**
 * Whoever connected a provider to an account before its address was proven had not shown they own the address: the
 * owner may be taking it over now (a password reset, a provider-verified sign-in), so those ways in are closed.
 */
async function removeConnectionsMadeBeforeProof(kind: AccountKind, userId: string): Promise<void> {
  const table = getTable();
  for (const connection of await listConnections(table, kind, userId)) {
    await deleteConnection(table, kind, userId, connection.provider);
  }
}

export interface ProviderProfile {
  /** The address the provider gave without vouching for it (Spotify, Facebook); null when it gave none (X). */
  email: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Fans signing up from the promo page (`promo=try`). */
  promoEligible?: boolean;
}

/**
 * For social sign-in with a provider that does not vouch for the address: a new account without a password whose
 * address stays unverified until its owner follows the verification link we mail to it, exactly as after a
 * registration. An address that already has an account is refused (`email_in_use`): an unproven address never
 * reaches into someone's account. Without an address the account gets a placeholder (lib/placeholder-email.ts).
 * Connect the identity and start the session afterwards.
 */
export async function createAccountFromProviderProfile(
  kind: SelfServiceKind,
  profile: ProviderProfile,
  context: FlowContext,
): Promise<Account & { email: string }> {
  const table = getTable();
  const email = profile.email === null ? createPlaceholderEmail() : normalizeEmail(profile.email);
  const account = buildAccount(
    {
      kind,
      id: randomUUID(),
      email,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      passwordHash: null,
      emailVerifiedAt: null,
      promoEligible: kind === 'fan' && profile.promoEligible === true,
    },
    context.now,
  );
  if ((await createAccount(table, { ...account, email })) === 'email_taken') {
    throw new AppError(
      'conflict',
      'An account with this e-mail already exists. Please log in with it, then connect this account.',
      { code: 'email_in_use' },
    );
  }
  if (profile.email !== null) await sendVerificationMail(kind, account, context);
  return { ...account, email };
}
