import { describe, expect, it } from 'vitest';
import {
  commonPasswordMessage,
  loginSchema,
  registerSchema,
  registrationFormSchema,
  registrationMessages,
} from '../../functions/contracts/auth';
import { buildAccount, buildVerifiedAccount, isActiveAccount } from '../../functions/domain/identity/account';
import { decodeCommonPasswords } from '../../functions/domain/identity/common-passwords';
import { normalizeEmail } from '../../functions/domain/identity/email-address';
import {
  buildAccountDeletedMail,
  buildPasswordChangedMail,
  buildResetPasswordMail,
  buildVerifyEmailMail,
} from '../../functions/domain/identity/emails';
import {
  buildLinkPath,
  isLinkTokenExpired,
  linkTokenExpiry,
  linkTokenLifetimeSeconds,
} from '../../functions/domain/identity/link-tokens';
import { findPasswordProblem, isCommonPassword } from '../../functions/domain/identity/password-policy';
import { isProfileComplete } from '../../functions/domain/identity/profile';
import {
  computeLoginDelayMs,
  computeRetryAfterSeconds,
  computeSlidingLimit,
  findRateLimitRules,
  findRateWindow,
  rateLimitRules,
} from '../../functions/domain/identity/rate-limits';
import {
  cookiesClearedOnUnauthorized,
  isSecureCookieOrigin,
  sessionAudiences,
  sessionExpiry,
  sessionLifetimeSeconds,
} from '../../functions/domain/identity/sessions';

const firstIssues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
};

describe('password policy', () => {
  it('accepts 8 to 128 characters that are not on the list', () => {
    expect(findPasswordProblem('correct-horse-battery')).toBeNull();
    expect(findPasswordProblem('x7#Qm!2p')).toBeNull();
    expect(findPasswordProblem('a'.repeat(100) + 'Zq9!'.repeat(7))).toBeNull();
  });

  it('refuses empty, short, long and common passwords with their messages', () => {
    expect(findPasswordProblem('')).toBe('Password is required');
    expect(findPasswordProblem('Zq9!Zq9')).toBe('Password must be at least 8 characters');
    expect(findPasswordProblem('Zq9!'.repeat(32) + 'x')).toBe('Password must be at most 128 characters');
    expect(findPasswordProblem('password1')).toBe(commonPasswordMessage);
    expect(commonPasswordMessage).toBe('This password is too common. Please choose another.');
  });

  it('checks the list in any letter case', () => {
    expect(isCommonPassword('PASSWORD1')).toBe(true);
    expect(isCommonPassword('Sojdlg123aljg')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('correct-horse-battery')).toBe(false);
  });

  it('ships only lower-cased, de-duplicated, sorted entries of 8 or more characters', () => {
    const commonPasswords = decodeCommonPasswords();
    expect(commonPasswords.length).toBeGreaterThan(5000);
    expect(new Set(commonPasswords).size).toBe(commonPasswords.length);
    expect(commonPasswords.every((entry) => entry.length >= 8 && entry === entry.toLowerCase())).toBe(true);
    expect([...commonPasswords].sort()).toEqual(commonPasswords);
    expect(commonPasswords).toContain('password1');
    expect(commonPasswords.at(-1)).toBe('солнышко');
  });
});

describe('e-mail normalisation and accounts', () => {
  it('trims and lower-cases one spelling per mailbox', () => {
    expect(normalizeEmail('  Fan@Example.COM ')).toBe('fan@example.com');
    expect(normalizeEmail('e\u0301lise@example.com')).toBe(normalizeEmail('\u00e9lise@example.com'));
  });

  it('builds a vouched-for account verified at the given time, without names or the promotion', () => {
    // Prepare
    const now = new Date('2026-05-01T10:00:00Z');
    // Act
    const account = buildVerifiedAccount(
      { kind: 'admin', id: 's1', email: 's@b.co', passwordHash: 'h' },
      now,
    );
    // Assess
    expect(account).toMatchObject({
      kind: 'admin',
      emailVerifiedAt: now.toISOString(),
      firstName: null,
      lastName: null,
      promoEligible: false,
      status: 'active',
    });
  });

  it('builds an active account at the given time; a deleted one is not active', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const account = buildAccount(
      {
        kind: 'fan',
        id: 'f1',
        email: 'a@b.co',
        firstName: 'A',
        lastName: 'B',
        passwordHash: null,
        emailVerifiedAt: null,
        promoEligible: true,
      },
      now,
    );
    expect(account).toMatchObject({
      status: 'active',
      createdAt: now.toISOString(),
      usedPromotionCode: false,
    });
    expect(isActiveAccount(account)).toBe(true);
    expect(isActiveAccount({ ...account, status: 'deleted', email: null })).toBe(false);
    expect(isActiveAccount(null)).toBe(false);
  });
});

describe('profile completeness (SPEC §5)', () => {
  const complete = { firstName: 'A', lastName: 'B', phoneNumber: '+1 555', country: 'US' };
  it('needs all four fields set', () => {
    expect(isProfileComplete(complete)).toBe(true);
    for (const field of ['firstName', 'lastName', 'phoneNumber', 'country'] as const) {
      expect(isProfileComplete({ ...complete, [field]: null }), field).toBe(false);
      expect(isProfileComplete({ ...complete, [field]: '  ' }), field).toBe(false);
    }
  });
});

describe('link tokens', () => {
  it('lasts 48 hours to verify and 1 hour to reset, expiring at the instant', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(linkTokenLifetimeSeconds).toEqual({ 'verify-email': 172800, 'reset-password': 3600 });
    const expiry = linkTokenExpiry('reset-password', now);
    expect(expiry.toISOString()).toBe('2026-05-01T11:00:00.000Z');
    expect(isLinkTokenExpired(expiry, new Date(expiry.getTime() - 1))).toBe(false);
    expect(isLinkTokenExpired(expiry, expiry)).toBe(true);
  });

  it('links to the SPA routes of SPEC §2', () => {
    expect(buildLinkPath('fan', 'verify-email', 'abc')).toBe('/auth/fans/verify-email/abc');
    expect(buildLinkPath('fan', 'reset-password', 'abc')).toBe('/auth/fans/reset-password/abc');
    expect(buildLinkPath('artist', 'verify-email', 'abc')).toBe('/auth/for-artists/verify-email/abc');
    expect(buildLinkPath('artist', 'reset-password', 'abc')).toBe('/auth/for-artists/reset-password/abc');
  });
});

describe('session rules', () => {
  it('gives each area its audience and lifetime (admin 7 days, SPEC §9)', () => {
    expect(sessionAudiences).toEqual({
      fan: 'openpie:fan',
      artist: 'openpie:artist',
      admin: 'openpie:admin',
    });
    expect(sessionLifetimeSeconds.admin).toBe(7 * 86400);
    expect(sessionLifetimeSeconds.fan).toBe(30 * 86400);
    expect(sessionExpiry('admin', new Date('2026-05-01T00:00:00Z')).toISOString()).toBe(
      '2026-05-08T00:00:00.000Z',
    );
  });

  it('clears fan and artist cookies on a 401, and the admin one in the admin API', () => {
    expect(cookiesClearedOnUnauthorized('fan')).toEqual(['fan', 'artist']);
    expect(cookiesClearedOnUnauthorized('admin')).toEqual(['fan', 'artist', 'admin']);
  });

  it('drops Secure only on plain-HTTP localhost', () => {
    expect(isSecureCookieOrigin('http://localhost:3000')).toBe(false);
    expect(isSecureCookieOrigin('http://127.0.0.1:5173')).toBe(false);
    expect(isSecureCookieOrigin('https://localhost:3000')).toBe(true);
    expect(isSecureCookieOrigin('http://localhost.evil.example')).toBe(true);
    expect(isSecureCookieOrigin('https://d111.cloudfront.net')).toBe(true);
    expect(isSecureCookieOrigin(undefined)).toBe(true);
  });
});

describe('rate-limit windows', () => {
  it('counts 10 per e-mail in 15-minute windows and says how long to wait', () => {
    expect(rateLimitRules.email).toEqual({ scope: 'email', limit: 10, windowSeconds: 900 });
    const now = new Date('2026-05-01T10:07:30Z');
    const window = findRateWindow(rateLimitRules.email, now);
    expect(new Date(window.startSeconds * 1000).toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(computeRetryAfterSeconds(window, now)).toBe(450);
    expect(computeRetryAfterSeconds(window, new Date(window.endSeconds * 1000 - 10))).toBe(1);
  });

  it('takes the previous window’s attempts off the limit by the share of it still inside the last 15 minutes', () => {
    // Prepare
    const rule = rateLimitRules.email;
    const window = findRateWindow(rule, new Date('2026-05-01T10:00:00Z'));
    const at = (time: string) => new Date(`2026-05-01T${time}Z`);
    // Act
    const limits = [
      computeSlidingLimit(rule, window, 0, at('10:00:10')),
      computeSlidingLimit(rule, window, 10, at('10:00:00')),
      computeSlidingLimit(rule, window, 10, at('10:00:10')),
      computeSlidingLimit(rule, window, 10, at('10:07:30')),
      computeSlidingLimit(rule, window, 10, at('10:14:59')),
      computeSlidingLimit(rule, window, 4, at('10:03:45')),
    ];
    // Assess: 10 × 890/900 = 9.9 counts as 9; 10 × 1/2 = 5; 10 × 1/900 counts as none; 4 × 3/4 = 3
    expect(limits).toEqual([10, 0, 1, 5, 10, 7]);
  });

  it('limits a login by e-mail and address together, never by e-mail alone below a high ceiling', () => {
    // Act
    const login = findRateLimitRules('login', true);
    const forgot = findRateLimitRules('forgot-password', true);
    const loginWithoutAddress = findRateLimitRules('login', false);
    // Assess
    expect(login).toEqual([
      { scope: 'email-client', limit: 10, windowSeconds: 900 },
      { scope: 'client', limit: 100, windowSeconds: 900 },
      { scope: 'email', limit: 1000, windowSeconds: 900 },
    ]);
    expect(forgot).toEqual([rateLimitRules.email, rateLimitRules.client]);
    expect(loginWithoutAddress).toEqual([rateLimitRules.email]);
  });

  it("slows an e-mail's logins down after its tenth failure, doubling up to eight seconds", () => {
    expect([0, 9, 10, 11, 12, 14, 15, 40].map(computeLoginDelayMs)).toEqual([
      0, 0, 250, 500, 1000, 4000, 8000, 8000,
    ]);
  });
});

describe('identity mails', () => {
  const base = { to: 'fan@example.com', firstName: 'Fay <b>', siteOrigin: 'http://localhost:3000/' };

  it('carry the link in text, HTML and links, built from the site origin', () => {
    const verify = buildVerifyEmailMail({ ...base, area: 'fan', token: 'tok_123' });
    const reset = buildResetPasswordMail({ ...base, area: 'artist', token: 'tok_456' });
    expect(verify.links).toEqual(['http://localhost:3000/auth/fans/verify-email/tok_123']);
    expect(reset.links).toEqual(['http://localhost:3000/auth/for-artists/reset-password/tok_456']);
    for (const mail of [verify, reset]) {
      expect(mail.text).toContain(mail.links[0]);
      expect(mail.html).toContain(`href="${mail.links[0]}"`);
    }
    expect(verify.text).toContain('48 hours');
    expect(reset.text).toContain('60 minutes');
  });

  it('escape names in HTML', () => {
    const mail = buildPasswordChangedMail({ ...base, area: 'fan' });
    expect(mail.html).toContain('Hello Fay &lt;b&gt;,');
    expect(mail.html).not.toContain('<b>,');
    expect(mail.text).toContain('Hello Fay <b>,');
  });

  it('send the deletion notice without links', () => {
    const mail = buildAccountDeletedMail({ ...base, firstName: null, area: 'artist' });
    expect(mail).toMatchObject({
      kind: 'account-deleted',
      links: [],
      subject: 'Your OpenPie account was deleted',
    });
    expect(mail.text.startsWith('Hello,')).toBe(true);
  });
});

describe('shared schemas (SPEC §5)', () => {
  it('login: required, invalid and too short', () => {
    expect(firstIssues(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(firstIssues(loginSchema.safeParse({ email: 'x@', password: '1234567' }))).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
    });
    expect(loginSchema.parse({ email: ' Fan@Example.com ', password: '12345678' }).email).toBe(
      'Fan@Example.com',
    );
  });

  it('registration form: every message, including the repeated password', () => {
    expect(firstIssues(registrationFormSchema.safeParse({}))).toEqual({
      email: 'Email is required',
      first_name: 'First name is required',
      last_name: 'Last name is required',
      password: 'Password is required',
      confirm_password: 'Confirm password is required',
    });
    expect(
      firstIssues(
        registrationFormSchema.safeParse({
          email: 'nope',
          first_name: '',
          last_name: 'B',
          password: 'long enough',
          confirm_password: 'different',
        }),
      ),
    ).toEqual({
      email: 'Invalid email',
      first_name: 'First name is required',
      confirm_password: 'Passwords must match',
    });
    expect(
      registrationFormSchema.safeParse({
        email: 'a@b.co',
        first_name: 'A',
        last_name: 'B',
        password: 'long enough',
        confirm_password: 'long enough',
      }).success,
    ).toBe(true);
    expect(registrationMessages.passwordsMustMatch).toBe('Passwords must match');
  });

  it('register payload: SPEC §3 fields, terms accepted, promo only "try"', () => {
    const payload = {
      email: 'a@b.co',
      first_name: 'A',
      last_name: 'B',
      password: 'long enough',
      accepted_terms_and_conditions: true,
      recaptchaToken: 't',
      promo: 'try',
    };
    expect(registerSchema.safeParse(payload).success).toBe(true);
    expect(registerSchema.safeParse({ ...payload, promo: 'free' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...payload, accepted_terms_and_conditions: false }).success).toBe(
      false,
    );
  });
});
