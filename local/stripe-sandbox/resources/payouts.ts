// Payouts of a connected account (with Stripe-Account) from its available balance: `payout.created`, then
// `payout.paid` when the clock passes the arrival date (two days later).
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { daySeconds } from '../core';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form';
import { paginate } from '../lists';
import { createBalanceTransaction } from '../money';
import { readMetadata, requireInteger, requireString } from '../params';
import type { Router } from '../router';
import { templatePayout } from '../templates/connect';
import { balanceOf } from './balance';

function createPayout(core: SandboxCore, params: FormObject, account: string | null): Stripe.Payout {
  if (!account) throw invalidRequest('The sandbox pays out connected accounts only: pass Stripe-Account.');
  const connected = core.get('account', account, 'account');
  if (!connected.payouts_enabled) {
    throw invalidRequest('Payouts are not enabled on this account.', undefined, 'payouts_not_allowed');
  }
  const amount = requireInteger(params, 'amount');
  if (amount <= 0) throw invalidRequest('Amount must be at least 1 cent.', 'amount');
  if (balanceOf(core, account).available < amount) {
    throw invalidRequest(
      'You have insufficient funds in your Stripe account for this transfer.',
      'amount',
      'balance_insufficient',
    );
  }
  const id = core.newId('po');
  const now = core.now();
  const transaction = createBalanceTransaction(core, {
    amount: -amount,
    currency: requireString(params, 'currency').toLowerCase(),
    fee: 0,
    feeDescription: '',
    source: id,
    type: 'payout',
    reportingCategory: 'payout',
    description: 'STRIPE PAYOUT',
    account,
    availableOn: now,
  });
  const payout: Stripe.Payout = {
    ...templatePayout(),
    id,
    amount,
    arrival_date: now + 2 * daySeconds,
    automatic: false,
    balance_transaction: transaction.id,
    created: now,
    currency: transaction.currency,
    destination: null,
    metadata: readMetadata(params),
    status: 'pending',
    trace_id: null,
  };
  core.put('payout', payout);
  core.state.owners[id] = account;
  core.schedule({ at: payout.arrival_date, kind: 'payout-arrives', payout: id });
  core.raise('payout.created', payout, undefined, account);
  return payout;
}

export function arrivePayout(core: SandboxCore, payoutId: string): void {
  const payout = core.find('payout', payoutId);
  if (!payout || payout.status !== 'pending') return;
  payout.status = 'paid';
  core.raise('payout.paid', payout, undefined, core.ownerOf(payout.id));
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/payouts', ({ core, params, account }) => createPayout(core, params, account))
    .on('GET', '/v1/payouts', ({ core, params, account }) =>
      paginate(
        core,
        core.all('payout').filter((payout) => core.ownerOf(payout.id) === account),
        params,
        '/v1/payouts',
      ),
    )
    .on('GET', '/v1/payouts/{}', ({ core, args }) => core.get('payout', args[0] ?? ''));
}
