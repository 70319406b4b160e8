// The hosted pages under /_sandbox/stripe/ (served by the product's own server, like Stripe's own domain would be):
// Checkout (GET the form, POST pays through `payCheckout`) and the billing portal.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxCore } from '../core';
import { readBody } from '../http';
import type { CardInput, PayResult } from '../resources/checkout';
import { completeOnboarding } from '../resources/accounts';
import { setCancelAtPeriodEnd } from '../resources/subscriptions';
import { renderDashboardPage, renderLinkExpiredPage, renderOnboardingPage } from './connect-pages';
import { escapeHtml, renderPage } from './layout';
import { renderCheckoutPage } from './checkout-page';
import { renderPortalPage } from './portal-page';

export interface PageDeps {
  core: SandboxCore;
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  payCheckout: (sessionId: string, card: CardInput) => Promise<PayResult>;
}

const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

export async function handlePage(deps: PageDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  const method = (req.method ?? 'GET').toUpperCase();
  const checkout = /^\/_sandbox\/stripe\/checkout\/([^/]+)$/.exec(url.pathname);
  const portal = /^\/_sandbox\/stripe\/portal\/([^/]+)$/.exec(url.pathname);
  if (checkout?.[1] && (method === 'GET' || method === 'HEAD')) {
    const session = deps.core.find('checkout.session', decodeURIComponent(checkout[1]));
    if (!session) return sendHtml(res, 404, notFound());
    return sendHtml(res, 200, renderCheckoutPage(deps.core, session, null));
  }
  if (checkout?.[1] && method === 'POST') {
    const sessionId = decodeURIComponent(checkout[1]);
    const form = new URLSearchParams((await readBody(req, 10_000)) ?? '');
    const card: CardInput = {
      number: form.get('cardNumber') ?? '',
      expiry: form.get('cardExpiry') ?? '',
      cvc: form.get('cardCvc') ?? '',
      name: form.get('cardName') ?? '',
    };
    const result = await deps.payCheckout(sessionId, card);
    if (result.ok) {
      res.writeHead(303, { location: result.redirectUrl, 'cache-control': 'no-store' });
      res.end();
      return;
    }
    const session = deps.core.find('checkout.session', sessionId);
    if (!session) return sendHtml(res, 404, notFound());
    return sendHtml(res, 402, renderCheckoutPage(deps.core, session, result, { name: card.name }));
  }
  if (portal?.[1] && (method === 'GET' || method === 'POST')) {
    const session = deps.core.find('billing_portal.session', decodeURIComponent(portal[1]));
    if (!session) return sendHtml(res, 404, notFound());
    let notice: string | null = null;
    if (method === 'POST') {
      const form = new URLSearchParams((await readBody(req, 10_000)) ?? '');
      notice = await deps.exclusive(async () => {
        const subscription = deps.core.find('subscription', form.get('subscription') ?? '');
        if (!subscription || subscription.customer !== session.customer)
          return 'That subscription is not yours.';
        const cancel = form.get('action') === 'cancel';
        setCancelAtPeriodEnd(deps.core, subscription, cancel);
        await deps.core.save();
        return cancel
          ? 'Your subscription will end at the end of its period.'
          : 'Your subscription will renew.';
      });
    }
    return sendHtml(res, 200, renderPortalPage(deps.core, session, notice));
  }
  const onboarding = /^\/_sandbox\/stripe\/connect\/onboarding\/([^/]+)$/.exec(url.pathname);
  if (onboarding?.[1]) return serveOnboarding(deps, req, res, decodeURIComponent(onboarding[1]));
  const dashboard = /^\/_sandbox\/stripe\/connect\/dashboard\/([^/]+)$/.exec(url.pathname);
  if (dashboard?.[1] && method === 'GET') {
    const account = deps.core.find('account', decodeURIComponent(dashboard[1]));
    if (!account) return sendHtml(res, 404, notFound());
    return sendHtml(res, 200, renderDashboardPage(deps.core, account));
  }
  return sendHtml(res, 404, notFound());
}

async function serveOnboarding(deps: PageDeps, req: IncomingMessage, res: ServerResponse, linkId: string) {
  const link = deps.core.state.accountLinks[linkId];
  const account = link ? deps.core.find('account', link.account) : undefined;
  if (!link || !account) return sendHtml(res, 404, notFound());
  if ((req.method ?? 'GET').toUpperCase() !== 'POST') {
    if (link.used || link.expiresAt <= deps.core.now()) {
      return sendHtml(res, 410, renderLinkExpiredPage(link.refreshUrl));
    }
    return sendHtml(res, 200, renderOnboardingPage(linkId, account));
  }
  const form = new URLSearchParams((await readBody(req, 10_000)) ?? '');
  const result = await deps.exclusive(async () => {
    const done = completeOnboarding(deps.core, linkId, { name: form.get('name') ?? '' });
    await deps.core.save();
    return done;
  });
  if (!result.ok) return sendHtml(res, 410, renderLinkExpiredPage(result.refreshUrl));
  res.writeHead(303, { location: result.returnUrl, 'cache-control': 'no-store' });
  res.end();
}

function notFound(): string {
  return renderPage('Not found', `<h1>${escapeHtml('This page does not exist')}</h1>`);
}

function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, pageHeaders);
  res.end(body);
}
