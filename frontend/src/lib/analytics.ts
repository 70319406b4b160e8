// A tiny analytics module (SPEC §1): no events at all on localhost; in production mode telemetry goes to the console
// only. Nothing leaves the browser, so analytics needs no cookie and is always allowed (SPEC §5).

export type AnalyticsProperties = Readonly<Record<string, string | number | boolean>>;

export interface AnalyticsEvent {
  name: string;
  properties: AnalyticsProperties;
}

export interface AnalyticsOptions {
  hostname: string;
  production: boolean;
  /** Where events go; the console unless a test watches. */
  write?: (message: string, event: AnalyticsEvent) => void;
}

export interface Analytics {
  /** Records an event; returns whether it was recorded (false on localhost). */
  track(name: string, properties?: AnalyticsProperties): boolean;
}

/** Hosts of a developer's own machine, where events would only be noise. */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

export function createAnalytics({ hostname, production, write }: AnalyticsOptions): Analytics {
  const local = isLocalHostname(hostname);
  const record =
    write ??
    ((message: string, event: AnalyticsEvent) =>
      // Development builds on another machine (a phone on the LAN) keep the console quiet unless asked.
      production ? console.info(message, event) : console.debug(message, event));
  return {
    track(name, properties = {}) {
      if (local) return false;
      record(`[OpenPie telemetry] ${name}`, { name, properties });
      return true;
    },
  };
}

const analytics = createAnalytics({
  hostname: typeof window === 'undefined' ? 'localhost' : window.location.hostname,
  // A built app, whatever NODE_ENV the build ran under (see service-worker.ts).
  production: import.meta.env.MODE === 'production',
});

/** A path fit for telemetry: the secret tokens of e-mail links are replaced by their parameter name. */
export function describePageForAnalytics(pathname: string): string {
  return pathname.replace(
    /^(\/auth\/(?:fans|for-artists)\/(?:verify-email|reset-password))\/[^/]+/,
    '$1/:token',
  );
}

/** Records one event with the app's analytics. */
export function trackEvent(name: string, properties?: AnalyticsProperties): boolean {
  return analytics.track(name, properties);
}
