// Why a pie could not start (createCheckout, createPromoSubscription), with the way onward each reason needs: verify
// the e-mail address (with a new link on request), look at the pie that is already running, connect Spotify. Field problems (422) show under their
// fields instead, so they are not repeated here.
import { Link } from 'react-router-dom';
import { isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { FormAlert } from './form/form-alert';
import { VerificationLinkResend } from './verification-link-resend';

export const pieStartFailureText = {
  fallback: 'Your pie could not start. Please try again.',
  verifyHint:
    'Open the link in the e-mail we sent you when you signed up, then try again. Cannot find it, even in your spam folder? We will send you a new one.',
  myPiesLink: 'Go to My pies',
  spotifyLink: 'Connect Spotify in your settings',
} as const;

export function PieStartFailure({ error }: { error: unknown }) {
  if (!isApiError(error)) return <FormAlert>{pieStartFailureText.fallback}</FormAlert>;
  switch (error.code) {
    case 'email_not_verified':
      // The resend is outside the alert: an alert is read out whole on every change, and the reply is a status.
      return (
        <div className="pie-start-failure">
          <FormAlert>
            <p>{error.message}</p>
            <p>{pieStartFailureText.verifyHint}</p>
          </FormAlert>
          <VerificationLinkResend />
        </div>
      );
    case 'active_pie_exists':
      return (
        <FormAlert>
          <p>{error.message}</p>
          <p>
            <Link to={paths.fan.myPies()}>{pieStartFailureText.myPiesLink}</Link>
          </p>
        </FormAlert>
      );
    case 'promo_spotify_required':
      return (
        <FormAlert>
          <p>{error.message}</p>
          <p>
            <Link to={paths.fan.settings()}>{pieStartFailureText.spotifyLink}</Link>
          </p>
        </FormAlert>
      );
    default:
      return <FormAlert>{error.message || pieStartFailureText.fallback}</FormAlert>;
  }
}
