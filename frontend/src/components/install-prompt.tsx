// The app-install prompt on every page (SPEC §1). Where the browser offers installation it fires
// `beforeinstallprompt`, which we hold back and replay from our own button; iOS has no such event, so iPhones and
// iPads get the "Add to Home Screen" hint instead. "Not now" is remembered on this device. The browser fires its
// offer once a page load, whenever its checks finish: the entry starts listening before React renders, and the offer
// is kept until the prompt shows it, however late that is (behind the cookie banner, or after a slow first render).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { trackEvent } from '../lib/analytics';
import { useTakenOver } from '../lib/app-takeover';
import { PieMark } from './pie-mark';

/** Local storage key of a dismissal; not a cookie, and only ever read on this device. */
export const installPromptDismissedKey = 'openpie_install_prompt_dismissed';

/** The part of Chrome's `BeforeInstallPromptEvent` the prompt uses (it is not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(installPromptDismissedKey) !== null;
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    window.localStorage.setItem(installPromptDismissedKey, new Date().toISOString());
  } catch {
    // The prompt then comes back on the next visit, which is the lesser evil.
  }
}

/** True when OpenPie already runs as an installed app. */
export function isRunningStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** iPhone, iPod, and iPadOS (which reports itself as a Mac with a touch screen). */
export function isIosDevice(
  userAgent = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints,
): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

/** The browser's offer held back for our button, and who shows it. */
let heldOffer: BeforeInstallPromptEvent | null = null;
const offerWatchers = new Set<() => void>();
let catching = false;

function holdOffer(offer: BeforeInstallPromptEvent | null): void {
  heldOffer = offer;
  for (const watcher of offerWatchers) watcher();
}

/**
 * Starts keeping the browser's install offer (once; the entry calls it before the first render, the prompt again in
 * case it is used without the entry). After "Not now", or inside the installed app, the offer is left to the browser.
 */
export function catchInstallOffers(): void {
  if (catching || typeof window === 'undefined') return;
  catching = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    if (readDismissed() || isRunningStandalone()) return;
    event.preventDefault();
    holdOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => {
    holdOffer(null);
    trackEvent('app_installed');
  });
}

/** Tests: forget a held offer, as a new page load would. */
export function forgetInstallOffer(): void {
  holdOffer(null);
}

function watchOffer(watcher: () => void): () => void {
  offerWatchers.add(watcher);
  return () => offerWatchers.delete(watcher);
}

const readOffer = () => heldOffer;

export interface InstallPromptProps {
  /** Held back while something else asks for attention (the cookie banner): one request at a time. */
  suppressed?: boolean;
}

export function InstallPrompt({ suppressed = false }: InstallPromptProps) {
  const installEvent = useSyncExternalStore(watchOffer, readOffer, () => null);
  // iOS offers no install event: whether to show the hint is known from the render after the SPA has taken over (never
  // in a prerendered page, where there is no browser to ask, nor while the SPA hydrates one: docs/decisions/053).
  const takenOver = useTakenOver();
  const iosHint = takenOver && isIosDevice() && !isRunningStandalone();
  const [dismissed, setDismissed] = useState(readDismissed);

  useEffect(() => {
    catchInstallOffers();
  }, []);

  if (dismissed || suppressed || (!installEvent && !iosHint)) return null;

  const dismiss = () => {
    rememberDismissed();
    holdOffer(null);
    setDismissed(true);
    trackEvent('install_prompt_dismissed');
  };

  const install = async () => {
    if (!installEvent) return;
    await installEvent.prompt();
    const { outcome } = await installEvent.userChoice;
    trackEvent('install_prompt_answered', { outcome });
    // The event can be used once; a refusal in the browser's own dialog counts as "not now".
    holdOffer(null);
    if (outcome === 'dismissed') dismiss();
  };

  return (
    <section className="install-prompt" aria-labelledby="install-prompt-title">
      <PieMark className="install-prompt__mark" />
      <div className="install-prompt__text">
        <h2 id="install-prompt-title" className="install-prompt__title">
          Install OpenPie
        </h2>
        {installEvent ? (
          <p>Open your pie from your home screen, like any other app.</p>
        ) : (
          <p>
            On your iPhone or iPad, tap the Share button, then <strong>Add to Home Screen</strong>.
          </p>
        )}
      </div>
      <div className="install-prompt__actions">
        {installEvent ? (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void install()}
          >
            Install
          </button>
        ) : null}
        <button type="button" className="button button--secondary button--small" onClick={dismiss}>
          {installEvent ? 'Not now' : 'Got it'}
        </button>
      </div>
    </section>
  );
}
