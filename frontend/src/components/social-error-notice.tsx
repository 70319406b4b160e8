// SPEC §8: a social sign-in that failed or was cancelled comes back with `socialError=<provider>`; the page shows
// 'Failed to initialize <Provider> registration. Please try again.', with a hint when the reason gives one.
import { useSearchParams } from 'react-router-dom';
import {
  describeSocialSignInFailure,
  describeSocialSignInHint,
  parseSocialProvider,
  socialQueryKeys,
} from '../../../functions/contracts/social-sign-in';
import { FormAlert } from './form/form-alert';

export function SocialErrorNotice() {
  const [searchParams] = useSearchParams();
  const provider = parseSocialProvider(searchParams.get(socialQueryKeys.error));
  if (!provider) return null;
  const hint = describeSocialSignInHint(provider, searchParams.get(socialQueryKeys.reason));
  return (
    <FormAlert>
      <p>{describeSocialSignInFailure(provider)}</p>
      {hint ? <p>{hint}</p> : null}
    </FormAlert>
  );
}
