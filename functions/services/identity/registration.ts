// Registering with an e-mail and a password (fans and artist-side users; SPEC §3, §5): the account, its
// verification link and the mail that carries it are written together or not at all.
import { randomUUID } from 'node:crypto';
import type { RegisterPayload, RegisterReply } from '../../contracts/auth';
import { captchaActions, promotionAlreadyUsedPhrase } from '../../contracts/auth';
import { createAccount, findAccountByEmail } from '../../data/accounts';
import { buildLinkTokenPut } from '../../data/link-tokens';
import { AppError } from '../../domain/errors';
import { buildAccount } from '../../domain/identity/account';
import { normalizeEmail } from '../../domain/identity/email-address';
import { buildVerifyEmailMail } from '../../domain/identity/emails';
import { findPasswordProblem } from '../../domain/identity/password-policy';
import { recordMetric } from '../../runtime/metrics';
import { enforceRateLimits } from '../rate-limit';
import type { IdentityDependencies, RequestContext } from './dependencies';
import type { SelfServiceKind } from './link-tokens';
import { createLinkToken } from './link-tokens';
import { queueMail, requireSiteOrigin } from './mail';

export function passwordRefused(problem: string): AppError<'validation_failed'> {
  return new AppError('validation_failed', 'Some fields need attention.', { fields: { password: problem } });
}

export async function registerWithPassword(
  deps: IdentityDependencies,
  kind: SelfServiceKind,
  payload: RegisterPayload,
  request: RequestContext,
): Promise<RegisterReply> {
  const email = normalizeEmail(payload.email);
  await enforceRateLimits(deps, 'register', { email, clientAddress: request.clientAddress });

  const humanCheck = await deps.humanCheck();
  const human = await humanCheck.verify(
    payload.recaptchaToken,
    captchaActions.register,
    request.clientAddress ?? undefined,
  );
  if (!human) {
    throw new AppError('bad_request', 'We could not confirm that you are a person. Please try again.', {
      code: 'captcha_failed',
    });
  }
  const problem = findPasswordProblem(payload.password);
  if (problem) throw passwordRefused(problem);

  const now = deps.clock.now();
  const promoEligible = kind === 'fan' && payload.promo === 'try';
  const account = buildAccount(
    {
      kind,
      id: randomUUID(),
      email,
      firstName: payload.first_name,
      lastName: payload.last_name,
      passwordHash: await deps.passwordHasher.hash(payload.password),
      emailVerifiedAt: null,
      promoEligible,
    },
    now,
  );
  const verification = createLinkToken('verify-email', kind, account.id, now);
  const verificationMail = buildVerifyEmailMail({
    to: email,
    firstName: account.firstName,
    siteOrigin: requireSiteOrigin(deps),
    area: kind,
    token: verification.secret,
  });
  const outcome = await createAccount(
    deps.table,
    { ...account, email },
    {
      alongside: [
        buildLinkTokenPut(deps.table, verification.record),
        queueMail(deps.table, verificationMail, now),
      ],
    },
  );
  if (outcome === 'email_taken') {
    const existing = promoEligible ? await findAccountByEmail(deps.table, kind, email) : null;
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
  recordMetric('SignUp');
  return {
    id: account.id,
    email,
    email_verified: false,
    promo_eligible: promoEligible,
    message: 'Your account was created. Please check your e-mail to verify your address.',
  };
}
