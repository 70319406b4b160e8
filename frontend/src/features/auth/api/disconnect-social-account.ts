// POST /api/auth/disconnect-spotify | google | twitter | facebook: answers the fan as GET /api/user does, without
// that connection (decision 006). Refused with 409 when it is the fan's last way to sign in.
import type { FanUser } from '../../../../../functions/contracts/auth';
import type { SocialProviderName } from '../../../../../functions/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function disconnectSocialAccount(provider: SocialProviderName): Promise<FanUser> {
  return apiClient.post<FanUser>(apiPaths.fan(`/auth/disconnect-${provider}`));
}
