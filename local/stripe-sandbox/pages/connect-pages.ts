// Connect's hosted pages: onboarding (the form an artist fills once to receive money, then back to the platform's
// return_url) and the Express-style dashboard a login link opens (balance and payouts).
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { balanceOf } from '../resources/balance';
import { escapeHtml, formatAmount, formatDate, renderPage } from './layout';

export function renderOnboardingPage(linkId: string, account: Stripe.Account): string {
  return renderPage(
    'Set up payouts',
    `<h1>Set up payouts</h1>
<p class="muted">OpenPie uses Stripe to send you money. Tell us who you are and where to pay you.</p>
<form method="post" action="/_sandbox/stripe/connect/onboarding/${encodeURIComponent(linkId)}">
<label for="legal-name">Legal name</label>
<input id="legal-name" name="name" autocomplete="name" required value="${escapeHtml(account.business_profile?.name ?? '')}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(account.email ?? '')}">
<label for="routing">Routing number</label>
<input id="routing" name="routing" inputmode="numeric" placeholder="110000000">
<label for="account-number">Account number</label>
<input id="account-number" name="accountNumber" inputmode="numeric" placeholder="000123456789">
<button type="submit">Agree and submit</button>
<p class="hint">Test mode: any values work; submitting completes onboarding.</p>
</form>`,
  );
}

export function renderLinkExpiredPage(refreshUrl: string | null): string {
  return renderPage(
    'Link expired',
    `<h1>This link has expired</h1>
<p class="muted">Onboarding links work once and for a few minutes.</p>
${refreshUrl ? `<a class="button" href="${escapeHtml(refreshUrl)}">Get a new link</a>` : ''}`,
  );
}

export function renderDashboardPage(core: SandboxCore, account: Stripe.Account): string {
  const { available, pending } = balanceOf(core, account.id);
  const payouts = core
    .all('payout')
    .filter((payout) => core.ownerOf(payout.id) === account.id)
    .map(
      (payout) =>
        `<li>${escapeHtml(formatAmount(payout.amount, payout.currency))} · ${escapeHtml(payout.status)} · ${escapeHtml(formatDate(payout.arrival_date))}</li>`,
    );
  return renderPage(
    'Your payouts',
    `<h1>${escapeHtml(account.business_profile?.name ?? account.email ?? account.id)}</h1>
<section class="card"><p>Available: <strong>${escapeHtml(formatAmount(available, 'usd'))}</strong></p>
<p>Pending: ${escapeHtml(formatAmount(pending, 'usd'))}</p></section>
<section class="card"><h2 style="font-size:1rem;margin:0">Payouts</h2>
${payouts.length > 0 ? `<ul>${payouts.join('')}</ul>` : '<p class="muted">No payouts yet.</p>'}</section>`,
  );
}
