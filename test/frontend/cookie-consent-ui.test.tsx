// The cookie banner and SPEC §2's 'Cookie Preferences' modal, with its exact texts, categories and counts.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CookieConsent,
  openCookiePreferences,
} from '../../frontend/src/components/cookie-consent/cookie-consent';
import { cookieNames, cookiePreferencesStorageKey } from '../../frontend/src/lib/cookie-consent';

function readStoredPreferences(): unknown {
  return JSON.parse(window.localStorage.getItem(cookiePreferencesStorageKey) ?? 'null');
}

async function openModal() {
  await userEvent.click(screen.getByRole('button', { name: 'Manage preferences' }));
  return screen.findByRole('dialog', { name: 'Cookie Preferences' });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cookie banner', () => {
  it('shows until a choice is saved, and links to the privacy policy', () => {
    // Act
    render(<CookieConsent />);

    // Assess
    const banner = screen.getByRole('region', { name: 'Cookies on OpenPie' });
    expect(within(banner).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  it('stays away once a choice is stored', () => {
    // Prepare
    window.localStorage.setItem(cookiePreferencesStorageKey, JSON.stringify({ essential: true }));

    // Act
    render(<CookieConsent />);

    // Assess
    expect(screen.queryByRole('region', { name: 'Cookies on OpenPie' })).toBeNull();
  });

  it('shows again when the stored choice cannot be read', () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem(cookiePreferencesStorageKey, '{broken');

    // Act
    render(<CookieConsent />);

    // Assess
    expect(screen.getByRole('region', { name: 'Cookies on OpenPie' })).toBeTruthy();
  });

  it("'Accept all' allows every category and goes away", async () => {
    // Prepare
    const onSave = vi.fn();
    render(<CookieConsent onSave={onSave} />);

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));

    // Assess
    const everything = {
      essential: true,
      performance: true,
      analytics: true,
      advertising: true,
      social: true,
      unclassified: true,
    };
    expect(readStoredPreferences()).toEqual(everything);
    expect(onSave).toHaveBeenCalledWith(everything);
    expect(screen.queryByRole('region', { name: 'Cookies on OpenPie' })).toBeNull();
  });

  it("'Essential only' stores the forced categories alone and purges the rest", async () => {
    // Prepare
    document.cookie = `${cookieNames.spotifyAuth}=connected; Path=/`;
    render(<CookieConsent />);

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Essential only' }));

    // Assess
    expect(readStoredPreferences()).toEqual({
      essential: true,
      performance: false,
      analytics: true,
      advertising: false,
      social: false,
      unclassified: false,
    });
    expect(document.cookie).not.toContain(cookieNames.spotifyAuth);
  });
});

describe("the 'Cookie Preferences' modal", () => {
  it('lists the categories of SPEC §2 with their counts; Essential is Required and not a checkbox', async () => {
    // Prepare
    render(<CookieConsent />);

    // Act
    const dialog = await openModal();

    // Assess
    const rows = within(dialog)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('.cookie-category__head')?.textContent);
    expect(rows).toEqual([
      'Essential3 cookiesRequired',
      'Performance and Functionality3 cookies',
      'Advertising0 cookies',
      'Social networking0 cookies',
      'Unclassified5 cookies',
    ]);
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(dialog).queryByRole('checkbox', { name: 'Essential' })).toBeNull();
    for (const name of [
      'Performance and Functionality',
      'Advertising',
      'Social networking',
      'Unclassified',
    ]) {
      expect(within(dialog).getByRole('checkbox', { name }).getAttribute('aria-checked')).toBe('false');
    }
    expect(within(dialog).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Preferences' })).toBeTruthy();
  });

  it('saves the choices, closes and calls the optional callback', async () => {
    // Prepare
    const onSave = vi.fn();
    render(<CookieConsent onSave={onSave} />);
    const dialog = await openModal();

    // Act
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Performance and Functionality' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Social networking' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Preferences' }));

    // Assess
    const expected = {
      essential: true,
      performance: true,
      analytics: true,
      advertising: false,
      social: true,
      unclassified: false,
    };
    expect(readStoredPreferences()).toEqual(expected);
    expect(onSave).toHaveBeenCalledWith(expected);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Cookies on OpenPie' })).toBeNull();
  });

  it('Cancel closes without saving anything', async () => {
    // Prepare
    render(<CookieConsent />);
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Unclassified' }));

    // Act
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.localStorage.getItem(cookiePreferencesStorageKey)).toBeNull();
  });

  it('opens from anywhere (a footer link) and starts from the stored choice', async () => {
    // Prepare
    window.localStorage.setItem(
      cookiePreferencesStorageKey,
      JSON.stringify({ essential: true, analytics: true, unclassified: true }),
    );
    render(<CookieConsent />);

    // Act
    openCookiePreferences();
    const dialog = await screen.findByRole('dialog', { name: 'Cookie Preferences' });

    // Assess
    expect(within(dialog).getByRole('checkbox', { name: 'Unclassified' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Advertising' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });
});
