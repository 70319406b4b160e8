// The outside world claim verification reads (decision 027): Spotify's public artist pages, the social profiles a
// person connects through OAuth, and the OAuth flows themselves. Each is a port; the adapters are in
// functions/integrations/social-bios/ and reach the real services, or locally the OAuth and Spotify sandboxes, only
// through the base URLs the OAuth settings give (DESIGN §3).
import type { SocialSignIn } from '../../integrations/oauth';
import type { SocialProfileReader } from '../../integrations/social-bios/profile-readers';
import { createSocialProfileReader } from '../../integrations/social-bios/profile-readers';
import type { SpotifyArtistPageReader } from '../../integrations/social-bios/spotify-artist-page';
import { createSpotifyArtistPageReader } from '../../integrations/social-bios/spotify-artist-page';
import type { OAuthSettings } from '../../runtime/oauth-settings';
import { getOAuthSettings } from '../../runtime/oauth-settings';
import { getOAuthConfig, getSocialSignInPort } from '../oauth-ports';

export type { SocialBioProfile, SocialProfileReader } from '../../integrations/social-bios/profile-readers';
export type {
  SpotifyArtistPage,
  SpotifyArtistPageReader,
} from '../../integrations/social-bios/spotify-artist-page';

export interface VerificationPorts {
  spotifyArtistPages(): Promise<SpotifyArtistPageReader>;
  socialProfiles(): Promise<SocialProfileReader>;
  socialSignIn(): Promise<SocialSignIn>;
}

/** Spotify's public pages, or the sandbox's copies when Spotify itself is not configured and the sandbox is. */
export function spotifyPagesBaseOf(settings: Pick<OAuthSettings, 'credentials' | 'sandboxUrl'>): string {
  if (!settings.credentials.spotify && settings.sandboxUrl) {
    return `${settings.sandboxUrl.replace(/\/+$/, '')}/spotify`;
  }
  return 'https://open.spotify.com';
}

let spotifyPages: { settings: OAuthSettings; port: SpotifyArtistPageReader } | undefined;
let profiles: { settings: OAuthSettings; port: SocialProfileReader } | undefined;

/** Spotify's public artist pages for this deployment, built once per configuration. */
export async function getSpotifyArtistPagesPort(): Promise<SpotifyArtistPageReader> {
  const settings = await getOAuthSettings();
  if (spotifyPages?.settings !== settings) {
    spotifyPages = {
      settings,
      port: createSpotifyArtistPageReader({
        baseUrl: spotifyPagesBaseOf(settings),
        timeoutMs: settings.timeoutMs,
      }),
    };
  }
  return spotifyPages.port;
}

/** The deployment's ports, built once per configuration. */
export function getVerificationPorts(): VerificationPorts {
  return {
    spotifyArtistPages: getSpotifyArtistPagesPort,
    async socialProfiles() {
      const settings = await getOAuthSettings();
      if (profiles?.settings !== settings) {
        profiles = { settings, port: createSocialProfileReader(await getOAuthConfig()) };
      }
      return profiles.port;
    },
    socialSignIn: getSocialSignInPort,
  };
}
