// Where a reCAPTCHA key is configured, the X and Facebook sign-ins (which SPEC §7 sends with a recaptchaToken) start
// only with a genuine token; a refusal returns the browser to the SPA page, never a JSON page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/identity';

type Handler = Parameters<typeof call>[0];
let handler: Handler;
const savedKey = process.env.RECAPTCHA_SECRET_KEY;

beforeAll(async () => {
  // A key makes the check real; a request without a token is refused before Google would be asked.
  process.env.RECAPTCHA_SECRET_KEY = 'test-recaptcha-secret';
  ({ handler } = await import('../../functions/handlers/fan-social'));
});

afterAll(() => {
  if (savedKey === undefined) delete process.env.RECAPTCHA_SECRET_KEY;
  else process.env.RECAPTCHA_SECRET_KEY = savedKey;
});

describe('the human check on social sign-in', () => {
  it.each([
    ['/api/auth/loginTwitter', 'twitter'],
    ['/api/auth/loginFacebookFan', 'facebook'],
  ])('sends %s without a token back to the promo page with socialError', async (path, provider) => {
    // Act
    const result = await call(handler, 'GET', path, { query: { promo: 'try', deviceType: 'mobile' } });
    // Assess
    expect(result.statusCode).toBe(302);
    const target = new URL(result.headers['location'] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${process.env.SITE_ORIGIN}/try`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      socialError: provider,
      socialReason: 'human_check',
    });
    expect(result.cookies ?? []).toEqual([]);
  });

  it('does not ask it of the Spotify and Google sign-ins', async () => {
    // Act
    const spotify = await call(handler, 'GET', '/api/auth/loginSpotify', {
      query: { deviceType: 'desktop' },
    });
    const google = await call(handler, 'GET', '/api/auth/loginGoogle');
    // Assess
    for (const [result, provider] of [
      [spotify, 'spotify'],
      [google, 'google'],
    ] as const) {
      expect(result.statusCode).toBe(302);
      expect(result.headers['location']).toContain(`/_sandbox/oauth/${provider}/`);
      expect(result.cookies?.[0]).toMatch(/^openpie_oauth_state=/);
    }
  });

  it('ignores query values it does not know rather than showing a validation page', async () => {
    // Act
    const result = await call(handler, 'GET', '/api/auth/loginSpotify', {
      query: { deviceType: 'tablet', promo: 'free' },
    });
    // Assess
    expect(result.statusCode).toBe(302);
    expect(result.headers['location']).toContain('/_sandbox/oauth/spotify/');
  });
});
