import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../frontend/src/app/router';
import { RouteErrorPage } from '../../frontend/src/app/route-error-page';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** A path nobody has declared, unique per test so no run depends on another. */
function makeUnknownSegment(): string {
  return `no-such-screen-${crypto.randomUUID()}`;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('unknown paths (SPEC §2)', () => {
  it.each([
    ['a fan path', (segment: string) => `/${segment}`, '/'],
    ['a nested fan path', (segment: string) => `/pie/settings/${segment}`, '/'],
    ['a path under /for-artists', (segment: string) => `/for-artists/${segment}`, '/for-artists'],
    ['a path under /admin', (segment: string) => `/admin/${segment}/deeper`, '/admin/dashboard'],
  ])('sends %s to its area home', async (_label, buildPath, expected) => {
    // Prepare
    const path = buildPath(makeUnknownSegment());

    // Act
    const router = renderAt(path);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
  });
});

describe('areas', () => {
  it.each([
    ['/dashboard', 'The fan area is being built'],
    ['/register', 'The fan area is being built'],
    ['/pie/successCheckout', 'The fan area is being built'],
    ['/for-artists', 'OpenPie for Artists is being built'],
    ['/for-artists/social-verification/youtube/failed', 'OpenPie for Artists is being built'],
    ['/auth/for-artists/verify-email/some-token', 'OpenPie for Artists is being built'],
    ['/admin', 'OpenPie Admin is being built'],
    ['/admin/wallet-transactions', 'OpenPie Admin is being built'],
  ])('%s loads its area and stays there', async (path, title) => {
    // Prepare
    const router = renderAt(path);

    // Act
    const heading = await screen.findByRole('heading', { level: 1, name: title });

    // Assess
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(heading).toBeTruthy();
  });

  it('does not accept a social platform it does not know', async () => {
    // Prepare
    const path = `/for-artists/social-verification/${makeUnknownSegment()}/success`;

    // Act
    const router = renderAt(path);

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/for-artists'));
  });
});

describe('route errors', () => {
  it('show a page titled exactly "Something went wrong" with a way home', async () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenScreen(): never {
      throw new Error('a screen that cannot render');
    }
    const router = createMemoryRouter([
      { path: '/', Component: BrokenScreen, ErrorBoundary: RouteErrorPage },
    ]);

    // Act
    render(<RouterProvider router={router} />);

    // Assess
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Something went wrong');
    expect(document.title).toBe('Something went wrong');
    expect(screen.getByRole('button', { name: 'Go to Homepage' })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Route error', expect.any(Error));
  });

  it('the /error route shows the same generic error screen', async () => {
    // Prepare
    renderAt('/error');

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
