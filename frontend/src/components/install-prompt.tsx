// The app-install prompt on every page (SPEC §1). Where the browser offers installation it fires
// `beforeinstallprompt`, which we hold back and replay from our own button; iOS has no such event, so iPhones and
// iPads get the "Add to Home Screen" hint instead. "Not now" is remembered on this device.
import { useEffect, useState } from 'react';
import { trackEvent } from '../lib/analytics';
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

export interface InstallPromptProps {
  /** Held back while something else asks for attention (the cookie banner): one request at a time. */
  suppressed?: boolean;
}

export function InstallPrompt({ suppressed = false }: InstallPromptProps) {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  // iOS offers no install event: whether to show the hint is known from the first render.
  const [iosHint] = useState(() => isIosDevice() && !isRunningStandalone());
  const [dismissed, setDismissed] = useState(readDismissed);

  useEffect(() => {
    if (dismissed || isRunningStandalone()) return;
    const onBeforeInstall = (event: Event) => {
      event.preventDefault();
      setInstallEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setInstallEvent(null);
      trackEvent('app_installed');
    };
    window.addEventListener('beforeinstallprompt', onBeforeInstall);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onBeforeInstall);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [dismissed]);

  if (dismissed || suppressed || (!installEvent && !iosHint)) return null;

  const dismiss = () => {
    rememberDismissed();
    setDismissed(true);
    trackEvent('install_prompt_dismissed');
  };

  const install = async () => {
    if (!installEvent) return;
    await installEvent.prompt();
    const { outcome } = await installEvent.userChoice;
    trackEvent('install_prompt_answered', { outcome });
    // The event can be used once; a refusal in the browser's own dialog counts as "not now".
    setInstallEvent(null);
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
