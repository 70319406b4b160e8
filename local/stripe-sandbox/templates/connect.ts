// Stripe's own examples (thirdparty/stripe/fixtures3.json) as typed starting points: every object the sandbox
// builds starts from one, so its key set follows Stripe's and a shape drift of the `stripe` package fails typecheck.
// Generated once from the fixtures; builders override every value that means something. This module: Connect: connected accounts, their onboarding and login links, balances, transfers and their reversals, and
// bank payouts.
import type Stripe from 'stripe';

export function templateAccount(): Stripe.Account {
  return {
    business_profile: {
      annual_revenue: { amount: null, currency: null, fiscal_year_end: null },
      estimated_worker_count: null,
      mcc: null,
      name: null,
      product_description: null,
      support_address: {
        city: null,
        country: null,
        line1: null,
        line2: null,
        postal_code: null,
        state: null,
      },
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
      minority_owned_business_designation: null,
      specified_commercial_transactions_act_url: null,
    },
    business_type: null,
    capabilities: { card_payments: 'active', transfers: 'active' },
    charges_enabled: false,
    controller: { type: 'account' },
    country: 'US',
    created: 1234567890,
    default_currency: 'usd',
    details_submitted: false,
    email: 'site@stripe.com',
    external_accounts: {
      data: [],
      has_more: false,
      object: 'list',
      url: '/v1/accounts/acct_1PgafTB7WZ01zgkW/external_accounts',
    },
    future_requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    },
    id: 'acct_1PgafTB7WZ01zgkW',
    metadata: {},
    object: 'account',
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [
        'business_profile.product_description',
        'business_profile.support_phone',
        'business_profile.url',
        'external_account',
        'tos_acceptance.date',
        'tos_acceptance.ip',
      ],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: [
        'business_profile.product_description',
        'business_profile.support_phone',
        'business_profile.url',
        'external_account',
        'tos_acceptance.date',
        'tos_acceptance.ip',
      ],
      past_due: [],
      pending_verification: [],
    },
    settings: {
      bacs_debit_payments: { display_name: null, service_user_number: null },
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_issuing: { tos_acceptance: { date: null, ip: null } },
      card_payments: {
        decline_on: { avs_failure: true, cvc_failure: true },
        statement_descriptor_prefix: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: null, timezone: 'Etc/UTC' },
      invoices: { default_account_tax_ids: null, hosted_payment_method_save: null },
      payments: {
        statement_descriptor: null,
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      payouts: {
        debit_negative_balances: true,
        schedule: { delay_days: 2, interval: 'daily' },
        statement_descriptor: null,
      },
      sepa_debit_payments: {},
    },
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: 'standard',
  };
}

export function templateAccountLink(): Stripe.AccountLink {
  return {
    created: 1234567890,
    expires_at: 1234567890,
    object: 'account_link',
    url: 'https://sangeekp-15t6ai--manage-mydev.dev.stripe.me/setup/s/acct_1PgafTB7WZ01zgkW/MerI6itPZo2K',
  };
}

export function templateLoginLink(): Stripe.LoginLink {
  return {
    created: 1234567890,
    object: 'login_link',
    url: 'https://sangeekp-15t6ai--manage-mydev.dev.stripe.me/express/acct_1PgafTB7WZ01zgkW/ehJImT2clfHr',
  };
}

export function templateBalance(): Stripe.Balance {
  return {
    available: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    connect_reserved: [{ amount: 0, currency: 'usd' }],
    livemode: false,
    object: 'balance',
    pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
  };
}

export function templateTransfer(): Stripe.Transfer {
  return {
    amount: 1100,
    amount_reversed: 0,
    balance_transaction: 'txn_1PgaxNB7WZ01zgkWEV3TLf40',
    created: 1234567890,
    currency: 'usd',
    description: null,
    destination: 'acct_1PgafTB7WZ01zgkW',
    destination_payment: 'py_QXhWZR8SdWquhf',
    id: 'tr_1Pgc7BB7WZ01zgkWVJfE40RX',
    livemode: false,
    metadata: {},
    object: 'transfer',
    reversals: {
      data: [],
      has_more: false,
      object: 'list',
      url: '/v1/transfers/tr_1Pgc7BB7WZ01zgkWVJfE40RX/reversals',
    },
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: null,
  };
}

export function templateTransferReversal(): Stripe.TransferReversal {
  return {
    amount: 1100,
    balance_transaction: null,
    created: 1234567890,
    currency: 'usd',
    destination_payment_refund: null,
    id: 'trr_1Pgc7BB7WZ01zgkWsU61ufNC',
    metadata: {},
    object: 'transfer_reversal',
    source_refund: null,
    transfer: 'tr_1Pgc7BB7WZ01zgkWVJfE40RX',
  };
}

export function templatePayout(): Stripe.Payout {
  return {
    amount: 1100,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: 1234567890,
    automatic: true,
    balance_transaction: 'txn_1PgaxNB7WZ01zgkWEV3TLf40',
    created: 1234567890,
    currency: 'usd',
    description: 'STRIPE PAYOUT',
    destination: 'ba_1Pgc79B7WZ01zgkWoU5vBiXt',
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    id: 'po_1Pgc79B7WZ01zgkWu1KToYf4',
    livemode: false,
    metadata: {},
    method: 'standard',
    object: 'payout',
    original_payout: null,
    reconciliation_status: 'completed',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: null,
    status: 'in_transit',
    type: 'bank_account',
    trace_id: { status: 'status', value: null },
    payout_method: null,
  };
}
