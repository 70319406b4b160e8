// Products and prices, including the inline `price_data` (with `product_data`) that Checkout lines carry.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form';
import { filterBy, paginate } from '../lists';
import {
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  readMetadata,
  requireInteger,
  requireString,
} from '../params';
import type { Router } from '../router';
import { templatePrice, templateProduct } from '../templates/checkout';

export function createProduct(core: SandboxCore, params: FormObject): Stripe.Product {
  const product: Stripe.Product = {
    ...templateProduct(),
    id: optionalString(params, 'id') ?? core.newId('prod'),
    active: optionalBoolean(params, 'active') ?? true,
    created: core.now(),
    default_price: null,
    description: optionalString(params, 'description') ?? null,
    images: [],
    marketing_features: [],
    metadata: readMetadata(params),
    name: requireString(params, 'name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    unit_label: null,
    updated: core.now(),
    url: null,
  };
  if (core.find('product', product.id)) {
    throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
  }
  core.put('product', product);
  core.raise('product.created', product);
  return product;
}

const intervals = ['day', 'week', 'month', 'year'] as const;

/** A price from `price` parameters or a line's `price_data`; `product_data` creates its product. */
export function createPrice(core: SandboxCore, params: FormObject, param = 'price'): Stripe.Price {
  const productData = optionalObject(params, 'product_data');
  const product = productData
    ? createProduct(core, productData).id
    : core.get('product', requireString(params, 'product'), 'product', 'product').id;
  const recurringParams = optionalObject(params, 'recurring');
  let recurring: Stripe.Price.Recurring | null = null;
  if (recurringParams) {
    const interval = requireString(recurringParams, 'interval');
    const known = intervals.find((value) => value === interval);
    if (!known)
      throw invalidRequest(`Invalid recurring[interval]: ${interval}`, `${param}[recurring][interval]`);
    const count = optionalInteger(recurringParams, 'interval_count') ?? 1;
    if (count < 1 || (known === 'day' && count > 1095)) {
      throw invalidRequest('Invalid recurring[interval_count].', `${param}[recurring][interval_count]`);
    }
    recurring = {
      interval: known,
      interval_count: count,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }
  const amount = requireInteger(params, 'unit_amount');
  if (amount < 0) throw invalidRequest('Invalid unit_amount.', `${param}[unit_amount]`);
  const price: Stripe.Price = {
    ...templatePrice(),
    id: core.newId('price'),
    active: true,
    created: core.now(),
    currency: requireString(params, 'currency').toLowerCase(),
    custom_unit_amount: null,
    lookup_key: optionalString(params, 'lookup_key') ?? null,
    metadata: readMetadata(params),
    nickname: optionalString(params, 'nickname') ?? null,
    product,
    recurring,
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: amount,
    unit_amount_decimal: null,
  };
  core.put('price', price);
  core.raise('price.created', price);
  return price;
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/products', ({ core, params }) => createProduct(core, params))
    .on('GET', '/v1/products', ({ core, params }) =>
      paginate(core, core.all('product'), params, '/v1/products'),
    )
    .on('GET', '/v1/products/{}', ({ core, args }) => core.get('product', args[0] ?? ''))
    .on('POST', '/v1/prices', ({ core, params }) => createPrice(core, params))
    .on('GET', '/v1/prices', ({ core, params }) =>
      paginate(
        core,
        filterBy(core.all('price'), params, 'product', (p) => p.product),
        params,
        '/v1/prices',
      ),
    )
    .on('GET', '/v1/prices/{}', ({ core, args }) => core.get('price', args[0] ?? ''));
}
