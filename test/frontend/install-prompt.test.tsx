// The app-install prompt (SPEC §1): `beforeinstallprompt` where the browser offers it, dismissible and remembered,
// and the "Add to Home Screen" hint on iOS.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  catchInstallOffers,
  forgetInstallOffer,
  InstallPrompt,
  installPromptDismissedKey,
  isIosDevice,
  type BeforeInstallPromptEvent,
} from '../../frontend/src/components/install-prompt';

/** What Chrome fires when OpenPie may be installed; the prompt and the person's answer are stubs. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

afterEach(() => {
  vi.restoreAllMocks();
  forgetInstallOffer();
});

describe('install prompt', () => {
  it('stays hidden until the browser offers installation', () => {
    // Act
    render(<InstallPrompt />);

    // Assess
    expect(screen.queryByRole('region', { name: 'Install OpenPie' })).toBeNull();
  });

  it('holds back the browser’s own banner and offers Install instead', async () => {
    // Prepare
    render(<InstallPrompt />);
    const { event, prompt } = offerInstall('accepted');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));

    // Assess
    expect(event.defaultPrevented).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Install OpenPie' })).toBeNull();
  });

  it('shows an offer the browser made before the prompt was on the page', async () => {
    // Prepare: the entry listens before React renders; Chromium offers installation before the first render ends
    catchInstallOffers();
    const { event, prompt } = offerInstall('accepted');

    // Act
    render(<InstallPrompt />);
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));

    // Assess
    expect(event.defaultPrevented).toBe(true);
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('shows an offer held while the cookie banner asked first, once the banner is answered', () => {
    // Prepare
    const { rerender } = render(<InstallPrompt suppressed />);
    offerInstall();

    // Act
    rerender(<InstallPrompt />);

    // Assess
    expect(screen.getByRole('region', { name: 'Install OpenPie' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeTruthy();
  });

  it("leaves the browser's own offer alone after 'Not now'", () => {
    // Prepare
    window.localStorage.setItem(installPromptDismissedKey, '2026-11-01T00:00:00.000Z');
    render(<InstallPrompt />);

    // Act
    const { event } = offerInstall();

    // Assess
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole('region', { name: 'Install OpenPie' })).toBeNull();
  });

  it("remembers 'Not now' on this device", async () => {
    // Prepare
    const { unmount } = render(<InstallPrompt />);
    offerInstall();

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    unmount();
    render(<InstallPrompt />);
    offerInstall();

    // Assess
    expect(window.localStorage.getItem(installPromptDismissedKey)).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'Install OpenPie' })).toBeNull();
  });

  it('waits while the cookie banner asks first', () => {
    // Prepare
    render(<InstallPrompt suppressed />);

    // Act
    offerInstall();

    // Assess
    expect(screen.queryByRole('region', { name: 'Install OpenPie' })).toBeNull();
  });

  it('gives iPhones the Add to Home Screen hint, dismissible like the prompt', async () => {
    // Prepare
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    );
    render(<InstallPrompt />);
    const hint = screen.getByRole('region', { name: 'Install OpenPie' }).textContent;

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));

    // Assess
    expect(hint).toContain('Add to Home Screen');
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Install OpenPie' })).toBeNull();
  });

  it.each([
    ['an iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', 5, true],
    ['an iPad that says it is a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5, true],
    ['a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0, false],
    ['Android', 'Mozilla/5.0 (Linux; Android 15; Pixel 9)', 5, false],
  ])('knows %s', (_label, userAgent, touchPoints, expected) => {
    // Act
    const ios = isIosDevice(userAgent, touchPoints);

    // Assess
    expect(ios).toBe(expected);
  });
});
