// What the payment use cases take as one object (table, clock, Stripe, configuration), and the deployment's wiring:
// Stripe's gateway is built on first use, because in AWS its key comes from the Stripe secret (an async read).
import type { TableRef } from '../../data/table';
import type { StripeGateway } from '../../integrations/stripe/port';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { perEnv } from '../../runtime/env';
import type { StripeSettings } from '../../runtime/stripe-settings';
import { getStripeSettings } from '../../runtime/stripe-settings';
import { getTable } from '../../runtime/table';

export interface PaymentsDependencies {
  table: TableRef;
  clock: Clock;
  /** Stripe, through the port; tests pass the SDK adapter pointed at the sandbox. */
  stripe(): Promise<StripeGateway>;
  /** The site's own origin, for Checkout's return pages and the billing portal's way back. */
  siteOrigin: string | undefined;
  /** OpenPie's fee on each pie (basis points). */
  platformFeeBasisPoints: number;
}

export interface StripeWebhookDependencies extends PaymentsDependencies {
  /** Every secret a webhook may be signed with (several during a rotation). */
  webhookSecrets(): Promise<string[]>;
}

let gateway: { settings: StripeSettings; gateway: StripeGateway } | undefined;

async function loadGateway(): Promise<StripeGateway> {
  const settings = await getStripeSettings();
  if (gateway?.settings !== settings) {
    // Loaded on first use: a cold start that never calls Stripe does not pay for the SDK.
    const { createStripeGateway } = await import('../../integrations/stripe/sdk-gateway');
    gateway = {
      settings,
      gateway: createStripeGateway({ apiKey: settings.apiKey, apiUrl: settings.apiUrl }),
    };
  }
  return gateway.gateway;
}

/** The deployment's payment dependencies: the table, the product clock, Stripe from the Stripe settings. */
export const paymentsDependencies: () => StripeWebhookDependencies = perEnv((env) => ({
  table: getTable(),
  clock: getClock(),
  stripe: loadGateway,
  webhookSecrets: async () => (await getStripeSettings()).webhookSecrets,
  siteOrigin: env.SITE_ORIGIN,
  platformFeeBasisPoints: env.PLATFORM_FEE_BASIS_POINTS,
}));
