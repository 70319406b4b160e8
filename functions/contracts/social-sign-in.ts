// Social sign-in as the SPA and the server both speak of it: the four providers, what the browser routes read
// (their query schemas), the query they send the browser back with (`socialError`, `socialReason`,
// `socialConnected`), SPEC §8's failure text for a sign-in, and a connection's own words for what went wrong.
import * as z from 'zod/mini';

/** The providers of SPEC §7, by the names the routes use (X is `twitter`, as in `loginTwitter`). */
export const socialProviders = ['spotify', 'google', 'twitter', 'facebook'] as const;
export type SocialProviderName = (typeof socialProviders)[number];

/** How people know each provider today. */
export const socialProviderLabels: Readonly<Record<SocialProviderName, string>> = {
  spotify: 'Spotify',
  google: 'Google',
  twitter: 'X',
  facebook: 'Facebook',
};

/** The query keys the browser routes add when they send the browser back to an SPA page (decision 006). */
export const socialQueryKeys = {
  error: 'socialError',
  reason: 'socialReason',
  connected: 'socialConnected',
  /** A sign-in from the promo page that worked. */
  success: 'socialSuccess',
} as const;

/** A provider named in a query, or null for anything else. */
export function parseSocialProvider(value: string | null | undefined): SocialProviderName | null {
  return socialProviders.find((provider) => provider === value) ?? null;
}

/** SPEC §8's text for a failed social sign-in; the same wording for each provider, which SPEC calls Twitter. */
export function describeSocialSignInFailure(provider: SocialProviderName): string {
  const name = provider === 'twitter' ? 'Twitter' : socialProviderLabels[provider];
  return `Failed to initialize ${name} registration. Please try again.`;
}

/** Why a sign-in came back without success (`socialReason`); SPEC §8's text is shown whatever the reason. */
export const socialReasons = [
  'cancelled',
  'expired',
  'invalid_state',
  'failed',
  'unavailable',
  'human_check',
  'email_in_use',
  'already_linked',
  'already_connected',
] as const;
export type SocialReason = (typeof socialReasons)[number];

/** A short hint after SPEC §8's text where the reason tells the person what to do; none for the plain failures. */
export function describeSocialSignInHint(
  provider: SocialProviderName,
  reason: string | null | undefined,
): string | null {
  const name = socialProviderLabels[provider];
  switch (reason) {
    case 'cancelled':
      return `You cancelled the sign-in at ${name}.`;
    case 'expired':
    case 'invalid_state':
      return 'The sign-in took too long or was started in another tab.';
    case 'unavailable':
      return `${name} sign-in is not available right now.`;
    case 'human_check':
      return 'We could not confirm that you are a person.';
    case 'email_in_use':
      return `An OpenPie account already uses the e-mail address of this ${name} account. Log in with your password, then connect ${name} in Settings.`;
    case 'already_linked':
      return `This ${name} account is already connected to another OpenPie account.`;
    case 'already_connected':
      return `A ${name} account is already connected to your OpenPie account.`;
    default:
      return null;
  }
}

/**
 * What the settings page and the dashboard say when connecting a provider (not signing in) did not work: the reason
 * in its own words, rather than SPEC §8's "registration" text, which speaks of signing up.
 */
export function describeSocialConnectFailure(
  provider: SocialProviderName,
  reason: string | null | undefined,
): string {
  const name = socialProviderLabels[provider];
  switch (reason) {
    case 'already_linked':
      return `This ${name} account is already connected to another OpenPie account.`;
    case 'already_connected':
      return `Another ${name} account is already connected to your OpenPie account. Disconnect it first to connect this one.`;
    case 'cancelled':
      return `You cancelled connecting your ${name} account.`;
    case 'expired':
    case 'invalid_state':
      return `Connecting ${name} took too long or was started in another tab. Please try again.`;
    case 'unavailable':
      return `${name} is not available right now. Please try again later.`;
    case 'human_check':
      return 'We could not confirm that you are a person. Please try again.';
    default:
      return `Your ${name} account could not be connected. Please try again.`;
  }
}

// ── what the browser routes read ────────────────────────────────────────────────────────────────────────────────

/**
 * Lenient: a browser route shows no validation errors, so anything unexpected is simply ignored. This is what
 * `z.catch(z.optional(schema), undefined)` builds, made directly: zod/mini's `catch` reaches zod's whole `util`
 * namespace, which cost every Lambda that bundles these schemas about 9 KB (docs/decisions/017-bundle-budget.md).
 */
function lenient<S extends z.ZodMiniType>(schema: S): z.ZodMiniCatch<z.ZodMiniOptional<S>> {
  return new z.ZodMiniCatch({
    type: 'catch',
    innerType: z.optional(schema),
    catchValue: () => undefined,
  }) as z.ZodMiniCatch<z.ZodMiniOptional<S>>;
}
const queryText = z.string().check(z.minLength(1), z.maxLength(4096));

/** GET /api/auth/login<Provider> (SPEC §7): deviceType (not for Google), recaptchaToken, promo=try. */
export const fanSignInQuerySchema = z.object({
  deviceType: lenient(z.enum(['mobile', 'desktop'])),
  recaptchaToken: lenient(queryText),
  promo: lenient(z.literal('try')),
  /** Spotify connected from the dashboard (or /try) comes back there; anything else goes to the usual page. */
  returnTo: lenient(z.enum(['dashboard', 'try'])),
});
export type FanSignInQuery = z.infer<typeof fanSignInQuerySchema>;

/** What a provider sends back to GET /api/auth/callback/{provider} (and the artist-side Google callback). */
export const providerCallbackQuerySchema = z.object({
  code: lenient(queryText),
  state: lenient(queryText),
  error: lenient(queryText),
  error_description: lenient(queryText),
});
export type ProviderCallbackQuery = z.infer<typeof providerCallbackQuerySchema>;

/** POST /api/admin/auth/google/callback: what the SPA page /admin/auth/google/callback found in its query. */
export const staffCallbackSchema = z.object({
  code: z.optional(z.string().check(z.maxLength(4096))),
  state: z.optional(z.string().check(z.maxLength(4096))),
  error: z.optional(z.string().check(z.maxLength(200))),
});
export type StaffCallbackPayload = z.infer<typeof staffCallbackSchema>;

/** The `{provider}` of GET /api/auth/callback/{provider}; which names lead anywhere is the route's to say (404). */
export const callbackParamsSchema = z.object({ provider: z.string().check(z.maxLength(64)) });

/** POST /api/auth/link-<provider> and /api/for-artists/auth/link-google: where to send the browser to connect. */
export const authorizeUrlReplySchema = z.object({ authorizeUrl: z.string() });
