// A stateful local Stripe: the real `stripe` SDK talks to it unchanged through host/port/
// protocol. It answers /v1/... as API version 2026-10-28.endive with Stripe's objects (typed by the `stripe`
// package and started from Stripe's own fixtures, templates/), keeps its state under DATA_DIR, runs on the
// product's movable clock (in effect a Stripe test clock), serves the hosted Checkout, billing portal and Connect
// onboarding pages through the product's server, and signs and delivers webhooks. Each resource registers its
// routes from resources/<resource>.ts. Choices where Stripe leaves room:
// - webhooks: retried after 0.2 s, 1 s and 3 s of real time, then given up (logged once per sandbox);
// - cards 4000 0000 0000 0259 (a chargeback) and 1976 (an inquiry): disputed at once, right after the charge's funds
//   (charge.updated);
// - renewals that fail: `pm_card_chargeDeclined` as a subscription's default_payment_method (Stripe's test id);
// - disputes: `POST /v1/disputes/{id}/close` loses (an inquiry: warning_closed), evidence `winning_evidence` /
//   `losing_evidence` decides at once, without the days Stripe takes; a won chargeback gives back the dispute fee;
// - `Stripe-Account` scopes Connect (balance, balance transactions, payouts); billing objects are the platform's.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { keepConnectionsOpenForClients } from '../http-server';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getClock } from '../../functions/runtime/clock';
import { SandboxCore } from './core';
import { serveApi } from './http';
import { createSecret } from './ids';
import { handlePage } from './pages/handle-page';
import { register as registerAccounts } from './resources/accounts';
import { register as registerBalance } from './resources/balance';
import { register as registerBillingPortal } from './resources/billing-portal';
import type { CardInput, PayResult } from './resources/checkout';
import { payCheckout, register as registerCheckout } from './resources/checkout';
import { register as registerCoupons } from './resources/coupons';
import { register as registerCustomers } from './resources/customers';
import { register as registerDisputes } from './resources/disputes';
import { register as registerEvents } from './resources/events';
import { register as registerInvoices } from './resources/invoices';
import { register as registerPayments } from './resources/payments';
import { register as registerProducts } from './resources/products';
import { register as registerRefunds } from './resources/refunds';
import { arrivePayout, register as registerPayouts } from './resources/payouts';
import { register as registerSubscriptions } from './resources/subscriptions';
import { register as registerTransfers } from './resources/transfers';
import { Router } from './router';
import { openStateStore } from './store';
import { runDueTimers } from './timers';
import type { DeliveryMode, WebhookTarget } from './webhooks';
import { createWebhookQueue } from './webhooks';

export { retryDelaysMs, signPayload } from './webhooks';
export { processingFee } from './money';

export interface StripeSandboxOptions {
  /** State kept in <dataDir>/stripe-sandbox.json; null = memory (tests). */
  dataDir: string | null;
  /** Milliseconds; the product clock (functions/runtime/clock.ts) by default. */
  clock?: () => number;
  /** The product origin; hosted pages at `${publicUrl}/_sandbox/stripe/...`. */
  publicUrl: string;
  /** Where signed events go: a URL (the local runtime's `${url}/api/webhooks/stripe`) or a function (tests). */
  webhook?: WebhookTarget;
  /** Tests: `shuffled-duplicates` delivers each event 1-3 times in a seeded random order. */
  delivery?: DeliveryMode;
  /** Fixed keys (the local runtime keeps them across restarts); random by default. */
  apiKey?: string;
  webhookSecret?: string;
}

export interface StripeSandbox {
  /** http://127.0.0.1:<port>: give it to the SDK as host/port/protocol. */
  apiUrl: string;
  /** sk_test_… accepted by this sandbox. */
  apiKey: string;
  /** whsec_… it signs with. */
  webhookSecret: string;
  /** Serves /_sandbox/stripe/* (Checkout and billing portal pages). */
  handlePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Runs what fell due at the clock's now (renewals, retries, availability, expiries), then settle(). */
  advance(): Promise<void>;
  /** Resolves when every raised event is delivered or has given up its retries. */
  settle(): Promise<void>;
  /**
   * The hosted page's POST, for seeds and tests. `at` (local seeding only, never the hosted page) pays at an earlier
   * instant: the subscription, its invoice's period, the charge and their events all carry it, as on a Stripe test
   * clock moved back, so the demo fan's pie can start days before the first start and already hold listening.
   */
  payCheckout(sessionId: string, card: CardInput, options?: PayCheckoutOptions): Promise<PayResult>;
  /**
   * Local seeding only: the banks confirm every pending payout now, as if their arrival dates had come (`payout.paid`
   * is raised and delivered), so the demo can start with a payout already completed. Answers how many arrived.
   */
  arrivePendingPayouts(): Promise<number>;
  stop(): Promise<void>;
}

export interface PayCheckoutOptions {
  /** No later than the sandbox's now; what falls due between then and now runs at the next `advance()`. */
  at?: Date;
}

export type { CardInput, PayResult } from './resources/checkout';
export type { DeliveryMode, WebhookTarget } from './webhooks';

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const clock = options.clock ?? (() => getClock().now().getTime());
  const store = await openStateStore(options.dataDir);
  const apiKey = options.apiKey ?? createSecret('sk_test');
  const webhookSecret = options.webhookSecret ?? createSecret('whsec');
  let warnedGiveUp = false;
  const queue = createWebhookQueue({
    target: options.webhook,
    delivery: options.delivery ?? { mode: 'in-order' },
    secret: webhookSecret,
    now: () => Math.floor(clock() / 1000),
    onGiveUp: (event, reason) => {
      // Once per sandbox: until the product answers its webhook, every event would say the same.
      if (warnedGiveUp) return;
      warnedGiveUp = true;
      console.warn(
        `Stripe sandbox: gave up delivering ${event.type} (${event.id}) after its retries: ${reason}`,
      );
    },
  });
  const core = new SandboxCore({
    store,
    clock,
    publicUrl: options.publicUrl,
    onEvent: (event) => queue.enqueue(event),
  });

  let turn: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = turn.then(work);
    turn = next.catch(() => undefined);
    return next;
  }

  const router = new Router();
  for (const register of [
    registerCustomers,
    registerProducts,
    registerCheckout,
    registerSubscriptions,
    registerInvoices,
    registerPayments,
    registerRefunds,
    registerDisputes,
    registerCoupons,
    registerBillingPortal,
    registerEvents,
    registerAccounts,
    registerBalance,
    registerTransfers,
    registerPayouts,
  ]) {
    register(router);
  }

  const pay = (sessionId: string, card: CardInput, payOptions: PayCheckoutOptions = {}) =>
    exclusive(async () => {
      const at = payOptions.at ? Math.floor(payOptions.at.getTime() / 1000) : null;
      if (at !== null && !(at <= core.now())) {
        throw new RangeError(`A checkout is paid now or earlier, not at ${String(payOptions.at)}`);
      }
      const result =
        at === null
          ? payCheckout(core, sessionId, card)
          : await core.runAt(at, () => payCheckout(core, sessionId, card));
      await core.save();
      return result;
    });
  const pages = { core, exclusive, payCheckout: pay };

  const server: Server = keepConnectionsOpenForClients(
    createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const work = url.pathname.startsWith('/_sandbox/stripe/')
        ? handlePage(pages, req, res, url)
        : serveApi({ core, router, apiKey, exclusive }, req, res);
      work.catch((error: unknown) => {
        console.error('Stripe sandbox: request failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'The Stripe sandbox failed.' } }));
      });
    }),
  );
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const port = (server.address() as AddressInfo).port;
  const apiUrl = `http://127.0.0.1:${port}`;
  // The port is random: tools outside this process (the e2e tests' refunds) find the API through this file.
  const endpointFile = options.dataDir ? join(options.dataDir, 'stripe-sandbox-endpoint.json') : null;
  if (endpointFile) writeFileSync(endpointFile, `${JSON.stringify({ apiUrl, apiKey })}\n`);

  return {
    apiUrl,
    apiKey,
    webhookSecret,
    handlePage: (req, res, url) => handlePage(pages, req, res, url),
    async advance() {
      await exclusive(async () => {
        if ((await runDueTimers(core)) > 0) await core.save();
      });
      await queue.settle();
    },
    settle: () => queue.settle(),
    payCheckout: pay,
    async arrivePendingPayouts() {
      const arrived = await exclusive(async () => {
        const pending = core.all('payout').filter((payout) => payout.status === 'pending');
        // Its timer stays scheduled and finds it paid: arriving is done once.
        for (const payout of pending) arrivePayout(core, payout.id);
        if (pending.length > 0) await core.save();
        return pending.length;
      });
      await queue.settle();
      return arrived;
    },
    async stop() {
      queue.stop();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await turn;
      await store.save();
      if (endpointFile) rmSync(endpointFile, { force: true });
    },
  };
}
