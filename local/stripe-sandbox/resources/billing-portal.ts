// Billing portal sessions: a URL of the sandbox's portal page for one customer, with its way back.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import type { FormObject } from '../form';
import { optionalString, requireString } from '../params';
import type { Router } from '../router';
import { templatePortalSession } from '../templates/checkout';

function createPortalSession(core: SandboxCore, params: FormObject): Stripe.BillingPortal.Session {
  const customer = core.get('customer', requireString(params, 'customer'), 'customer', 'customer');
  const id = core.newId('bps');
  const session: Stripe.BillingPortal.Session = {
    ...templatePortalSession(),
    id,
    configuration: 'bpc_sandbox_default',
    created: core.now(),
    customer: customer.id,
    flow: null,
    locale: null,
    on_behalf_of: null,
    return_url: optionalString(params, 'return_url') ?? null,
    url: `${core.publicUrl}/_sandbox/stripe/portal/${id}`,
  };
  core.put('billing_portal.session', session);
  return session;
}

export function register(router: Router): void {
  router.on('POST', '/v1/billing_portal/sessions', ({ core, params }) => createPortalSession(core, params));
}
