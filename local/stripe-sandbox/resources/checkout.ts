// Checkout Sessions in subscription and payment mode, and paying one (`payCheckout`: the hosted page's POST and
// the seed's and tests' shortcut run the same code). A declined card changes nothing but the page's message, as on
// Stripe's page: no customer, subscription, invoice or money event.
import type Stripe from 'stripe';
import { cardOutcome, normalizeCardNumber, parseExpiry } from '../cards';
import type { SandboxCore } from '../core';
import { daySeconds } from '../core';
import { invalidRequest, missingParam } from '../errors';
import type { FormObject } from '../form';
import { filterBy, idOf, paginate } from '../lists';
import {
  afterCharge,
  attemptInvoicePayment,
  buildSubscription,
  createSubscriptionInvoice,
  firstItem,
} from '../billing';
import { chargeCard } from '../money';
import {
  asObject,
  optionalArray,
  optionalInteger,
  optionalObject,
  optionalString,
  readMetadata,
  requireString,
} from '../params';
import type { Router } from '../router';
import { templateCheckoutSession } from '../templates/checkout';
import { createCustomer } from './customers';
import { createPrice } from './products';

export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

export type PayResult = { ok: true; redirectUrl: string } | { ok: false; code: string; message: string };

function createSession(core: SandboxCore, params: FormObject): Stripe.Checkout.Session {
  const mode = requireString(params, 'mode');
  if (mode !== 'subscription' && mode !== 'payment') {
    throw invalidRequest(`Invalid mode: the sandbox knows subscription and payment, not ${mode}.`, 'mode');
  }
  const lines = optionalArray(params, 'line_items') ?? [];
  const first = lines[0];
  if (first === undefined) throw missingParam('line_items');
  if (lines.length > 1) throw invalidRequest('The sandbox takes one line item per session.', 'line_items');
  const line = asObject(first, 'line_items[0]');
  const priceData = optionalObject(line, 'price_data');
  const price = priceData
    ? createPrice(core, priceData, 'line_items[0][price_data]')
    : core.get('price', requireString(line, 'price'), 'price', 'line_items[0][price]');
  if (mode === 'subscription' && !price.recurring) {
    throw invalidRequest(
      'You must provide at least one recurring price in `subscription` mode.',
      'line_items',
    );
  }
  if (mode === 'payment' && price.recurring) {
    throw invalidRequest('You can only pass recurring prices in `subscription` mode.', 'line_items');
  }
  const quantity = optionalInteger(line, 'quantity') ?? 1;
  if (quantity !== 1) throw invalidRequest('The sandbox takes quantity 1.', 'line_items[0][quantity]');
  const customer = optionalString(params, 'customer');
  if (customer) core.get('customer', customer, 'customer', 'customer');
  const successUrl = requireString(params, 'success_url');
  const now = core.now();
  const expiresAt = optionalInteger(params, 'expires_at') ?? now + daySeconds;
  const id = `cs_test_${core.newId('x').slice(2)}${core.newId('x').slice(2)}`;
  const amount = price.unit_amount ?? 0;
  const template = templateCheckoutSession();
  const subscriptionData = optionalObject(params, 'subscription_data');
  const session: Stripe.Checkout.Session = {
    ...template,
    id,
    after_expiration: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    cancel_url: optionalString(params, 'cancel_url') ?? null,
    client_reference_id: optionalString(params, 'client_reference_id') ?? null,
    created: now,
    currency: price.currency,
    customer: customer ?? null,
    customer_creation: customer ? null : 'always',
    customer_details: null,
    customer_email: optionalString(params, 'customer_email') ?? null,
    expires_at: expiresAt,
    invoice: null,
    invoice_creation: null,
    line_items: undefined,
    metadata: readMetadata(params),
    mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    url: `${core.publicUrl}/_sandbox/stripe/checkout/${id}`,
  };
  delete session.line_items;
  core.put('checkout.session', session);
  core.state.sessionLines[id] = {
    price: price.id,
    subscriptionMetadata: subscriptionData ? readMetadata(subscriptionData) : {},
  };
  core.schedule({ at: expiresAt, kind: 'expire-session', session: id });
  return session;
}

export function expireSession(core: SandboxCore, session: Stripe.Checkout.Session): Stripe.Checkout.Session {
  if (session.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      undefined,
      'checkout_session_not_open',
    );
  }
  session.status = 'expired';
  session.url = null;
  core.unschedule((timer) => timer.kind === 'expire-session' && timer.session === session.id);
  core.raise('checkout.session.expired', session);
  return session;
}

export function payCheckout(core: SandboxCore, sessionId: string, card: CardInput): PayResult {
  const session = core.find('checkout.session', sessionId);
  if (!session)
    return { ok: false, code: 'resource_missing', message: 'This checkout session does not exist.' };
  if (session.status !== 'open' || session.expires_at <= core.now()) {
    return {
      ok: false,
      code: 'checkout_session_not_open',
      message: 'This checkout session is no longer open.',
    };
  }
  const decline = validateCard(core, card);
  if (decline) return remember(core, sessionId, decline);
  const number = normalizeCardNumber(card.number);
  const outcome = cardOutcome(number);
  if (!outcome.ok) return remember(core, sessionId, { code: outcome.code, message: outcome.message });
  delete core.state.declines[sessionId];

  const customerId =
    idOf(session.customer) ??
    createCustomer(core, { email: session.customer_email, name: card.name?.trim() || null, metadata: {} }).id;
  const paymentMethod = core.newId('pm');
  core.state.cards[paymentMethod] = number;
  const line = core.state.sessionLines[sessionId];
  const price = core.get('price', line?.price ?? '');
  session.customer = customerId;
  session.customer_details = {
    address: null,
    business_name: null,
    email: session.customer_email ?? core.find('customer', customerId)?.email ?? null,
    individual_name: null,
    name: card.name?.trim() || null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  core.unschedule((timer) => timer.kind === 'expire-session' && timer.session === sessionId);

  if (session.mode === 'subscription') {
    const subscription = buildSubscription(core, {
      customer: customerId,
      price,
      metadata: line?.subscriptionMetadata ?? {},
      paymentMethod,
    });
    core.put('subscription', subscription);
    core.raise('customer.subscription.created', subscription);
    const invoice = createSubscriptionInvoice(core, subscription, 'subscription_create');
    const result = attemptInvoicePayment(core, invoice, paymentMethod);
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    core.raise('checkout.session.completed', session);
    afterCharge(core, result);
    core.schedule({
      at: firstItem(subscription).current_period_end,
      kind: 'renew',
      subscription: subscription.id,
    });
  } else {
    const result = chargeCard(core, {
      amount: price.unit_amount ?? 0,
      currency: price.currency,
      customer: customerId,
      paymentMethod,
      description: null,
      metadata: session.metadata ?? {},
    });
    session.payment_intent = result.paymentIntent.id;
    core.raise('checkout.session.completed', session);
    afterCharge(core, result);
  }
  return { ok: true, redirectUrl: session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', sessionId) ?? '' };
}

function validateCard(core: SandboxCore, card: CardInput): { code: string; message: string } | null {
  if (!/^[\d\s-]{12,23}$/.test(card.number.trim())) {
    return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  if (card.expiry !== undefined && !parseExpiry(card.expiry, core.now())) {
    return /^\s*\d{1,2}\s*\/\s*\d{2,4}\s*$/.test(card.expiry)
      ? { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past." }
      : { code: 'invalid_expiry_month', message: "Your card's expiration date is incomplete." };
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc.trim())) {
    return { code: 'invalid_cvc', message: "Your card's security code is incomplete." };
  }
  return null;
}

function remember(
  core: SandboxCore,
  sessionId: string,
  decline: { code: string; message: string },
): PayResult {
  core.state.declines[sessionId] = decline;
  return { ok: false, ...decline };
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/checkout/sessions', ({ core, params }) => createSession(core, params))
    .on('GET', '/v1/checkout/sessions', ({ core, params }) => {
      let sessions = core.all('checkout.session');
      sessions = filterBy(sessions, params, 'customer', (s) => idOf(s.customer));
      sessions = filterBy(sessions, params, 'status', (s) => s.status);
      sessions = filterBy(sessions, params, 'subscription', (s) => idOf(s.subscription));
      sessions = filterBy(sessions, params, 'payment_intent', (s) => idOf(s.payment_intent));
      return paginate(core, sessions, params, '/v1/checkout/sessions');
    })
    .on('GET', '/v1/checkout/sessions/{}', ({ core, args }) =>
      core.get('checkout.session', args[0] ?? '', 'checkout.session'),
    )
    .on('POST', '/v1/checkout/sessions/{}/expire', ({ core, args }) =>
      expireSession(core, core.get('checkout.session', args[0] ?? '', 'checkout.session')),
    );
}
