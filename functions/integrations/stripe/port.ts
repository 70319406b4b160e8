// What the payment use cases ask of Stripe, as a port: each reply is the part of Stripe's object the
// product relies on, already checked at the boundary (schemas.ts). The adapter on the real SDK is sdk-gateway.ts;
// locally it talks to the Stripe sandbox (local/stripe-sandbox/) through the same SDK.
import type { SubscriptionStatus } from '../../contracts/payments';

export type StripeMetadata = Record<string, string>;

export interface CheckoutSessionView {
  id: string;
  /** The hosted page; null once the session is complete or expired. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  subscriptionId: string | null;
  clientReferenceId: string | null;
  metadata: StripeMetadata;
}

export interface SubscriptionView {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  metadata: StripeMetadata;
  /** The price per period of its first item, in cents. */
  amountCents: number | null;
  /** Days per period when it renews by the day (a pie), else null. */
  intervalDays: number | null;
  latestInvoiceId: string | null;
}

export interface InvoiceView {
  id: string;
  status: string | null;
  /** `subscription_create` for the first invoice, `subscription_cycle` for a renewal. */
  billingReason: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The subscription's metadata as the invoice saw it. */
  subscriptionMetadata: StripeMetadata;
  amountPaidCents: number;
  /** The period its (first) line pays for. */
  periodStart: Date;
  periodEnd: Date;
  /** The payment intents of its paid payments. */
  paidPaymentIntentIds: string[];
}

export interface ChargeView {
  id: string;
  amountCents: number;
  amountRefundedCents: number;
  /** True once the whole amount is refunded. */
  refunded: boolean;
  paymentIntentId: string | null;
  customerId: string | null;
  /** Stripe's fee from the balance transaction; null while Stripe has not settled it (async capture). */
  feeCents: number | null;
}

export interface RefundView {
  id: string;
  amountCents: number;
  /** Stripe's `created`, epoch seconds: refunds of one charge take its money in the order they were made. */
  createdAt: number;
  status: string;
  chargeId: string;
}

/** Every status of a dispute Stripe documents; `warning_*` are an inquiry's, which withdraws no money. */
export const disputeStatuses = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'prevented',
  'appeal_needs_response',
  'appeal_under_review',
] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** One money movement of a dispute on the platform's balance (an `adjustment` balance transaction). */
export interface DisputeBalanceTransactionView {
  id: string;
  /** Negative when Stripe withdrew the disputed amount, positive when it reinstated it. */
  amountCents: number;
  /** Stripe's fee on it: the dispute fee (1500 for US cards) on a withdrawal, negative when the fee is given back. */
  feeCents: number;
  /** `amountCents - feeCents`: what the platform's balance moved by. */
  netCents: number;
  /** `dispute` for a withdrawal, `dispute_reversal` for a reinstatement. */
  reportingCategory: string;
}

export interface DisputeView {
  id: string;
  /** The disputed amount (usually the charge's). */
  amountCents: number;
  currency: string;
  chargeId: string;
  status: DisputeStatus;
  /** An inquiry (`warning_*`): the bank asks, no money has moved. */
  isInquiry: boolean;
  /** Stripe's own record of the money, in its order: zero, one or two (withdrawal, reinstatement). */
  balanceTransactions: DisputeBalanceTransactionView[];
  /** Stripe has withdrawn the disputed amount (a `dispute` balance transaction exists). */
  fundsWithdrawn: boolean;
  /** Stripe has given it back (a `dispute_reversal` balance transaction exists). */
  fundsReinstated: boolean;
  /** The dispute fee withdrawn: the positive fees of its balance transactions (1500 for US cards). */
  feeCents: number;
}

export interface CreateCheckoutSessionInput {
  customerId: string;
  amountCents: number;
  intervalDays: number;
  productName: string;
  clientReferenceId: string;
  metadata: StripeMetadata;
  successUrl: string;
  cancelUrl: string;
  /** Stripe answers the session of the first call again for the same key (and the same input). */
  idempotencyKey?: string;
}

/** An office's connected account (Connect): what onboarding has reached. */
export interface ConnectedAccountView {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** `requirements.currently_due`. */
  currentlyDue: string[];
  /** `requirements.disabled_reason`. */
  disabledReason: string | null;
  metadata: StripeMetadata;
}

/** A transfer from the platform to an office's connected account (a payout's first leg). */
export interface TransferView {
  id: string;
  amountCents: number;
  amountReversedCents: number;
  destination: string | null;
  metadata: StripeMetadata;
}

/** A payout of a connected account to its bank account (a payout's second leg). */
export interface ConnectPayoutView {
  id: string;
  amountCents: number;
  /** `pending`, `in_transit`, `paid`, `failed`, `canceled`. */
  status: string;
  arrivalDate: Date;
  failureMessage: string | null;
  metadata: StripeMetadata;
}

/** One movement of a Stripe balance (the platform's or a connected account's), as reconciliation reads it. */
export interface BalanceTransactionView {
  id: string;
  /** What moved the balance, in cents: negative when money left it. */
  amountCents: number;
  /** Stripe's fee on it (negative when Stripe gives a fee back). */
  feeCents: number;
  netCents: number;
  currency: string;
  /** Stripe's accounting category: `charge`, `refund`, `dispute`, `dispute_reversal`, `fee`, `transfer`, `payout` … */
  reportingCategory: string;
  type: string;
  /** The id of the Stripe object behind it (a charge, refund, dispute, transfer, payout), null for some fees. */
  sourceId: string | null;
  created: Date;
}

/** What Stripe answered to a money movement it may refuse (no funds, payouts not enabled …). */
export type StripeMoveOutcome<T> =
  { ok: true; value: T } | { ok: false; code: string | null; message: string };

export interface StripeGateway {
  /** A customer for the fan, created once per idempotency key. */
  createCustomer(input: { email: string; fanId: string; idempotencyKey: string }): Promise<{ id: string }>;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSessionView>;
  /** Null when Stripe has no such session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionView | null>;
  /** Expires an open session; a session already complete or expired is left as it is. */
  expireCheckoutSession(id: string): Promise<void>;
  retrieveSubscription(id: string): Promise<SubscriptionView | null>;
  /** The customer's subscriptions, newest first, in every status. */
  listSubscriptions(customerId: string): Promise<SubscriptionView[]>;
  cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionView>;
  /** Cancels at once (no further invoice, no proration); one already canceled is answered as it is. */
  cancelSubscriptionNow(id: string): Promise<SubscriptionView>;
  retrieveInvoice(id: string): Promise<InvoiceView | null>;
  /** The ids of a subscription's paid invoices, oldest period first. */
  listPaidInvoicesOfSubscription(subscriptionId: string): Promise<string[]>;
  /** The invoice a payment intent paid, or null when it paid none (not a subscription payment). */
  findInvoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** The latest charge of a payment intent, or null. */
  findChargeOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  retrieveCharge(id: string): Promise<ChargeView | null>;
  listRefunds(chargeId: string): Promise<RefundView[]>;
  /**
   * Refunds what is left of a charge, or `amountCents` of it, once per idempotency key; refused when disputed,
   * refunded already, or for more than is left.
   */
  refundCharge(input: {
    chargeId: string;
    amountCents?: number;
    metadata: StripeMetadata;
    idempotencyKey: string;
  }): Promise<StripeMoveOutcome<{ id: string }>>;
  retrieveDispute(id: string): Promise<DisputeView | null>;
  createBillingPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * An office's connected account with controller properties (DESIGN §5: Stripe-hosted onboarding, Express
   * dashboard, the platform pays Stripe's fees and bears losses), created once per idempotency key.
   */
  createConnectedAccount(input: { officeId: string; idempotencyKey: string }): Promise<ConnectedAccountView>;
  retrieveConnectedAccount(id: string): Promise<ConnectedAccountView | null>;
  /** A single-use `account_onboarding` link to Stripe's hosted onboarding. */
  createAccountOnboardingLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** A link into the Express dashboard of an account that completed onboarding. */
  createLoginLink(accountId: string): Promise<{ url: string }>;
  /** A transfer of the platform's available funds to a connected account, once per idempotency key. */
  createTransfer(input: {
    accountId: string;
    amountCents: number;
    transferGroup: string;
    metadata: StripeMetadata;
    idempotencyKey: string;
  }): Promise<StripeMoveOutcome<TransferView>>;
  retrieveTransfer(id: string): Promise<TransferView | null>;
  /** Takes `amountCents` of a transfer back to the platform, once per idempotency key. */
  reverseTransfer(input: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<StripeMoveOutcome<{ id: string }>>;
  /** A payout of a connected account's available balance to its bank account, once per idempotency key. */
  createConnectPayout(input: {
    accountId: string;
    amountCents: number;
    metadata: StripeMetadata;
    idempotencyKey: string;
  }): Promise<StripeMoveOutcome<ConnectPayoutView>>;
  retrieveConnectPayout(accountId: string, payoutId: string): Promise<ConnectPayoutView | null>;
  /**
   * Every balance transaction created in `[from, to)`, all pages, of the platform or (with `accountId`) of a connected
   * account; `type` and `source` narrow it as Stripe's own filters do.
   */
  listBalanceTransactions(input: {
    from: Date;
    to: Date;
    accountId?: string;
    type?: string;
    source?: string;
  }): Promise<BalanceTransactionView[]>;
  /** A connected account's balance in USD. */
  retrieveConnectBalance(accountId: string): Promise<{ availableCents: number; pendingCents: number }>;
}
