// Funding a pie (SPEC §7 POST /stripe/createCheckout) and the fee quote shown before it. Paying needs a verified
// e-mail address and no pie already running; the fan's Stripe customer is created once; at most one Checkout session
// is open per fan (decision 035): the same checkout asked again, or twice at once, answers the same session, and a
// checkout asking something else expires the one before. The pie itself is opened by the paid invoice (webhook.ts).
import { randomUUID } from 'node:crypto';
import type { FeeQuote } from '../../contracts/payments';
import type { CreateCheckoutPayload } from '../../contracts/pie';
import { pieAmountLimits } from '../../contracts/pie';
import { getAccount, setStripeCustomerIdIfAbsent } from '../../data/accounts';
import type { CheckoutReservation } from '../../data/one-subscription';
import { getCheckoutReservation, reserveCheckout, setCheckoutSession } from '../../data/one-subscription';
import { AppError } from '../../domain/errors';
import { isActiveAccount } from '../../domain/identity/account';
import { quoteFees } from '../../domain/money/fees';
import type { CheckoutSessionView, StripeGateway } from '../../integrations/stripe/port';
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
  const siteOrigin = requireSiteOrigin(deps);
  const request = requestOf(input);
  const createSession = (attempt: string) =>
    gateway.createCheckoutSession({
      customerId,
      amountCents: input.amount,
      intervalDays: input.pieDays,
      productName: pieProductName,
      clientReferenceId: fanId,
      metadata: {
        fan_id: fanId,
        artist_limit: String(input.artistLimit),
        artist_popularity: String(input.artistPopularity),
        exclude_non_active: String(input.excludeNonActive),
        pie_days: String(input.pieDays),
        amount_cents: String(input.amount),
      },
      successUrl: `${siteOrigin}/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${siteOrigin}/pie`,
      // Every request of one attempt creates the same session: Stripe answers the first one again.
      idempotencyKey: `checkout-${fanId}-${attempt}`,
    });

  for (let round = 0; round < reservationRounds; round += 1) {
    const reservation = await getCheckoutReservation(deps.table, fanId);
    if (reservation) {
      const answer = await answerOrFree(deps, gateway, reservation, request, createSession);
      if (answer.outcome === 'open') {
        if (!reservation.sessionId) {
          await setCheckoutSession(deps.table, fanId, reservation.attempt ?? '', answer.session.id);
        }
        return { url: answer.url };
      }
      if (answer.outcome === 'busy') continue;
    }
    const attempt = randomUUID();
    const reserved = await reserveCheckout(
      deps.table,
      fanId,
      { attempt, request, createdAt: deps.clock.now().toISOString() },
      reservation,
    );
    // Another checkout of this fan reserved first: the next round reads what it reserved.
    if (!reserved) continue;
    const session = await createSession(attempt);
    if (!session.url) throw new Error(`Stripe answered Checkout session ${session.id} without a page`);
    await setCheckoutSession(deps.table, fanId, attempt, session.id);
    return { url: session.url };
  }
  throw new AppError('conflict', undefined, { code: 'checkout_in_progress' });
}

const reservationRounds = 5;
/** How long a checkout waits, each round, on another checkout of the fan's being created before it looks again. */
export const concurrentCheckoutWaitMs = 200;

const realTimeWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
let waitOnConcurrentCheckout: (ms: number) => Promise<void> = realTimeWait;

/**
 * Replaces that wait (the deterministic simulation waits its turn in its one line instead of real milliseconds;
 * a test counts the waits); without an argument, real time again.
 */
export function setConcurrentCheckoutWait(wait: (ms: number) => Promise<void> = realTimeWait): void {
  waitOnConcurrentCheckout = wait;
}
/** A reservation whose session was never stored (its request died) is taken over after this long. */
const abandonedAfterMs = 30_000;

/** What a checkout asks, as one string: the same string answers the same session. */
function requestOf(input: CreateCheckoutPayload): string {
  return JSON.stringify([
    input.amount,
    input.pieDays,
    input.artistLimit,
    input.artistPopularity,
    input.excludeNonActive,
  ]);
}

type ReservationAnswer =
  { outcome: 'open'; session: CheckoutSessionView; url: string } | { outcome: 'free' } | { outcome: 'busy' };

/**
 * The fan's reservation, judged: its session still open for the same request is the answer; a session complete,
 * expired, or open for another request (then expired here) frees it; a session being created by a concurrent request
 * of the same checkout is created here too, under the same key, so both answer it.
 */
async function answerOrFree(
  deps: PaymentsDependencies,
  gateway: StripeGateway,
  reservation: CheckoutReservation,
  request: string,
  createSession: (attempt: string) => Promise<CheckoutSessionView>,
): Promise<ReservationAnswer> {
  const same = reservation.attempt !== null && reservation.request === request;
  let session: CheckoutSessionView | null = null;
  if (reservation.sessionId) {
    session = await gateway.retrieveCheckoutSession(reservation.sessionId);
  } else if (same && reservation.attempt) {
    session = await createSession(reservation.attempt);
  } else if (deps.clock.now().getTime() - Date.parse(reservation.createdAt) < abandonedAfterMs) {
    // Another checkout is being created right now: it is answered once stored, or taken over when abandoned.
    await waitOnConcurrentCheckout(concurrentCheckoutWaitMs);
    return { outcome: 'busy' };
  }
  if (session?.status === 'complete' && (await paysLiveSubscription(gateway, session))) {
    throw new AppError('conflict', undefined, { code: 'active_pie_exists' });
  }
  if (session?.status !== 'open') return { outcome: 'free' };
  if (same && session.url) return { outcome: 'open', session, url: session.url };
  await gateway.expireCheckoutSession(session.id);
  const after = await gateway.retrieveCheckoutSession(session.id);
  // Paid between the read and the expiry: a pie is on its way.
  if (after?.status === 'complete') throw new AppError('conflict', undefined, { code: 'active_pie_exists' });
  return { outcome: 'free' };
}

/** Whether a completed session's subscription is one Stripe still charges (paid a moment ago, its pie on its way). */
async function paysLiveSubscription(gateway: StripeGateway, session: CheckoutSessionView): Promise<boolean> {
  if (!session.subscriptionId) return false;
  const subscription = await gateway.retrieveSubscription(session.subscriptionId);
  return subscription !== null && isFundingSubscription(subscription);
}
