// Payment intents, charges and balance transactions: read-only here, as the sandbox creates them while paying.
// Balance transactions list as Stripe's do: each account its own, filtered by `source`, `type` and `created`; charges
// by `customer`, `payment_intent` and `created`.
import type { FormObject } from '../form';
import { filterBy, filterByCreated, idOf, paginate } from '../lists';
import type { Router } from '../router';
import type { SandboxCore } from '../core';

function listCharges(core: SandboxCore, params: FormObject) {
  let charges = filterBy(core.all('charge'), params, 'customer', (c) => idOf(c.customer));
  charges = filterBy(charges, params, 'payment_intent', (c) => idOf(c.payment_intent));
  return paginate(core, filterByCreated(charges, params), params, '/v1/charges');
}

export function register(router: Router): void {
  router
    .on('GET', '/v1/payment_intents', ({ core, params }) =>
      paginate(
        core,
        filterBy(core.all('payment_intent'), params, 'customer', (p) => idOf(p.customer)),
        params,
        '/v1/payment_intents',
      ),
    )
    .on('GET', '/v1/payment_intents/{}', ({ core, args }) => core.get('payment_intent', args[0] ?? ''))
    .on('GET', '/v1/charges', ({ core, params }) => listCharges(core, params))
    .on('GET', '/v1/charges/{}', ({ core, args }) => core.get('charge', args[0] ?? ''))
    .on('GET', '/v1/balance_transactions', ({ core, params, account }) => {
      // Each account sees its own: the platform's without Stripe-Account, a connected account's with it.
      let transactions = core.all('balance_transaction').filter((t) => core.ownerOf(t.id) === account);
      transactions = filterBy(transactions, params, 'source', (t) => idOf(t.source));
      transactions = filterBy(transactions, params, 'type', (t) => t.type);
      transactions = filterByCreated(transactions, params);
      return paginate(core, transactions, params, '/v1/balance_transactions');
    })
    .on('GET', '/v1/balance_transactions/{}', ({ core, args }) =>
      core.get('balance_transaction', args[0] ?? '', 'balance transaction'),
    );
}
