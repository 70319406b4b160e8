// The login screens of the three areas (SPEC §2, §5, §8): the login texts only once a field is touched and all of
// them on submit, the button while sending, where each area goes after signing in, the forgot-password form, the
// social sign-in buttons and SPEC §8's text when a social sign-in came back failed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { createHeldReply, fail, stubApi, succeed } from '../support/auth-api-stub';
import { makeFan, renderAt } from '../support/fan-screens';

function makeArtist(profileComplete: boolean) {
  return {
    _id: `artist-${crypto.randomUUID()}`,
    email: `artist-${crypto.randomUUID()}@openpie.example`,
    first_name: 'Ari',
    last_name: 'Artist',
    phone_number: profileComplete ? '+1 555 0100' : null,
    country: profileComplete ? 'US' : null,
    email_verified: true,
    profile_complete: profileComplete,
    offices: [],
  };
}

function readFieldErrors(): string[] {
  return Array.from(document.querySelectorAll('.field__error')).map((node) => node.textContent ?? '');
}

/** A form field by its visible label; the label also holds the required asterisk, which is hidden from its name. */
function getField(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label}\\*?$`));
}

/** The first render loads the lazy route modules, which can take longer than findBy's default second. */
async function findHeading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SPEC §5 login texts', () => {
  it('shows none before a field is touched, and every one on submit without calling the server', async () => {
    // Prepare
    const api = stubApi({});
    renderAt('/login');
    await findHeading('Log in to OpenPie');
    const before = readFieldErrors();

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    expect(before).toEqual([]);
    await waitFor(() => expect(readFieldErrors()).toEqual(['Email is required', 'Password is required']));
    expect(api.sentTo('POST /api/auth/login')).toEqual([]);
  });

  it('shows an error only for the field that was touched', async () => {
    // Prepare
    stubApi({});
    renderAt('/login');
    await findHeading('Log in to OpenPie');

    // Act
    await userEvent.click(getField('Email'));
    await userEvent.tab();

    // Assess
    await waitFor(() => expect(readFieldErrors()).toEqual(['Email is required']));
  });

  it('says "Please enter a valid email" and "Password must be at least 8 characters"', async () => {
    // Prepare
    stubApi({});
    renderAt('/login');
    await findHeading('Log in to OpenPie');

    // Act
    await userEvent.type(getField('Email'), 'not-an-address');
    await userEvent.type(getField('Password'), 'short');
    await userEvent.tab();

    // Assess
    await waitFor(() =>
      expect(readFieldErrors()).toEqual([
        'Please enter a valid email',
        'Password must be at least 8 characters',
      ]),
    );
  });
});

describe('fan login', () => {
  it('sends the login payload, reads "Logging in..." and is busy while sending, and goes to /dashboard', async () => {
    // Prepare
    const fan = makeFan({ stripe_customer_id: null, connected_accounts: { spotify: false } });
    const held = createHeldReply(succeed(fan));
    const api = stubApi({ 'POST /api/auth/login': held.handler, 'GET /api/user': succeed(fan) });
    const router = renderAt('/login');
    await findHeading('Log in to OpenPie');
    await userEvent.type(getField('Email'), ` ${fan.email} `);
    await userEvent.type(getField('Password'), 'correct-horse-battery');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const sending = await screen.findByRole('button', { name: 'Logging in...' });
    const disabledWhileSending = (sending as HTMLButtonElement).disabled;
    const busyWhileSending = sending.getAttribute('aria-busy');
    held.release();

    // Assess
    expect(disabledWhileSending).toBe(true);
    expect(busyWhileSending).toBe('true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.sentTo('POST /api/auth/login').map((request) => request.body)).toEqual([
      { email: fan.email, password: 'correct-horse-battery' },
    ]);
  });

  it('shows the server’s sentence for a wrong password and stays', async () => {
    // Prepare
    stubApi({
      'POST /api/auth/login': fail(401, 'invalid_credentials', 'The e-mail or password is incorrect.'),
    });
    const router = renderAt('/login');
    await findHeading('Log in to OpenPie');
    await userEvent.type(getField('Email'), 'someone@openpie.example');
    await userEvent.type(getField('Password'), 'wrong-password');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or password is incorrect.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
  });

  it('links to registration', async () => {
    // Prepare
    stubApi({});

    // Act
    renderAt('/login');

    // Assess
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/register',
    );
  });
});

describe('forgot password', () => {
  it('sends the e-mail and shows the server’s one confirmation', async () => {
    // Prepare
    const confirmation =
      'If an account exists for this e-mail, we have sent it a link to reset the password. Please check your inbox.';
    const api = stubApi({ 'POST /api/auth/forgot-password': succeed({ message: confirmation }) });
    renderAt('/login');
    await findHeading('Log in to OpenPie');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await findHeading('Reset your password');
    await userEvent.type(getField('Email'), 'who-knows@openpie.example');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    // Assess
    expect((await screen.findByRole('status')).textContent).toContain(confirmation);
    expect(api.sentTo('POST /api/auth/forgot-password').map((request) => request.body)).toEqual([
      { email: 'who-knows@openpie.example' },
    ]);
  });

  it('uses SPEC §5’s login texts for its e-mail field', async () => {
    // Prepare
    stubApi({});
    renderAt('/for-artists/login');
    await findHeading('Log in to OpenPie for Artists');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    // Assess
    await waitFor(() => expect(readFieldErrors()).toEqual(['Email is required']));
  });
});

describe('social sign-in (SPEC §7, §8)', () => {
  it.each([
    ['spotify', 'Failed to initialize Spotify registration. Please try again.'],
    ['google', 'Failed to initialize Google registration. Please try again.'],
    ['twitter', 'Failed to initialize Twitter registration. Please try again.'],
    ['facebook', 'Failed to initialize Facebook registration. Please try again.'],
  ])('socialError=%s shows "%s"', async (provider, text) => {
    // Prepare
    stubApi({});

    // Act
    renderAt(`/login?socialError=${provider}`);

    // Assess
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('paragraph')[0]?.textContent).toBe(text);
  });

  it('adds a hint when the reason says the sign-in was cancelled', async () => {
    // Prepare
    stubApi({});

    // Act
    renderAt('/login?socialError=twitter&socialReason=cancelled');

    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to initialize Twitter registration. Please try again.You cancelled the sign-in at X.',
    );
  });

  it('shows nothing for a provider it does not know', async () => {
    // Prepare
    stubApi({});

    // Act
    renderAt('/login?socialError=myspace');
    await findHeading('Log in to OpenPie');

    // Assess
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['Continue with Spotify', '/api/auth/loginSpotify?deviceType=desktop'],
    ['Continue with Google', '/api/auth/loginGoogle'],
    ['Continue with X', '/api/auth/loginTwitter?deviceType=desktop'],
    ['Continue with Facebook', '/api/auth/loginFacebookFan?deviceType=desktop'],
  ])('"%s" sends the browser to %s', async (button, target) => {
    // Prepare
    stubApi({});
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/login');
    await findHeading('Log in to OpenPie');

    // Act
    await userEvent.click(screen.getByRole('button', { name: button }));

    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalledWith(target));
  });

  it('says deviceType=mobile on a phone', async () => {
    // Prepare
    stubApi({});
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
    );
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/register');
    await findHeading('Create your OpenPie account');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Spotify' }));

    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('/api/auth/loginSpotify?deviceType=mobile'));
  });
});

describe('artist login', () => {
  it.each([
    [false, '/for-artists/complete-registration'],
    [true, '/for-artists/artists'],
  ])('with profile_complete %s goes to %s', async (complete, landing) => {
    // Prepare
    const artist = makeArtist(complete);
    const api = stubApi({
      'POST /api/for-artists/auth/login': succeed(artist),
      'GET /api/for-artists/user': succeed(artist),
    });
    const router = renderAt('/for-artists/login');
    await findHeading('Log in to OpenPie for Artists');
    await userEvent.type(getField('Email'), artist.email);
    await userEvent.type(getField('Password'), 'correct-horse-battery');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
    expect(api.sentTo('POST /api/for-artists/auth/login')).toHaveLength(1);
  });
});

describe('staff sign-in', () => {
  it('signs in with e-mail and password and reaches /admin/dashboard', async () => {
    // Prepare
    const profile = { id: `staff-${crypto.randomUUID()}`, email: 'staff@openpie.example', role: 'admin' };
    const api = stubApi({
      'POST /api/admin/auth/login': succeed({ token: 'a.b.c', profile }),
      'GET /api/admin/profile': succeed(profile),
    });
    const router = renderAt('/admin');
    await findHeading('Staff sign-in');
    await userEvent.type(getField('Email'), profile.email);
    await userEvent.type(getField('Password'), 'correct-horse-battery');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(api.sentTo('POST /api/admin/auth/login').map((request) => request.body)).toEqual([
      { email: profile.email, password: 'correct-horse-battery' },
    ]);
  });

  it('uses SPEC §5’s login texts', async () => {
    // Prepare
    stubApi({});
    renderAt('/admin');
    await findHeading('Staff sign-in');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    // Assess
    await waitFor(() => expect(readFieldErrors()).toEqual(['Email is required', 'Password is required']));
  });

  it('"Sign in with Google" sends the browser to the staff Google route', async () => {
    // Prepare
    stubApi({});
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderAt('/admin');
    await findHeading('Staff sign-in');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));

    // Assess
    expect(goTo).toHaveBeenCalledWith('/api/admin/auth/loginGoogle');
  });

  it('shows SPEC §8’s text when the staff Google sign-in came back failed', async () => {
    // Prepare
    stubApi({});

    // Act
    renderAt('/admin?socialError=google&socialReason=failed');

    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to initialize Google registration. Please try again.',
    );
  });
});

describe('returning after sign-in (?next=)', () => {
  it('sends a fan to the screen a guard refused, then back there after logging in', async () => {
    // Prepare: not signed in until the login call succeeds
    const fan = makeFan({ stripe_customer_id: null, connected_accounts: { spotify: false } });
    let signedIn = false;
    stubApi({
      'POST /api/auth/login': () => {
        signedIn = true;
        return succeed(fan);
      },
      'GET /api/user': () =>
        signedIn ? succeed(fan) : fail(401, 'unauthorized', 'Please sign in to continue.'),
    });
    const router = renderAt('/pie/settings');
    await findHeading('Log in to OpenPie');
    const atLogin = `${router.state.location.pathname}${router.state.location.search}`;
    await userEvent.type(getField('Email'), fan.email);
    await userEvent.type(getField('Password'), 'correct-horse-battery');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    expect(atLogin).toBe('/login?next=%2Fpie%2Fsettings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pie/settings'));
    expect(await findHeading('Pie settings')).toBeTruthy();
  });

  it.each([
    [true, '/for-artists/team'],
    [false, '/for-artists/complete-registration'],
  ])('takes an artist-side user (profile_complete %s) to %s', async (complete, landing) => {
    // Prepare
    const artist = makeArtist(complete);
    stubApi({
      'POST /api/for-artists/auth/login': succeed(artist),
      'GET /api/for-artists/user': succeed(artist),
    });
    const router = renderAt('/for-artists/login?next=%2Ffor-artists%2Fteam');
    await findHeading('Log in to OpenPie for Artists');
    await userEvent.type(getField('Email'), artist.email);
    await userEvent.type(getField('Password'), 'correct-horse-battery');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  it.each([
    ['/admin/claims', '/admin/claims'],
    ['https://evil.example/admin/claims', '/admin/dashboard'],
    ['/dashboard', '/admin/dashboard'],
  ])('follows next=%s for staff only inside the admin area (lands on %s)', async (next, landing) => {
    // Prepare
    const profile = { id: `staff-${crypto.randomUUID()}`, email: 'staff@openpie.example', role: 'admin' };
    stubApi({
      'POST /api/admin/auth/login': succeed({ token: 'a.b.c', profile }),
      'GET /api/admin/profile': succeed(profile),
    });
    const router = renderAt(`/admin?next=${encodeURIComponent(next)}`);
    await findHeading('Staff sign-in');
    await userEvent.type(getField('Email'), profile.email);
    await userEvent.type(getField('Password'), 'correct-horse-battery');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });
});
