// Customers: create, retrieve, update, list (by email), delete.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import type { FormObject } from '../form';
import { filterBy, paginate } from '../lists';
import { optionalString, readMetadata } from '../params';
import type { Router } from '../router';
import { templateCustomer } from '../templates/checkout';

export function createCustomer(
  core: SandboxCore,
  input: { email: string | null; name: string | null; metadata: Record<string, string> },
): Stripe.Customer {
  const customer: Stripe.Customer = {
    ...templateCustomer(),
    id: core.newId('cus'),
    created: core.now(),
    email: input.email,
    name: input.name,
    metadata: input.metadata,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
  };
  core.put('customer', customer);
  core.raise('customer.created', customer);
  return customer;
}

function update(core: SandboxCore, customer: Stripe.Customer, params: FormObject): Stripe.Customer {
  const email = optionalString(params, 'email');
  const name = optionalString(params, 'name');
  if (email !== undefined) customer.email = email || null;
  if (name !== undefined) customer.name = name || null;
  customer.metadata = readMetadata(params, customer.metadata);
  core.raise('customer.updated', customer);
  return customer;
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/customers', ({ core, params }) =>
      createCustomer(core, {
        email: optionalString(params, 'email') ?? null,
        name: optionalString(params, 'name') ?? null,
        metadata: readMetadata(params),
      }),
    )
    .on('GET', '/v1/customers', ({ core, params }) =>
      paginate(
        core,
        filterBy(core.all('customer'), params, 'email', (c) => c.email),
        params,
        '/v1/customers',
      ),
    )
    .on('GET', '/v1/customers/{}', ({ core, args }) => core.get('customer', args[0] ?? ''))
    .on('POST', '/v1/customers/{}', ({ core, args, params }) =>
      update(core, core.get('customer', args[0] ?? ''), params),
    )
    .on('DELETE', '/v1/customers/{}', ({ core, args }) => {
      const customer = core.get('customer', args[0] ?? '');
      delete core.state.objects.customer[customer.id];
      core.raise('customer.deleted', customer);
      return { id: customer.id, object: 'customer', deleted: true };
    });
}
