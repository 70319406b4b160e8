// The real `stripe` SDK pointed at the running product's Stripe sandbox, as the e2e tests act for Stripe (a refund, a
// dispute's evidence): the sandbox writes where it listens into the product's data folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';

export function connectSandboxStripe(dataDir: string): Stripe {
  const { apiUrl, apiKey } = JSON.parse(
    readFileSync(join(dataDir, 'stripe-sandbox-endpoint.json'), 'utf8'),
  ) as { apiUrl: string; apiKey: string };
  const url = new URL(apiUrl);
  return new Stripe(apiKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
}
