// The product's time in the browser (frontend/src/lib/product-time.ts): the local server's header moves the instant
// the day-counting screens use; a reply without it, or with an unreadable one, leaves the browser's clock alone.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../frontend/src/lib/api-client';
import { productNow, productTimeHeader, resetProductTime } from '../../frontend/src/lib/product-time';

const dayMs = 86_400_000;

function replyWith(headers: Record<string, string>): typeof fetch {
  return () =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, data: { ok: true } }), {
        status: 200,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    );
}

describe('the product time the browser counts days from', () => {
  afterEach(() => resetProductTime());

  it('runs 30 days ahead after a reply from a product whose clock was moved 30 days', async () => {
    // Prepare
    const ahead = new Date(Date.now() + 30 * dayMs).toISOString();
    const client = createApiClient({ fetch: replyWith({ [productTimeHeader]: ahead }) });
    // Act
    await client.get('/api/pie/active');
    // Assess
    expect(productNow() - Date.now()).toBeGreaterThan(30 * dayMs - 5_000);
    expect(productNow() - Date.now()).toBeLessThanOrEqual(30 * dayMs);
  });

  it('stays on the browser’s clock without the header, or with an unreadable one', async () => {
    // Prepare
    const plain = createApiClient({ fetch: replyWith({}) });
    const garbled = createApiClient({ fetch: replyWith({ [productTimeHeader]: 'next tuesday' }) });
    // Act
    await plain.get('/api/pie/active');
    await garbled.get('/api/pie/active');
    // Assess
    expect(Math.abs(productNow() - Date.now())).toBeLessThan(1_000);
  });
});
