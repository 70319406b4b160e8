// What a verification reads again: SPEC §7's "claims" group, the claim and every claims list that shows its status.
import { useSWRConfig } from 'swr';
import { apiPath } from '../../../lib/api-path';

export function useRefreshClaims(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => typeof key === 'string' && key.startsWith(apiPath('GET /api/for-artists/claims')));
}
