// Every route of SPEC §2 as data for the frame e2e: a concrete path (sample parameters filled in), who may see it,
// and where each role should land. Signed-in roles plug in through `RoleSession` once identity exists.
import { demoAccounts } from '../../../local/seed';
import type { BrowserContext } from 'playwright-core';

export type Access = 'public' | 'fan' | 'artist' | 'admin';
export type RoleName = 'anonymous' | 'fan' | 'artist' | 'admin';

export interface SpecRoute {
  /** A file-name-safe label, used for the screenshot. */
  name: string;
  path: string;
  access: Access;
  /** The screen calls the server after it renders: wait for the network to settle before judging it. */
  callsOnLoad?: boolean;
}

/** Sign-in screens the guards send a visitor to (frontend/src/lib/session.ts). */
export const signInPaths: Readonly<Record<Exclude<Access, 'public'>, string>> = {
  fan: '/login',
  artist: '/for-artists/login',
  admin: '/admin',
};

/**
 * Session calls that answer 401 (or 501 while unbuilt) for a visitor without that role. Chromium logs every such
 * reply as "Failed to load resource"; for these calls that reply is the guard working, not a fault.
 */
export const sessionEndpoints = ['/api/user', '/api/for-artists/user', '/api/admin/profile'];

/** The token every e-mail link route is visited with: no such token exists, so the server refuses it. */
export const sampleToken = 'e2e-token';

/**
 * Calls the e-mail link screens make with the sample token. The server's 4xx reply is the screen working (it then
 * says the link is invalid), and Chromium logs it as "Failed to load resource" like any refused request.
 */
export const sampleTokenCalls = ['/api/auth', '/api/for-artists/auth'].flatMap((base) =>
  ['verify-email', 'reset-password'].map((action) => `${base}/${action}/${sampleToken}`),
);

/**
 * Calls the screens opened with a sample id make for it. Nothing has that id, so the server's 404 is the screen
 * working (it then says it could not find the thing), logged by Chromium like any refused request.
 */
export const sampleIdCalls = [
  '/api/for-artists/claims/e2e-claim-1/detailed',
  '/api/pie/pie/e2e-pie-1',
  '/api/admin/claims/e2e-claim-1',
  '/api/admin/fans/e2e-fan-1',
  '/api/admin/user-artists/e2e-user-artist-1',
  '/api/admin/offices/e2e-office-1',
  // artists/:id is a claim's earnings and fans (decision 030).
  '/api/for-artists/claims/e2e-artist-1/stats',
  // The payout and transaction screens ask for their sample id in the office's money (query, not path).
  '/api/for-artists/stripe/payout-details',
  '/api/for-artists/stripe/transaction-details',
];

const publicRoutes: SpecRoute[] = [
  { name: 'landing', path: '/', access: 'public' },
  { name: 'login', path: '/login', access: 'public' },
  { name: 'register', path: '/register', access: 'public' },
  { name: 'try', path: '/try', access: 'public' },
  { name: 'artist-public', path: '/artist-public/e2e-artist-1', access: 'public' },
  { name: 'delete-account-instructions', path: '/delete-account-instructions', access: 'public' },
  { name: 'error', path: '/error', access: 'public' },
  {
    name: 'fan-verify-email',
    path: `/auth/fans/verify-email/${sampleToken}`,
    access: 'public',
    callsOnLoad: true,
  },
  {
    name: 'fan-reset-password',
    path: `/auth/fans/reset-password/${sampleToken}`,
    access: 'public',
    callsOnLoad: true,
  },
  {
    name: 'artist-verify-email',
    path: `/auth/for-artists/verify-email/${sampleToken}`,
    access: 'public',
    callsOnLoad: true,
  },
  {
    name: 'artist-reset-password',
    path: `/auth/for-artists/reset-password/${sampleToken}`,
    access: 'public',
    callsOnLoad: true,
  },
  { name: 'privacy-policy', path: '/privacy-policy', access: 'public' },
  { name: 'terms', path: '/terms', access: 'public' },
  { name: 'help', path: '/help', access: 'public' },
];

const fanRoutes: SpecRoute[] = [
  ['dashboard', '/dashboard'],
  ['pie', '/pie'],
  ['pie-detail', '/pie/e2e-pie-1'],
  ['pie-success-checkout', '/pie/successCheckout'],
  ['my-pies', '/my-pies'],
  ['history', '/history'],
  ['settings', '/settings'],
  ['pie-settings', '/pie/settings'],
  ['report', '/report'],
  ['artist', '/artist/e2e-artist-1'],
  ['user', '/user/e2e-user-1'],
  ['earth', '/earth'],
].map(([name, path]) => ({ name: `fan-${name}`, path: path ?? '', access: 'fan' }));

const artistOpenRoutes: SpecRoute[] = [
  ['home', '/for-artists'],
  ['login', '/for-artists/login'],
  ['register', '/for-artists/register'],
  ['office-invitation', '/for-artists/office-invitation/e2e-office-1'],
  ['complete-registration', '/for-artists/complete-registration'],
  ['error', '/for-artists/error'],
].map(([name, path]) => ({ name: `artist-${name}`, path: path ?? '', access: 'public' }));

const artistGuardedRoutes: SpecRoute[] = [
  ['artists', '/for-artists/artists'],
  ['artist-detail', '/for-artists/artists/e2e-artist-1'],
  ['claim', '/for-artists/claims/e2e-claim-1'],
  ['funds', '/for-artists/funds'],
  ['payout', '/for-artists/funds/payouts/e2e-payout-1'],
  ['transaction', '/for-artists/funds/transactions/e2e-transaction-1'],
  ['team', '/for-artists/team'],
  ['team-member', '/for-artists/team/e2e-member-1'],
  ['give-back', '/for-artists/give-back'],
  ['settings', '/for-artists/settings'],
  ['profile-update', '/for-artists/profile/update'],
  ['office-settings', '/for-artists/office-settings'],
  ...['twitter', 'youtube', 'facebook', 'instagram'].flatMap((platform) =>
    ['success', 'failed'].map((result) => [
      `social-${platform}-${result}`,
      `/for-artists/verify/${platform}/${result}`,
    ]),
  ),
].map(([name, path]) => ({ name: `artist-${name}`, path: path ?? '', access: 'artist' }));

const adminOpenRoutes: SpecRoute[] = [
  { name: 'admin-login', path: '/admin', access: 'public' },
  { name: 'admin-google-callback', path: '/admin/auth/google/callback', access: 'public' },
];

const adminGuardedRoutes: SpecRoute[] = [
  ['dashboard', '/admin/dashboard'],
  ['claims', '/admin/claims'],
  ['claim', '/admin/claims/e2e-claim-1'],
  ['artists', '/admin/artists'],
  ['fans', '/admin/fans'],
  ['fan', '/admin/fans/e2e-fan-1'],
  ['user-artists', '/admin/user-artists'],
  ['user-artist', '/admin/user-artists/e2e-user-artist-1'],
  ['offices', '/admin/offices'],
  ['office', '/admin/offices/e2e-office-1'],
  ['finances', '/admin/finances'],
  ['escrow', '/admin/escrow'],
  ['wallet-transactions', '/admin/wallet-transactions'],
].map(([name, path]) => ({ name: `admin-${name}`, path: path ?? '', access: 'admin' }));

export const specRoutes: readonly SpecRoute[] = [
  ...publicRoutes,
  ...fanRoutes,
  ...artistOpenRoutes,
  ...artistGuardedRoutes,
  ...adminOpenRoutes,
  ...adminGuardedRoutes,
];

/** Where a role lands on a route: the route itself when allowed, else the sign-in screen of the route's role. */
export function selectLanding(path: string, access: Access, role: RoleName): string {
  if (access === 'public' || access === role) return path;
  return signInPaths[access];
}

/** Unknown paths and the area home SPEC §2 sends them to; the home may itself be guarded. */
export const unknownPathCases: readonly { path: string; areaHome: string; homeAccess: Access }[] = [
  { path: '/no-such-page-e2e', areaHome: '/', homeAccess: 'public' },
  { path: '/pie/settings/no-such-page-e2e', areaHome: '/', homeAccess: 'public' },
  { path: '/for-artists/no-such-page-e2e', areaHome: '/for-artists', homeAccess: 'public' },
  {
    path: '/for-artists/verify/myspace/success',
    areaHome: '/for-artists',
    homeAccess: 'public',
  },
  { path: '/admin/no-such-page-e2e/deeper', areaHome: '/admin/dashboard', homeAccess: 'admin' },
];

/** A role the e2e visits routes as; `signIn` prepares a fresh browser context (cookies) for it. */
export interface RoleSession {
  name: RoleName;
  signIn(context: BrowserContext, baseUrl: string): Promise<void>;
}

const loginEndpointOf: Readonly<Record<Exclude<RoleName, 'anonymous'>, string>> = {
  fan: '/api/auth/login',
  artist: '/api/for-artists/auth/login',
  admin: '/api/admin/auth/login',
};

/**
 * The roles that visit every route. The signed-in roles are in `signedInRoleSessions`: they visit the public routes
 * and their own screens (see test/e2e/frame.test.ts for why not the other roles' screens).
 */
export const roleSessions: readonly RoleSession[] = [{ name: 'anonymous', signIn: async () => {} }];

const sessionCheckOf: Readonly<Record<Exclude<RoleName, 'anonymous'>, string>> = {
  fan: '/api/user',
  artist: '/api/for-artists/user',
  admin: '/api/admin/profile',
};

type SessionCookies = Awaited<ReturnType<BrowserContext['cookies']>>;
/** One login per role and product for the whole file: the product allows 10 logins of one e-mail from one address in
 * 15 minutes (domain/identity/rate-limits.ts), and a run opens far more pages than that. */
const signedInCookies = new Map<string, SessionCookies>();

/**
 * Fan, artist and admin, each signed in for real: the demo account local/seed.ts creates on the product's first start
 * logs in through the API, and the browser context keeps the HttpOnly session cookie the reply sets. Later contexts
 * reuse that session's cookies while the product still honours them (a test may have logged it out).
 */
export const signedInRoleSessions: readonly RoleSession[] = (['fan', 'artist', 'admin'] as const).map(
  (name) => ({
    name,
    async signIn(context, baseUrl) {
      const key = `${baseUrl}#${name}`;
      const saved = signedInCookies.get(key);
      if (saved) {
        await context.addCookies(saved);
        const check = await context.request.get(`${baseUrl}${sessionCheckOf[name]}`);
        if (check.ok()) return;
        await context.clearCookies();
        signedInCookies.delete(key);
      }
      const demo = demoAccounts.find((account) => account.kind === name);
      if (!demo) throw new Error(`local/seed.ts has no demo ${name}`);
      const reply = await context.request.post(`${baseUrl}${loginEndpointOf[name]}`, {
        headers: { origin: baseUrl },
        data: { email: demo.email, password: demo.password },
      });
      if (!reply.ok())
        throw new Error(`The demo ${name} could not log in: ${reply.status()} ${await reply.text()}`);
      signedInCookies.set(key, await context.cookies());
    },
  }),
);
