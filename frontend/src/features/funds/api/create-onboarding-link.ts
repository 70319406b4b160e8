// POST /api/for-artists/stripe/completeOnboarding: Stripe's hosted onboarding page for the office (its account is
// made on the first call).
import { apiClient } from '../../../lib/api-client';

export async function fetchOnboardingUrl(officeId: string): Promise<string> {
  const reply = await apiClient.call('POST /api/for-artists/stripe/completeOnboarding', {
    body: { officeId },
  });
  return reply.accountLink.url;
}
