// The sandbox's consent page preselects a person nobody has linked at that provider: a new fan who clicks
// "Connect Spotify" and then "Approve" without looking must not land on the demo fan's Spotify, which the first start
// links to the demo fan.
import { describe, expect, it } from 'vitest';
import { spotifyAccountIdOf } from '../../local/oauth-sandbox/identities';
import { uniqueEmail } from '../support/identity';
import { SiteBrowser, useLocalOpenPie } from '../support/local-app';
import { JSDOM } from '../support/oauth-consent';
import { testTable } from '../support/test-table';

const site = useLocalOpenPie('preselect');
const password = 'correct-horse-battery-staple';

/** A registered, signed-in fan. */
async function signedInFan(label: string): Promise<{ browser: SiteBrowser; id: string }> {
  const browser = new SiteBrowser(site);
  const email = uniqueEmail(label);
  const registered = await browser.fetch('/api/auth/register', {
    method: 'POST',
    body: { email, first_name: 'Nia', last_name: 'New', password, accepted_terms_and_conditions: true },
  });
  expect(registered.status).toBe(201);
  expect((await browser.fetch('/api/auth/login', { method: 'POST', body: { email, password } })).status).toBe(
    200,
  );
  const user = (await (await browser.fetch('/api/user')).json()) as { data: { id: string } };
  return { browser, id: user.data.id };
}

/** Links this sandbox person's Spotify to some fan account, as an earlier connection would have. */
async function linkSpotifyOf(email: string): Promise<void> {
  const { saveConnection } = await import('../../functions/data/accounts');
  const { id } = await signedInFan('holder');
  // 'taken' is as good: then someone has it already.
  await saveConnection(testTable(), 'fan', id, {
    provider: 'spotify',
    providerUserId: spotifyAccountIdOf(email),
    connectedAt: new Date().toISOString(),
  });
}

/** The consent page's form as a browser would send it after a click on Approve, changing nothing. */
async function approveAsPreselected(authorizeUrl: string): Promise<{ chosen: string; location: URL }> {
  const page = await (await fetch(authorizeUrl)).text();
  const form = new JSDOM(page).window.document.querySelector('form');
  if (!form) throw new Error('The consent page has no form');
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll<HTMLInputElement>('input')) {
    if ((input.type === 'radio' || input.type === 'checkbox') && !input.checked) continue;
    fields.append(input.name, input.value);
  }
  fields.append('decision', 'approve');
  const decided = await fetch(new URL(form.getAttribute('action') ?? '', authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect(decided.status).toBe(303);
  return { chosen: fields.get('identity') ?? '', location: new URL(decided.headers.get('location') ?? '') };
}

async function consentPageOf(browser: SiteBrowser, start: string): Promise<string> {
  const leaving = await browser.fetch(start);
  expect(leaving.status).toBe(302);
  return new URL(leaving.headers.get('location') ?? '', site.url).href;
}

describe('the consent page’s preselected person', () => {
  it('lets a new fan connect Spotify by approving without a look, the demo fan’s Spotify being linked', async () => {
    // Prepare
    await linkSpotifyOf('demo-fan@openpie.example');
    const { browser } = await signedInFan('new-fan');
    // Act
    const authorizeUrl = await consentPageOf(browser, '/api/auth/loginSpotify');
    const approved = await approveAsPreselected(authorizeUrl);
    const back = await browser.fetch(approved.location.href);
    // Assess
    expect(approved.chosen).not.toBe('demo-fan');
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${site.url}/settings?socialConnected=spotify`);
    const user = (await (await browser.fetch('/api/user')).json()) as { data: unknown };
    expect(user.data).toMatchObject({ connected_accounts: { spotify: true } });
  });

  it('offers someone new, with a fresh address, once every demo listener is linked', async () => {
    // Prepare
    for (const email of ['demo-fan@openpie.example', 'riley.rivera@example.com', 'sam.okafor@example.com']) {
      await linkSpotifyOf(email);
    }
    const { browser } = await signedInFan('newest-fan');
    // Act
    const page = await (await fetch(await consentPageOf(browser, '/api/auth/loginSpotify'))).text();
    // Assess
    const document = new JSDOM(page).window.document;
    expect(document.querySelector<HTMLInputElement>('input[name="identity"]:checked')?.value).toBe('custom');
    expect(document.querySelector<HTMLInputElement>('#custom-email')?.value).toMatch(
      /^listener-[0-9a-f]{6}@example\.com$/,
    );
  });

  it('keeps the demo fan first where nobody has linked them (Google)', async () => {
    // Prepare
    const browser = new SiteBrowser(site);
    // Act
    const page = await (await fetch(await consentPageOf(browser, '/api/auth/loginGoogle'))).text();
    // Assess
    const checked = new JSDOM(page).window.document.querySelector<HTMLInputElement>(
      'input[name="identity"]:checked',
    );
    expect(checked?.value).toBe('demo-fan');
  });
});
