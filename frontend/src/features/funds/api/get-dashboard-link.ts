// GET /api/for-artists/stripe/createLoginLink: the office's Express dashboard at Stripe.
import { apiClient } from '../../../lib/api-client';

export async function fetchDashboardUrl(officeId: string): Promise<string> {
  const reply = await apiClient.call('GET /api/for-artists/stripe/createLoginLink', { query: { officeId } });
  return reply.login_url;
}
