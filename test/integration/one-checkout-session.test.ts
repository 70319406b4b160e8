// One open Checkout session per fan (decision 035) on DynamoDB Local and the Stripe sandbox through the real SDK:
// concurrent checkouts of one fan answer the same session, the same checkout asked again answers it again while it is
// open, and a new one once it expired. (A checkout asking something else expires the one before:
// payments-checkout.test.ts.)
import { describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/data/accounts';
import { createSignedInAccount, dataOf } from '../support/identity';
import {
  checkoutOf,
  paymentsHarnessPerTest,
  requestCheckout,
  sessionIdOf,
} from '../support/payments-harness';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

describe('one Checkout session per fan', () => {
  it('answers two concurrent checkouts of one fan with the same open session', async () => {
    // Prepare
    const harness = await startHarness();
    const fan = await createSignedInAccount('fan');
    // Act
    const [first, second] = await Promise.all([requestCheckout(fan, 1000), requestCheckout(fan, 1000)]);
    // Assess
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const ids = [first, second].map((result) => sessionIdOf(dataOf<{ url: string }>(result).url));
    expect(ids[1]).toBe(ids[0]);
    const account = await getAccount(testTable(), 'fan', fan.userId);
    const open = await harness.stripe.checkout.sessions.list({
      customer: account?.stripeCustomerId ?? '',
      status: 'open',
    });
    expect(open.data.map((session) => session.id)).toEqual([ids[0]]);
  });

  it('answers the same open session again to the same checkout asked later, and a new one once it expired', async () => {
    // Prepare
    const harness = await startHarness();
    const fan = await createSignedInAccount('fan');
    const first = await checkoutOf(fan, 1000);
    // Act
    const again = await checkoutOf(fan, 1000);
    await harness.stripe.checkout.sessions.expire(first);
    const afterExpiry = await checkoutOf(fan, 1000);
    // Assess
    expect(again).toBe(first);
    expect(afterExpiry).not.toBe(first);
    expect((await harness.stripe.checkout.sessions.retrieve(afterExpiry)).status).toBe('open');
  });
});
