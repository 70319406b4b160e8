// The artist area's settings screen: the connected Google account (SPEC §7 link-google and disconnect-google for
// artist-side users), its confirmation before disconnecting, and SPEC §8's text when connecting came back failed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { stubApi, succeed } from '../support/auth-api-stub';
import { renderAt } from '../support/fan-screens';
import { makeArtistUser } from '../support/artist-screens';

/** The first render loads the lazy route modules, which can take longer than findBy's default second. */
function findConnectedAccounts() {
  return screen.findByRole('region', { name: 'Connected accounts' }, { timeout: 5000 });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connected accounts in the artist settings', () => {
  it('offers Google alone, as not connected', async () => {
    // Prepare
    stubApi({ 'GET /api/for-artists/user': succeed(makeArtistUser()) });

    // Act
    renderAt('/for-artists/settings');

    // Assess
    const section = await findConnectedAccounts();
    const rows = within(section)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual(['GGoogleNot connectedConnect']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Settings');
  });

  it('connects Google through the address the artist link call gives', async () => {
    // Prepare
    const authorizeUrl = 'http://localhost/_sandbox/oauth/google/authorize?state=artist-1';
    const api = stubApi({
      'GET /api/for-artists/user': succeed(makeArtistUser()),
      'POST /api/for-artists/auth/link-google': succeed({ authorizeUrl }),
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/for-artists/settings');

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google' }, { timeout: 5000 }));

    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(authorizeUrl));
    expect(api.sentTo('POST /api/for-artists/auth/link-google')).toHaveLength(1);
    expect(api.sentTo('POST /api/auth/link-google')).toEqual([]);
  });

  it('disconnects Google only after confirming, through the artist call', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/for-artists/user': succeed(makeArtistUser({ google: true })),
      'POST /api/for-artists/auth/disconnect-google': succeed(makeArtistUser()),
    });
    renderAt('/for-artists/settings');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Disconnect Google' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    const sentBeforeConfirming = api.sentTo('POST /api/for-artists/auth/disconnect-google').length;
    const consequence = dialog.textContent;

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    // Assess
    expect(sentBeforeConfirming).toBe(0);
    expect(consequence).toContain(
      'Google will no longer be connected to your OpenPie for Artists account. You can connect it again at any time.',
    );
    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeTruthy();
    expect(api.sentTo('POST /api/for-artists/auth/disconnect-google')).toHaveLength(1);
  });

  it('says in its own words that the account is taken when connecting came back refused', async () => {
    // Prepare
    stubApi({ 'GET /api/for-artists/user': succeed(makeArtistUser()) });

    // Act
    renderAt('/for-artists/settings?socialError=google&socialReason=already_linked');

    // Assess: connecting is not registering, so SPEC §8's registration sentence would mislead here
    const section = await findConnectedAccounts();
    const alert = within(section).getByRole('alert').textContent;
    expect(alert).toBe('This Google account is already connected to another OpenPie account.');
  });

  it('shows SPEC §8’s text when connecting came back failed for another reason', async () => {
    // Prepare
    stubApi({ 'GET /api/for-artists/user': succeed(makeArtistUser()) });

    // Act
    renderAt('/for-artists/settings?socialError=google&socialReason=cancelled');

    // Assess
    const section = await findConnectedAccounts();
    const alert = within(section).getByRole('alert').textContent;
    expect(alert).toContain('Failed to initialize Google registration. Please try again.');
  });
});
