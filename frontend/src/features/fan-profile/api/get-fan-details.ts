// A fan's public profile as SWR reads it, shared by the profile screen and the earth view (both read it once, with
// no retry, so a private profile's 404 stays a 404).
import useSWR from 'swr';
import type { PublicFanProfile } from '@contracts/fan-profile';
import { fanDetailsUrl, fetchFanDetails } from './fan-profile-api';

/** Reads the profile of `fanId`; no call while it is null. */
export function useFanDetails(fanId: string | null) {
  return useSWR<PublicFanProfile, unknown>(fanId ? fanDetailsUrl(fanId) : null, fetchFanDetails, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}
