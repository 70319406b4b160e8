// The identity screens around sign-in: the verify and reset link targets, complete-registration and the artist
// guard's rule for incomplete profiles (SPEC §5), the staff Google callback, logout in each area's layout, and the
// fan's connected accounts with SPEC §8's text.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import type { FanConnections } from '../support/fan-screens';
import { makeFan, renderAt } from '../support/fan-screens';

// StrictMode runs effects twice, as the development build does: single-use links must still be used once.
const asDevelopment = { strict: true };

function getField(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}\\*?$`));
}

function readFieldErrors(): string[] {
  return Array.from(document.querySelectorAll('.field__error')).map((node) => node.textContent ?? '');
}

/** The first render loads the lazy route modules, which can take longer than findBy's default second. */
function findHeading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}

function makeToken(): string {
  return `token-${crypto.randomUUID()}`;
}

/** A fan with no card, connected only where told. */
function makeFanWith(connected: Partial<FanConnections> = {}) {
  return makeFan({ stripe_customer_id: null, connected_accounts: { spotify: false, ...connected } });
}

function makeArtist(fields: { phone_number: string | null; country: string | null }) {
  return {
    _id: `artist-${crypto.randomUUID()}`,
    email: `artist-${crypto.randomUUID()}@openpie.example`,
    first_name: 'Ari',
    last_name: 'Artist',
    ...fields,
    email_verified: true,
    profile_complete: fields.phone_number !== null && fields.country !== null,
    offices: [],
  };
}

/**
 * An artist-side user without phone and country, who logs in with any password and whose profile is complete once
 * POST complete-registration is sent: the session call answers the profile as it stands.
 */
function stubIncompleteArtist() {
  const incomplete = makeArtist({ phone_number: null, country: null });
  const complete = { ...incomplete, phone_number: '+44 20 7946 0000', country: 'GB', profile_complete: true };
  let current: typeof incomplete = incomplete;
  const api = stubApi({
    'POST /api/for-artists/auth/login': succeed(incomplete),
    'GET /api/for-artists/user': () => succeed(current),
    'POST /api/for-artists/auth/complete-registration': () => {
      current = complete;
      return succeed(complete);
    },
  });
  return { incomplete, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('verify-email link targets', () => {
  it.each([
    ['/auth/fans/verify-email', '/api/auth/verify-email', '/login'],
    ['/auth/for-artists/verify-email', '/api/for-artists/auth/verify-email', '/for-artists/login'],
  ])('%s verifies once on arrival and offers to log in', async (page, call, login) => {
    // Prepare
    const token = makeToken();
    const api = stubApi({
      [`POST ${call}/${token}`]: succeed({ message: 'Your e-mail address is verified. Thank you!' }),
    });

    // Act
    renderAt(`${page}/${token}`, asDevelopment);

    // Assess
    await findHeading('Your e-mail address is verified');
    expect(screen.getByRole('status').textContent).toBe('Thank you! You can log in now.');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      login,
    );
    expect(api.sentTo(`POST ${call}/${token}`)).toHaveLength(1);
  });

  it('shows the server’s clear sentence for a link that was already used', async () => {
    // Prepare
    const token = makeToken();
    const used =
      'This verification link has already been used. Your e-mail address is verified: please log in.';
    stubApi({ [`POST /api/auth/verify-email/${token}`]: fail(400, 'link_used', used) });

    // Act
    renderAt(`/auth/fans/verify-email/${token}`, asDevelopment);

    // Assess
    await findHeading('We could not verify your e-mail address');
    expect(screen.getByRole('alert').textContent).toBe(used);
  });
});

describe('reset-password link targets', () => {
  it('asks for the new password twice with SPEC §5’s texts', async () => {
    // Prepare
    stubApi({});
    renderAt(`/auth/fans/reset-password/${makeToken()}`, asDevelopment);
    await findHeading('Choose a new password');

    // Act
    await userEvent.type(getField('New password'), 'short');
    await userEvent.type(getField('Repeat new password'), 'other');
    await userEvent.tab();

    // Assess
    await waitFor(() =>
      expect(readFieldErrors()).toEqual(['Password must be at least 8 characters', 'Passwords must match']),
    );
  });

  it('sends the password with the token and says it was changed', async () => {
    // Prepare
    const token = makeToken();
    const call = `POST /api/for-artists/auth/reset-password/${token}`;
    const api = stubApi({
      [call]: succeed({ message: 'Your password was changed. Please log in with your new password.' }),
    });
    renderAt(`/auth/for-artists/reset-password/${token}`, asDevelopment);
    await findHeading('Choose a new password');
    await userEvent.type(getField('New password'), 'a-new-long-password');
    await userEvent.type(getField('Repeat new password'), 'a-new-long-password');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    // Assess
    expect((await screen.findByRole('status')).textContent).toContain(
      'Your password was changed. Please log in with your new password.',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/for-artists/login',
    );
    expect(api.sentTo(call).map((request) => request.body)).toEqual([{ password: 'a-new-long-password' }]);
  });

  it('explains an expired link and offers to send a new one', async () => {
    // Prepare
    const token = makeToken();
    const expired = 'This password reset link has expired. Please request a new one.';
    stubApi({ [`POST /api/auth/reset-password/${token}`]: fail(400, 'link_expired', expired) });
    renderAt(`/auth/fans/reset-password/${token}`, asDevelopment);
    await findHeading('Choose a new password');
    await userEvent.type(getField('New password'), 'a-new-long-password');
    await userEvent.type(getField('Repeat new password'), 'a-new-long-password');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain(expired);
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });
});

describe('complete-registration (SPEC §5)', () => {
  it('asks a visitor who is not signed in to log in first', async () => {
    // Prepare
    stubApi({});

    // Act
    renderAt('/for-artists/complete-registration', asDevelopment);

    // Assess
    await findHeading('Complete your registration');
    expect(await within(screen.getByRole('main')).findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete registration' })).toBeNull();
  });

  it('requires each profile field, then saves them and opens the artist area', async () => {
    // Prepare
    const { api } = stubIncompleteArtist();
    const router = renderAt('/for-artists/complete-registration', asDevelopment);
    await screen.findByRole('button', { name: 'Complete registration' }, { timeout: 5000 });

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));
    const requiredTexts = [...readFieldErrors()];
    await userEvent.type(getField('Phone number'), '+44 20 7946 0000');
    await userEvent.selectOptions(getField('Country'), 'GB');
    await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));

    // Assess
    expect((getField('First name') as HTMLInputElement).value).toBe('Ari');
    expect(requiredTexts).toEqual(['Phone number is required', 'Country is required']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/artists'));
    expect(
      api.sentTo('POST /api/for-artists/auth/complete-registration').map((request) => request.body),
    ).toEqual([{ first_name: 'Ari', last_name: 'Artist', phone_number: '+44 20 7946 0000', country: 'GB' }]);
  });

  it('goes on, once complete, to the invitation the person was signing in to accept', async () => {
    // Prepare: an invitation's page sent them to log in; their profile was incomplete
    const invitation = '/for-artists/office-invitation/office-1?token=tok-1';
    const { incomplete } = stubIncompleteArtist();
    const router = renderAt(`/for-artists/login?next=${encodeURIComponent(invitation)}`, asDevelopment);
    await findHeading('Log in to OpenPie for Artists');
    await userEvent.type(getField('Email'), incomplete.email);
    await userEvent.type(getField('Password'), 'correct-horse-battery');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/complete-registration'));
    await screen.findByRole('button', { name: 'Complete registration' }, { timeout: 5000 });

    // Act
    await userEvent.type(getField('Phone number'), '+44 20 7946 0000');
    await userEvent.selectOptions(getField('Country'), 'GB');
    await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));

    // Assess: back on the invitation, its token kept
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(invitation),
    );
  });

  it('is where the artist area sends an incomplete profile', async () => {
    // Prepare
    stubApi({
      'GET /api/for-artists/user': succeed(makeArtist({ phone_number: '+1 555 0100', country: null })),
    });

    // Act
    const router = renderAt('/for-artists/funds', asDevelopment);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/complete-registration'));
  });

  it('lets a complete profile into the artist area', async () => {
    // Prepare
    stubApi({
      'GET /api/for-artists/user': succeed(makeArtist({ phone_number: '+1 555 0100', country: 'US' })),
    });

    // Act
    const router = renderAt('/for-artists/funds', asDevelopment);

    // Assess
    await findHeading('Funds');
    expect(router.state.location.pathname).toBe('/for-artists/funds');
  });
});

describe('staff Google callback', () => {
  it('hands Google’s code and state to the server once, then opens the dashboard', async () => {
    // Prepare
    const profile = { id: `staff-${crypto.randomUUID()}`, email: 'staff@openpie.example', role: 'admin' };
    const code = `code-${crypto.randomUUID()}`;
    const api = stubApi({
      'POST /api/admin/auth/google/callback': succeed({ token: 'a.b.c', profile }),
      'GET /api/admin/profile': succeed(profile),
    });

    // Act
    const router = renderAt(`/admin/auth/google/callback?code=${code}&state=state-1`, asDevelopment);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(api.sentTo('POST /api/admin/auth/google/callback').map((request) => request.body)).toEqual([
      { code, state: 'state-1' },
    ]);
  });

  it('shows the server’s sentence when the Google account is not staff', async () => {
    // Prepare
    const message = 'This Google account is not an OpenPie staff account.';
    stubApi({ 'POST /api/admin/auth/google/callback': fail(403, 'not_staff', message) });

    // Act
    renderAt(`/admin/auth/google/callback?code=code-${crypto.randomUUID()}&state=state-2`, asDevelopment);

    // Assess
    await findHeading('We could not sign you in with Google');
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Back to staff sign-in' }).getAttribute('href')).toBe('/admin');
  });

  it('calls nothing when no sign-in is under way', async () => {
    // Prepare
    const api = stubApi({});

    // Act
    renderAt('/admin/auth/google/callback', asDevelopment);

    // Assess
    await findHeading('Signing you in with Google');
    expect(api.sentTo('POST /api/admin/auth/google/callback')).toEqual([]);
  });
});

describe('logout in each layout', () => {
  it.each([
    ['fan', '/dashboard', 'GET /api/user', 'POST /api/auth/logout', '/login'],
    [
      'artist',
      '/for-artists/team',
      'GET /api/for-artists/user',
      'POST /api/for-artists/auth/logout',
      '/for-artists/login',
    ],
    ['admin', '/admin/claims', 'GET /api/admin/profile', 'POST /api/admin/auth/logout', '/admin'],
  ])(
    '%s: "Log out" ends the session and loads the sign-in page',
    async (_role, path, sessionCall, logoutCall, signIn) => {
      // Prepare
      const account = { ...makeArtist({ phone_number: '+1 555 0100', country: 'US' }), role: 'admin' };
      const api = stubApi({
        [sessionCall]: succeed(account),
        [logoutCall]: succeed({ message: 'You are logged out.' }),
      });
      const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
      renderAt(path, asDevelopment);
      const logout = await screen.findByRole('button', { name: 'Log out' }, { timeout: 5000 });

      // Act
      await userEvent.click(logout);

      // Assess
      await waitFor(() => expect(goTo).toHaveBeenCalledWith(signIn));
      expect(api.sentTo(logoutCall)).toHaveLength(1);
    },
  );

  it('is not offered to a visitor who is not signed in', async () => {
    // Prepare
    stubApi({});

    // Act
    renderAt('/help', asDevelopment);
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });

    // Assess
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });
});

describe('connected accounts in the fan’s settings', () => {
  it('shows each provider as connected or not', async () => {
    // Prepare
    stubApi({ 'GET /api/user': succeed(makeFanWith({ spotify: true, facebook: true })) });

    // Act
    renderAt('/settings', asDevelopment);

    // Assess
    const section = await screen.findByRole('region', { name: 'Connected accounts' }, { timeout: 5000 });
    const rows = within(section)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'SSpotifyConnectedDisconnect',
      'GGoogleNot connectedConnect',
      'XXNot connectedConnect',
      'fFacebookConnectedDisconnect',
    ]);
  });

  it('connects Google through the provider address the server gives', async () => {
    // Prepare
    const authorizeUrl = 'http://localhost/_sandbox/oauth/google/authorize?state=s1';
    const api = stubApi({
      'GET /api/user': succeed(makeFanWith()),
      'POST /api/auth/link-google': succeed({ authorizeUrl }),
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/settings', asDevelopment);

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google' }, { timeout: 5000 }));

    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(authorizeUrl));
    expect(api.sentTo('POST /api/auth/link-google')).toHaveLength(1);
  });

  it('connects Spotify through its sign-in route', async () => {
    // Prepare
    stubApi({ 'GET /api/user': succeed(makeFanWith()) });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/settings', asDevelopment);

    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Spotify' }, { timeout: 5000 }));

    // Assess
    expect(goTo).toHaveBeenCalledWith('/api/auth/loginSpotify?deviceType=desktop');
  });

  it('disconnects only after confirming', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/user': succeed(makeFanWith({ google: true, spotify: true })),
      'POST /api/auth/disconnect-google': succeed(makeFanWith({ spotify: true })),
    });
    renderAt('/settings', asDevelopment);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Disconnect Google' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Google?' });
    const sentBeforeConfirming = api.sentTo('POST /api/auth/disconnect-google').length;

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    // Assess
    expect(sentBeforeConfirming).toBe(0);
    expect(await screen.findByRole('button', { name: 'Connect Google' })).toBeTruthy();
    expect(api.sentTo('POST /api/auth/disconnect-google')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the connection when the confirmation is cancelled', async () => {
    // Prepare
    const api = stubApi({ 'GET /api/user': succeed(makeFanWith({ twitter: true })) });
    renderAt('/settings', asDevelopment);
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect X' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect X?' });

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Disconnect X' })).toBeTruthy();
    expect(api.sentTo('POST /api/auth/disconnect-twitter')).toEqual([]);
  });

  it('shows the server’s sentence when it is the last way to sign in', async () => {
    // Prepare
    const message =
      'X is the only way you sign in to OpenPie, so it cannot be disconnected. Connect another account or set a password first.';
    stubApi({
      'GET /api/user': succeed(makeFanWith({ twitter: true })),
      'POST /api/auth/disconnect-twitter': fail(409, 'last_sign_in_method', message),
    });
    renderAt('/settings', asDevelopment);
    await userEvent.click(await screen.findByRole('button', { name: 'Disconnect X' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect X?' });

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Disconnect X' })).toBeTruthy();
  });

  it('shows SPEC §8’s text when a connection came back failed, and a notice when it worked', async () => {
    // Prepare
    stubApi({ 'GET /api/user': succeed(makeFanWith({ google: true })) });

    // Act
    renderAt('/settings?socialError=facebook&socialConnected=google', asDevelopment);

    // Assess
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Failed to initialize Facebook registration. Please try again.',
    );
    // Settings has other live regions (the history import's); the notice is one of them.
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      'Google is now connected to your OpenPie account.',
    );
  });
});
