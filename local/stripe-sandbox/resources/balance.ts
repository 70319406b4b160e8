// Balances, from the balance transactions of one account: the platform's without Stripe-Account, a connected
// account's with it. Available once a transaction's `available_on` has passed (advance()), pending before.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import type { Router } from '../router';

export function balanceOf(core: SandboxCore, account: string | null): { available: number; pending: number } {
  let available = 0;
  let pending = 0;
  for (const transaction of core.all('balance_transaction')) {
    if (core.ownerOf(transaction.id) !== account) continue;
    if (transaction.status === 'available') available += transaction.net;
    else pending += transaction.net;
  }
  return { available, pending };
}

function balanceObject(core: SandboxCore, account: string | null): Stripe.Balance {
  const { available, pending } = balanceOf(core, account);
  return {
    object: 'balance',
    available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
    connect_reserved: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    livemode: false,
    pending: [{ amount: pending, currency: 'usd', source_types: { card: pending } }],
  };
}

export function register(router: Router): void {
  router.on('GET', '/v1/balance', ({ core, account }) => {
    if (account) core.get('account', account, 'account');
    return balanceObject(core, account);
  });
}
