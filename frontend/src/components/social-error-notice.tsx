// SPEC §8: a social sign-in that failed or was cancelled comes back with `socialError=<provider>`; the page shows
// 'Failed to initialize <Provider> registration. Please try again.', with a hint when the reason gives one. Where a
// signed-in person was connecting an account (not registering) and the account is taken, "registration" would be
// wrong: the notice says what went wrong in its own words instead. The query string is not in a prerendered page
// (/login, docs/decisions/053): the notice shows once the SPA has taken over, so hydration meets the markup it expects.
import { useSearchParams } from 'react-router-dom';
import {
  describeSocialConnectFailure,
  describeSocialSignInFailure,
  describeSocialSignInHint,
  parseSocialProvider,
  socialQueryKeys,
} from '@contracts/social-sign-in';
import { useTakenOver } from '../lib/app-takeover';
import { FormAlert } from './form/form-alert';

/** Reasons of a failed connection that are about the account itself, not about the attempt. */
const connectionConflicts = new Set(['already_linked', 'already_connected']);

export interface SocialErrorNoticeProps {
  /** `connect`: the person was signed in and connecting an account from settings or the dashboard. */
  attempt?: 'sign-in' | 'connect';
}

export function SocialErrorNotice({ attempt = 'sign-in' }: SocialErrorNoticeProps) {
  const [searchParams] = useSearchParams();
  const takenOver = useTakenOver();
  const provider = parseSocialProvider(searchParams.get(socialQueryKeys.error));
  if (!provider || !takenOver) return null;
  const reason = searchParams.get(socialQueryKeys.reason);
  if (attempt === 'connect' && reason !== null && connectionConflicts.has(reason)) {
    return (
      <FormAlert>
        <p>{describeSocialConnectFailure(provider, reason)}</p>
      </FormAlert>
    );
  }
  const hint = describeSocialSignInHint(provider, reason);
  return (
    <FormAlert>
      <p>{describeSocialSignInFailure(provider)}</p>
      {hint ? <p>{hint}</p> : null}
    </FormAlert>
  );
}
