// The route manifest: every call the product answers, once. The CDK stack builds one API Gateway route per entry
// and one Lambda per resource from it; the local server routes with it; handlers dispatch on its route keys.
// It imports nothing, so infra/, local/ and the SPA may all read it.

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
] as const;
export type Resource = (typeof resources)[number];

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly base: ApiBase;
  /** Path below the base, in API Gateway syntax (`{name}` parameters). */
  readonly path: string;
  readonly resource: Resource;
  readonly role: Role;
  /** Body size class: `import` raises the limit for bulk uploads. */
  readonly bodyLimit?: 'default' | 'import';
  /** Served only by the local runtime (never deployed). */
  readonly localOnly?: boolean;
}

/**
 * Body limits. Imports get more room, but Lambda's synchronous payload limit is 6 MB for the whole event (body,
 * headers, base64), so a body must stay well below it to reach the handler at all (docs/decisions/001).
 */
export const bodyLimitBytes = { default: 1024 * 1024, import: 4.5 * 1024 * 1024 } as const;

/** The reconciliation check types of DESIGN §5; each has a full and a minimal route. */
export const reconciliationTypes = ['ledger', 'wallet', 'escrow', 'pie', 'payout', 'stripe'] as const;
export type ReconciliationType = (typeof reconciliationTypes)[number];

// Parameter names are shared by siblings at the same depth (API Gateway requires one name per position):
// `{pieId}` under /pie, `{officeId}` under /offices, `{member}` under members (an e-mail for DELETE, a user id
// otherwise), `{id}` elsewhere.
export const routes = [
  // System
  { method: 'GET', base: 'fan', path: '/health', resource: 'health', role: 'public' },
  {
    method: 'POST',
    base: 'fan',
    path: '/webhooks/stripe',
    resource: 'webhooks-stripe',
    role: 'stripe-webhook',
  },
  { method: 'GET', base: 'fan', path: '/dev/outbox', resource: 'dev', role: 'public', localOnly: true },

  // Fan authentication
  { method: 'POST', base: 'fan', path: '/auth/login', resource: 'fan-auth', role: 'public' },
  { method: 'POST', base: 'fan', path: '/auth/register', resource: 'fan-auth', role: 'public' },
  { method: 'POST', base: 'fan', path: '/auth/logout', resource: 'fan-auth', role: 'public' },
  { method: 'POST', base: 'fan', path: '/auth/verify-email/{token}', resource: 'fan-auth', role: 'public' },
  { method: 'POST', base: 'fan', path: '/auth/forgot-password', resource: 'fan-auth', role: 'public' },
  { method: 'POST', base: 'fan', path: '/auth/reset-password/{token}', resource: 'fan-auth', role: 'public' },
  { method: 'POST', base: 'fan', path: '/auth/link-google', resource: 'fan-social', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/auth/link-twitter', resource: 'fan-social', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/auth/link-facebook', resource: 'fan-social', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/auth/disconnect-spotify', resource: 'fan-social', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/auth/disconnect-google', resource: 'fan-social', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/auth/disconnect-twitter', resource: 'fan-social', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/auth/disconnect-facebook', resource: 'fan-social', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/auth/loginSpotify', resource: 'fan-social', role: 'public' },
  { method: 'GET', base: 'fan', path: '/auth/loginGoogle', resource: 'fan-social', role: 'public' },
  { method: 'GET', base: 'fan', path: '/auth/loginTwitter', resource: 'fan-social', role: 'public' },
  { method: 'GET', base: 'fan', path: '/auth/loginFacebookFan', resource: 'fan-social', role: 'public' },
  // Where Spotify, Google, X and Facebook send the browser back (`{provider}`: spotify, google, twitter, facebook).
  { method: 'GET', base: 'fan', path: '/auth/callback/{provider}', resource: 'fan-social', role: 'public' },
  { method: 'DELETE', base: 'fan', path: '/auth/account', resource: 'fan-auth', role: 'fan' },

  // Fan payments and promo
  { method: 'GET', base: 'fan', path: '/stripe/promoAvailability', resource: 'fan-payments', role: 'public' },
  { method: 'GET', base: 'fan', path: '/stripe/promoEligibility', resource: 'fan-payments', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/stripe/createCheckout', resource: 'fan-payments', role: 'fan' },
  {
    method: 'POST',
    base: 'fan',
    path: '/stripe/createPromoSubscription',
    resource: 'fan-payments',
    role: 'fan',
  },
  { method: 'POST', base: 'fan', path: '/stripe/cancelSubscription', resource: 'fan-payments', role: 'fan' },
  {
    method: 'GET',
    base: 'fan',
    path: '/stripe/customerBillingAccount',
    resource: 'fan-payments',
    role: 'fan',
  },
  { method: 'GET', base: 'fan', path: '/stripe/activeSubscription', resource: 'fan-payments', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/stripe/refreshSubscription', resource: 'fan-payments', role: 'fan' },

  // Artists (fan side)
  { method: 'GET', base: 'fan', path: '/artists', resource: 'fan-artists', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/artists/details/{id}', resource: 'fan-artists', role: 'public' },
  { method: 'GET', base: 'fan', path: '/artists/user', resource: 'fan-artists', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/artists/{id}/top-tracks', resource: 'fan-artists', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/artists/details/user/{id}', resource: 'fan-artists', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/artists/recent-listened', resource: 'fan-artists', role: 'fan' },
  {
    method: 'GET',
    base: 'fan',
    path: '/artists/recent-listened/{userId}',
    resource: 'fan-artists',
    role: 'fan',
  },
  { method: 'GET', base: 'fan', path: '/artists/user/{id}/top', resource: 'fan-artists', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/claims/report/{id}', resource: 'fan-claims', role: 'fan' },

  // Tracks
  { method: 'GET', base: 'fan', path: '/tracks/user/latest', resource: 'fan-tracks', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/tracks/user/popular', resource: 'fan-tracks', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/tracks/user/daily', resource: 'fan-tracks', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/tracks/user/latestFetchedDate', resource: 'fan-tracks', role: 'fan' },
  {
    method: 'GET',
    base: 'fan',
    path: '/tracks/user/fetchLatestFromSpotify',
    resource: 'fan-listening-sync',
    role: 'fan',
  },
  { method: 'GET', base: 'fan', path: '/tracks/user/{id}/top', resource: 'fan-tracks', role: 'fan' },
  // Beyond SPEC §7 (issue #5): a fan's Spotify data export, so a new fan's pie starts full.
  {
    method: 'POST',
    base: 'fan',
    path: '/tracks/user/import',
    resource: 'fan-tracks',
    role: 'fan',
    bodyLimit: 'import',
  },

  // Fan user
  { method: 'GET', base: 'fan', path: '/user', resource: 'fan-user', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/user/details/{id}', resource: 'fan-user', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/user/activity', resource: 'fan-user', role: 'fan' },
  { method: 'POST', base: 'fan', path: '/user/joinBeta', resource: 'fan-user', role: 'fan' },
  { method: 'PUT', base: 'fan', path: '/user/username', resource: 'fan-user', role: 'fan' },
  { method: 'PUT', base: 'fan', path: '/user/visibility', resource: 'fan-user', role: 'fan' },

  // Pies
  { method: 'GET', base: 'fan', path: '/pie/active', resource: 'fan-pie', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/pie/active/{id}', resource: 'fan-pie', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/pie/{pieId}/realtime-stats', resource: 'fan-pie', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/pie/{pieId}/orphaned-tracks', resource: 'fan-pie', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/pie/{pieId}/daily-listening', resource: 'fan-pie', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/pie/user/{id}/pies', resource: 'fan-pie', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/pie/pie/{id}', resource: 'fan-pie', role: 'fan' },
  { method: 'PATCH', base: 'fan', path: '/pie/{pieId}', resource: 'fan-pie', role: 'fan' },
  { method: 'PATCH', base: 'fan', path: '/pie/artist/{id}/ban', resource: 'fan-pie', role: 'fan' },
  { method: 'PATCH', base: 'fan', path: '/pie/artist/{id}/set-inclusion', resource: 'fan-pie', role: 'fan' },
  {
    method: 'POST',
    base: 'fan',
    path: '/pie/add-missing-tracks-anytime',
    resource: 'fan-listening-sync',
    role: 'fan',
  },

  // Fan wallet
  { method: 'GET', base: 'fan', path: '/fan-wallet/balance', resource: 'fan-wallet', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/fan-wallet/transactions', resource: 'fan-wallet', role: 'fan' },
  { method: 'GET', base: 'fan', path: '/fan-wallet/summary', resource: 'fan-wallet', role: 'fan' },

  // Artist authentication
  { method: 'POST', base: 'artist', path: '/auth/login', resource: 'artist-auth', role: 'public' },
  { method: 'POST', base: 'artist', path: '/auth/register', resource: 'artist-auth', role: 'public' },
  { method: 'POST', base: 'artist', path: '/auth/logout', resource: 'artist-auth', role: 'public' },
  {
    method: 'POST',
    base: 'artist',
    path: '/auth/verify-email/{token}',
    resource: 'artist-auth',
    role: 'public',
  },
  { method: 'POST', base: 'artist', path: '/auth/forgot-password', resource: 'artist-auth', role: 'public' },
  {
    method: 'POST',
    base: 'artist',
    path: '/auth/reset-password/{token}',
    resource: 'artist-auth',
    role: 'public',
  },
  {
    method: 'POST',
    base: 'artist',
    path: '/auth/complete-registration',
    resource: 'artist-auth',
    role: 'artist',
  },
  // Connecting Google runs in admin-auth, the Lambda that already carries the OAuth code (decision 006).
  { method: 'POST', base: 'artist', path: '/auth/link-google', resource: 'admin-auth', role: 'artist' },
  // Where Google sends the browser back after an artist-side user's link-google.
  { method: 'GET', base: 'artist', path: '/auth/callback/google', resource: 'admin-auth', role: 'public' },
  {
    method: 'POST',
    base: 'artist',
    path: '/auth/disconnect-google',
    resource: 'admin-auth',
    role: 'artist',
  },
  { method: 'DELETE', base: 'artist', path: '/auth/delete-account', resource: 'artist-auth', role: 'artist' },
  {
    method: 'POST',
    base: 'artist',
    path: '/artist/socials/fetch',
    resource: 'artist-socials',
    role: 'artist',
  },
  {
    method: 'POST',
    base: 'fan',
    path: '/user-artist/artist/socials/fetch',
    resource: 'artist-socials',
    role: 'artist',
  },

  // Artist payment account (Stripe Connect)
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/createLoginLink',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/check-monthly-fee',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'POST',
    base: 'artist',
    path: '/stripe/completeOnboarding',
    resource: 'artist-payments',
    role: 'artist',
  },
  { method: 'GET', base: 'artist', path: '/stripe/payouts', resource: 'artist-payments', role: 'artist' },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/payout-details',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'POST',
    base: 'artist',
    path: '/stripe/create-payout',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/transfers-without-payouts',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/connected-account-balance',
    resource: 'artist-payments',
    role: 'artist',
  },
  { method: 'GET', base: 'artist', path: '/stripe/balance', resource: 'artist-payments', role: 'artist' },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/wallet-balance',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/transactions',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/transaction-details',
    resource: 'artist-payments',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/stripe/total-payout',
    resource: 'artist-payments',
    role: 'artist',
  },

  // Artist user
  { method: 'GET', base: 'artist', path: '/user', resource: 'artist-user', role: 'artist' },
  { method: 'PATCH', base: 'artist', path: '/user/profile', resource: 'artist-user', role: 'artist' },

  // Claims (artist side)
  { method: 'GET', base: 'artist', path: '/claims', resource: 'artist-claims', role: 'artist' },
  { method: 'POST', base: 'artist', path: '/claims', resource: 'artist-claims', role: 'artist' },
  { method: 'GET', base: 'artist', path: '/claims/{id}', resource: 'artist-claims', role: 'artist' },
  { method: 'GET', base: 'artist', path: '/claims/{id}/detailed', resource: 'artist-claims', role: 'artist' },
  { method: 'DELETE', base: 'artist', path: '/claims/{id}', resource: 'artist-claims', role: 'artist' },
  {
    method: 'GET',
    base: 'artist',
    path: '/claims/{id}/transactions',
    resource: 'artist-claims',
    role: 'artist',
  },
  { method: 'GET', base: 'artist', path: '/claims/{id}/payouts', resource: 'artist-claims', role: 'artist' },
  {
    method: 'POST',
    base: 'artist',
    path: '/claims/{id}/verify-bio',
    resource: 'artist-claims',
    role: 'artist',
  },

  // Artist search
  { method: 'GET', base: 'artist', path: '/search', resource: 'artist-search', role: 'artist' },

  // Offices, members, invitations
  { method: 'GET', base: 'artist', path: '/offices', resource: 'artist-offices', role: 'artist' },
  { method: 'POST', base: 'artist', path: '/offices', resource: 'artist-offices', role: 'artist' },
  {
    method: 'PATCH',
    base: 'artist',
    path: '/offices/{officeId}',
    resource: 'artist-offices',
    role: 'artist',
  },
  { method: 'PATCH', base: 'artist', path: '/office/name', resource: 'artist-offices', role: 'artist' },
  {
    method: 'DELETE',
    base: 'artist',
    path: '/offices/{officeId}',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/offices/{officeId}/members',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'POST',
    base: 'artist',
    path: '/offices/{officeId}/members',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'DELETE',
    base: 'artist',
    path: '/offices/{officeId}/members/{member}',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'PATCH',
    base: 'artist',
    path: '/offices/{officeId}/members/{member}/role',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/offices/{officeId}/validate-invitation',
    resource: 'artist-offices',
    role: 'public',
  },
  {
    method: 'POST',
    base: 'artist',
    path: '/offices/accept-invitation/{token}',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/offices/{officeId}/member-token',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'POST',
    base: 'artist',
    path: '/offices/{officeId}/resend-invitation',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'GET',
    base: 'artist',
    path: '/offices/{officeId}/members/{member}/artists',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'POST',
    base: 'artist',
    path: '/offices/{officeId}/members/{member}/artists',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'DELETE',
    base: 'artist',
    path: '/offices/{officeId}/members/{member}/artists/{artistId}',
    resource: 'artist-offices',
    role: 'artist',
  },
  {
    method: 'PATCH',
    base: 'artist',
    path: '/offices/{officeId}/claimed-artists/{artistId}',
    resource: 'artist-offices',
    role: 'artist',
  },

  // Admin
  { method: 'POST', base: 'admin', path: '/auth/login', resource: 'admin-auth', role: 'public' },
  { method: 'POST', base: 'admin', path: '/auth/logout', resource: 'admin-auth', role: 'public' },
  // Staff Google sign-in: a browser redirect, then the SPA page /admin/auth/google/callback posts what came back.
  { method: 'GET', base: 'admin', path: '/auth/loginGoogle', resource: 'admin-auth', role: 'public' },
  { method: 'POST', base: 'admin', path: '/auth/google/callback', resource: 'admin-auth', role: 'public' },
  { method: 'GET', base: 'admin', path: '/profile', resource: 'admin-auth', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/dashboard/stats', resource: 'admin-dashboard', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/dashboard/health', resource: 'admin-dashboard', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/dashboard/financial', resource: 'admin-dashboard', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/claims/list', resource: 'admin-claims', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/claims/{id}', resource: 'admin-claims', role: 'admin' },
  { method: 'PATCH', base: 'admin', path: '/claims/{id}/status', resource: 'admin-claims', role: 'admin' },
  { method: 'POST', base: 'admin', path: '/claims/{id}/verify-bio', resource: 'admin-claims', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/artists', resource: 'admin-artists', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/fans', resource: 'admin-fans', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/fans/{id}', resource: 'admin-fans', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/finances', resource: 'admin-finances', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/escrow', resource: 'admin-finances', role: 'admin' },
  {
    method: 'POST',
    base: 'admin',
    path: '/escrow/process-payouts',
    resource: 'admin-finances',
    role: 'admin',
  },
  { method: 'GET', base: 'admin', path: '/wallet-transactions', resource: 'admin-finances', role: 'admin' },
  {
    method: 'GET',
    base: 'admin',
    path: '/wallet-transactions/stats',
    resource: 'admin-finances',
    role: 'admin',
  },
  { method: 'GET', base: 'admin', path: '/user-artists', resource: 'admin-user-artists', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/user-artists/{id}', resource: 'admin-user-artists', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/offices', resource: 'admin-offices', role: 'admin' },
  { method: 'GET', base: 'admin', path: '/offices/{id}', resource: 'admin-offices', role: 'admin' },
  {
    method: 'DELETE',
    base: 'admin',
    path: '/offices/{id}/stripe-connection',
    resource: 'admin-offices',
    role: 'admin',
  },
  ...reconciliationTypes.flatMap((type) => [
    {
      method: 'POST' as const,
      base: 'admin' as const,
      path: `/financial-reconciliation/run-${type}-check` as const,
      resource: 'admin-reconciliation' as const,
      role: 'admin' as const,
    },
    {
      method: 'POST' as const,
      base: 'admin' as const,
      path: `/financial-reconciliation/run-${type}-check-minimal` as const,
      resource: 'admin-reconciliation' as const,
      role: 'admin' as const,
    },
  ]),
] as const satisfies readonly RouteDefinition[];

export type ManifestRoute = (typeof routes)[number];

type KeyOfRoute<R extends ManifestRoute> = R extends ManifestRoute
  ? `${R['method']} ${(typeof apiBasePaths)[R['base']]}${R['path']}`
  : never;

/** `GET /api/health`: a route's method and full path, as API Gateway names a route. */
export type RouteKey = KeyOfRoute<ManifestRoute>;

/** The route keys a resource serves, as a string-literal union. */
export type RouteKeyOf<Res extends Resource> = KeyOfRoute<Extract<ManifestRoute, { resource: Res }>>;

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

export interface RouteMatch {
  route: RouteDefinition;
  routeKey: string;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  routeKey: string;
  segments: readonly string[];
}

const compiled: readonly CompiledRoute[] = routes.map((route: RouteDefinition) => ({
  route,
  routeKey: routeKeyOf(route),
  segments: fullPathOf(route).split('/').slice(1),
}));

function isParameter(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** Literal segments win over parameters, earliest first, as API Gateway picks the most specific route. */
function moreSpecific(a: CompiledRoute, b: CompiledRoute): number {
  for (let index = 0; index < a.segments.length; index += 1) {
    const aParam = isParameter(a.segments[index] ?? '');
    const bParam = isParameter(b.segments[index] ?? '');
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

function matchSegments(candidate: CompiledRoute, segments: readonly string[]): Record<string, string> | null {
  if (candidate.segments.length !== segments.length) return null;
  const parameters: Record<string, string> = {};
  for (let index = 0; index < segments.length; index += 1) {
    const expected = candidate.segments[index] ?? '';
    const actual = segments[index] ?? '';
    if (isParameter(expected)) {
      if (actual === '') return null;
      try {
        parameters[expected.slice(1, -1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return parameters;
}

function candidatesFor(path: string): { candidate: CompiledRoute; parameters: Record<string, string> }[] {
  const segments = path.split('/').slice(1);
  return compiled
    .map((candidate) => ({ candidate, parameters: matchSegments(candidate, segments) }))
    .filter(
      (entry): entry is { candidate: CompiledRoute; parameters: Record<string, string> } =>
        entry.parameters !== null,
    )
    .sort((a, b) => moreSpecific(a.candidate, b.candidate));
}

/** The manifest route for a request, as API Gateway would choose it; null when none. */
export function matchRoute(method: string, path: string): RouteMatch | null {
  const found = candidatesFor(path).find((entry) => entry.candidate.route.method === method);
  return found
    ? { route: found.candidate.route, routeKey: found.candidate.routeKey, pathParameters: found.parameters }
    : null;
}

/** The methods the manifest answers at a path (for 405 replies). */
export function methodsAt(path: string): HttpMethod[] {
  return [...new Set(candidatesFor(path).map((entry) => entry.candidate.route.method))];
}
