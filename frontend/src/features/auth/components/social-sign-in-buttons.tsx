// "Continue with Spotify, Google, X or Facebook" (SPEC §2, §7): each sends the whole page to the provider through the
// API's browser redirect, with the deviceType and, for the providers that ask for one, a human-check token.
import { useEffect, useState } from 'react';
import { captchaActions } from '@contracts/auth';
import { socialProviderLabels, socialProviders, type SocialProviderName } from '@contracts/social-sign-in';
import { browserActions } from '../../../lib/browser-actions';
import { buildFanSignInUrl } from '../../../lib/social-sign-in-urls';
import { detectDeviceType } from '../../../lib/device-type';
import { obtainHumanCheckToken } from '../lib/human-check';
import { FormAlert } from '../../../components/form/form-alert';
import { ProviderBadge } from './provider-badge';

/** decision 006: X and Facebook verify a human-check token; Spotify and Google do not ask for one. */
const providersWithHumanCheck: ReadonlySet<SocialProviderName> = new Set(['twitter', 'facebook']);

export function describeContinueWith(provider: SocialProviderName): string {
  return `Continue with ${socialProviderLabels[provider]}`;
}

export interface SocialSignInButtonsProps {
  /** 'try' on the promo page. */
  promo?: 'try';
}

export function SocialSignInButtons({ promo }: SocialSignInButtonsProps) {
  const [leaving, setLeaving] = useState<SocialProviderName | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Coming back with the browser's Back button restores this page as it was left: make the buttons usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = async (provider: SocialProviderName) => {
    setLeaving(provider);
    setFailure(null);
    try {
      const recaptchaToken = providersWithHumanCheck.has(provider)
        ? await obtainHumanCheckToken(captchaActions.socialSignIn)
        : undefined;
      browserActions.goTo(
        buildFanSignInUrl(provider, { deviceType: detectDeviceType(), recaptchaToken, promo }),
      );
    } catch {
      setLeaving(null);
      setFailure('We could not start the sign-in. Please try again.');
    }
  };

  return (
    <>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <ul className="social-buttons">
        {socialProviders.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className="button button--secondary social-button"
              disabled={leaving !== null}
              onClick={() => void start(provider)}
            >
              <ProviderBadge provider={provider} />
              {describeContinueWith(provider)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
