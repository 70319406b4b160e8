// Every machine code a failure reply may carry, with its HTTP status and the sentence people see when the thrower
// gives none. The SPA switches on these codes, never on messages; AppError and HttpError accept only codes listed
// here (a free string fails the typecheck), so a code cannot appear in one place and be unknown in another.

interface ErrorDefinition {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 501 | 503;
  readonly message: string;
}

export const errorRegistry = {
  // The request edge (functions/handlers/lib/resource.ts) and the generic kinds of domain/errors.ts.
  bad_request: { status: 400, message: 'This request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  unauthorized: { status: 401, message: 'Please sign in to continue.' },
  forbidden: { status: 403, message: 'You are not allowed to do this.' },
  not_found: { status: 404, message: 'We could not find what you asked for.' },
  method_not_allowed: { status: 405, message: 'This address does not answer this method.' },
  conflict: { status: 409, message: 'This changed at the same time elsewhere. Please try again.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: {
    status: 415,
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  validation_failed: { status: 422, message: 'Some fields need attention.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please wait a moment and try again.' },
  internal_error: {
    status: 500,
    message:
      'Something went wrong on our side. Please try again; if it keeps happening, contact support with this request id.',
  },
  not_implemented: { status: 501, message: 'This part of OpenPie is not available yet.' },
  unavailable: { status: 503, message: 'This is not available right now. Please try again later.' },
  unhealthy: { status: 503, message: 'OpenPie cannot reach its database right now.' },

  // Accounts, links and the human check (services/identity.ts, integrations/captcha.ts).
  invalid_credentials: { status: 401, message: 'The e-mail or password is incorrect.' },
  email_taken: { status: 409, message: 'An account with this e-mail already exists. Please log in.' },
  email_in_use: {
    status: 409,
    message: 'An account with this e-mail already exists. Please log in with it, then connect this account.',
  },
  promotion_already_used: { status: 409, message: 'This e-mail has already used the free promotion.' },
  link_invalid: { status: 400, message: 'This link is not valid.' },
  link_used: { status: 400, message: 'This link has already been used.' },
  link_expired: { status: 400, message: 'This link has expired.' },
  captcha_failed: { status: 400, message: 'We could not confirm that you are a person. Please try again.' },
  captcha_unavailable: { status: 503, message: 'We could not complete the human check. Please try again.' },

  // Social sign-in and connections (services/social-sign-in.ts, integrations/oauth/errors.ts).
  already_connected: { status: 409, message: 'This account is already connected.' },
  not_connected: { status: 409, message: 'This account is not connected.' },
  last_sign_in_method: {
    status: 409,
    message: 'This is the only way you sign in, so it cannot be disconnected.',
  },
  not_staff: { status: 403, message: 'This account has no OpenPie staff account.' },
  staff_email_refused: { status: 403, message: 'Only verified staff Google accounts can sign in here.' },
  social_sign_in_cancelled: { status: 400, message: 'The sign-in was cancelled.' },
  social_sign_in_state_invalid: {
    status: 400,
    message: 'This sign-in could not be verified. Please start again.',
  },
  social_sign_in_failed: { status: 400, message: 'The sign-in failed. Please try again.' },
  social_provider_unavailable: { status: 503, message: 'The provider is not answering right now.' },
  social_provider_not_configured: { status: 503, message: 'This sign-in is not available.' },

  // Listening (services/listening, contracts/spotify-sync.ts).
  spotify_not_configured: { status: 503, message: 'Spotify is not available right now.' },
  spotify_not_connected: {
    status: 409,
    message: 'Connect your Spotify account first, then sync your listening.',
  },
  spotify_connection_broken: { status: 409, message: 'Spotify refused the connection. Please reconnect it.' },
  spotify_rate_limited: {
    status: 429,
    message: 'Spotify asked us to slow down. Please try again in a moment.',
  },

  // Fan profile and claim reports.
  username_taken: { status: 409, message: 'That username is taken. Please choose another one.' },
  artist_not_found: { status: 404, message: 'We do not know this artist on OpenPie.' },
  report_repeated: { status: 409, message: 'You have already reported this claim.' },

  // The ledger (services/ledger.ts).
  insufficient_balance: { status: 409, message: 'There is not enough money in this balance for that.' },
  idempotency_key_reused: {
    status: 409,
    message: 'This request was already made with different details.',
  },
  already_reversed: { status: 409, message: 'This transaction has already been reversed.' },

  // Payments, the wallet and the /try promo (services/payments, services/promo).
  email_not_verified: {
    status: 403,
    message: 'Please verify your e-mail address first: we sent you a link. You can ask for a new one.',
  },
  active_pie_exists: {
    status: 409,
    message: 'You already have an active pie. You can change its settings or cancel it on My pies.',
  },
  checkout_in_progress: {
    status: 409,
    message: 'Your checkout is being prepared in another window. Please try again in a moment.',
  },
  subscription_not_found: { status: 404, message: 'We could not find this subscription.' },
  no_billing_account: {
    status: 409,
    message: 'You have no billing account yet: it is created with your first card payment.',
  },
  promo_unavailable: { status: 409, message: 'No promotion codes are available' },
  promo_not_eligible: {
    status: 403,
    message: 'This account did not sign up through the free pie offer, so it cannot use it.',
  },
  promo_spotify_required: {
    status: 403,
    message: 'Connect your Spotify account first: a free pie is split on what you listen to there.',
  },
  stripe_signature_invalid: { status: 400, message: 'The Stripe signature of this webhook is not valid.' },
  payment_provider_unavailable: {
    status: 503,
    message: 'Our payment provider is not answering right now. Please try again in a moment.',
  },

  // The pie calls (services/pie).
  pie_closed: {
    status: 409,
    message: 'This pie has ended or been split, so it can no longer be changed.',
  },
  no_active_pie: { status: 409, message: 'You have no active pie to change.' },
  pie_ban_limit_reached: {
    status: 409,
    message: 'You have banned as many artists as you can. Lift a ban before adding another.',
  },
  pie_inclusion_limit_reached: {
    status: 409,
    message: 'This pie has as many artist choices as it can hold. Hand one back to the settings first.',
  },

  // Offices and members (services/offices).
  office_not_empty: {
    status: 409,
    message: 'This office still holds money or claims, so it cannot be deleted yet.',
  },
  last_admin: {
    status: 409,
    message: 'An office needs at least one admin: make another member an admin first.',
  },
  // Deleting the account of an office's last admin (services/offices/leaving-offices.ts; decision 032).
  last_office_admin: {
    status: 409,
    message:
      'You are the last admin of an office that still holds money or claims. Make another member an admin, or pay it out and delete the office, before you delete your account.',
  },
  too_many_offices: {
    status: 409,
    message: 'You belong to too many offices to delete your account at once. Leave some of them first.',
  },
  // Invitations (services/offices/invitations.ts; decision 026).
  already_member: { status: 409, message: 'This person is already a member of this office.' },
  invitation_pending: {
    status: 409,
    message: 'This person has already been invited. Send the invitation again instead.',
  },
  office_full: { status: 409, message: 'An office can have at most 49 members and invitations.' },
  invitation_email_mismatch: {
    status: 403,
    message: 'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  },
  invitation_expired: {
    status: 409,
    message: 'This invitation has expired. Ask the office to send it again.',
  },
  invitation_used: { status: 409, message: 'This invitation has already been accepted.' },

  // Stripe Connect onboarding (services/connect).
  payout_account_not_onboarded: {
    status: 409,
    message: 'This office has not finished setting up payouts with Stripe yet.',
  },
  // Payouts (services/connect/payouts.ts; decision 029).
  payout_account_not_ready: {
    status: 409,
    message: 'Stripe has not enabled payouts for this office yet: finish setting up payouts first.',
  },
  payout_in_progress: {
    status: 409,
    message: 'A payout of this office is already on its way. Try again once it has been sent.',
  },
  payout_below_minimum: { status: 409, message: 'A payout must be at least the minimum amount.' },
  payout_exceeds_payable: { status: 409, message: 'A payout cannot be more than the office balance.' },
  payout_fees_exceed_amount: { status: 409, message: 'The fees would take the whole payout.' },

  // Claims (services/claims).
  artist_already_claimed: {
    status: 409,
    message: 'This artist has already been claimed successfully by an office.',
  },
  claim_already_open: {
    status: 409,
    message: 'Your office already has an open claim for this artist.',
  },
  verification_string_taken: {
    status: 409,
    message: 'This verification string is already in use. Go back and generate a new one.',
  },
  claim_not_pending: { status: 409, message: 'Only a pending claim can be deleted.' },
  claim_transition_not_allowed: {
    status: 409,
    message: 'A claim cannot move to this status from its current one.',
  },
  // Staff's decisions and the release of held earnings (services/claims/staff-claims.ts, release.ts; decision 028).
  claim_not_successful: {
    status: 409,
    message: 'Only a successful claim releases the held earnings of its artist.',
  },
  // Artists heard only by name (services/pie/name-only-artists.ts; decision 036).
  name_already_resolved: {
    status: 409,
    message: 'This name already belongs to another catalogue artist.',
  },
  name_does_not_match: {
    status: 422,
    message:
      'This catalogue artist does not have this name, so the money held for the name cannot go to them.',
  },
  // Claim verification (services/claims/verification.ts; decision 027).
  claim_not_verifiable: {
    status: 409,
    message: 'Only a pending claim can be verified.',
  },
  // Staff's actions (services/admin/office-actions.ts, staff-refunds.ts; decision 043).
  no_stripe_connection: { status: 409, message: 'This office has no Stripe connection to remove.' },
  payout_in_flight: {
    status: 409,
    message: 'A payout of this office is on its way. Remove the connection once it has arrived or failed.',
  },
  office_has_admin: {
    status: 409,
    message: 'This office has an admin: its admins invite new members themselves.',
  },
  refund_exceeds_payment: {
    status: 422,
    message: 'This is more than what is left to refund of the payment.',
  },
  payment_not_refundable: {
    status: 409,
    message: 'Stripe cannot refund this payment (it may be disputed or refunded already).',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorRegistry;
export type ErrorStatus = ErrorDefinition['status'];

/** The registered codes whose status is `S` (an AppError's code must share its kind's status). */
export type ErrorCodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof errorRegistry)[C]['status'] extends S ? C : never;
}[ErrorCode];

export const errorCodes = Object.keys(errorRegistry) as ErrorCode[];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorRegistry, value);
}

export function statusOfErrorCode(code: ErrorCode): ErrorStatus {
  return errorRegistry[code].status;
}
