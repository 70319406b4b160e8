import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../functions/runtime/env';
import { describeOAuthConfig, loadOAuthConfig } from '../../functions/services/oauth-ports';

const realSecret = 'a-real-deployment-secret-0123456789abcdef';

function problemsOf(source: Record<string, string>): readonly string[] {
  try {
    loadOAuthConfig(source);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
}

describe('social sign-in configuration', () => {
  it('points every provider at the local sandbox in local mode', () => {
    // Act
    const config = loadOAuthConfig({ STAGE: 'local', SITE_ORIGIN: 'http://localhost:4321' });
    // Assess
    expect(Object.keys(config.providers).sort()).toEqual(['facebook', 'google', 'spotify', 'twitter']);
    expect(config.providers.spotify).toMatchObject({
      source: 'sandbox',
      clientId: 'openpie-local-spotify',
      endpoints: {
        authorize: 'http://localhost:4321/_sandbox/oauth/spotify/accounts/authorize',
        token: 'http://localhost:4321/_sandbox/oauth/spotify/accounts/api/token',
        userInfo: 'http://localhost:4321/_sandbox/oauth/spotify/api/v1/me',
        apiBase: 'http://localhost:4321/_sandbox/oauth/spotify/api',
      },
    });
    expect(config.providers.google?.endpoints.issuers).toEqual([
      'http://localhost:4321/_sandbox/oauth/google',
    ]);
    expect(config.staffEmailDomain).toBe('openpie.example');
    expect(describeOAuthConfig(config)[0]).toBe(
      'Spotify sign-in: local sandbox at http://localhost:4321/_sandbox/oauth/spotify/accounts/authorize',
    );
  });

  it('uses the real provider when its client id and secret are set, even locally', () => {
    // Act
    const config = loadOAuthConfig({
      STAGE: 'local',
      SITE_ORIGIN: 'http://localhost:3000',
      GOOGLE_CLIENT_ID: 'google-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    });
    // Assess
    expect(config.providers.google).toMatchObject({
      source: 'real',
      clientId: 'google-id.apps.googleusercontent.com',
      endpoints: {
        jwks: 'https://www.googleapis.com/oauth2/v3/certs',
        issuers: ['https://accounts.google.com', 'accounts.google.com'],
      },
    });
    expect(config.providers.spotify?.source).toBe('sandbox');
  });

  it('configures in AWS only the providers with credentials, and says which', () => {
    // Act
    const config = loadOAuthConfig({
      STAGE: 'prod',
      OAUTH_STATE_SECRET: realSecret,
      SPOTIFY_CLIENT_ID: 'spotify-id',
      SPOTIFY_CLIENT_SECRET: 'spotify-secret',
      STAFF_EMAIL_DOMAIN: 'OpenPie.Example',
    });
    const lines = describeOAuthConfig(config);
    // Assess
    expect(Object.keys(config.providers)).toEqual(['spotify']);
    expect(config.providers.spotify?.endpoints.authorize).toBe('https://accounts.spotify.com/authorize');
    expect(config.staffEmailDomain).toBe('openpie.example');
    expect(lines).toContain('Spotify sign-in: Spotify itself, client id spotify-id');
    expect(lines).toContain('X sign-in: not configured (set X_CLIENT_ID and X_CLIENT_SECRET)');
    expect(lines.join('\n')).not.toContain('spotify-secret');
  });

  it('names each missing half of a credential pair', () => {
    expect(
      problemsOf({
        STAGE: 'dev',
        OAUTH_STATE_SECRET: realSecret,
        X_CLIENT_ID: 'x',
        FACEBOOK_CLIENT_SECRET: 'f',
      }),
    ).toEqual([
      'X_CLIENT_SECRET: missing while X_CLIENT_ID is set',
      'FACEBOOK_CLIENT_ID: missing while FACEBOOK_CLIENT_SECRET is set',
    ]);
  });

  it('refuses the sandbox outside local mode', () => {
    expect(problemsOf({ STAGE: 'prod', OAUTH_SANDBOX_URL: 'http://localhost:3000/_sandbox/oauth' })).toEqual([
      'OAUTH_SANDBOX_URL: the OAuth sandbox exists only in local mode (STAGE=local)',
    ]);
  });

  it('needs a state secret of 32 characters or more in AWS', () => {
    const credentials = { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' };
    expect(problemsOf({ STAGE: 'prod', ...credentials })).toEqual([
      'OAUTH_STATE_SECRET (or JWT_SIGNING_KEY): required outside local mode when a provider is configured',
    ]);
    expect(loadOAuthConfig({ STAGE: 'prod', JWT_SIGNING_KEY: realSecret, ...credentials }).stateSecret).toBe(
      realSecret,
    );
    expect(problemsOf({ STAGE: 'prod', OAUTH_STATE_SECRET: 'short', ...credentials })).toEqual([
      'OAUTH_STATE_SECRET: must be at least 32 characters',
    ]);
  });

  it('refuses a staff domain that is not a domain name', () => {
    expect(problemsOf({ STAGE: 'local', STAFF_EMAIL_DOMAIN: 'staff@openpie.example' })).toEqual([
      'STAFF_EMAIL_DOMAIN: must be a domain name',
    ]);
  });

  it('treats empty variables as unset and lets the Spotify Web API point elsewhere', () => {
    // Act
    const config = loadOAuthConfig({
      STAGE: 'local',
      SITE_ORIGIN: 'http://localhost:3000',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: ' ',
      SPOTIFY_API_URL: 'http://localhost:3000/_sandbox/spotify/',
    });
    // Assess
    expect(config.providers.google?.source).toBe('sandbox');
    expect(config.providers.spotify?.endpoints).toMatchObject({
      apiBase: 'http://localhost:3000/_sandbox/spotify',
      userInfo: 'http://localhost:3000/_sandbox/spotify/v1/me',
    });
  });

  it('has nothing configured in AWS without credentials', () => {
    // Act
    const config = loadOAuthConfig({ STAGE: 'dev' });
    // Assess
    expect(config.providers).toEqual({});
    expect(config.staffEmailDomain).toBeUndefined();
    expect(describeOAuthConfig(config).at(-1)).toBe('Staff Google sign-in: off (set STAFF_EMAIL_DOMAIN)');
  });
});
