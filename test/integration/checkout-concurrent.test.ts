// A fan's checkout asked while another of theirs, for other settings, is being created: it waits (200 ms a round,
// through the wait the deterministic simulation replaces) for the other to store its session, looks again, and after
// five rounds with the other still unfinished answers 409 checkout_in_progress, leaving the other's reservation alone.
import { afterEach, describe, expect, it } from 'vitest';
import { getCheckoutReservation, reserveCheckout } from '../../functions/data/one-subscription';
import {
  concurrentCheckoutWaitMs,
  setConcurrentCheckoutWait,
} from '../../functions/services/payments/checkout';
import { paymentsDependencies } from '../../functions/services/payments/dependencies';
import { bodyOf } from '../support/gateway-event';
import { createSignedInAccount } from '../support/identity';
import { paymentsHarnessPerTest, requestCheckout } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

afterEach(() => setConcurrentCheckoutWait());

describe('a checkout beside another being created', () => {
  it('waits on the other each round through the injected wait, then answers 409 checkout_in_progress', async () => {
    // Prepare: another request of the fan's reserved a checkout a moment ago and has not stored its session yet
    await startHarness();
    const fan = await createSignedInAccount('fan');
    const other = {
      attempt: 'the-other-request',
      request: JSON.stringify([1500, 30, 12, 40, true]),
      createdAt: paymentsDependencies().clock.now().toISOString(),
    };
    expect(await reserveCheckout(testTable(), fan.userId, other, null)).toBe(true);
    const waits: number[] = [];
    setConcurrentCheckoutWait((ms) => {
      waits.push(ms);
      return Promise.resolve();
    });
    // Act
    const reply = await requestCheckout(fan, 1000);
    // Assess
    expect(reply.statusCode).toBe(409);
    expect(bodyOf(reply)['code']).toBe('checkout_in_progress');
    expect(waits).toEqual([200, 200, 200, 200, 200]);
    expect(concurrentCheckoutWaitMs).toBe(200);
    expect(await getCheckoutReservation(testTable(), fan.userId)).toMatchObject({
      attempt: 'the-other-request',
      sessionId: null,
    });
  });
});
