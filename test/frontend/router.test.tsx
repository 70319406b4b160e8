// The route table of SPEC §2: every route exists, the guards ask the server and redirect, the unknown-path rules,
// and route errors.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRouteError } from '../../frontend/src/app/app-router';
import { RouteErrorPage } from '../../frontend/src/app/route-error-page';
import { rememberSessionHint } from '../../frontend/src/lib/session-hints';
import { renderAt } from '../support/fan-screens';

type Role = 'fan' | 'artist' | 'admin';

/** The route table rendered as the app renders it, route errors going to the app's own reporter. */
const reportingErrors = { onError: reportRouteError };

const sessionEndpointRoles: Readonly<Record<string, Role>> = {
  '/api/user': 'fan',
  '/api/for-artists/user': 'artist',
  '/api/admin/profile': 'admin',
};

/**
 * Stubs the server's session calls: the roles given are signed in, every other session call answers with
 * `otherStatus` (401 unless a test wants the server to fail).
 */
function stubSessions(signedIn: readonly Role[], otherStatus = 401) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const role = sessionEndpointRoles[url];
    if (role && signedIn.includes(role)) {
      return Response.json({ success: true, data: { id: `${role}-${crypto.randomUUID()}` } });
    }
    return Response.json(
      { success: false, message: 'Please sign in to continue.', code: 'unauthorized', requestId: 'req-test' },
      { status: otherStatus },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A path nobody has declared, unique per test so no run depends on another. */
function makeUnknownSegment(): string {
  return `no-such-screen-${crypto.randomUUID()}`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Every route of SPEC §2 with sample parameters, and the role its guard wants (none for open routes). */
const specRoutes: readonly [string, Role | null][] = [
  ['/', null],
  ['/login', null],
  ['/register', null],
  ['/try', null],
  ['/artist-public/artist-1', null],
  ['/delete-account-instructions', null],
  ['/error', null],
  ['/auth/fans/verify-email/token-1', null],
  ['/auth/fans/reset-password/token-1', null],
  ['/auth/for-artists/verify-email/token-1', null],
  ['/auth/for-artists/reset-password/token-1', null],
  ['/privacy-policy', null],
  ['/terms', null],
  ['/help', null],
  ...[
    '/dashboard',
    '/pie',
    '/pie/pie-1',
    '/pie/successCheckout',
    '/my-pies',
    '/history',
    '/settings',
    '/pie/settings',
    '/report',
    '/artist/artist-1',
    '/user/user-1',
    '/earth',
  ].map((path): [string, Role] => [path, 'fan']),
  ...[
    '/for-artists',
    '/for-artists/login',
    '/for-artists/register',
    '/for-artists/office-invitation/office-1',
    '/for-artists/complete-registration',
    '/for-artists/error',
  ].map((path): [string, null] => [path, null]),
  ...[
    '/for-artists/artists',
    '/for-artists/artists/artist-1',
    '/for-artists/claims/claim-1',
    '/for-artists/funds',
    '/for-artists/funds/payouts/payout-1',
    '/for-artists/funds/transactions/transaction-1',
    '/for-artists/team',
    '/for-artists/team/member-1',
    '/for-artists/give-back',
    '/for-artists/settings',
    '/for-artists/profile/update',
    '/for-artists/office-settings',
    ...['twitter', 'youtube', 'facebook', 'instagram'].flatMap((platform) =>
      ['success', 'failed'].map((result) => `/for-artists/verify/${platform}/${result}`),
    ),
  ].map((path): [string, Role] => [path, 'artist']),
  ['/admin', null],
  ['/admin/auth/google/callback', null],
  ...[
    '/admin/dashboard',
    '/admin/claims',
    '/admin/claims/claim-1',
    '/admin/artists',
    '/admin/fans',
    '/admin/fans/fan-1',
    '/admin/user-artists',
    '/admin/user-artists/user-artist-1',
    '/admin/offices',
    '/admin/offices/office-1',
    '/admin/finances',
    '/admin/escrow',
    '/admin/wallet-transactions',
  ].map((path): [string, Role] => [path, 'admin']),
];

const signInPaths: Readonly<Record<Role, string>> = {
  fan: '/login',
  artist: '/for-artists/login',
  admin: '/admin',
};

describe('every route of SPEC §2', () => {
  it.each(specRoutes)('%s renders a page with one h1 for a visitor allowed there', async (path, role) => {
    // Prepare
    stubSessions(role ? [role] : []);

    // Act
    const router = renderAt(path, reportingErrors);

    // Assess
    const headings = await screen.findAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(router.state.location.pathname).toBe(path);
  });
});

describe('guards (SPEC §2, §6)', () => {
  it.each(specRoutes.filter(([, role]) => role !== null))(
    '%s sends a visitor who is not signed in as %s to its sign-in screen',
    async (path, role) => {
      // Prepare
      const fetchMock = stubSessions([]);

      // Act
      const router = renderAt(path, reportingErrors);

      // Assess
      await waitFor(() => expect(router.state.location.pathname).toBe(signInPaths[role ?? 'fan']));
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  it.each([
    ['/dashboard', 'fan', '/api/user'],
    ['/for-artists/team', 'artist', '/api/for-artists/user'],
    ['/admin/offices', 'admin', '/api/admin/profile'],
  ] as const)('%s asks the %s API who is signed in (%s)', async (path, role, endpoint) => {
    // Prepare
    const fetchMock = stubSessions([role]);

    // Act
    renderAt(path, reportingErrors);
    await screen.findByRole('heading', { level: 1 });

    // Assess
    // The screen itself may load its own data; of the three session endpoints, only its area's is asked, once.
    const sessionCalls = fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => ['/api/user', '/api/for-artists/user', '/api/admin/profile'].includes(url));
    expect(sessionCalls).toEqual([endpoint]);
  });

  it('does not let one role into another role’s area', async () => {
    // Prepare
    stubSessions(['fan', 'artist']);

    // Act
    const router = renderAt('/admin/dashboard', reportingErrors);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Staff sign-in');
  });

  it('shows the route error page when the server cannot say who is signed in', async () => {
    // Prepare
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubSessions([], 503);

    // Act
    const router = renderAt('/my-pies', reportingErrors);

    // Assess
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Something went wrong');
    expect(router.state.location.pathname).toBe('/my-pies');
    expect(logged).toHaveBeenCalledWith('Route error', expect.objectContaining({ severity: 'Error' }));
  });
});

describe('layouts', () => {
  it('gives a signed-in fan the fan navigation, and an anonymous visitor the public one', async () => {
    // Prepare
    stubSessions(['fan']);
    renderAt('/history', reportingErrors);
    const fanNav = await screen.findByRole('navigation', { name: 'Main' });
    const fanLinks = within(fanNav)
      .getAllByRole('link')
      .map((link) => link.textContent);

    // Act
    cleanup();
    stubSessions([]);
    renderAt('/help', reportingErrors);
    const publicNav = await screen.findByRole('navigation', { name: 'Main' });

    // Assess
    expect(fanLinks).toEqual(['Dashboard', 'My pie', 'My pies', 'History', 'Earth', 'Help', 'Settings']);
    expect(
      within(publicNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['How it works', 'Help', 'For artists', 'Log in', 'Start your pie']);
  });

  it('marks the current screen in the admin sections', async () => {
    // Prepare
    stubSessions(['admin']);

    // Act
    renderAt('/admin/escrow', reportingErrors);

    // Assess
    const sections = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(sections).getByRole('link', { name: 'Escrow' }).getAttribute('aria-current')).toBe('page');
    // The nine screens of SPEC §2, the ledger's platform accounts (decision 039) and the audit log (decision 043).
    expect(within(sections).getAllByRole('link')).toHaveLength(11);
  });

  it('shows wallet-transactions as the same screen as escrow', async () => {
    // Prepare
    stubSessions(['admin']);

    // Act
    renderAt('/admin/wallet-transactions', reportingErrors);

    // Assess
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Escrow and wallet transactions',
    );
  });

  it('links the registration stand-in to the terms and the privacy policy', async () => {
    // Prepare
    stubSessions([]);

    // Act
    renderAt('/register', reportingErrors);

    // Assess
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });
});

describe('signed-in visitors on open pages', () => {
  function sessionCallsOf(fetchMock: ReturnType<typeof stubSessions>): string[] {
    return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url in sessionEndpointRoles);
  }

  it('gives a signed-in fan the fan navigation and Log out on Help, not the way to sign up', async () => {
    // Prepare
    stubSessions(['fan']);
    rememberSessionHint('fan');

    // Act
    renderAt('/help', reportingErrors);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('button', { name: 'Log out' });

    // Assess
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'My pie', 'My pies', 'History', 'Earth', 'Help', 'Settings']);
    expect(within(nav).queryByRole('link', { name: 'Start your pie' })).toBeNull();
  });

  it('keeps the public header, without asking the server, for a visitor who never signed in here', async () => {
    // Prepare
    const fetchMock = stubSessions(['artist']);

    // Act
    renderAt('/help', reportingErrors);
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    // Assess
    expect(within(nav).getByRole('link', { name: 'Start your pie' })).toBeTruthy();
    // A fan-session question without a fan session answers 401, which would sign the artist out (SPEC §4).
    expect(sessionCallsOf(fetchMock)).toEqual([]);
  });

  it('shows the public header when the hint outlived the session, and forgets the hint', async () => {
    // Prepare
    stubSessions([]);
    rememberSessionHint('fan');

    // Act
    renderAt('/privacy-policy', reportingErrors);
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    // Assess
    expect(within(nav).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(window.localStorage.getItem('openpie_signed_in')).toBeNull();
  });

  it.each([
    ['fan', '/login', '/dashboard'],
    ['fan', '/register', '/dashboard'],
    ['fan', '/login?next=%2Fhistory', '/history'],
    ['artist', '/for-artists/login', '/for-artists/artists'],
    ['artist', '/for-artists/register', '/for-artists/artists'],
    ['admin', '/admin', '/admin/dashboard'],
  ] as const)('sends a signed-in %s from %s on to %s', async (role, path, expected) => {
    // Prepare
    stubSessions([role]);
    rememberSessionHint(role);

    // Act
    const router = renderAt(path, reportingErrors);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('sends a signed-in artist with an incomplete profile from the login to complete-registration', async () => {
    // Prepare
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Response.json({ success: true, data: { id: 'artist-1', profile_complete: false } }),
      ),
    );
    rememberSessionHint('artist');

    // Act
    const router = renderAt('/for-artists/login?next=%2Ffor-artists%2Ffunds', reportingErrors);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists/complete-registration'));
  });

  it('knows the session on public pages straight after logging in, without a reload', async () => {
    // Prepare
    let signedIn = false;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        if (url === '/api/auth/login' && init?.method === 'POST') {
          signedIn = true;
          return Response.json({ success: true, data: { id: 'fan-1', email: 'robin@openpie.example' } });
        }
        if (url === '/api/user' && signedIn) return Response.json({ success: true, data: { id: 'fan-1' } });
        return Response.json(
          { success: false, message: 'Please sign in to continue.', code: 'unauthorized', requestId: 'r' },
          { status: 401 },
        );
      }),
    );
    const router = renderAt('/login?next=%2Fhelp', reportingErrors);
    // The first render loads the lazy route modules, which can take longer than findBy's default second.
    await screen.findByRole('heading', { level: 1, name: 'Log in to OpenPie' }, { timeout: 5000 });

    // Act
    await userEvent.type(screen.getByLabelText(/^Email/), 'robin@openpie.example');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-enough-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
  });

  it('asks again on the next page once this browser has signed in, and only then', async () => {
    // Prepare
    const fetchMock = stubSessions(['fan']);
    const router = renderAt('/help', reportingErrors);
    const before = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    const publicLinks = within(before)
      .getAllByRole('link')
      .map((link) => link.textContent);

    // Act: a sign-in elsewhere (another tab, the login form) leaves the hint, then the fan moves on.
    rememberSessionHint('fan');
    await router.navigate('/terms');
    const after = await screen.findByRole('navigation', { name: 'Main' });
    await within(after).findByRole('button', { name: 'Log out' });
    await router.navigate('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy policy' });

    // Assess
    expect(publicLinks).toContain('Start your pie');
    expect(sessionCallsOf(fetchMock)).toEqual(['/api/user']);
  });

  it('shows the login form to a visitor whose hinted session is gone', async () => {
    // Prepare
    stubSessions([]);
    rememberSessionHint('fan');

    // Act
    const router = renderAt('/login', reportingErrors);

    // Assess
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Log in to OpenPie');
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('unknown paths (SPEC §2)', () => {
  it.each([
    ['a fan path', (segment: string) => `/${segment}`, [] as Role[], '/'],
    ['a nested fan path', (segment: string) => `/pie/settings/${segment}`, [] as Role[], '/'],
    [
      'a path under /for-artists',
      (segment: string) => `/for-artists/${segment}`,
      [] as Role[],
      '/for-artists',
    ],
    [
      'an unknown social platform',
      (segment: string) => `/for-artists/verify/${segment}/success`,
      [] as Role[],
      '/for-artists',
    ],
    [
      'a path under /admin, for an admin',
      (segment: string) => `/admin/${segment}/deeper`,
      ['admin'] as Role[],
      '/admin/dashboard',
    ],
    [
      'a path under /admin, for anyone else (the dashboard is guarded)',
      (segment: string) => `/admin/${segment}`,
      [] as Role[],
      '/admin',
    ],
  ])('sends %s to its area home', async (_label, buildPath, signedIn, expected) => {
    // Prepare
    stubSessions(signedIn);
    const path = buildPath(makeUnknownSegment());

    // Act
    const router = renderAt(path, reportingErrors);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  });
});

describe('route errors', () => {
  it('show a page titled exactly "Something went wrong" with a way home, reported once', async () => {
    // Prepare
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenScreen(): never {
      throw new Error('a screen that cannot render');
    }
    const router = createMemoryRouter([
      { path: '/', Component: BrokenScreen, ErrorBoundary: RouteErrorPage },
    ]);

    // Act
    render(<RouterProvider router={router} onError={reportRouteError} />);

    // Assess
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Something went wrong');
    expect(document.title).toBe('Something went wrong');
    expect(screen.getByRole('button', { name: 'Go to Homepage' })).toBeTruthy();
    const reports = logged.mock.calls.filter(([label]) => label === 'Route error');
    expect(reports).toEqual([
      [
        'Route error',
        expect.objectContaining({
          severity: 'Error',
          error: expect.any(Error),
          componentStack: expect.stringContaining('BrokenScreen'),
        }),
      ],
    ]);
  });

  it('the /error route shows the same generic error screen', async () => {
    // Prepare
    renderAt('/error', reportingErrors);

    // Act
    const heading = await screen.findByRole('heading', { level: 1 });

    // Assess
    expect(heading.textContent).toBe('Something went wrong');
    expect(
      screen.getByText(
        "We're sorry, but an error occurred. Our team has been notified and we're working to fix it.",
      ),
    ).toBeTruthy();
  });
});
