import type { SocialProviderName } from '@contracts/social-sign-in';

const initials: Readonly<Record<SocialProviderName, string>> = {
  spotify: 'S',
  google: 'G',
  twitter: 'X',
  facebook: 'f',
};

/** A small round mark in the provider's colour; decoration beside the provider's written name. */
export function ProviderBadge({ provider }: { provider: SocialProviderName }) {
  return (
    <span className={`provider-badge provider-badge--${provider}`} aria-hidden="true">
      {initials[provider]}
    </span>
  );
}
