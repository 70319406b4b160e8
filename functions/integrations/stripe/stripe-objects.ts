// Staff's drill-down from a ledger transaction to the Stripe object it came from (decision 039): a charge, refund,
// dispute, transfer or payout as Stripe has it now, with its amount, status and the fee of its balance transaction.
// Read only, with the port's rules (sdk-calls.ts): Stripe down or refusing our key is the 503 `unavailable` error,
// an object Stripe does not know is null. A link to Stripe's dashboard only when the client talks to Stripe itself
// (never for the local sandbox, whose objects Stripe's dashboard does not know).
import Stripe from 'stripe';
import * as z from 'zod/mini';
import { balanceTransactionSchema } from './schemas';
import { call, retrieveOrNull } from './sdk-calls';
import { connectionOptionsOf } from './sdk-gateway';

export const stripeObjectTypes = ['charge', 'refund', 'dispute', 'transfer', 'payout'] as const;
export type StripeObjectType = (typeof stripeObjectTypes)[number];

/** A money object as Stripe has it now. */
export interface StripeObjectView {
  type: StripeObjectType;
  id: string;
  amountCents: number;
  currency: string;
  /** Stripe's own status (a transfer has none: `paid`, `partially_reversed` or `reversed`). */
  status: string;
  /** The fee of its balance transaction(s); null while Stripe has made none. */
  feeCents: number | null;
  createdAt: Date;
  /** Its page on Stripe's dashboard; null off Stripe (the local sandbox). */
  dashboardUrl: string | null;
}

export interface StripeObjectReader {
  /** One object; a payout of a connected account names the account. Null when Stripe does not know it. */
  retrieve(input: {
    type: StripeObjectType;
    id: string;
    accountId?: string | undefined;
  }): Promise<StripeObjectView | null>;
}

const cents = z.number().check(z.int());

const balanceTransactionRef = z.optional(z.nullable(z.union([z.string(), balanceTransactionSchema])));

/** The fields every money object shares, as the drill-down reads them; the rest passes through unread. */
const moneyObjectSchema = z.looseObject({
  id: z.string(),
  amount: cents,
  currency: z.string(),
  created: z.number(),
  status: z.optional(z.nullable(z.string())),
  balance_transaction: balanceTransactionRef,
  /** Transfers: their state is what was reversed of them. */
  reversed: z.optional(z.boolean()),
  amount_reversed: z.optional(cents),
  /** Disputes: every balance transaction Stripe made for them (the withdrawal, its fee, a reinstatement). */
  balance_transactions: z.optional(z.array(balanceTransactionSchema)),
});
type MoneyObject = z.infer<typeof moneyObjectSchema>;

/** The dashboard's page of each object type, below `https://dashboard.stripe.com/` (`test/` for test keys). */
function dashboardPathOf(type: StripeObjectType, id: string, accountId: string | undefined): string {
  switch (type) {
    case 'charge':
      return `payments/${id}`;
    case 'refund':
      return `refunds/${id}`;
    case 'dispute':
      return `disputes/${id}`;
    case 'transfer':
      return `connect/transfers/${id}`;
    case 'payout':
      return accountId ? `connect/accounts/${accountId}/payouts/${id}` : `payouts/${id}`;
  }
}

function statusOf(type: StripeObjectType, object: MoneyObject): string {
  if (type !== 'transfer') return object.status ?? 'unknown';
  if (object.reversed) return 'reversed';
  return (object.amount_reversed ?? 0) > 0 ? 'partially_reversed' : 'paid';
}

export interface StripeObjectReaderConfig {
  apiKey: string;
  /** Another API root (the local sandbox); Stripe's own when undefined. */
  apiUrl: string | undefined;
  timeoutMs?: number;
}

/** The reader on the real `stripe` SDK, pointed at Stripe or the sandbox as the rest of the port is. */
export function createStripeObjectReader(config: StripeObjectReaderConfig): StripeObjectReader {
  const stripe = new Stripe(config.apiKey, {
    ...connectionOptionsOf(config.apiUrl),
    maxNetworkRetries: 1,
    timeout: config.timeoutMs ?? 10_000,
  });
  const dashboardRoot =
    config.apiUrl === undefined
      ? `https://dashboard.stripe.com/${config.apiKey.startsWith('sk_live_') || config.apiKey.startsWith('rk_live_') ? '' : 'test/'}`
      : null;
  const expand = { expand: ['balance_transaction'] };

  async function retrieveRaw(type: StripeObjectType, id: string, accountId: string | undefined) {
    switch (type) {
      case 'charge':
        return stripe.charges.retrieve(id, expand);
      case 'refund':
        return stripe.refunds.retrieve(id, expand);
      case 'dispute':
        return stripe.disputes.retrieve(id);
      case 'transfer':
        return stripe.transfers.retrieve(id, expand);
      case 'payout':
        return stripe.payouts.retrieve(id, expand, accountId ? { stripeAccount: accountId } : undefined);
    }
  }

  async function feeOf(object: MoneyObject, accountId: string | undefined): Promise<number | null> {
    if (object.balance_transactions) {
      return object.balance_transactions.reduce((sum, transaction) => sum + transaction.fee, 0);
    }
    const balance = object.balance_transaction ?? null;
    if (balance === null) return null;
    if (typeof balance !== 'string') return balance.fee;
    const read = await call(() =>
      stripe.balanceTransactions.retrieve(balance, {}, accountId ? { stripeAccount: accountId } : undefined),
    );
    return balanceTransactionSchema.parse(read).fee;
  }

  async function retrieve(input: {
    type: StripeObjectType;
    id: string;
    accountId?: string | undefined;
  }): Promise<StripeObjectView | null> {
    const raw = await retrieveOrNull(() => retrieveRaw(input.type, input.id, input.accountId));
    if (raw === null) return null;
    const object = moneyObjectSchema.parse(raw);
    return {
      type: input.type,
      id: object.id,
      amountCents: object.amount,
      currency: object.currency,
      status: statusOf(input.type, object),
      feeCents: await feeOf(object, input.accountId),
      createdAt: new Date(object.created * 1000),
      dashboardUrl: dashboardRoot
        ? `${dashboardRoot}${dashboardPathOf(input.type, object.id, input.accountId)}`
        : null,
    };
  }
  return { retrieve };
}
