// The route manifest: every call the product answers, once, one line each. The CDK stack builds one API Gateway
// route per entry and one Lambda per resource from it; the local server routes with it (route-matcher.ts);
// handlers dispatch on its route keys. Each resource's request and reply schemas are in contracts/api/<resource>.ts:
// this file is data only and imports nothing, so infra/, local/ and the SPA may read it without pulling in a schema.

export const apiBasePaths = {
  fan: '/api',
  artist: '/api/for-artists',
  admin: '/api/admin',
} as const;
export type ApiBase = keyof typeof apiBasePaths;

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** Who may call a route. `stripe-webhook` is checked by signature, not by a session. */
export type Role = 'public' | 'fan' | 'artist' | 'admin' | 'stripe-webhook';

/** The Lambdas: one per resource. */
export const resources = [
  'health',
  'not-found',
  'dev',
  'webhooks-stripe',
  'fan-auth',
  'fan-social',
  'fan-payments',
  'fan-artists',
  'fan-tracks',
  'fan-user',
  'fan-pie',
  'fan-listening-sync',
  'fan-wallet',
  'fan-claims',
  'artist-auth',
  'artist-socials',
  'artist-payments',
  'artist-user',
  'artist-claims',
  'artist-search',
  'artist-offices',
  'admin-auth',
  'admin-dashboard',
  'admin-claims',
  'admin-artists',
  'admin-fans',
  'admin-finances',
  'admin-user-artists',
  'admin-offices',
  'admin-reconciliation',
  'admin-ledger',
  'admin-audit',
] as const;
export type Resource = (typeof resources)[number];

/** What a route may carry beyond method, path, resource and role. */
export interface RouteOptions {
  /** Body size class: `import` raises the limit for bulk uploads. */
  readonly bodyLimit?: 'default' | 'import';
  /** Served only by the local runtime (never deployed). */
  readonly localOnly?: boolean;
  /**
   * The handler gets the body's exact bytes: no content-type check, no JSON parsing (a signature is computed over
   * them, as Stripe's webhooks are).
   */
  readonly rawBody?: boolean;
  /**
   * A GET that changes state (starts a sign-in or a link, syncs, mints a link). A browser follows a cross-site link
   * with SameSite=Lax cookies, so such a GET is guarded like a POST:
   * - `same-site`: refused when the browser says it came from another site (Sec-Fetch-Site or Origin);
   * - `provider-callback`: the provider sends the browser back from its own site, so the sealed state cookie of the
   *   flow this browser started (integrations/oauth/state-cookie.ts) proves the request, not the site it came from.
   */
  readonly changesState?: 'same-site' | 'provider-callback';
}

export interface RouteDefinition extends RouteOptions {
  readonly method: HttpMethod;
  readonly base: ApiBase;
  /** Path below the base, in API Gateway syntax (`{name}` parameters). */
  readonly path: string;
  readonly resource: Resource;
  readonly role: Role;
}

/**
 * Body limits. Imports get more room, but Lambda's synchronous payload limit is 6 MB for the whole event (body,
 * headers, base64), so a body must stay well below it to reach the handler at all (docs/decisions/001).
 */
export const bodyLimitBytes = { default: 1024 * 1024, import: 4.5 * 1024 * 1024 } as const;

/** The reconciliation check types of DESIGN §5; each has a full and a minimal route. */
export const reconciliationTypes = ['ledger', 'wallet', 'escrow', 'pie', 'payout', 'stripe'] as const;
export type ReconciliationType = (typeof reconciliationTypes)[number];

type Row<
  M extends HttpMethod,
  B extends ApiBase,
  P extends string,
  Res extends Resource,
  R extends Role,
  O extends RouteOptions,
> = { readonly method: M; readonly base: B; readonly path: P; readonly resource: Res; readonly role: R } & O;

/** One manifest line under a base; `const` type parameters keep every field's literal type for RouteKey. */
function rowUnder<const B extends ApiBase>(base: B) {
  return <
    const M extends HttpMethod,
    const P extends `/${string}`,
    const Res extends Resource,
    const R extends Role,
    const O extends RouteOptions = Record<never, never>,
  >(
    method: M,
    path: P,
    resource: Res,
    role: R,
    options?: O,
  ): Row<M, B, P, Res, R, O> =>
    ({ method, base, path, resource, role, ...options }) as Row<M, B, P, Res, R, O>;
}

const fanApi = rowUnder('fan');
const artistApi = rowUnder('artist');
const adminApi = rowUnder('admin');

const stateChangingGet = { changesState: 'same-site' } as const;
const providerCallback = { changesState: 'provider-callback' } as const;

// Parameter names are shared by siblings at the same depth (API Gateway requires one name per position):
// `{pieId}` under /pie, `{officeId}` under /offices, `{member}` under members (an e-mail for DELETE, a user id
// otherwise), `{id}` elsewhere.
export const routes = [
  // System
  fanApi('GET', '/health', 'health', 'public'),
  fanApi('POST', '/webhooks/stripe', 'webhooks-stripe', 'stripe-webhook', { rawBody: true }),
  fanApi('GET', '/dev/outbox', 'dev', 'public', { localOnly: true }),
  // The product clock: answered by the local server itself (local/dev-time-routes.ts), so no deployed code has them.
  fanApi('GET', '/dev/time', 'dev', 'public', { localOnly: true }),
  fanApi('POST', '/dev/time/advance', 'dev', 'public', { localOnly: true }),

  // Fan authentication
  fanApi('POST', '/auth/login', 'fan-auth', 'public'),
  fanApi('POST', '/auth/register', 'fan-auth', 'public'),
  fanApi('POST', '/auth/logout', 'fan-auth', 'public'),
  fanApi('POST', '/auth/verify-email/{token}', 'fan-auth', 'public'),
  // Beyond SPEC §7: paying needs a verified e-mail, so a signed-in fan can ask for a new link.
  fanApi('POST', '/auth/resend-verification', 'fan-auth', 'fan'),
  fanApi('POST', '/auth/forgot-password', 'fan-auth', 'public'),
  fanApi('POST', '/auth/reset-password/{token}', 'fan-auth', 'public'),
  fanApi('POST', '/auth/link-google', 'fan-social', 'fan'),
  fanApi('POST', '/auth/link-twitter', 'fan-social', 'fan'),
  fanApi('POST', '/auth/link-facebook', 'fan-social', 'fan'),
  fanApi('POST', '/auth/disconnect-spotify', 'fan-social', 'fan'),
  fanApi('POST', '/auth/disconnect-google', 'fan-social', 'fan'),
  fanApi('POST', '/auth/disconnect-twitter', 'fan-social', 'fan'),
  fanApi('POST', '/auth/disconnect-facebook', 'fan-social', 'fan'),
  // A sign-in start with a fan's cookie links the provider to that fan, so it must come from our own pages.
  fanApi('GET', '/auth/loginSpotify', 'fan-social', 'public', stateChangingGet),
  fanApi('GET', '/auth/loginGoogle', 'fan-social', 'public', stateChangingGet),
  fanApi('GET', '/auth/loginTwitter', 'fan-social', 'public', stateChangingGet),
  fanApi('GET', '/auth/loginFacebookFan', 'fan-social', 'public', stateChangingGet),
  // Where Spotify, Google, X and Facebook send the browser back (`{provider}`: spotify, google, twitter, facebook).
  fanApi('GET', '/auth/callback/{provider}', 'fan-social', 'public', providerCallback),
  fanApi('DELETE', '/auth/account', 'fan-auth', 'fan'),

  // Fan payments and promo
  fanApi('GET', '/stripe/promoAvailability', 'fan-payments', 'public'),
  // Beyond SPEC §7: fees are shown before anyone pays, computed by the one fee rule on the server.
  fanApi('GET', '/stripe/feeQuote', 'fan-payments', 'public'),
  fanApi('GET', '/stripe/promoEligibility', 'fan-payments', 'fan'),
  fanApi('POST', '/stripe/createCheckout', 'fan-payments', 'fan'),
  fanApi('POST', '/stripe/createPromoSubscription', 'fan-payments', 'fan'),
  fanApi('POST', '/stripe/cancelSubscription', 'fan-payments', 'fan'),
  fanApi('GET', '/stripe/customerBillingAccount', 'fan-payments', 'fan', stateChangingGet),
  fanApi('GET', '/stripe/activeSubscription', 'fan-payments', 'fan'),
  fanApi('GET', '/stripe/refreshSubscription', 'fan-payments', 'fan', stateChangingGet),

  // Artists (fan side)
  fanApi('GET', '/artists', 'fan-artists', 'fan'),
  fanApi('GET', '/artists/details/{id}', 'fan-artists', 'public'),
  fanApi('GET', '/artists/user', 'fan-artists', 'fan'),
  fanApi('GET', '/artists/{id}/top-tracks', 'fan-artists', 'fan'),
  fanApi('GET', '/artists/details/user/{id}', 'fan-artists', 'fan'),
  fanApi('GET', '/artists/recent-listened', 'fan-artists', 'fan'),
  fanApi('GET', '/artists/recent-listened/{userId}', 'fan-artists', 'fan'),
  fanApi('GET', '/artists/user/{id}/top', 'fan-artists', 'fan'),
  fanApi('POST', '/claims/report/{id}', 'fan-claims', 'fan'),

  // Tracks
  fanApi('GET', '/tracks/user/latest', 'fan-tracks', 'fan'),
  fanApi('GET', '/tracks/user/popular', 'fan-tracks', 'fan'),
  fanApi('GET', '/tracks/user/daily', 'fan-tracks', 'fan'),
  fanApi('GET', '/tracks/user/latestFetchedDate', 'fan-tracks', 'fan'),
  // SPEC §7 makes the sync a GET; it writes plays, so a cross-site link must not trigger it.
  fanApi('GET', '/tracks/user/fetchLatestFromSpotify', 'fan-listening-sync', 'fan', stateChangingGet),
  fanApi('GET', '/tracks/user/{id}/top', 'fan-tracks', 'fan'),
  // Beyond SPEC §7: a fan's Spotify data export, so a new fan's pie starts full.
  fanApi('POST', '/tracks/user/import', 'fan-tracks', 'fan', { bodyLimit: 'import' }),

  // Fan user
  fanApi('GET', '/user', 'fan-user', 'fan'),
  fanApi('GET', '/user/details/{id}', 'fan-user', 'fan'),
  fanApi('GET', '/user/activity', 'fan-user', 'fan'),
  fanApi('POST', '/user/joinBeta', 'fan-user', 'fan'),
  fanApi('PUT', '/user/username', 'fan-user', 'fan'),
  fanApi('PUT', '/user/visibility', 'fan-user', 'fan'),

  // Pies
  fanApi('GET', '/pie/active', 'fan-pie', 'fan'),
  fanApi('GET', '/pie/active/{id}', 'fan-pie', 'fan'),
  fanApi('GET', '/pie/{pieId}/realtime-stats', 'fan-pie', 'fan'),
  fanApi('GET', '/pie/{pieId}/orphaned-tracks', 'fan-pie', 'fan'),
  fanApi('GET', '/pie/{pieId}/daily-listening', 'fan-pie', 'fan'),
  fanApi('GET', '/pie/user/{id}/pies', 'fan-pie', 'fan'),
  fanApi('GET', '/pie/pie/{id}', 'fan-pie', 'fan'),
  fanApi('PATCH', '/pie/{pieId}', 'fan-pie', 'fan'),
  fanApi('PATCH', '/pie/artist/{id}/ban', 'fan-pie', 'fan'),
  fanApi('PATCH', '/pie/artist/{id}/set-inclusion', 'fan-pie', 'fan'),
  fanApi('POST', '/pie/add-missing-tracks-anytime', 'fan-listening-sync', 'fan'),

  // Fan wallet
  fanApi('GET', '/fan-wallet/balance', 'fan-wallet', 'fan'),
  fanApi('GET', '/fan-wallet/transactions', 'fan-wallet', 'fan'),
  fanApi('GET', '/fan-wallet/summary', 'fan-wallet', 'fan'),

  // Artist authentication
  artistApi('POST', '/auth/login', 'artist-auth', 'public'),
  artistApi('POST', '/auth/register', 'artist-auth', 'public'),
  artistApi('POST', '/auth/logout', 'artist-auth', 'public'),
  artistApi('POST', '/auth/verify-email/{token}', 'artist-auth', 'public'),
  artistApi('POST', '/auth/forgot-password', 'artist-auth', 'public'),
  artistApi('POST', '/auth/reset-password/{token}', 'artist-auth', 'public'),
  artistApi('POST', '/auth/complete-registration', 'artist-auth', 'artist'),
  // Connecting Google runs in admin-auth, the Lambda that already carries the OAuth code (decision 006).
  artistApi('POST', '/auth/link-google', 'admin-auth', 'artist'),
  // Where Google sends the browser back after an artist-side user's link-google.
  artistApi('GET', '/auth/callback/google', 'admin-auth', 'public', providerCallback),
  artistApi('POST', '/auth/disconnect-google', 'admin-auth', 'artist'),
  artistApi('DELETE', '/auth/delete-account', 'artist-auth', 'artist'),
  artistApi('POST', '/artist/socials/fetch', 'artist-socials', 'artist'),
  fanApi('POST', '/user-artist/artist/socials/fetch', 'artist-socials', 'artist'),
  // Claim verification through a social profile (decision 027): start the OAuth connection, and where the
  // provider sends the browser back (`{provider}` twitter, google or facebook).
  artistApi('POST', '/artist/socials/connect', 'artist-socials', 'artist'),
  artistApi('GET', '/artist/socials/callback/{provider}', 'artist-socials', 'public', providerCallback),

  // Artist payment account (Stripe Connect)
  artistApi('GET', '/stripe/createLoginLink', 'artist-payments', 'artist', stateChangingGet),
  artistApi('GET', '/stripe/check-monthly-fee', 'artist-payments', 'artist'),
  artistApi('POST', '/stripe/completeOnboarding', 'artist-payments', 'artist'),
  // Beyond SPEC §7: the funds screen shows where the office's Stripe onboarding stands.
  artistApi('GET', '/stripe/account-status', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/payouts', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/payout-details', 'artist-payments', 'artist'),
  artistApi('POST', '/stripe/create-payout', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/transfers-without-payouts', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/connected-account-balance', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/balance', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/wallet-balance', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/transactions', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/transaction-details', 'artist-payments', 'artist'),
  artistApi('GET', '/stripe/total-payout', 'artist-payments', 'artist'),
  // Beyond SPEC §7 (decision 030): give-back to the fans and the office's statements.
  artistApi('GET', '/give-back', 'artist-payments', 'artist'),
  artistApi('GET', '/give-back/preview', 'artist-payments', 'artist'),
  artistApi('POST', '/give-back', 'artist-payments', 'artist'),
  artistApi('GET', '/statements', 'artist-payments', 'artist'),

  // Artist user
  artistApi('GET', '/user', 'artist-user', 'artist'),
  artistApi('PATCH', '/user/profile', 'artist-user', 'artist'),

  // Claims (artist side)
  artistApi('GET', '/claims', 'artist-claims', 'artist'),
  artistApi('POST', '/claims', 'artist-claims', 'artist'),
  artistApi('GET', '/claims/{id}', 'artist-claims', 'artist'),
  artistApi('GET', '/claims/{id}/detailed', 'artist-claims', 'artist'),
  artistApi('DELETE', '/claims/{id}', 'artist-claims', 'artist'),
  artistApi('GET', '/claims/{id}/transactions', 'artist-claims', 'artist'),
  artistApi('GET', '/claims/{id}/payouts', 'artist-claims', 'artist'),
  artistApi('POST', '/claims/{id}/verify-bio', 'artist-claims', 'artist'),
  // Beyond SPEC §7 (decision 030): the artist screen's chart, fans this month and claim status.
  artistApi('GET', '/claims/{id}/stats', 'artist-claims', 'artist'),

  // Artist search
  artistApi('GET', '/search', 'artist-search', 'artist'),

  // Offices, members, invitations
  artistApi('GET', '/offices', 'artist-offices', 'artist'),
  artistApi('POST', '/offices', 'artist-offices', 'artist'),
  artistApi('PATCH', '/offices/{officeId}', 'artist-offices', 'artist'),
  artistApi('PATCH', '/office/name', 'artist-offices', 'artist'),
  artistApi('DELETE', '/offices/{officeId}', 'artist-offices', 'artist'),
  artistApi('GET', '/offices/{officeId}/members', 'artist-offices', 'artist'),
  artistApi('POST', '/offices/{officeId}/members', 'artist-offices', 'artist'),
  artistApi('DELETE', '/offices/{officeId}/members/{member}', 'artist-offices', 'artist'),
  artistApi('PATCH', '/offices/{officeId}/members/{member}/role', 'artist-offices', 'artist'),
  artistApi('GET', '/offices/{officeId}/validate-invitation', 'artist-offices', 'public'),
  artistApi('POST', '/offices/accept-invitation/{token}', 'artist-offices', 'artist'),
  artistApi('GET', '/offices/{officeId}/member-token', 'artist-offices', 'artist', stateChangingGet),
  artistApi('POST', '/offices/{officeId}/resend-invitation', 'artist-offices', 'artist'),
  artistApi('GET', '/offices/{officeId}/members/{member}/artists', 'artist-offices', 'artist'),
  artistApi('POST', '/offices/{officeId}/members/{member}/artists', 'artist-offices', 'artist'),
  artistApi('DELETE', '/offices/{officeId}/members/{member}/artists/{artistId}', 'artist-offices', 'artist'),
  artistApi('PATCH', '/offices/{officeId}/claimed-artists/{artistId}', 'artist-offices', 'artist'),

  // Admin
  adminApi('POST', '/auth/login', 'admin-auth', 'public'),
  adminApi('POST', '/auth/logout', 'admin-auth', 'public'),
  // Staff Google sign-in: a browser redirect, then the SPA page /admin/auth/google/callback posts what came back.
  adminApi('GET', '/auth/loginGoogle', 'admin-auth', 'public', stateChangingGet),
  adminApi('POST', '/auth/google/callback', 'admin-auth', 'public'),
  adminApi('GET', '/profile', 'admin-auth', 'admin'),
  adminApi('GET', '/dashboard/stats', 'admin-dashboard', 'admin'),
  adminApi('GET', '/dashboard/health', 'admin-dashboard', 'admin'),
  adminApi('GET', '/dashboard/financial', 'admin-dashboard', 'admin'),
  adminApi('GET', '/claims/list', 'admin-claims', 'admin'),
  adminApi('GET', '/claims/{id}', 'admin-claims', 'admin'),
  adminApi('PATCH', '/claims/{id}/status', 'admin-claims', 'admin'),
  adminApi('POST', '/claims/{id}/verify-bio', 'admin-claims', 'admin'),
  adminApi('GET', '/artists', 'admin-artists', 'admin'),
  adminApi('GET', '/fans', 'admin-fans', 'admin'),
  adminApi('GET', '/fans/{id}', 'admin-fans', 'admin'),
  adminApi('POST', '/fans/{id}/payments/{paymentId}/refund', 'admin-fans', 'admin'),
  adminApi('GET', '/finances', 'admin-finances', 'admin'),
  adminApi('GET', '/finances/journal', 'admin-finances', 'admin'),
  adminApi('GET', '/escrow', 'admin-finances', 'admin'),
  adminApi('GET', '/escrow/due', 'admin-finances', 'admin'),
  adminApi('POST', '/escrow/process-payouts', 'admin-finances', 'admin'),
  adminApi('POST', '/escrow/name-only/{name}/resolve', 'admin-finances', 'admin'),
  adminApi('GET', '/wallet-transactions', 'admin-finances', 'admin'),
  adminApi('GET', '/wallet-transactions/stats', 'admin-finances', 'admin'),
  adminApi('GET', '/user-artists', 'admin-user-artists', 'admin'),
  adminApi('GET', '/user-artists/{id}', 'admin-user-artists', 'admin'),
  adminApi('GET', '/offices', 'admin-offices', 'admin'),
  adminApi('GET', '/offices/{id}', 'admin-offices', 'admin'),
  adminApi('DELETE', '/offices/{id}/stripe-connection', 'admin-offices', 'admin'),
  adminApi('POST', '/offices/{id}/admin-invitation', 'admin-offices', 'admin'),
  adminApi('GET', '/audit', 'admin-audit', 'admin'),
  // One full and one minimal run per reconciliationTypes entry (route-manifest.test.ts holds them to that list).
  adminApi('POST', '/financial-reconciliation/run-ledger-check', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-ledger-check-minimal', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-wallet-check', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-wallet-check-minimal', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-escrow-check', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-escrow-check-minimal', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-pie-check', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-pie-check-minimal', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-payout-check', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-payout-check-minimal', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-stripe-check', 'admin-reconciliation', 'admin'),
  adminApi('POST', '/financial-reconciliation/run-stripe-check-minimal', 'admin-reconciliation', 'admin'),
  // Beyond SPEC §7 (decision 039): from a balance to its entries, its transaction and the Stripe object behind it.
  adminApi('GET', '/ledger/platform-accounts', 'admin-ledger', 'admin'),
  adminApi('GET', '/ledger/accounts/{accountId}', 'admin-ledger', 'admin'),
  adminApi('GET', '/ledger/transactions/{transactionId}', 'admin-ledger', 'admin'),
  adminApi('GET', '/ledger/pies/{pieId}', 'admin-ledger', 'admin'),
] as const satisfies readonly RouteDefinition[];

export type ManifestRoute = (typeof routes)[number];

type KeyOfRoute<R extends ManifestRoute> = R extends ManifestRoute
  ? `${R['method']} ${(typeof apiBasePaths)[R['base']]}${R['path']}`
  : never;

/** `GET /api/health`: a route's method and full path, as API Gateway names a route. Every manifest route's key. */
export type RouteKey = KeyOfRoute<ManifestRoute>;

/** The route keys a resource serves, as a string-literal union. */
export type RouteKeyOf<Res extends Resource> = KeyOfRoute<Extract<ManifestRoute, { resource: Res }>>;

/** The manifest entry of a route key, as a type (its role, options and resource). */
export type RouteOfKey<K extends string> = ManifestRoute extends infer R
  ? R extends ManifestRoute
    ? KeyOfRoute<R> extends K
      ? R
      : never
    : never
  : never;

export function fullPathOf(route: RouteDefinition): string {
  return `${apiBasePaths[route.base]}${route.path}`;
}

export function routeKeyOf(route: RouteDefinition): string {
  return `${route.method} ${fullPathOf(route)}`;
}

/** Routes deployed to AWS (the local runtime serves all of them). */
export function deployedRoutes(): readonly RouteDefinition[] {
  return routes.filter((route: RouteDefinition) => !route.localOnly);
}

/** The resources that serve at least one deployed route: one Lambda each. */
export function deployedResources(): readonly Resource[] {
  const used = new Set<Resource>(deployedRoutes().map((route) => route.resource));
  used.add('not-found');
  return resources.filter((resource) => used.has(resource));
}
