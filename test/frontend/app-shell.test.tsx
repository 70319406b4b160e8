// The shell every page has, mounted without the router exactly as main.tsx mounts the standalone landing page
// (docs/decisions/003): the cookie banner, the install prompt and the error boundary need no router.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../frontend/src/app/app-shell';
import { LandingPage } from '../../frontend/src/app/routes/landing/landing-page';
import { cookieNames } from '../../frontend/src/lib/cookie-consent';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the app shell on the standalone landing page', () => {
  it('shows the landing page with the cookie banner, without any router', () => {
    // Act
    render(
      <AppShell>
        <LandingPage />
      </AppShell>,
    );

    // Assess
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Pay the artists you actually listen to.',
    );
    expect(screen.getByRole('region', { name: 'Cookies on OpenPie' })).toBeTruthy();
  });

  it("opens 'Cookie Preferences' from the footer", async () => {
    // Prepare
    render(
      <AppShell>
        <LandingPage />
      </AppShell>,
    );

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Cookie preferences' }));

    // Assess
    expect(await screen.findByRole('dialog', { name: 'Cookie Preferences' })).toBeTruthy();
  });

  it('purges cookies nobody consented to when the page loads', () => {
    // Prepare
    document.cookie = `${cookieNames.spotifyAuth}=before-consent; Path=/`;

    // Act
    render(<AppShell />);

    // Assess
    expect(document.cookie).not.toContain(cookieNames.spotifyAuth);
  });

  it('keeps the page standing when its content fails, with the generic error screen', () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenPage(): never {
      throw new Error('The landing page broke');
    }

    // Act
    render(
      <AppShell>
        <BrokenPage />
      </AppShell>,
    );

    // Assess
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(screen.getByRole('region', { name: 'Cookies on OpenPie' })).toBeTruthy();
  });
});
