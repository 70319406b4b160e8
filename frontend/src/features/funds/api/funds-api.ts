// The funds screen's calls (SPEC §7 "Payment account"; functions/contracts/artist-payments.ts): the caller's offices,
// where the selected office's Stripe onboarding stands, and the two links to Stripe.
import useSWR from 'swr';
import type { LoginLinkReply, OnboardingLinkReply, PayoutAccountReply } from '@contracts/artist-payments';
import type { OfficeReply } from '@contracts/offices';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** The caller's offices, each with their role in it. */
export function useOffices() {
  return useSWR<OfficeReply[], unknown>(
    apiPath('GET /api/for-artists/offices'),
    (url: string) => apiClient.get<OfficeReply[]>(url),
    { revalidateOnFocus: false },
  );
}

export function payoutAccountUrl(officeId: string): string {
  return apiPath('GET /api/for-artists/stripe/account-status', { query: { officeId } });
}

/**
 * The office's onboarding state; read again on focus, since the person comes back from Stripe's page. A refusal
 * (403: a member's role does not read money) stays so, only a server failure is worth retrying.
 */
export function usePayoutAccount(officeId: string | null) {
  return useSWR<PayoutAccountReply, unknown>(
    officeId ? payoutAccountUrl(officeId) : null,
    (url: string) => apiClient.get<PayoutAccountReply>(url),
    { shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500) },
  );
}

/** Stripe's hosted onboarding page for the office (its account is made on the first call). */
export async function fetchOnboardingUrl(officeId: string): Promise<string> {
  const reply = await apiClient.post<OnboardingLinkReply>(
    apiPath('POST /api/for-artists/stripe/completeOnboarding'),
    { officeId },
  );
  return reply.accountLink.url;
}

/** The office's Express dashboard at Stripe. */
export async function fetchDashboardUrl(officeId: string): Promise<string> {
  const reply = await apiClient.get<LoginLinkReply>(
    apiPath('GET /api/for-artists/stripe/createLoginLink', { query: { officeId } }),
  );
  return reply.login_url;
}
