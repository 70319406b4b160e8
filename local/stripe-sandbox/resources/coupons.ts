// Coupons and promotion codes: create, retrieve, list (applying them to a Checkout is not simulated).
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
  requireString,
} from '../params';
import type { Router } from '../router';
import { templateCoupon, templatePromotionCode } from '../templates/checkout';

function createCoupon(core: SandboxCore, params: FormObject): Stripe.Coupon {
  const percentOff = optionalString(params, 'percent_off');
  const amountOff = optionalInteger(params, 'amount_off');
  if (percentOff === undefined && amountOff === undefined) {
    throw invalidRequest('You must pass either amount_off or percent_off.', 'percent_off');
  }
  const duration = optionalString(params, 'duration') ?? 'once';
  if (duration !== 'once' && duration !== 'repeating' && duration !== 'forever') {
    throw invalidRequest(`Invalid duration: ${duration}`, 'duration');
  }
  const id = optionalString(params, 'id') ?? core.newId('co').slice(3, 11);
  if (core.find('coupon', id))
    throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
  const coupon: Stripe.Coupon = {
    ...templateCoupon(),
    id,
    amount_off: amountOff ?? null,
    created: core.now(),
    currency: amountOff === undefined ? null : requireString(params, 'currency'),
    duration,
    duration_in_months:
      duration === 'repeating' ? (optionalInteger(params, 'duration_in_months') ?? null) : null,
    max_redemptions: optionalInteger(params, 'max_redemptions') ?? null,
    metadata: readMetadata(params),
    name: optionalString(params, 'name') ?? null,
    percent_off: percentOff === undefined ? null : Number(percentOff),
    redeem_by: optionalInteger(params, 'redeem_by') ?? null,
    times_redeemed: 0,
    valid: true,
  };
  core.put('coupon', coupon);
  core.raise('coupon.created', coupon);
  return coupon;
}

function createPromotionCode(core: SandboxCore, params: FormObject): Stripe.PromotionCode {
  const promotion = optionalObject(params, 'promotion');
  const couponId = promotion ? requireString(promotion, 'coupon') : requireString(params, 'coupon');
  const coupon = core.get('coupon', couponId, 'coupon', 'promotion[coupon]');
  const code = optionalString(params, 'code') ?? core.newId('x').slice(2, 10).toUpperCase();
  if (core.all('promotion_code').some((existing) => existing.code === code && existing.active)) {
    throw invalidRequest('An active promotion code with this code already exists.', 'code');
  }
  const template = templatePromotionCode();
  const promotionCode: Stripe.PromotionCode = {
    ...template,
    id: core.newId('promo'),
    active: optionalBoolean(params, 'active') ?? true,
    code,
    created: core.now(),
    customer: optionalString(params, 'customer') ?? null,
    expires_at: optionalInteger(params, 'expires_at') ?? null,
    max_redemptions: optionalInteger(params, 'max_redemptions') ?? null,
    metadata: readMetadata(params),
    promotion: { type: 'coupon', coupon: coupon.id },
    times_redeemed: 0,
  };
  core.put('promotion_code', promotionCode);
  core.raise('promotion_code.created', promotionCode);
  return promotionCode;
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/coupons', ({ core, params }) => createCoupon(core, params))
    .on('GET', '/v1/coupons', ({ core, params }) => paginate(core, core.all('coupon'), params, '/v1/coupons'))
    .on('GET', '/v1/coupons/{}', ({ core, args }) => core.get('coupon', args[0] ?? ''))
    .on('DELETE', '/v1/coupons/{}', ({ core, args }) => {
      const coupon = core.get('coupon', args[0] ?? '');
      delete core.state.objects.coupon[coupon.id];
      core.raise('coupon.deleted', coupon);
      return { id: coupon.id, object: 'coupon', deleted: true };
    })
    .on('POST', '/v1/promotion_codes', ({ core, params }) => createPromotionCode(core, params))
    .on('GET', '/v1/promotion_codes', ({ core, params }) => {
      let codes = filterBy(core.all('promotion_code'), params, 'code', (p) => p.code);
      const active = optionalBoolean(params, 'active');
      if (active !== undefined) codes = codes.filter((p) => p.active === active);
      return paginate(core, codes, params, '/v1/promotion_codes');
    })
    .on('GET', '/v1/promotion_codes/{}', ({ core, args }) =>
      core.get('promotion_code', args[0] ?? '', 'promotion code'),
    );
}
