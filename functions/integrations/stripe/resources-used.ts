// The parts of Stripe's API the product calls. The SDK builds a client with every resource Stripe has (about 240 KB
// minified); a Lambda bundles only these, and the rest are left out as empty classes (infra/stripe-resources.ts,
// docs/decisions/047-stripe-resources-left-out.md). The product reaches Stripe only through `StripeClient`, so a call
// to a resource not listed here does not compile, and so cannot reach a resource the bundle left out.
import type Stripe from 'stripe';

/** Each resource by its path on the client: `accounts` is `stripe.accounts`, `checkout.sessions` is nested. */
export const stripeResourcesUsed = [
  'accountLinks',
  'accounts',
  'balance',
  'balanceTransactions',
  'billingPortal.sessions',
  'charges',
  'checkout.sessions',
  'customers',
  'disputes',
  'invoicePayments',
  'invoices',
  'paymentIntents',
  'payouts',
  'refunds',
  'subscriptions',
  'transfers',
] as const;

type ResourceUsed = (typeof stripeResourcesUsed)[number];
type Namespace<Path> = Path extends `${infer Head}.${string}` ? Head : Path;
type Within<Path, Head extends string> = Path extends `${Head}.${infer Rest}` ? Rest : never;

/** The SDK's client narrowed to the resources used: what the product's Stripe gateway is built on. */
export type StripeClient = {
  [Name in Namespace<ResourceUsed> & keyof Stripe]: Name extends ResourceUsed
    ? Stripe[Name]
    : Pick<Stripe[Name], Within<ResourceUsed, Name> & keyof Stripe[Name]>;
};

/** The SDK's file of a resource path: `checkout.sessions` is `resources/Checkout/Sessions.js`. */
export function resourceFileOf(path: string): string {
  return path
    .split('.')
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1))
    .join('/');
}
