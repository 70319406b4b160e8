// SPEC §1: no analytics events on localhost; in production mode telemetry goes to the console only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAnalytics,
  describePageForAnalytics,
  isLocalHostname,
  trackEvent,
} from '../../frontend/src/lib/analytics';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('analytics', () => {
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', '0.0.0.0'])(
    'records nothing on %s',
    (hostname) => {
      // Prepare
      const write = vi.fn();
      const analytics = createAnalytics({ hostname, production: true, write });

      // Act
      const recorded = analytics.track('page_view', { path: '/' });

      // Assess
      expect(recorded).toBe(false);
      expect(write).not.toHaveBeenCalled();
      expect(isLocalHostname(hostname)).toBe(true);
    },
  );

  it('sends production telemetry to the console only', () => {
    // Prepare
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const analytics = createAnalytics({ hostname: 'openpie.example', production: true });

    // Act
    const recorded = analytics.track('cookie_preferences_saved', { choice: 'essential_only' });

    // Assess
    expect(recorded).toBe(true);
    expect(info).toHaveBeenCalledWith('[OpenPie telemetry] cookie_preferences_saved', {
      name: 'cookie_preferences_saved',
      properties: { choice: 'essential_only' },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps a development build on another host to the debug console', () => {
    // Prepare
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const analytics = createAnalytics({ hostname: '192.168.1.20', production: false });

    // Act
    analytics.track('page_view');

    // Assess
    expect(debug).toHaveBeenCalledTimes(1);
    expect(info).not.toHaveBeenCalled();
  });

  it('records nothing in the test browser, which runs on localhost', () => {
    // Prepare
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});

    // Act
    const recorded = trackEvent('page_view', { path: '/help' });

    // Assess
    expect(window.location.hostname).toBe('localhost');
    expect(recorded).toBe(false);
    expect(info).not.toHaveBeenCalled();
  });

  it('keeps the secret token of an e-mail link out of page views', () => {
    // Prepare
    const token = crypto.randomUUID();

    // Act
    const described = [
      describePageForAnalytics(`/auth/fans/verify-email/${token}`),
      describePageForAnalytics(`/auth/for-artists/reset-password/${token}`),
      describePageForAnalytics('/pie/settings'),
    ];

    // Assess
    expect(described).toEqual([
      '/auth/fans/verify-email/:token',
      '/auth/for-artists/reset-password/:token',
      '/pie/settings',
    ]);
  });
});
