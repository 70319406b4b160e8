// GET /api/user/details/{id}: a fan's public profile, shared by the profile screen and the earth view (both read it
// once, with no retry, so a private profile's 404 stays a 404).
import useSWR from 'swr';
import type { PublicFanProfile } from '@contracts/fan-profile';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** The SWR key and URL of a fan's profile. */
export function fanDetailsUrl(fanId: string): string {
  return apiPath('GET /api/user/details/{id}', { params: { id: fanId } });
}

export const fetchFanDetails = (fanId: string) =>
  apiClient.call('GET /api/user/details/{id}', { params: { id: fanId } });

/** Reads the profile of `fanId`; no call while it is null. */
export function useFanDetails(fanId: string | null) {
  return useSWR<PublicFanProfile, unknown>(
    fanId ? fanDetailsUrl(fanId) : null,
    fanId ? () => fetchFanDetails(fanId) : null,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
