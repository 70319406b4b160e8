import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberSessionHint } from '../../frontend/src/lib/session-hints';
import { renderAt } from '../support/fan-screens';

describe('landing page', () => {
  it('has one h1 that says what OpenPie is for', async () => {
    // Prepare
    renderAt('/');

    // Act
    const heading = await screen.findByRole('heading', { level: 1 });

    // Assess
    expect(heading.textContent).toBe('Pay the artists you actually listen to.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toContain('OpenPie');
  });

  it('explains the pie: fund, listen, split by listening time, held for artists who have not joined', async () => {
    // Prepare
    renderAt('/');

    // Act
    const howItWorks = await screen.findByRole('region', { name: 'How the pie works' });

    // Assess
    const steps = within(howItWorks)
      .getAllByRole('heading', { level: 3 })
      .map((step) => step.textContent);
    expect(steps).toEqual([
      'Fund a monthly amount',
      'Listen as usual',
      'It is split by real listening time',
      'Held for artists who have not joined yet',
    ]);
    expect(howItWorks.textContent).toContain('comes back to you as wallet credit');
  });

  it('sends fans to register and log in', async () => {
    // Prepare
    renderAt('/');

    // Act
    const fans = await screen.findByRole('region', { name: 'Your money, your listening, your rules' });

    // Assess
    expect(within(fans).getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(within(fans).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Start your pie' }).getAttribute('href')).toBe('/register');
  });

  it('sends artists to the artist area', async () => {
    // Prepare
    renderAt('/');

    // Act
    const artists = await screen.findByRole('region', {
      name: 'Your fans may already be saving a slice for you',
    });

    // Assess
    expect(
      within(artists).getByRole('link', { name: 'Go to OpenPie for Artists' }).getAttribute('href'),
    ).toBe('/for-artists');
  });

  it('has header, main and footer landmarks, and the footer links', async () => {
    // Prepare
    renderAt('/');

    // Act
    const footer = await screen.findByRole('contentinfo');

    // Assess
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/privacy-policy',
        '/terms',
        '/delete-account-instructions',
        '/for-artists',
        '/admin',
      ]),
    );
  });

  it('offers a signed-in fan the way back to the dashboard instead of sign-up and log-in', async () => {
    // Prepare
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ success: true, data: { id: 'fan-1' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    rememberSessionHint('fan');

    // Act
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const dashboard = await within(nav).findByRole('link', { name: 'Dashboard' });

    // Assess
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Go to your dashboard' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Start your pie' })).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/user']);
  });

  it('asks nobody anything for a visitor who never signed in on this browser', async () => {
    // Prepare
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);

    // Act
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    // Assess
    expect(within(nav).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Start your pie' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
