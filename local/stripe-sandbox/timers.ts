// What falls due as the clock moves, run in time order at each timer's own instant: renewals, dunning retries,
// funds becoming available, Checkout Sessions expiring.
import type Stripe from 'stripe';
import { renewSubscription, retryInvoice } from './billing';
import type { SandboxCore } from './core';
import { arrivePayout } from './resources/payouts';
import type { Timer } from './store';

export async function runDueTimers(core: SandboxCore): Promise<number> {
  const now = core.now();
  let ran = 0;
  // A timer may schedule another that is also due (two renewals in a long jump): take them one at a time.
  for (;;) {
    const due = core.state.timers
      .filter((timer) => timer.at <= now)
      .sort((a, b) => a.at - b.at || order(a) - order(b))[0];
    if (!due) return ran;
    core.state.timers.splice(core.state.timers.indexOf(due), 1);
    await core.runAt(due.at, () => runTimer(core, due));
    ran++;
  }
}

/** At one instant, funds first, then retries, then renewals. */
function order(timer: Timer): number {
  return { available: 0, 'payout-arrives': 1, 'expire-session': 2, retry: 3, renew: 4 }[timer.kind];
}

function runTimer(core: SandboxCore, timer: Timer): void {
  switch (timer.kind) {
    case 'renew':
      renewSubscription(core, timer.subscription);
      return;
    case 'retry':
      retryInvoice(core, timer.invoice);
      return;
    case 'available':
      makeAvailable(core.find('balance_transaction', timer.balanceTransaction));
      return;
    case 'payout-arrives':
      arrivePayout(core, timer.payout);
      return;
    case 'expire-session': {
      const session = core.find('checkout.session', timer.session);
      if (session?.status === 'open') {
        session.status = 'expired';
        session.url = null;
        core.raise('checkout.session.expired', session);
      }
      return;
    }
  }
}

function makeAvailable(transaction: Stripe.BalanceTransaction | undefined): void {
  if (transaction) transaction.status = 'available';
}
