// The SPA's security headers, as data: CloudFront's response headers policy (site.ts) and the local server
// (local/static-site.ts) send the same ones, so what the browser suites see locally is what AWS serves. No CDK here,
// so the local runtime can import it without loading the CDK.

const stripeJs = 'https://js.stripe.com';
const recaptcha = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';

/**
 * The SPA calls only its own origin (no `ws:`: Vite's hot reload in `npm run dev` is served without these headers);
 * Stripe and reCAPTCHA bring their scripts and frames; nothing else runs. Styles allow inline: Radix's dialogs inject
 * their scroll lock as a <style> element at run time (react-remove-scroll), which no hash can name.
 */
export function buildSiteContentSecurityPolicy({ https }: { https: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${stripeJs} ${recaptcha}`,
    `frame-src ${stripeJs} ${recaptcha}`,
    "connect-src 'self'",
    // Artist and album art comes from the streaming services' CDNs.
    "img-src 'self' data: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only where the site itself is served over HTTPS: locally it would send every request to a port nobody serves.
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * Powerful features OpenPie never uses, refused for the page and every frame in it (Checkout is Stripe's own page).
 * Only features Chromium knows: an unknown one is logged as a console error, which the browser suites fail on.
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** The SPA opens no window that needs a handle back to it, and sign-in flows are redirects, not pop-ups. */
export const crossOriginOpenerPolicy = 'same-origin';

export const strictTransportSecurity = 'max-age=63072000; includeSubDomains; preload';

/** Every header of an SPA response, as the local server sends them (CloudFront adds HSTS itself). */
export function buildSiteSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': buildSiteContentSecurityPolicy({ https }),
    'permissions-policy': permissionsPolicy,
    'cross-origin-opener-policy': crossOriginOpenerPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': strictTransportSecurity } : {}),
  };
}
