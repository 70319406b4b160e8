// The one place where SPA URLs are built (STYLE §8); API URLs come from the route manifest through api-path.ts.
// Route patterns (what the router matches) and href builders (what links use) sit side by side so a renamed screen
// cannot leave a dangling link behind.

/** Query values the API accepts; `undefined` leaves the key out, so optional filters need no `if`. */
export type QueryValue = string | number | boolean | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** Appends a query string, skipping undefined values; an empty query leaves the URL untouched. */
export function appendQuery(url: string, query?: Query): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** Fills `:name` segments of a route pattern; values are encoded so an id can never add a segment. */
export function fillPattern(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([A-Za-z]\w*)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** Social platforms whose bio-verification result has its own screen in the artist area (SPEC §2). */
export const socialVerificationPlatforms = ['twitter', 'youtube', 'facebook', 'instagram'] as const;
export type SocialVerificationPlatform = (typeof socialVerificationPlatforms)[number];
export const socialVerificationResults = ['success', 'failed'] as const;
export type SocialVerificationResult = (typeof socialVerificationResults)[number];

const artistBase = '/for-artists';
const adminBase = '/admin';

/** Absolute route patterns, as the router matches them (SPEC §2). */
export const routePatterns = {
  home: '/',
  public: {
    privacyPolicy: '/privacy-policy',
    terms: '/terms',
    deleteAccountInstructions: '/delete-account-instructions',
    error: '/error',
    artistPublic: '/artist-public/:id',
  },
  fan: {
    login: '/login',
    register: '/register',
    try: '/try',
    verifyEmail: '/auth/fans/verify-email/:token',
    resetPassword: '/auth/fans/reset-password/:token',
    dashboard: '/dashboard',
    pie: '/pie',
    pieDetail: '/pie/:pieId',
    pieSuccessCheckout: '/pie/successCheckout',
    pieSettings: '/pie/settings',
    myPies: '/my-pies',
    history: '/history',
    settings: '/settings',
    report: '/report',
    artist: '/artist/:id',
    user: '/user/:userID',
    earth: '/earth',
    help: '/help',
  },
  artist: {
    home: artistBase,
    login: `${artistBase}/login`,
    register: `${artistBase}/register`,
    officeInvitation: `${artistBase}/office-invitation/:officeId`,
    completeRegistration: `${artistBase}/complete-registration`,
    error: `${artistBase}/error`,
    verifyEmail: '/auth/for-artists/verify-email/:token',
    resetPassword: '/auth/for-artists/reset-password/:token',
    artists: `${artistBase}/artists`,
    artistDetail: `${artistBase}/artists/:id`,
    claim: `${artistBase}/claims/:id`,
    funds: `${artistBase}/funds`,
    payout: `${artistBase}/funds/payouts/:id`,
    transaction: `${artistBase}/funds/transactions/:id`,
    team: `${artistBase}/team`,
    teamMember: `${artistBase}/team/:memberId`,
    giveBack: `${artistBase}/give-back`,
    settings: `${artistBase}/settings`,
    profileUpdate: `${artistBase}/profile/update`,
    officeSettings: `${artistBase}/office-settings`,
    // The router declares one route per platform and result rather than this pattern, so an unknown
    // platform falls through to the area's unknown-path rule instead of reaching a screen.
    socialVerification: `${artistBase}/verify/:platform/:result`,
  },
  admin: {
    login: adminBase,
    googleCallback: `${adminBase}/auth/google/callback`,
    dashboard: `${adminBase}/dashboard`,
    claims: `${adminBase}/claims`,
    claim: `${adminBase}/claims/:id`,
    artists: `${adminBase}/artists`,
    fans: `${adminBase}/fans`,
    fan: `${adminBase}/fans/:id`,
    userArtists: `${adminBase}/user-artists`,
    userArtist: `${adminBase}/user-artists/:id`,
    offices: `${adminBase}/offices`,
    office: `${adminBase}/offices/:id`,
    finances: `${adminBase}/finances`,
    escrow: `${adminBase}/escrow`,
    walletTransactions: `${adminBase}/wallet-transactions`,
    // Decision 039: from a balance to its entries, its transaction, the Stripe object and the pie's receipt.
    ledger: `${adminBase}/ledger`,
    ledgerAccount: `${adminBase}/ledger/accounts/:accountId`,
    ledgerTransaction: `${adminBase}/ledger/transactions/:transactionId`,
    ledgerPie: `${adminBase}/ledger/pies/:pieId`,
    // Decision 043: every staff action with its reason.
    audit: `${adminBase}/audit`,
  },
} as const;

/** The `:name` parameters of a route pattern, as a union of names. */
export type PatternParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PatternParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** An href builder: no argument for a fixed path, an object of the pattern's parameters otherwise. */
export type PathBuilder<P extends string> = [PatternParams<P>] extends [never]
  ? () => string
  : (params: Readonly<Record<PatternParams<P>, string>>) => string;

type PatternTree = { readonly [key: string]: string | PatternTree };
export type PathBuilders<T extends PatternTree> = {
  readonly [K in keyof T]: T[K] extends string
    ? PathBuilder<T[K]>
    : T[K] extends PatternTree
      ? PathBuilders<T[K]>
      : never;
};

function derivePathBuilders<T extends PatternTree>(tree: T): PathBuilders<T> {
  const builders: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    builders[key] =
      typeof value === 'string'
        ? (params: Readonly<Record<string, string>> = {}) => fillPattern(value, params)
        : derivePathBuilders(value);
  }
  // The mapped type describes exactly what the loop builds; TypeScript cannot follow a loop over keys.
  return builders as PathBuilders<T>;
}

/**
 * Href builders for links and redirects, derived from `routePatterns` so the two cannot drift:
 * `paths.home()` → `/`, `paths.fan.login()` → `/login`, `paths.fan.pieDetail({ pieId: 'p1' })` → `/pie/p1`.
 */
export const paths = derivePathBuilders(routePatterns);

/** True when a pathname is the artist area itself or anything under it (not `/for-artistsX`). */
export function isArtistAreaPath(pathname: string): boolean {
  return pathname === artistBase || pathname.startsWith(`${artistBase}/`);
}
