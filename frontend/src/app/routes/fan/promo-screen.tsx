// /try (SPEC §2): the promo feature's four states, with the sign-up pieces of the auth feature (the e-mail form and the
// social buttons, both sending promo 'try') and its human check put in here, so neither feature imports the other. A
// chunk of its own, loaded beside the fan layout, so the offer needs no further round trip once the route matched.
import { captchaActions } from '@contracts/auth';
import { RegistrationForm } from '../../../features/auth/components/registration-form';
import { SocialSignInButtons } from '../../../features/auth/components/social-sign-in-buttons';
import { executeHumanCheck, loadHumanCheck } from '../../../features/auth/lib/human-check';
import { TryScreen, type PromoHumanCheck } from '../../../features/promo';
import { useAreaSession } from '../../guards';

// The check is off without a site key (locally, DESIGN §3); with one, a script that cannot load or run is SPEC §8's
// 'reCAPTCHA not available'.
const checkHuman: PromoHumanCheck = async () => {
  const siteKey: unknown = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
  if (typeof siteKey !== 'string' || siteKey.trim() === '') return { available: true, token: undefined };
  if (!(await loadHumanCheck())) return { available: false };
  return { available: true, token: await executeHumanCheck(captchaActions.promoAvailability) };
};

export function PromoScreen() {
  const session = useAreaSession('fan');
  return (
    <TryScreen
      signedIn={Boolean(session)}
      account={session?.account}
      humanCheck={checkHuman}
      renderRegistrationForm={(onRegistered) => (
        <RegistrationForm area="fan" promo="try" onRegistered={onRegistered} />
      )}
      socialSignIn={<SocialSignInButtons promo="try" />}
    />
  );
}
