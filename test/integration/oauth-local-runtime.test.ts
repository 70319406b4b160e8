// The local runtime serves the OAuth sandbox under /_sandbox/oauth/, and social sign-in configured through the one
// config channel from the environment that runtime sets (STAGE=local, SITE_ORIGIN) finds it with no further settings.
import { describe, expect, it } from 'vitest';
import { useLocalOpenPie } from '../support/local-app';

const site = useLocalOpenPie('oauth');

describe('the OAuth sandbox in the local runtime', () => {
  it('signs a person in with Google through the mounted sandbox', async () => {
    // Prepare
    const { readStateCookie } = await import('../../functions/integrations/oauth');
    const { getSocialSignInPort } = await import('../../functions/services/oauth-ports');
    const signIn = await getSocialSignInPort();
    const redirectUri = `${site.url}/api/auth/callback/google`;
    const { authorizeUrl, stateCookie } = await signIn.beginSignIn('google', {
      redirectUri,
      intent: { kind: 'fan' },
      now: new Date(),
    });
    // Act: the browser's part
    const page = await (await fetch(authorizeUrl)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1] ?? '';
    const request = /<input type="hidden" name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const decided = await fetch(new URL(action, authorizeUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, identity: 'sam', decision: 'approve' }).toString(),
      redirect: 'manual',
    });
    const callback = new URL(decided.headers.get('location')!);
    const identity = await signIn.completeSignIn('google', {
      code: callback.searchParams.get('code') ?? undefined,
      state: callback.searchParams.get('state') ?? undefined,
      stateCookie: readStateCookie(stateCookie),
      redirectUri,
      now: new Date(),
    });
    // Assess
    expect(authorizeUrl.startsWith(`${site.url}/_sandbox/oauth/google/`)).toBe(true);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(identity).toMatchObject({
      provider: 'google',
      email: 'sam.okafor@example.com',
      emailVerified: true,
      displayName: 'Sam Okafor',
    });
  });

  it('lists the providers at /_sandbox/oauth/', async () => {
    // Act
    const reply = await fetch(`${site.url}/_sandbox/oauth/`);
    // Assess
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain(
      `${site.url}/_sandbox/oauth/google/.well-known/openid-configuration`,
    );
  });
});
