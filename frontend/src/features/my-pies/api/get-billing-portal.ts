// GET /api/stripe/customerBillingAccount: a Stripe billing portal page (cards, invoices). Asked when the fan opens it,
// since each answer is a new portal session.
import { apiClient } from '../../../lib/api-client';

export function fetchBillingPortal(): Promise<{ url: string }> {
  return apiClient.call('GET /api/stripe/customerBillingAccount');
}
