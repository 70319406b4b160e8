// An artist-side user connects Google and disconnects it (SPEC §7 link-google, disconnect-google), in the local
// runtime against the OAuth sandbox, driven as a browser would: the link call, the sandbox's consent page, Google's
// redirect to our artist callback, and our redirect to the artist settings page (decision 006).
import { describe, expect, it } from 'vitest';
import { createSignedInAccount, uniqueEmail } from '../../support/identity';
import { answerConsent } from '../../support/oauth-consent';
import { SiteBrowser, useLocalOpenPie } from '../../support/local-app';

const paths = {
  link: '/api/for-artists/auth/link-google',
  disconnect: '/api/for-artists/auth/disconnect-google',
  user: '/api/for-artists/user',
} as const;

const site = useLocalOpenPie('artist-google');

/** A signed-in artist-side user's browser. */
async function signedInArtist(): Promise<SiteBrowser> {
  const artist = await createSignedInAccount('artist', { phoneNumber: '+44 20 7946 0000', country: 'GB' });
  return new SiteBrowser(site, artist.cookie);
}

function googlePerson(label: string): Record<string, string> {
  return { identity: 'custom', email: uniqueEmail(label), name: `${label} Person`, decision: 'approve' };
}

function location(reply: Response): URL {
  const value = reply.headers.get('location');
  if (!value) throw new Error(`No Location in a ${reply.status} reply`);
  return new URL(value, site.url);
}

async function readData(reply: Response): Promise<Record<string, unknown>> {
  return ((await reply.json()) as { data: Record<string, unknown> }).data;
}

async function readArtistUser(browser: SiteBrowser): Promise<Record<string, unknown>> {
  const reply = await browser.fetch(paths.user);
  expect(reply.status).toBe(200);
  return readData(reply);
}

/** link-google, the consent page answered with `choice`, then Google's redirect to our callback. */
async function linkGoogle(
  browser: SiteBrowser,
  choice: Record<string, string>,
): Promise<{ linking: Response; authorizeUrl: URL; back: Response }> {
  const linking = await browser.fetch(paths.link, { method: 'POST' });
  expect(linking.status).toBe(200);
  const authorizeUrl = new URL(String((await readData(linking))['authorizeUrl']));
  const consent = await answerConsent(authorizeUrl.href, choice);
  expect(consent.status).toBe(303);
  const back = await browser.fetch(consent.location!.href);
  return { linking, authorizeUrl, back };
}

describe('an artist-side user connects Google', () => {
  it('sends the browser to the sandbox, and the callback connects Google and returns to the settings page', async () => {
    // Prepare
    const browser = await signedInArtist();
    const before = await readArtistUser(browser);
    // Act
    const { authorizeUrl, back } = await linkGoogle(browser, googlePerson('artist-google'));
    const after = await readArtistUser(browser);
    // Assess
    expect(before).toMatchObject({ connected_accounts: { google: false } });
    expect(authorizeUrl.href.startsWith(`${site.url}/_sandbox/oauth/google/`)).toBe(true);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${site.url}/api/for-artists/auth/callback/google`,
    );
    expect(back.status).toBe(302);
    expect(location(back).href).toBe(`${site.url}/for-artists/settings?socialConnected=google`);
    expect(browser.has('openpie_oauth_state')).toBe(false);
    expect(after).toMatchObject({ connected_accounts: { google: true } });
  });

  it('refuses a Google account that another artist-side user has connected, back on the settings page', async () => {
    // Prepare
    const person = googlePerson('shared-google');
    await linkGoogle(await signedInArtist(), person);
    const browser = await signedInArtist();
    // Act
    const { back } = await linkGoogle(browser, person);
    // Assess
    const target = location(back);
    expect(target.pathname).toBe('/for-artists/settings');
    expect(target.searchParams.get('socialError')).toBe('google');
    expect(target.searchParams.get('socialReason')).toBe('already_linked');
    expect(await readArtistUser(browser)).toMatchObject({ connected_accounts: { google: false } });
  });

  it('does not let a fan’s Google connection stand in the way: kinds keep their own identities', async () => {
    // Prepare: the same Google account is connected to a fan first
    const person = googlePerson('fan-and-artist');
    const fan = new SiteBrowser(site, (await createSignedInAccount('fan')).cookie);
    const fanLinking = await fan.fetch('/api/auth/link-google', { method: 'POST' });
    const fanConsent = await answerConsent(String((await readData(fanLinking))['authorizeUrl']), person);
    await fan.fetch(fanConsent.location!.href);
    const browser = await signedInArtist();
    // Act
    const { back } = await linkGoogle(browser, person);
    // Assess
    expect(location(back).searchParams.get('socialConnected')).toBe('google');
    expect(await readArtistUser(browser)).toMatchObject({ connected_accounts: { google: true } });
  });

  it('answers 409 to a second link while Google is connected', async () => {
    // Prepare
    const browser = await signedInArtist();
    await linkGoogle(browser, googlePerson('first-google'));
    // Act
    const again = await browser.fetch(paths.link, { method: 'POST' });
    // Assess
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      success: false,
      code: 'already_connected',
      message: 'Google is already connected to your account. Disconnect it first to connect another.',
    });
  });

  it('returns a cancelled consent to the settings page with SPEC §8’s query', async () => {
    // Prepare
    const browser = await signedInArtist();
    // Act
    const { back } = await linkGoogle(browser, { decision: 'cancel' });
    // Assess
    const target = location(back);
    expect(target.pathname).toBe('/for-artists/settings');
    expect(target.searchParams.get('socialError')).toBe('google');
    expect(target.searchParams.get('socialReason')).toBe('cancelled');
    expect(await readArtistUser(browser)).toMatchObject({ connected_accounts: { google: false } });
  });

  it('refuses a fan’s sign-in attempt delivered to the artist callback', async () => {
    // Prepare: a fan's Google sign-in, approved at the sandbox
    const browser = await signedInArtist();
    const leaving = await browser.fetch('/api/auth/loginGoogle');
    const consent = await answerConsent(location(leaving).href, googlePerson('wrong-door'));
    // Act: the code and state land on the artist callback instead of the fans'
    const wrongDoor = new URL('/api/for-artists/auth/callback/google', site.url);
    wrongDoor.search = consent.location!.search;
    const back = await browser.fetch(wrongDoor.href);
    // Assess
    const target = location(back);
    expect(target.pathname).toBe('/for-artists/settings');
    expect(target.searchParams.get('socialError')).toBe('google');
    expect(target.searchParams.get('socialReason')).toBe('invalid_state');
    expect(await readArtistUser(browser)).toMatchObject({ connected_accounts: { google: false } });
  });
});

describe('an artist-side user disconnects Google', () => {
  it('removes the connection and frees the Google account for someone else', async () => {
    // Prepare
    const person = googlePerson('leaving-google');
    const browser = await signedInArtist();
    await linkGoogle(browser, person);
    // Act
    const disconnected = await browser.fetch(paths.disconnect, { method: 'POST' });
    const other = await signedInArtist();
    const { back } = await linkGoogle(other, person);
    // Assess
    expect(disconnected.status).toBe(200);
    expect(await readData(disconnected)).toMatchObject({ connected_accounts: { google: false } });
    expect(await readArtistUser(browser)).toMatchObject({ connected_accounts: { google: false } });
    expect(location(back).searchParams.get('socialConnected')).toBe('google');
  });

  it('answers 409 when Google is not connected', async () => {
    // Prepare
    const browser = await signedInArtist();
    // Act
    const refused = await browser.fetch(paths.disconnect, { method: 'POST' });
    // Assess
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: 'not_connected',
      message: 'Google is not connected to your account.',
    });
  });
});

describe('who may connect Google to an artist-side account', () => {
  it.each([
    ['a fan', 'fan'],
    ['a staff member', 'admin'],
  ] as const)('refuses %s with 401 and clears the session cookies', async (_who, kind) => {
    // Prepare
    const { cookie } = await createSignedInAccount(kind);
    // Act
    const replies = [
      await new SiteBrowser(site, cookie).fetch(paths.link, { method: 'POST' }),
      await new SiteBrowser(site, cookie).fetch(paths.disconnect, { method: 'POST' }),
    ];
    // Assess
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.headers.getSetCookie().join('\n')).toContain('openpie_access_token_artist=;');
      expect(reply.headers.getSetCookie().join('\n')).toContain('openpie_access_token_fan=;');
    }
  });
});
