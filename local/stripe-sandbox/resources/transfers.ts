// Transfers from the platform's available balance (or against a `source_transaction`) to a connected account,
// tied by `transfer_group`; reversals at /v1/transfers/{id}/reversals bring money back.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { invalidRequest, StripeApiError } from '../errors';
import type { FormObject } from '../form';
import { filterBy, idOf, paginate } from '../lists';
import { createBalanceTransaction } from '../money';
import { optionalInteger, optionalString, readMetadata, requireInteger, requireString } from '../params';
import type { Router } from '../router';
import { templateTransfer, templateTransferReversal } from '../templates/connect';
import { balanceOf } from './balance';

function createTransfer(core: SandboxCore, params: FormObject): Stripe.Transfer {
  const amount = requireInteger(params, 'amount');
  if (amount <= 0) throw invalidRequest('Amount must be at least 1 cent.', 'amount');
  const currency = requireString(params, 'currency').toLowerCase();
  const destination = core.get('account', requireString(params, 'destination'), 'destination', 'destination');
  if (!destination.payouts_enabled && destination.capabilities?.transfers !== 'active') {
    throw invalidRequest(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'destination',
      'insufficient_capabilities_for_transfer',
    );
  }
  const sourceTransaction = optionalString(params, 'source_transaction');
  if (sourceTransaction) {
    core.get('charge', sourceTransaction, 'charge', 'source_transaction');
  } else if (balanceOf(core, null).available < amount) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'balance_insufficient',
      message:
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
    });
  }
  const id = core.newId('tr');
  const now = core.now();
  const outgoing = createBalanceTransaction(core, {
    amount: -amount,
    currency,
    fee: 0,
    feeDescription: '',
    source: id,
    type: 'transfer',
    reportingCategory: 'transfer',
    description: optionalString(params, 'description') ?? null,
    availableOn: now,
  });
  const payment = `py_${core.newId('x').slice(2)}`;
  createBalanceTransaction(core, {
    amount,
    currency,
    fee: 0,
    feeDescription: '',
    source: payment,
    type: 'payment',
    reportingCategory: 'charge',
    description: null,
    account: destination.id,
    availableOn: now,
  });
  const transfer: Stripe.Transfer = {
    ...templateTransfer(),
    id,
    amount,
    amount_reversed: 0,
    balance_transaction: outgoing.id,
    created: now,
    currency,
    description: optionalString(params, 'description') ?? null,
    destination: destination.id,
    destination_payment: payment,
    metadata: readMetadata(params),
    reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
    reversed: false,
    source_transaction: sourceTransaction ?? null,
    transfer_group: optionalString(params, 'transfer_group') ?? null,
  };
  core.put('transfer', transfer);
  core.raise('transfer.created', transfer);
  return transfer;
}

function reverseTransfer(
  core: SandboxCore,
  transfer: Stripe.Transfer,
  params: FormObject,
): Stripe.TransferReversal {
  const remaining = transfer.amount - transfer.amount_reversed;
  const amount = optionalInteger(params, 'amount') ?? remaining;
  if (amount <= 0 || amount > remaining) {
    throw invalidRequest('Amount is greater than the amount remaining on the transfer.', 'amount');
  }
  const destination = idOf(transfer.destination);
  if (destination && balanceOf(core, destination).available < amount) {
    throw invalidRequest(
      'The connected account has insufficient funds to reverse this transfer.',
      undefined,
      'balance_insufficient',
    );
  }
  const id = core.newId('trr');
  const now = core.now();
  const back = createBalanceTransaction(core, {
    amount,
    currency: transfer.currency,
    fee: 0,
    feeDescription: '',
    source: id,
    type: 'transfer_refund',
    reportingCategory: 'transfer_reversal',
    description: null,
    availableOn: now,
  });
  if (destination) {
    createBalanceTransaction(core, {
      amount: -amount,
      currency: transfer.currency,
      fee: 0,
      feeDescription: '',
      source: id,
      type: 'payment_refund',
      reportingCategory: 'refund',
      description: null,
      account: destination,
      availableOn: now,
    });
  }
  const reversal: Stripe.TransferReversal = {
    ...templateTransferReversal(),
    id,
    amount,
    balance_transaction: back.id,
    created: now,
    currency: transfer.currency,
    destination_payment_refund: null,
    metadata: readMetadata(params),
    source_refund: null,
    transfer: transfer.id,
  };
  transfer.amount_reversed += amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  transfer.reversals = { ...transfer.reversals, data: [reversal, ...transfer.reversals.data] };
  core.raise('transfer.reversed', transfer);
  return reversal;
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/transfers', ({ core, params }) => createTransfer(core, params))
    .on('GET', '/v1/transfers', ({ core, params }) => {
      let transfers = filterBy(core.all('transfer'), params, 'destination', (t) => idOf(t.destination));
      transfers = filterBy(transfers, params, 'transfer_group', (t) => t.transfer_group);
      return paginate(core, transfers, params, '/v1/transfers');
    })
    .on('GET', '/v1/transfers/{}', ({ core, args }) => core.get('transfer', args[0] ?? ''))
    .on('POST', '/v1/transfers/{}/reversals', ({ core, args, params }) =>
      reverseTransfer(core, core.get('transfer', args[0] ?? ''), params),
    )
    .on(
      'GET',
      '/v1/transfers/{}/reversals',
      ({ core, args }) => core.get('transfer', args[0] ?? '').reversals,
    );
}
