// The sandbox's whole state: Stripe objects by collection, the idempotency replies, the timers that fall due as the
// clock moves, and what Stripe keeps out of sight (card numbers behind payment methods). Saved as one JSON file,
// written to a temporary file and renamed, so a crash never leaves half a state.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Stripe from 'stripe';

export interface Collections {
  customer: Stripe.Customer;
  product: Stripe.Product;
  price: Stripe.Price;
  'checkout.session': Stripe.Checkout.Session;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice;
  invoice_payment: Stripe.InvoicePayment;
  payment_intent: Stripe.PaymentIntent;
  charge: Stripe.Charge;
  balance_transaction: Stripe.BalanceTransaction;
  refund: Stripe.Refund;
  dispute: Stripe.Dispute;
  coupon: Stripe.Coupon;
  promotion_code: Stripe.PromotionCode;
  'billing_portal.session': Stripe.BillingPortal.Session;
  event: Stripe.Event;
  account: Stripe.Account;
  transfer: Stripe.Transfer;
  payout: Stripe.Payout;
}
export type CollectionName = keyof Collections;

export type Timer =
  | { at: number; kind: 'renew'; subscription: string }
  | { at: number; kind: 'retry'; invoice: string }
  | { at: number; kind: 'available'; balanceTransaction: string }
  | { at: number; kind: 'expire-session'; session: string }
  | { at: number; kind: 'payout-arrives'; payout: string };

/** A Connect onboarding link: single use, expiring. */
export interface StoredAccountLink {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

export interface IdempotentReply {
  request: string;
  status: number;
  body: unknown;
}

export interface SandboxState {
  version: 1;
  sequence: number;
  objects: { [K in CollectionName]: Record<string, Collections[K]> };
  /** Creation order of every object, for stable list order among objects created in the same second. */
  order: Record<string, number>;
  idempotency: Record<string, IdempotentReply>;
  timers: Timer[];
  /** Payment method id → the test card number behind it (Stripe never shows it again either). */
  cards: Record<string, string>;
  /** Checkout session id → its line's price and the subscription metadata it will give. */
  sessionLines: Record<string, { price: string; subscriptionMetadata: Record<string, string> }>;
  /** Checkout session id → the last decline shown on its page. */
  declines: Record<string, { code: string; message: string }>;
  /** Object id → the connected account it belongs to (Connect); absent = the platform's. */
  owners: Record<string, string>;
  accountLinks: Record<string, StoredAccountLink>;
}

export function createEmptyState(): SandboxState {
  return {
    version: 1,
    sequence: 0,
    objects: {
      customer: {},
      product: {},
      price: {},
      'checkout.session': {},
      subscription: {},
      invoice: {},
      invoice_payment: {},
      payment_intent: {},
      charge: {},
      balance_transaction: {},
      refund: {},
      dispute: {},
      coupon: {},
      promotion_code: {},
      'billing_portal.session': {},
      event: {},
      account: {},
      transfer: {},
      payout: {},
    },
    order: {},
    idempotency: {},
    timers: [],
    cards: {},
    sessionLines: {},
    declines: {},
    owners: {},
    accountLinks: {},
  };
}

export interface StateStore {
  state: SandboxState;
  /** Writes the state (one write at a time; the last one wins). No-op in memory. */
  save(): Promise<void>;
}

export async function openStateStore(dataDir: string | null): Promise<StateStore> {
  if (dataDir === null) return { state: createEmptyState(), save: () => Promise.resolve() };
  const file = join(dataDir, 'stripe-sandbox.json');
  await mkdir(dataDir, { recursive: true });
  const state = await readFile(file, 'utf8').then(
    (text) => {
      const saved = JSON.parse(text) as SandboxState;
      const empty = createEmptyState();
      return { ...empty, ...saved, objects: { ...empty.objects, ...saved.objects } };
    },
    () => createEmptyState(),
  );
  let writing: Promise<void> = Promise.resolve();
  return {
    state,
    save() {
      writing = writing.then(async () => {
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(state));
        await rename(temporary, file);
      });
      return writing;
    },
  };
}
