// Webhook delivery as Stripe does it: each event POSTed to the endpoint with `Stripe-Signature: t=…,v1=…`
// (HMAC-SHA256 of `${t}.${rawBody}`, `t` from the product clock), retried on a non-2xx reply or a network error.
// Stripe retries for days; here the retries come after 0.2 s, 1 s and 3 s of real time (four attempts in all) so
// tests stay fast, in the background (first attempts keep their order), then the delivery gives up. In order by default; the test switch
// `shuffled-duplicates` delivers each event 1-3 times in a seeded random order, as Stripe may.
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';

export type WebhookTarget =
  | { url: string }
  | { deliver: (rawBody: string, headers: Record<string, string>) => Promise<{ status: number }> };

export type DeliveryMode = { mode: 'in-order' } | { mode: 'shuffled-duplicates'; seed?: number };

export const retryDelaysMs = [200, 1000, 3000];

export interface WebhookQueueOptions {
  target: WebhookTarget | undefined;
  delivery: DeliveryMode;
  secret: string;
  /** Unix seconds for the signature's `t`. */
  now: () => number;
  /** Told when an event gave up after its last attempt. */
  onGiveUp: (event: Stripe.Event, reason: string) => void;
}

export interface WebhookQueue {
  enqueue(event: Stripe.Event): void;
  settle(): Promise<void>;
  stop(): void;
}

export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function createWebhookQueue(options: WebhookQueueOptions): WebhookQueue {
  const pending: Stripe.Event[] = [];
  const random = seededRandom(
    options.delivery.mode === 'shuffled-duplicates' ? (options.delivery.seed ?? 1) : 1,
  );
  let pumping: Promise<void> | null = null;
  const retrying = new Set<Promise<void>>();
  let stopped = false;

  function start(): void {
    pumping ??= pump().finally(() => {
      pumping = null;
      if (pending.length > 0 && !stopped) start();
    });
  }

  async function pump(): Promise<void> {
    // Yield first, so the API reply that raised the events goes out before they are delivered.
    await new Promise((done) => setImmediate(done));
    while (pending.length > 0 && !stopped) {
      const batch = pending.splice(0);
      for (const event of plan(batch)) await deliverWithRetries(event);
    }
  }

  function plan(batch: Stripe.Event[]): Stripe.Event[] {
    if (options.delivery.mode === 'in-order') return batch;
    const copies = batch.flatMap((event) =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => event),
    );
    for (let index = copies.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [copies[index], copies[other]] = [copies[other] as Stripe.Event, copies[index] as Stripe.Event];
    }
    return copies;
  }

  /** The first attempt in turn; a failed one is retried in the background, so one bad reply holds up no other event. */
  async function deliverWithRetries(event: Stripe.Event): Promise<void> {
    const target = options.target;
    if (!target) return;
    const first = await attempt(target, event);
    if (first === null) return;
    const retry = retryLater(target, event, first).finally(() => retrying.delete(retry));
    retrying.add(retry);
  }

  async function retryLater(target: WebhookTarget, event: Stripe.Event, firstFailure: string): Promise<void> {
    let reason = firstFailure;
    for (const delay of retryDelaysMs) {
      if (stopped) return;
      await new Promise((done) => setTimeout(done, delay));
      if (stopped) return;
      const failure = await attempt(target, event);
      if (failure === null) return;
      reason = failure;
    }
    options.onGiveUp(event, reason);
  }

  /** null when delivered (2xx), else why not. */
  async function attempt(target: WebhookTarget, event: Stripe.Event): Promise<string | null> {
    try {
      const status = await deliverOnce(target, event);
      return status >= 200 && status < 300 ? null : `HTTP ${status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function deliverOnce(target: WebhookTarget, event: Stripe.Event): Promise<number> {
    const rawBody = JSON.stringify(event, null, 2);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signPayload(rawBody, options.secret, options.now()),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    if ('deliver' in target) return (await target.deliver(rawBody, headers)).status;
    const response = await fetch(target.url, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(20_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  }

  return {
    enqueue(event) {
      if (!options.target || stopped) return;
      pending.push(event);
      start();
    },
    async settle() {
      while (pumping || retrying.size > 0) {
        if (pumping) await pumping;
        else await Promise.all(retrying);
      }
    },
    stop() {
      stopped = true;
      pending.length = 0;
    },
  };
}

/** mulberry32: small, seeded, good enough to shuffle deliveries reproducibly. */
function seededRandom(seed: number): () => number {
  let value = seed >>> 0;
  return () => {
    value = (value + 0x6d2b79f5) >>> 0;
    let mixed = value;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
