// The Stripe port on the real `stripe` SDK (API version pinned by the package). Pointed at another API root (the
// local sandbox) by host, port and protocol, so the same requests run here and against Stripe. Each reply is checked
// (schemas.ts) before the product reads it; Stripe being unreachable or failing is a 503 the person can retry, and
// an object Stripe does not know is null, so the use case decides what that means.
//
// The port's methods are built in two modules by the side of Stripe they speak to: sdk-payments.ts (fans' money)
// and sdk-connect.ts (offices' connected accounts); sdk-calls.ts says how a call fails, sdk-views.ts reads replies.
import Stripe from 'stripe';
import type { StripeGateway } from './port';
import type { StripeClient } from './resources-used';
import { createStripeConnect } from './sdk-connect';
import { createStripePayments } from './sdk-payments';

export interface StripeGatewayConfig {
  apiKey: string;
  /** Another API root, e.g. the sandbox's `http://127.0.0.1:4010`; Stripe's own when undefined. */
  apiUrl: string | undefined;
  /** How long one request may take. */
  timeoutMs?: number;
}

/** The SDK's options for an API root: host, port and protocol of the URL. */
export function connectionOptionsOf(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export function createStripeGateway(config: StripeGatewayConfig): StripeGateway {
  const stripe: StripeClient = new Stripe(config.apiKey, {
    ...connectionOptionsOf(config.apiUrl),
    maxNetworkRetries: 2,
    timeout: config.timeoutMs ?? 10_000,
  });
  return { ...createStripePayments(stripe), ...createStripeConnect(stripe) };
}
