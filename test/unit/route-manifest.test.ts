import { describe, expect, it } from 'vitest';
import { matchRoute, methodsAt } from '../../functions/contracts/route-matcher';
import type { RouteDefinition, RouteKey, RouteKeyOf } from '../../functions/contracts/routes';
import {
  deployedResources,
  deployedRoutes,
  reconciliationTypes,
  routeKeyOf,
  routes,
} from '../../functions/contracts/routes';

// Every call of SPEC §7, written as the SPEC names it (base + path), so a missing route fails here.
const fan = (call: string) => call.replace(' ', ' /api/');
const artist = (call: string) => call.replace(' ', ' /api/for-artists/');
const admin = (call: string) => call.replace(' ', ' /api/admin/');

const specCalls: string[] = [
  // Fan authentication
  ...[
    'POST auth/login',
    'POST auth/register',
    'POST auth/forgot-password',
    'POST auth/reset-password/{token}',
    'POST auth/link-google',
    'POST auth/link-twitter',
    'POST auth/link-facebook',
    'POST auth/disconnect-spotify',
    'POST auth/disconnect-google',
    'POST auth/disconnect-twitter',
    'POST auth/disconnect-facebook',
    'GET auth/loginTwitter',
    'GET auth/loginFacebookFan',
    'DELETE auth/account',
    'GET auth/loginSpotify',
    'GET auth/loginGoogle',
  ].map(fan),
  // Artist authentication
  ...[
    'POST auth/login',
    'POST auth/register',
    'POST auth/forgot-password',
    'POST auth/reset-password/{token}',
    'POST auth/complete-registration',
    'POST auth/link-google',
    'POST auth/disconnect-google',
    'DELETE auth/delete-account',
    'POST artist/socials/fetch',
  ].map(artist),
  'POST /api/user-artist/artist/socials/fetch',
  // Payments and promo (fan)
  ...[
    'GET stripe/promoAvailability',
    'GET stripe/promoEligibility',
    'POST stripe/createCheckout',
    'POST stripe/createPromoSubscription',
    'POST stripe/cancelSubscription',
    'GET stripe/customerBillingAccount',
    'GET stripe/activeSubscription',
    'GET stripe/refreshSubscription',
  ].map(fan),
  // Artists, tracks, users, pies, wallet (fan)
  ...[
    'GET artists',
    'GET artists/details/{id}',
    'GET artists/user',
    'GET artists/{id}/top-tracks',
    'GET artists/details/user/{id}',
    'GET artists/recent-listened',
    'GET artists/recent-listened/{userId}',
    'GET artists/user/{id}/top',
    'POST claims/report/{id}',
    'GET tracks/user/latest',
    'GET tracks/user/popular',
    'GET tracks/user/daily',
    'GET tracks/user/latestFetchedDate',
    'GET tracks/user/fetchLatestFromSpotify',
    'GET tracks/user/{id}/top',
    'GET user',
    'GET user/details/{id}',
    'GET user/activity',
    'POST user/joinBeta',
    'PUT user/username',
    'PUT user/visibility',
    'GET pie/active',
    'GET pie/active/{id}',
    'GET pie/{pieId}/realtime-stats',
    'GET pie/{id}/orphaned-tracks',
    'GET pie/{id}/daily-listening',
    'GET pie/user/{id}/pies',
    'GET pie/pie/{id}',
    'PATCH pie/{pieId}',
    'PATCH pie/artist/{id}/ban',
    'PATCH pie/artist/{id}/set-inclusion',
    'POST pie/add-missing-tracks-anytime',
    'GET fan-wallet/balance',
    'GET fan-wallet/transactions',
    'GET fan-wallet/summary',
  ].map(fan),
  // Artist area
  ...[
    'GET stripe/createLoginLink',
    'GET stripe/check-monthly-fee',
    'POST stripe/completeOnboarding',
    'GET stripe/payouts',
    'GET stripe/payout-details',
    'POST stripe/create-payout',
    'GET stripe/transfers-without-payouts',
    'GET stripe/connected-account-balance',
    'GET stripe/balance',
    'GET stripe/wallet-balance',
    'GET stripe/transactions',
    'GET stripe/transaction-details',
    'GET stripe/total-payout',
    'GET user',
    'PATCH user/profile',
    'GET claims',
    'POST claims',
    'GET claims/{id}',
    'GET claims/{id}/detailed',
    'DELETE claims/{id}',
    'GET claims/{id}/transactions',
    'GET claims/{id}/payouts',
    'POST claims/{claimId}/verify-bio',
    'GET search',
    'GET offices',
    'POST offices',
    'PATCH offices/{officeId}',
    'PATCH office/name',
    'DELETE offices/{id}',
    'GET offices/{id}/members',
    'POST offices/{officeId}/members',
    'DELETE offices/{officeId}/members/{email}',
    'PATCH offices/{officeId}/members/{userId}/role',
    'GET offices/{officeId}/validate-invitation',
    'POST offices/accept-invitation/{token}',
    'GET offices/{officeId}/member-token',
    'POST offices/{officeId}/resend-invitation',
    'GET offices/{officeId}/members/{memberId}/artists',
    'POST offices/{officeId}/members/{memberId}/artists',
    'DELETE offices/{officeId}/members/{memberId}/artists/{artistId}',
    'PATCH offices/{officeId}/claimed-artists/{artistId}',
  ].map(artist),
  // Admin
  ...[
    'POST auth/login',
    'GET profile',
    'GET dashboard/stats',
    'GET dashboard/health',
    'GET dashboard/financial',
    'GET claims/list',
    'GET claims/{id}',
    'PATCH claims/{id}/status',
    'POST claims/{id}/verify-bio',
    'GET artists',
    'GET fans',
    'GET fans/{id}',
    'GET finances',
    'GET escrow',
    'POST escrow/process-payouts',
    'GET user-artists',
    'GET user-artists/{id}',
    'GET offices',
    'GET offices/{id}',
    'DELETE offices/{id}/stripe-connection',
    'GET wallet-transactions',
    'GET wallet-transactions/stats',
    ...reconciliationTypes.flatMap((type) => [
      `POST financial-reconciliation/run-${type}-check`,
      `POST financial-reconciliation/run-${type}-check-minimal`,
    ]),
  ].map(admin),
];

// The calls DESIGN and the foundation issue add to SPEC §7.
const designCalls = [
  'POST /api/auth/logout',
  'POST /api/auth/verify-email/{token}',
  'POST /api/for-artists/auth/logout',
  'POST /api/for-artists/auth/verify-email/{token}',
  'POST /api/admin/auth/logout',
  'POST /api/webhooks/stripe',
  // Money in: the fee quote shown before anyone pays, and a new verification link for paying.
  'GET /api/stripe/feeQuote',
  'POST /api/auth/resend-verification',
  // Connect onboarding (decision 025): where the office's onboarding stands, for the funds screen.
  'GET /api/for-artists/stripe/account-status',
  // Give-back, statements and an artist's stats (decision 030).
  'GET /api/for-artists/give-back',
  'GET /api/for-artists/give-back/preview',
  'POST /api/for-artists/give-back',
  'GET /api/for-artists/statements',
  'GET /api/for-artists/claims/{id}/stats',
  // Claim verification through a social profile (decision 027): start the connection, and its callback.
  'POST /api/for-artists/artist/socials/connect',
  'GET /api/for-artists/artist/socials/callback/{provider}',
  'GET /api/health',
  'GET /api/dev/outbox',
  // The movable product clock, local only.
  'GET /api/dev/time',
  'POST /api/dev/time/advance',
  // Social sign-in callbacks and staff Google sign-in (docs/decisions/006).
  'GET /api/auth/callback/{provider}',
  'GET /api/for-artists/auth/callback/google',
  'GET /api/admin/auth/loginGoogle',
  'POST /api/admin/auth/google/callback',
  'POST /api/tracks/user/import',
  // Staff's escrow screen (decision 041): what escrow aging would touch now, and a name heard alone given
  // to a catalogue artist.
  'GET /api/admin/escrow/due',
  'POST /api/admin/escrow/name-only/{name}/resolve',
  // Staff's finances (decision 042): the period's journal for an accountant, a page at a time.
  'GET /api/admin/finances/journal',
  // Staff's audit trail and actions (decision 043): the trail, handing an office with no admin to a new
  // admin, refunding a fan's payment through Stripe.
  'GET /api/admin/audit',
  'POST /api/admin/offices/{id}/admin-invitation',
  'POST /api/admin/fans/{id}/payments/{paymentId}/refund',
  // Staff's drill-down from a balance to the Stripe object behind it (decision 039): an account and its
  // entries, one whole transaction, the platform's accounts, a pie's receipt as its fan reads it.
  'GET /api/admin/ledger/platform-accounts',
  'GET /api/admin/ledger/accounts/{accountId}',
  'GET /api/admin/ledger/transactions/{transactionId}',
  'GET /api/admin/ledger/pies/{pieId}',
];

/** Parameter names differ between the SPEC and API Gateway's one-name-per-position rule; compare shapes. */
const shape = (key: string) => key.replace(/\{[^}]+\}/g, '{}');

describe('route manifest', () => {
  const manifestShapes = new Set(routes.map((route: RouteDefinition) => shape(routeKeyOf(route))));

  it.each(specCalls)('has the SPEC §7 call %s', (call) => {
    expect(manifestShapes.has(shape(call))).toBe(true);
  });

  it.each(designCalls)('has the design call %s', (call) => {
    expect(manifestShapes.has(shape(call))).toBe(true);
  });

  it('has no route twice and nothing beyond SPEC §7 and the design', () => {
    // Prepare
    const expected = new Set([...specCalls, ...designCalls].map(shape));
    const keys = routes.map((route: RouteDefinition) => shape(routeKeyOf(route)));
    // Assess
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => !expected.has(key))).toEqual([]);
  });

  it('names parameters the same at each position among siblings, as API Gateway requires', () => {
    // Prepare: for every parent path, the parameter names used directly below it
    const namesBelow = new Map<string, Set<string>>();
    for (const route of routes as readonly RouteDefinition[]) {
      const segments = routeKeyOf(route).split(' ')[1]!.split('/');
      segments.forEach((segment, index) => {
        if (!segment.startsWith('{')) return;
        const parent = segments.slice(0, index).join('/');
        namesBelow.set(parent, (namesBelow.get(parent) ?? new Set()).add(segment));
      });
    }
    // Assess
    const conflicts = [...namesBelow].filter(([, names]) => names.size > 1).map(([parent]) => parent);
    expect(conflicts).toEqual([]);
  });

  it('keeps the local-only outbox and clock out of AWS and gives every deployed resource a Lambda', () => {
    expect(deployedRoutes().filter((route) => route.path.startsWith('/dev/'))).toEqual([]);
    expect(deployedResources()).toContain('not-found');
    expect(deployedResources()).not.toContain('dev');
  });

  it('matches literal segments before parameters, as API Gateway does', () => {
    expect(matchRoute('GET', '/api/admin/claims/list')?.routeKey).toBe('GET /api/admin/claims/list');
    expect(matchRoute('GET', '/api/admin/claims/c-1')).toMatchObject({
      routeKey: 'GET /api/admin/claims/{id}',
      pathParameters: { id: 'c-1' },
    });
    expect(matchRoute('GET', '/api/pie/active')?.routeKey).toBe('GET /api/pie/active');
    expect(matchRoute('PATCH', '/api/pie/p%201')?.pathParameters).toEqual({ pieId: 'p 1' });
    expect(matchRoute('GET', '/api/nothing/here')).toBeNull();
    expect(methodsAt('/api/claims/report/x')).toEqual(['POST']);
  });

  it('keeps each route key as a literal type, so a typo in a key fails the typecheck', () => {
    // Prepare: keys the SPA and the handlers write by hand
    const health: RouteKey = 'GET /api/health';
    const search: RouteKeyOf<'artist-search'> = 'GET /api/for-artists/search';
    // @ts-expect-error: no such route
    const missing: RouteKey = 'GET /api/healthz';
    // @ts-expect-error: a route of another resource
    const elsewhere: RouteKeyOf<'artist-search'> = 'GET /api/health';
    // Assess: the keys are the manifest's own
    const keys = routes.map((route: RouteDefinition) => routeKeyOf(route));
    expect(keys).toEqual(expect.arrayContaining([health, search]));
    expect(keys).not.toContain(missing);
    expect(keys.filter((key) => key === elsewhere)).toHaveLength(1);
  });

  it('gives only the Stripe webhook its raw body', () => {
    const raw = routes.filter((route: RouteDefinition) => route.rawBody).map((route) => routeKeyOf(route));
    expect(raw).toEqual(['POST /api/webhooks/stripe']);
  });

  it('marks the GETs that change state: sign-in starts same-site, provider callbacks by their sealed state', () => {
    // Prepare
    const marked = (mark: RouteDefinition['changesState']) =>
      routes
        .filter((route: RouteDefinition) => route.changesState === mark)
        .map((route) => routeKeyOf(route));
    // Assess
    expect(marked('same-site')).toEqual(
      expect.arrayContaining([
        'GET /api/auth/loginSpotify',
        'GET /api/auth/loginGoogle',
        'GET /api/auth/loginTwitter',
        'GET /api/auth/loginFacebookFan',
        'GET /api/admin/auth/loginGoogle',
        'GET /api/tracks/user/fetchLatestFromSpotify',
      ]),
    );
    expect(marked('provider-callback').sort()).toEqual([
      'GET /api/auth/callback/{provider}',
      'GET /api/for-artists/artist/socials/callback/{provider}',
      'GET /api/for-artists/auth/callback/google',
    ]);
    expect(routes.filter((route: RouteDefinition) => route.changesState && route.method !== 'GET')).toEqual(
      [],
    );
  });
});
