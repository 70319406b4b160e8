// Connect accounts created with `controller` properties (Stripe-hosted onboarding, Express dashboard, the platform
// pays fees and bears losses), single-use expiring account links to the sandbox's onboarding page, login links to
// its dashboard page. Completing onboarding enables charges and payouts and raises `account.updated`.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form';
import { paginate } from '../lists';
import { optionalObject, optionalString, readMetadata, requireString } from '../params';
import type { Router } from '../router';
import { templateAccount } from '../templates/connect';

const onboardingRequirements = [
  'business_profile.url',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
];
const linkLifetimeSeconds = 300;

function createAccount(core: SandboxCore, params: FormObject): Stripe.Account {
  const controllerParams = optionalObject(params, 'controller') ?? {};
  const template = templateAccount();
  const id = `acct_${core.newId('x').slice(2, 18)}`;
  const fees = optionalObject(controllerParams, 'fees');
  const losses = optionalObject(controllerParams, 'losses');
  const dashboard = optionalObject(controllerParams, 'stripe_dashboard');
  const requirements = optionalString(controllerParams, 'requirement_collection');
  const account: Stripe.Account = {
    ...template,
    id,
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: null,
      minority_owned_business_designation: null,
      name: null,
      product_description: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      specified_commercial_transactions_act_url: null,
      support_url: null,
      url: null,
    },
    business_type: null,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    controller: {
      fees: { payer: fees?.payer === 'account' ? 'account' : 'application' },
      is_controller: true,
      losses: { payments: losses?.payments === 'stripe' ? 'stripe' : 'application' },
      requirement_collection: requirements === 'application' ? 'application' : 'stripe',
      stripe_dashboard: {
        type: dashboard?.type === 'full' ? 'full' : dashboard?.type === 'none' ? 'none' : 'express',
      },
      type: 'application',
    },
    country: optionalString(params, 'country') ?? 'US',
    created: core.now(),
    default_currency: 'usd',
    details_submitted: false,
    email: optionalString(params, 'email') ?? null,
    external_accounts: {
      object: 'list',
      data: [],
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    },
    metadata: readMetadata(params),
    payouts_enabled: false,
    requirements: requirementsOf(onboardingRequirements),
    future_requirements: requirementsOf([]),
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: 'none',
  };
  core.put('account', account);
  return account;
}

function requirementsOf(due: string[]): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}

/** The onboarding page's POST: what a person submits at Stripe's hosted onboarding. */
export function completeOnboarding(
  core: SandboxCore,
  linkId: string,
  input: { name: string },
): { ok: true; returnUrl: string } | { ok: false; refreshUrl: string | null } {
  const link = core.state.accountLinks[linkId];
  if (!link) return { ok: false, refreshUrl: null };
  if (link.used || link.expiresAt <= core.now()) return { ok: false, refreshUrl: link.refreshUrl };
  link.used = true;
  const account = core.get('account', link.account);
  const previous = {
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    details_submitted: account.details_submitted,
    requirements: account.requirements,
  };
  account.business_profile = {
    ...account.business_profile,
    name: input.name || null,
  } as Stripe.Account.BusinessProfile;
  account.capabilities = { card_payments: 'active', transfers: 'active' };
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.details_submitted = true;
  account.requirements = requirementsOf([]);
  account.tos_acceptance = { date: core.now(), ip: '127.0.0.1', user_agent: 'OpenPie sandbox' };
  core.raise('account.updated', account, previous as Partial<Stripe.Account>, account.id);
  return { ok: true, returnUrl: link.returnUrl };
}

function createAccountLink(core: SandboxCore, params: FormObject): Stripe.AccountLink {
  const account = core.get('account', requireString(params, 'account'), 'account', 'account');
  const type = requireString(params, 'type');
  if (type !== 'account_onboarding' && type !== 'account_update') {
    throw invalidRequest(`Invalid type: ${type}`, 'type');
  }
  const id = core.newId('al');
  const now = core.now();
  core.state.accountLinks[id] = {
    account: account.id,
    refreshUrl: requireString(params, 'refresh_url'),
    returnUrl: requireString(params, 'return_url'),
    expiresAt: now + linkLifetimeSeconds,
    used: false,
  };
  return {
    object: 'account_link',
    created: now,
    expires_at: now + linkLifetimeSeconds,
    url: `${core.publicUrl}/_sandbox/stripe/connect/onboarding/${id}`,
  };
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/accounts', ({ core, params }) => createAccount(core, params))
    .on('GET', '/v1/accounts', ({ core, params }) =>
      paginate(
        core,
        core.all('account').map((account) => ({ ...account, created: account.created ?? 0 })),
        params,
        '/v1/accounts',
      ),
    )
    .on('GET', '/v1/accounts/{}', ({ core, args }) => core.get('account', args[0] ?? ''))
    .on('GET', '/v1/account', ({ core, account }) => {
      if (!account) throw invalidRequest('The sandbox has no platform account object; pass Stripe-Account.');
      return core.get('account', account);
    })
    .on('POST', '/v1/accounts/{}', ({ core, args, params }) => {
      const account = core.get('account', args[0] ?? '');
      const previous = { metadata: account.metadata };
      account.metadata = readMetadata(params, account.metadata ?? {});
      const email = optionalString(params, 'email');
      if (email !== undefined) account.email = email || null;
      core.raise('account.updated', account, previous, account.id);
      return account;
    })
    .on('DELETE', '/v1/accounts/{}', ({ core, args }) => {
      const account = core.get('account', args[0] ?? '');
      delete core.state.objects.account[account.id];
      return { id: account.id, object: 'account', deleted: true };
    })
    .on('POST', '/v1/account_links', ({ core, params }) => createAccountLink(core, params))
    .on('POST', '/v1/accounts/{}/login_links', ({ core, args }): Stripe.LoginLink => {
      const account = core.get('account', args[0] ?? '');
      if (!account.details_submitted) {
        throw invalidRequest('Cannot create a login link for an account that has not completed onboarding.');
      }
      return {
        object: 'login_link',
        created: core.now(),
        url: `${core.publicUrl}/_sandbox/stripe/connect/dashboard/${account.id}`,
      };
    });
}
