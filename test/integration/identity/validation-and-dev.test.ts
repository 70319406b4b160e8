import { describe, expect, it, vi } from 'vitest';
import { loginMessages, registrationMessages } from '../../../functions/contracts/auth';
import { asDeployedStage, originSecret } from '../../support/deployed-stage';
import { bodyOf, buildGatewayEvent, testContext } from '../../support/gateway-event';
import { call, dataOf, readOutbox, strongPassword, uniqueEmail } from '../../support/identity';

const fanAuth = async () => (await import('../../../functions/handlers/fan-auth')).handler;
const artistAuth = async () => (await import('../../../functions/handlers/artist-auth')).handler;

function fieldsOf(result: { body?: string }): Record<string, string> {
  return (bodyOf(result)['fields'] ?? {}) as Record<string, string>;
}

const validRegistration = () => ({
  email: uniqueEmail('valid'),
  first_name: 'Val',
  last_name: 'Idation',
  password: strongPassword,
  accepted_terms_and_conditions: true,
  recaptchaToken: 'local',
});

describe("SPEC §5 texts on the server's 422 (the shared schemas)", () => {
  it.each([
    ['fan', '/api/auth/login', fanAuth],
    ['artist', '/api/for-artists/auth/login', artistAuth],
  ] as const)('login (%s): every message', async (_label, path, load) => {
    // Prepare
    const handler = await load();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { email: loginMessages.emailRequired, password: loginMessages.passwordRequired }],
      [
        { email: '', password: '' },
        { email: loginMessages.emailRequired, password: loginMessages.passwordRequired },
      ],
      [
        { email: 'not-an-address', password: 'short' },
        { email: loginMessages.emailInvalid, password: loginMessages.passwordTooShort },
      ],
    ];
    for (const [body, fields] of cases) {
      // Act
      const result = await call(handler, 'POST', path, { body });
      // Assess
      expect(result.statusCode).toBe(422);
      expect(fieldsOf(result)).toEqual(fields);
    }
    expect(loginMessages).toEqual({
      emailInvalid: 'Please enter a valid email',
      emailRequired: 'Email is required',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters',
    });
  });

  it.each([
    ['fan', '/api/auth/register', fanAuth],
    ['artist', '/api/for-artists/auth/register', artistAuth],
  ] as const)('registration (%s): every message the payload can carry', async (_label, path, load) => {
    // Prepare
    const handler = await load();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { accepted_terms_and_conditions: true },
        {
          email: 'Email is required',
          first_name: 'First name is required',
          last_name: 'Last name is required',
          password: 'Password is required',
        },
      ],
      [
        { ...validRegistration(), email: 'nope', first_name: ' ', last_name: '', password: '1234567' },
        {
          email: 'Invalid email',
          first_name: 'First name is required',
          last_name: 'Last name is required',
          password: 'Password must be at least 8 characters',
        },
      ],
      [{ ...validRegistration(), password: '' }, { password: 'Password is required' }],
      [
        { ...validRegistration(), accepted_terms_and_conditions: false },
        { accepted_terms_and_conditions: registrationMessages.termsRequired },
      ],
    ];
    for (const [body, fields] of cases) {
      // Act
      const result = await call(handler, 'POST', path, { body });
      // Assess
      expect(result.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(result)).toEqual(fields);
    }
  });

  it('reset-password: the password rules', async () => {
    // Prepare
    const handler = await fanAuth();
    // Act
    const empty = await call(handler, 'POST', '/api/auth/reset-password/whatever', {
      body: { password: '' },
    });
    const short = await call(handler, 'POST', '/api/auth/reset-password/whatever', {
      body: { password: 'short' },
    });
    const long = await call(handler, 'POST', '/api/auth/reset-password/whatever', {
      body: { password: 'x'.repeat(129) },
    });
    // Assess
    expect(fieldsOf(empty)).toEqual({ password: 'Password is required' });
    expect(fieldsOf(short)).toEqual({ password: 'Password must be at least 8 characters' });
    expect(fieldsOf(long)).toEqual({ password: 'Password must be at most 128 characters' });
  });
});

describe('the human check on registration', () => {
  it('is off without a secret key, and with one refuses a low score and accepts a good token', async () => {
    // Prepare: a fresh module graph whose cold start reads a reCAPTCHA secret, and a stand-in for Google
    vi.resetModules();
    const { resetEnvCache } = await import('../../../functions/runtime/env');
    process.env.RECAPTCHA_SECRET_KEY = 'test-recaptcha-secret';
    resetEnvCache();
    const requests: string[] = [];
    const verify = vi.fn(async (_url: string, init: RequestInit) => {
      const form = new URLSearchParams(String(init.body));
      requests.push(form.toString());
      const good = form.get('response') === 'good-token';
      return new Response(JSON.stringify({ success: true, score: good ? 0.9 : 0.1, action: 'register' }));
    });
    vi.stubGlobal('fetch', verify);
    try {
      const handler = (await import('../../../functions/handlers/fan-auth')).handler;
      // Act
      const bot = await call(handler, 'POST', '/api/auth/register', {
        body: { ...validRegistration(), recaptchaToken: 'bot-token' },
      });
      const person = await call(handler, 'POST', '/api/auth/register', {
        body: { ...validRegistration(), recaptchaToken: 'good-token' },
      });
      // Assess
      expect(bot.statusCode).toBe(400);
      expect(bodyOf(bot)).toMatchObject({ code: 'captcha_failed' });
      expect(person.statusCode).toBe(201);
      expect(requests[0]).toContain('secret=test-recaptcha-secret');
    } finally {
      vi.unstubAllGlobals();
      delete process.env.RECAPTCHA_SECRET_KEY;
      resetEnvCache();
      vi.resetModules();
    }
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists mail newest first with to, subject, text, html, links and sentAt', async () => {
    // Prepare
    const first = validRegistration();
    const second = validRegistration();
    await call(await fanAuth(), 'POST', '/api/auth/register', { body: first });
    await call(await fanAuth(), 'POST', '/api/auth/register', { body: second });
    // Act
    const mails = await readOutbox();
    // Assess
    const mine = mails.filter((mail) => mail.to === first.email || mail.to === second.email);
    expect(mine.map((mail) => mail.to)).toEqual([second.email, first.email]);
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual(['html', 'links', 'sentAt', 'subject', 'text', 'to']);
  });

  it('answers 404 in the envelope outside local mode', async () => {
    // Prepare
    await asDeployedStage(async () => {
      const { handler } = await import('../../../functions/handlers/dev');
      // Act: a request as CloudFront forwards it, so only the dev route's own refusal can answer
      const result = await handler(
        buildGatewayEvent('GET', '/api/dev/outbox', { headers: { 'x-openpie-origin-verify': originSecret } }),
        testContext,
      );
      // Assess
      expect(result.statusCode).toBe(404);
      expect(bodyOf(result)).toMatchObject({ success: false, code: 'not_found' });
      expect(dataOf(result)).toBeUndefined();
    });
  });
});
