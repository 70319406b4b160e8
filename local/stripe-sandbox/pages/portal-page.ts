// The billing portal page: the customer's subscriptions, cancel at period end (or keep it), and the way back.
import type Stripe from 'stripe';
import { firstItem } from '../billing';
import type { SandboxCore } from '../core';
import { idOf } from '../lists';
import { escapeHtml, formatAmount, formatDate, renderPage } from './layout';

export function renderPortalPage(
  core: SandboxCore,
  session: Stripe.BillingPortal.Session,
  notice: string | null,
): string {
  const subscriptions = core
    .all('subscription')
    .filter(
      (subscription) =>
        idOf(subscription.customer) === session.customer && subscription.status !== 'canceled',
    );
  const customer = core.find('customer', session.customer);
  const cards = subscriptions.map((subscription) => {
    const item = firstItem(subscription);
    const amount = formatAmount(item.price.unit_amount ?? 0, subscription.currency);
    const ends = formatDate(item.current_period_end);
    const action = subscription.cancel_at_period_end ? 'renew' : 'cancel';
    const productId = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    const name = core.find('product', productId)?.name ?? 'Subscription';
    return `<section class="card" aria-label="${escapeHtml(name)}">
<h2 style="font-size:1rem;margin:0">${escapeHtml(name)}</h2>
<p class="amount" style="font-size:1.4rem">${escapeHtml(amount)}</p>
<p class="muted">Status: ${escapeHtml(subscription.status)}. ${
      subscription.cancel_at_period_end ? `Cancels on ${escapeHtml(ends)}.` : `Renews on ${escapeHtml(ends)}.`
    }</p>
<form method="post" action="/_sandbox/stripe/portal/${encodeURIComponent(session.id)}" style="box-shadow:none;padding:0;margin:0">
<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
<input type="hidden" name="action" value="${action}">
<button type="submit" class="${action === 'cancel' ? 'secondary' : ''}">${
      action === 'cancel' ? 'Cancel subscription' : 'Keep subscription'
    }</button>
</form>
</section>`;
  });
  const back = session.return_url
    ? `<a class="button" href="${escapeHtml(session.return_url)}">Return to the site</a>`
    : '';
  return renderPage(
    'Billing',
    `<h1>Billing</h1>
<p class="muted">${escapeHtml(customer?.email ?? customer?.name ?? session.customer)}</p>
${notice ? `<div class="note" role="status">${escapeHtml(notice)}</div>` : ''}
${cards.length > 0 ? cards.join('\n') : '<p class="card">No current subscription.</p>'}
${back}`,
  );
}
