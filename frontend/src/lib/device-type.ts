// SPEC §7: the fan's social sign-in routes take deviceType mobile or desktop, read from the browser.
import type { DeviceType } from './social-sign-in-urls';

const mobileUserAgent = /Mobi|Android|iPhone|iPad|iPod/i;

/** A phone or tablet by its user agent, or any browser narrower than a tablet. */
export function detectDeviceType(
  userAgent: string = navigator.userAgent,
  narrowViewport: boolean = typeof window.matchMedia === 'function' &&
    window.matchMedia('(max-width: 767px)').matches,
): DeviceType {
  return mobileUserAgent.test(userAgent) || narrowViewport ? 'mobile' : 'desktop';
}
