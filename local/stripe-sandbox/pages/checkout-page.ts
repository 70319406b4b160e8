// The hosted Checkout page: what the payment is for and its amount, a card form a person fills as on Stripe's
// (number, expiry, CVC and name with their autocomplete tokens), "Subscribe" or "Pay", and Stripe's decline message.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { escapeHtml, formatAmount, renderPage } from './layout';

export function renderCheckoutPage(
  core: SandboxCore,
  session: Stripe.Checkout.Session,
  error: { message: string } | null,
  filled: { name?: string } = {},
): string {
  const line = core.state.sessionLines[session.id];
  const price = line ? core.find('price', line.price) : undefined;
  const product = price
    ? core.find('product', typeof price.product === 'string' ? price.product : price.product.id)
    : undefined;
  const amount = formatAmount(session.amount_total ?? 0, session.currency ?? 'usd');
  const recurring = price?.recurring;
  const every = recurring
    ? recurring.interval_count === 1
      ? `per ${recurring.interval}`
      : `every ${recurring.interval_count} ${recurring.interval}s`
    : '';
  const what = product?.name ?? 'Your purchase';
  const isSubscription = session.mode === 'subscription';
  const customerId = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? '');
  const email = session.customer_email ?? core.find('customer', customerId)?.email ?? null;
  if (session.status !== 'open') {
    return renderPage(
      'Checkout',
      `<h1>This checkout session is no longer open</h1>
<p class="muted">It was ${session.status === 'complete' ? 'already paid' : 'expired'}. Go back to the site to start again.</p>`,
    );
  }
  const cancel = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back without paying</a></p>`
    : '';
  const alert = error ? `<div class="alert" role="alert">${escapeHtml(error.message)}</div>` : '';
  return renderPage(
    `${isSubscription ? 'Subscribe to' : 'Pay for'} ${what}`,
    `${cancel}
<h1>${escapeHtml(isSubscription ? `Subscribe to ${what}` : what)}</h1>
<p class="amount">${escapeHtml(amount)}${every ? ` <span class="muted" style="font-size:1rem;font-weight:400">${escapeHtml(every)}</span>` : ''}</p>
${email ? `<p class="muted">${escapeHtml(email)}</p>` : ''}
<form method="post" action="/_sandbox/stripe/checkout/${encodeURIComponent(session.id)}" novalidate>
<h2 style="font-size:1rem;margin:0">Pay with card</h2>
${alert}
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" autocomplete="cc-number" inputmode="numeric" placeholder="1234 1234 1234 1234" required>
<div class="row">
<div><label for="card-expiry">Expiry date</label>
<input id="card-expiry" name="cardExpiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY" required></div>
<div><label for="card-cvc">CVC</label>
<input id="card-cvc" name="cardCvc" autocomplete="cc-csc" inputmode="numeric" placeholder="CVC" required></div>
</div>
<label for="card-name">Cardholder name</label>
<input id="card-name" name="cardName" autocomplete="cc-name" placeholder="Full name on card" required value="${escapeHtml(filled.name ?? '')}">
<button type="submit">${isSubscription ? 'Subscribe' : 'Pay'} ${escapeHtml(amount)}</button>
<p class="hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has
insufficient funds; 4000 0000 0000 0259 pays and is then disputed; 4000 0000 0000 1976 pays and gets an inquiry.
Any future expiry and any CVC.</p>
</form>`,
  );
}
