// Subscriptions: retrieve, list, update (`cancel_at_period_end`, metadata, `default_payment_method` including
// Stripe's test ids such as `pm_card_chargeDeclined`, so a test can make renewals fail), cancel with DELETE.
import type Stripe from 'stripe';
import { testPaymentMethods } from '../cards';
import { endSubscription, firstItem } from '../billing';
import type { SandboxCore } from '../core';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form';
import { filterBy, idOf, paginate } from '../lists';
import { optionalBoolean, optionalString, readMetadata } from '../params';
import type { Router } from '../router';

export function setCancelAtPeriodEnd(
  core: SandboxCore,
  subscription: Stripe.Subscription,
  cancel: boolean,
): Stripe.Subscription {
  if (subscription.status === 'canceled') {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  if (subscription.cancel_at_period_end === cancel) return subscription;
  const previous = {
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancel_at: subscription.cancel_at,
    canceled_at: subscription.canceled_at,
  };
  subscription.cancel_at_period_end = cancel;
  subscription.cancel_at = cancel ? firstItem(subscription).current_period_end : null;
  subscription.canceled_at = cancel ? core.now() : null;
  subscription.cancellation_details = {
    ...subscription.cancellation_details,
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: cancel ? 'cancellation_requested' : null,
  };
  core.raise('customer.subscription.updated', subscription, previous);
  return subscription;
}

function update(
  core: SandboxCore,
  subscription: Stripe.Subscription,
  params: FormObject,
): Stripe.Subscription {
  const metadata = readMetadata(params, subscription.metadata);
  if (JSON.stringify(metadata) !== JSON.stringify(subscription.metadata)) {
    const previous = { metadata: subscription.metadata };
    subscription.metadata = metadata;
    core.raise('customer.subscription.updated', subscription, previous);
  }
  const paymentMethod = optionalString(params, 'default_payment_method');
  if (paymentMethod !== undefined) {
    const testCard = testPaymentMethods[paymentMethod];
    if (testCard) core.state.cards[paymentMethod] = testCard;
    if (!(paymentMethod in core.state.cards)) {
      throw invalidRequest(
        `No such PaymentMethod: '${paymentMethod}'`,
        'default_payment_method',
        'resource_missing',
      );
    }
    const previous = { default_payment_method: subscription.default_payment_method };
    subscription.default_payment_method = paymentMethod;
    core.raise('customer.subscription.updated', subscription, previous);
  }
  const cancel = optionalBoolean(params, 'cancel_at_period_end');
  if (cancel !== undefined) setCancelAtPeriodEnd(core, subscription, cancel);
  return subscription;
}

export function register(router: Router): void {
  router
    .on('GET', '/v1/subscriptions', ({ core, params }) => {
      let subscriptions = filterBy(core.all('subscription'), params, 'customer', (s) => idOf(s.customer));
      const status = optionalString(params, 'status');
      // Stripe lists every subscription but the canceled ones unless asked.
      if (status === undefined) subscriptions = subscriptions.filter((s) => s.status !== 'canceled');
      else if (status !== 'all') subscriptions = subscriptions.filter((s) => s.status === status);
      return paginate(core, subscriptions, params, '/v1/subscriptions');
    })
    .on('GET', '/v1/subscriptions/{}', ({ core, args }) => core.get('subscription', args[0] ?? ''))
    .on('POST', '/v1/subscriptions/{}', ({ core, args, params }) =>
      update(core, core.get('subscription', args[0] ?? ''), params),
    )
    .on('DELETE', '/v1/subscriptions/{}', ({ core, args }) => {
      const subscription = core.get('subscription', args[0] ?? '');
      if (subscription.status === 'canceled') {
        throw invalidRequest(`No such subscription: '${subscription.id}'`, 'id', 'resource_missing');
      }
      subscription.canceled_at = core.now();
      endSubscription(core, subscription, 'cancellation_requested');
      return subscription;
    });
}
