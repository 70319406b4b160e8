// Invoices (retrieve, list, lines) and invoice payments (`GET /v1/invoice_payments?invoice=…` or
// `?payment[type]=payment_intent&payment[payment_intent]=pi_…`: how a charge finds its invoice since basil).
import type { SandboxCore } from '../core';
import type { FormObject } from '../form';
import { filterBy, idOf, paginate } from '../lists';
import { optionalObject, optionalString } from '../params';
import type { Router } from '../router';

function listInvoicePayments(core: SandboxCore, params: FormObject) {
  let payments = filterBy(core.all('invoice_payment'), params, 'invoice', (p) => idOf(p.invoice));
  const payment = optionalObject(params, 'payment');
  if (payment) {
    const type = optionalString(payment, 'type');
    const intent = optionalString(payment, 'payment_intent');
    if (type) payments = payments.filter((p) => p.payment.type === type);
    if (intent) payments = payments.filter((p) => idOf(p.payment.payment_intent) === intent);
  }
  payments = filterBy(payments, params, 'status', (p) => p.status);
  return paginate(core, payments, params, '/v1/invoice_payments');
}

export function register(router: Router): void {
  router
    .on('GET', '/v1/invoices', ({ core, params }) => {
      let invoices = filterBy(core.all('invoice'), params, 'customer', (i) => idOf(i.customer));
      invoices = filterBy(invoices, params, 'status', (i) => i.status);
      invoices = filterBy(invoices, params, 'subscription', (i) =>
        idOf(i.parent?.subscription_details?.subscription),
      );
      return paginate(core, invoices, params, '/v1/invoices');
    })
    .on('GET', '/v1/invoices/{}', ({ core, args }) => core.get('invoice', args[0] ?? ''))
    .on('GET', '/v1/invoices/{}/lines', ({ core, args }) => {
      const invoice = core.get('invoice', args[0] ?? '');
      return { ...invoice.lines, url: `/v1/invoices/${invoice.id}/lines` };
    })
    .on('GET', '/v1/invoice_payments', ({ core, params }) => listInvoicePayments(core, params))
    .on('GET', '/v1/invoice_payments/{}', ({ core, args }) =>
      core.get('invoice_payment', args[0] ?? '', 'invoice_payment'),
    );
}
