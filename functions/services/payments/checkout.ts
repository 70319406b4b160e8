// Funding a pie (SPEC §7 POST /stripe/createCheckout) and the fee quote shown before it. Paying needs a verified
// e-mail address and no pie already running; the fan's Stripe customer is created once; at most one Checkout session
// is open per fan (a new one expires the one before). The pie itself is opened by the paid invoice (webhook.ts).
import type { FeeQuote } from '../../contracts/payments';
import type { CreateCheckoutPayload } from '../../contracts/pie';
import { pieAmountLimits } from '../../contracts/pie';
import { getAccount, setStripeCustomerIdIfAbsent } from '../../data/accounts';
import { getOpenCheckoutSession, saveOpenCheckoutSession } from '../../data/subscriptions';
import { AppError } from '../../domain/errors';
import { isActiveAccount } from '../../domain/identity/account';
import { quoteFees } from '../../domain/money/fees';
import type { PaymentsDependencies } from './dependencies';
import { findCurrentPie } from './pies';
import { fanIdOf, isFundingSubscription, requireSiteOrigin } from './subscriptions';

/** A fan's pie lasts 30 days (SPEC §7). No account kind may choose shorter yet: fans are the only payers. */
export const fanPieDays = 30;
export const pieProductName = 'OpenPie pie';

/** GET /api/stripe/feeQuote: what Stripe and OpenPie take from a pie of this amount, and what reaches artists. */
export function quotePieFees(
  deps: Pick<PaymentsDependencies, 'platformFeeBasisPoints'>,
  amountCents: number,
): FeeQuote {
  if (amountCents < pieAmountLimits.minCents || amountCents > pieAmountLimits.maxCents) {
    throw new AppError('validation_failed', undefined, {
      fields: {
        amount: `A pie is from ${pieAmountLimits.minCents} to ${pieAmountLimits.maxCents} cents`,
      },
    });
  }
  return quoteFees(amountCents, deps.platformFeeBasisPoints);
}

async function ensureCustomer(
  deps: PaymentsDependencies,
  account: { id: string; email: string; stripeCustomerId: string | null },
): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const gateway = await deps.stripe();
  // The same key for every attempt: a double click or a retry finds the customer Stripe made the first time.
  const customer = await gateway.createCustomer({
    email: account.email,
    fanId: account.id,
    idempotencyKey: `customer-${account.id}`,
  });
  const stored = await setStripeCustomerIdIfAbsent(deps.table, account.id, customer.id, deps.clock.now());
  if (!stored) throw new AppError('unauthorized');
  return stored;
}

/** POST /api/stripe/createCheckout → the hosted Checkout page of a subscription renewing every `pieDays` days. */
export async function createCheckout(
  deps: PaymentsDependencies,
  fanId: string,
  input: CreateCheckoutPayload,
): Promise<{ url: string }> {
  const account = await getAccount(deps.table, 'fan', fanId);
  if (!isActiveAccount(account)) throw new AppError('unauthorized');
  if (!account.emailVerifiedAt) throw new AppError('forbidden', undefined, { code: 'email_not_verified' });
  if (input.pieDays !== fanPieDays) {
    throw new AppError('validation_failed', undefined, {
      fields: { pieDays: `A pie lasts ${fanPieDays} days` },
    });
  }
  if (await findCurrentPie(deps, fanId)) {
    throw new AppError('conflict', undefined, { code: 'active_pie_exists' });
  }
  const customerId = await ensureCustomer(deps, account);
  const gateway = await deps.stripe();
  // Paid a moment ago, its pie not opened yet (the webhook is on its way), or a renewal Stripe is still retrying:
  // Stripe's word decides, so a second subscription is never started beside the first.
  const subscriptions = await gateway.listSubscriptions(customerId);
  if (subscriptions.some((s) => fanIdOf(s) === fanId && isFundingSubscription(s))) {
    throw new AppError('conflict', undefined, { code: 'active_pie_exists' });
  }
  const previous = await getOpenCheckoutSession(deps.table, fanId);
  if (previous) await gateway.expireCheckoutSession(previous.sessionId);
  const siteOrigin = requireSiteOrigin(deps);
  const metadata = {
    fan_id: fanId,
    artist_limit: String(input.artistLimit),
    artist_popularity: String(input.artistPopularity),
    exclude_non_active: String(input.excludeNonActive),
    pie_days: String(input.pieDays),
    amount_cents: String(input.amount),
  };
  const session = await gateway.createCheckoutSession({
    customerId,
    amountCents: input.amount,
    intervalDays: input.pieDays,
    productName: pieProductName,
    clientReferenceId: fanId,
    metadata,
    successUrl: `${siteOrigin}/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${siteOrigin}/pie`,
  });
  if (!session.url) throw new Error(`Stripe answered Checkout session ${session.id} without a page`);
  await saveOpenCheckoutSession(deps.table, fanId, {
    sessionId: session.id,
    createdAt: deps.clock.now().toISOString(),
  });
  return { url: session.url };
}
