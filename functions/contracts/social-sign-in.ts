// Social sign-in as the SPA and the server both speak of it: the four providers, the query the browser routes
// send back (`socialError`, `socialReason`, `socialConnected`), and SPEC §8's failure text. The server's
// `describeSocialSignInFailure` (functions/integrations/oauth) says the same sentence; the SPA may import only
// contracts, so the text lives here too.

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
