// The cookie banner on every page and the 'Cookie Preferences' modal behind it (SPEC §2-§5). The banner is small
// and ships with every page; the modal, with its dialog and checkbox primitives, loads the first time it opens.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { trackEvent } from '../../lib/analytics';
import { refreshApp } from '../../lib/app-refresh';
import {
  readCookieConsentStatus,
  saveCookiePreferences,
  subscribeToCookieConsent,
  type CookieConsentStatus,
  type CookiePreferences,
} from '../../lib/cookie-consent';
import { paths } from '../../lib/paths';
import { ErrorBoundary } from '../error-boundary';

const CookiePreferencesModal = lazy(async () => {
  const { CookiePreferencesModal: Modal } = await import('./cookie-preferences-modal');
  return { default: Modal };
});

const openRequestListeners = new Set<() => void>();

/** Opens the 'Cookie Preferences' modal from anywhere: a footer link, the privacy policy. */
export function openCookiePreferences(): void {
  for (const listener of openRequestListeners) listener();
}

/** 'none', 'saved' or 'unreadable', kept up to date across tabs. */
export function useCookieConsentStatus(): CookieConsentStatus {
  return useSyncExternalStore(subscribeToCookieConsent, readCookieConsentStatus, () => 'none');
}

export interface CookieConsentProps {
  /** Called after the modal saved a choice (SPEC §2's optional callback). */
  onSave?: (preferences: CookiePreferences) => void;
}

/** The banner until a choice is saved, and the modal whenever it is asked for. */
export function CookieConsent({ onSave }: CookieConsentProps) {
  const status = useCookieConsentStatus();
  const [modalOpen, setModalOpen] = useState(false);
  // The modal's chunk is fetched the first time someone asks for it, then stays mounted to animate open and shut.
  const [modalWanted, setModalWanted] = useState(false);

  useEffect(() => {
    const open = () => {
      setModalWanted(true);
      setModalOpen(true);
    };
    openRequestListeners.add(open);
    return () => {
      openRequestListeners.delete(open);
    };
  }, []);

  const saveFromBanner = (choices: Partial<CookiePreferences>, choice: string) => {
    const preferences = saveCookiePreferences(choices);
    trackEvent('cookie_preferences_saved', { choice });
    onSave?.(preferences);
  };

  return (
    <>
      {status === 'saved' ? null : (
        <CookieBanner
          onAcceptAll={() =>
            saveFromBanner(
              { performance: true, advertising: true, social: true, unclassified: true },
              'accept_all',
            )
          }
          onEssentialOnly={() => saveFromBanner({}, 'essential_only')}
          onManage={openCookiePreferences}
        />
      )}
      {modalWanted ? (
        <ErrorBoundary fallback={() => <ModalLoadFailure />}>
          <Suspense fallback={null}>
            <CookiePreferencesModal
              open={modalOpen}
              onOpenChange={setModalOpen}
              onSave={(preferences) => {
                trackEvent('cookie_preferences_saved', { choice: 'custom' });
                onSave?.(preferences);
              }}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  );
}

export interface CookieBannerProps {
  onAcceptAll: () => void;
  onEssentialOnly: () => void;
  onManage: () => void;
}

/**
 * The banner itself: a slim bar with one sentence and the three answers, so it never takes more than a line or two of
 * a phone. The app shell keeps the page's end and every focused control clear of it (app-shell.tsx).
 */
export function CookieBanner({ onAcceptAll, onEssentialOnly, onManage }: CookieBannerProps) {
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
      <div className="container cookie-banner__inner">
        <h2 id="cookie-banner-title" className="visually-hidden">
          Cookies on OpenPie
        </h2>
        <p className="cookie-banner__text">
          Essential cookies keep you signed in; others only if you agree.{' '}
          <a href={paths.public.privacyPolicy()}>Privacy policy</a>
        </p>
        <div className="cookie-banner__actions">
          <button type="button" className="link-button cookie-banner__manage" onClick={onManage}>
            Manage <span className="cookie-banner__more">preferences</span>
          </button>
          <button type="button" className="button button--secondary button--small" onClick={onEssentialOnly}>
            Essential only
          </button>
          <button type="button" className="button button--primary button--small" onClick={onAcceptAll}>
            Accept all
          </button>
        </div>
      </div>
    </section>
  );
}

/** The modal's chunk did not load: most likely a new deploy, so offer the same refresh as the app-update screen. */
function ModalLoadFailure() {
  return (
    <section className="cookie-banner" aria-label="Cookie preferences unavailable">
      <div className="container cookie-banner__inner">
        <p className="cookie-banner__text" role="alert">
          The cookie preferences could not be opened because the app has been updated.
        </p>
        <div className="cookie-banner__actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void refreshApp()}
          >
            Refresh Now
          </button>
        </div>
      </div>
    </section>
  );
}
