// Reading the bio of the profiles a person connected for claim verification (decision 027), with the access token
// the OAuth flow just obtained: X's own profile description, the YouTube channels' descriptions, the About text of
// the Facebook Pages they manage, and the biography of the Instagram professional accounts linked to those Pages.
// Each call goes to the real API, or to the local OAuth sandbox's copy of it when the provider is the sandbox.
import { createHmac } from 'node:crypto';
import * as z from 'zod/mini';
import type { SocialVerificationPlatform } from '../../contracts/verification';
import type { OAuthConfig, OAuthProviderConfig } from '../oauth/config';
import { SocialProviderNotConfigured } from '../oauth/errors';
import type { FetchFunction } from '../oauth/provider-http';
import { callProvider } from '../oauth/provider-http';
import type { SocialProvider } from '../oauth/providers';

/** One profile with its bio, as the platform answered it. */
export interface SocialBioProfile {
  platform: SocialVerificationPlatform;
  /** The platform's id of the profile (X user, YouTube channel, Facebook Page, Instagram account). */
  profileId: string;
  handle: string | null;
  url: string | null;
  bio: string;
}

export interface SocialProfileReader {
  /** Every profile of this platform the token reaches, with its bio; an empty list when there is none. */
  readProfiles(platform: SocialVerificationPlatform, accessToken: string): Promise<SocialBioProfile[]>;
}

const graphVersion = 'v23.0';

/** The APIs' roots, for real and on the sandbox (which mirrors each provider's paths under `<sandbox>/<provider>`). */
function apiRootOf(settings: OAuthProviderConfig): string {
  if (settings.source === 'real') {
    switch (settings.provider) {
      case 'twitter':
        return 'https://api.x.com';
      case 'google':
        return 'https://www.googleapis.com';
      case 'facebook':
        return 'https://graph.facebook.com';
      case 'spotify':
        return 'https://api.spotify.com';
    }
  }
  const authorize = settings.endpoints.authorize;
  const marker = `/${settings.provider}/`;
  return authorize.slice(0, authorize.indexOf(marker) + marker.length - 1);
}

const xUserSchema = z.looseObject({
  data: z.looseObject({
    id: z.string().check(z.minLength(1)),
    username: z.optional(z.string()),
    description: z.optional(z.string()),
  }),
});

const youtubeChannelsSchema = z.looseObject({
  items: z.optional(
    z.array(
      z.looseObject({
        id: z.string(),
        snippet: z.looseObject({
          title: z.optional(z.string()),
          description: z.optional(z.string()),
          customUrl: z.optional(z.string()),
        }),
      }),
    ),
  ),
});

const facebookPagesSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      name: z.optional(z.string()),
      about: z.optional(z.string()),
      link: z.optional(z.string()),
      instagram_business_account: z.optional(
        z.looseObject({
          id: z.string(),
          username: z.optional(z.string()),
          biography: z.optional(z.string()),
        }),
      ),
    }),
  ),
});

export function createSocialProfileReader(
  config: OAuthConfig,
  dependencies: { fetch?: FetchFunction } = {},
): SocialProfileReader {
  const fetchFunction = dependencies.fetch ?? fetch;
  const settingsOf = (provider: SocialProvider): OAuthProviderConfig => {
    const settings = config.providers[provider];
    if (!settings) throw new SocialProviderNotConfigured(provider);
    return settings;
  };
  const contextOf = (provider: SocialProvider) => ({
    provider,
    fetch: fetchFunction,
    timeoutMs: config.timeoutMs,
  });
  const bearer = (accessToken: string) => ({ headers: { authorization: `Bearer ${accessToken}` } });

  /** One read of the person's own data at `path` of the provider's API, with `query` in its URL. */
  async function readOwn<S extends z.ZodMiniType>(
    provider: SocialProvider,
    path: string,
    query: Record<string, string>,
    init: RequestInit,
    schema: S,
  ): Promise<z.infer<S>> {
    const url = new URL(`${apiRootOf(settingsOf(provider))}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return callProvider(contextOf(provider), 'identity', url.toString(), init, schema);
  }

  async function readX(accessToken: string): Promise<SocialBioProfile[]> {
    const me = await readOwn(
      'twitter',
      '/2/users/me',
      { 'user.fields': 'description,username' },
      bearer(accessToken),
      xUserSchema,
    );
    const handle = me.data.username ?? null;
    return [
      {
        platform: 'twitter',
        profileId: me.data.id,
        handle: handle === null ? null : `@${handle}`,
        url: handle === null ? null : `https://x.com/${handle}`,
        bio: me.data.description ?? '',
      },
    ];
  }

  async function readYouTube(accessToken: string): Promise<SocialBioProfile[]> {
    const reply = await readOwn(
      'google',
      '/youtube/v3/channels',
      { part: 'snippet', mine: 'true' },
      bearer(accessToken),
      youtubeChannelsSchema,
    );
    return (reply.items ?? []).map((channel) => ({
      platform: 'youtube',
      profileId: channel.id,
      handle: channel.snippet.customUrl ?? channel.snippet.title ?? null,
      url: `https://www.youtube.com/channel/${channel.id}`,
      bio: channel.snippet.description ?? '',
    }));
  }

  async function readFacebookPages(
    platform: 'facebook' | 'instagram',
    accessToken: string,
  ): Promise<SocialBioProfile[]> {
    const reply = await readOwn(
      'facebook',
      `/${graphVersion}/me/accounts`,
      {
        fields:
          platform === 'facebook'
            ? 'id,name,about,link'
            : 'id,name,instagram_business_account{id,username,biography}',
        access_token: accessToken,
        // "Require App Secret": the Graph API wants proof that the call comes from our server.
        appsecret_proof: createHmac('sha256', settingsOf('facebook').clientSecret)
          .update(accessToken)
          .digest('hex'),
      },
      {},
      facebookPagesSchema,
    );
    if (platform === 'facebook') {
      return reply.data.map((page) => ({
        platform: 'facebook',
        profileId: page.id,
        handle: page.name ?? null,
        url: page.link ?? `https://www.facebook.com/${page.id}`,
        bio: page.about ?? '',
      }));
    }
    return reply.data.flatMap((page) => {
      const account = page.instagram_business_account;
      if (!account) return [];
      return [
        {
          platform: 'instagram' as const,
          profileId: account.id,
          handle: account.username === undefined ? null : `@${account.username}`,
          url: account.username === undefined ? null : `https://www.instagram.com/${account.username}`,
          bio: account.biography ?? '',
        },
      ];
    });
  }

  return {
    readProfiles(platform, accessToken) {
      switch (platform) {
        case 'twitter':
          return readX(accessToken);
        case 'youtube':
          return readYouTube(accessToken);
        case 'facebook':
        case 'instagram':
          return readFacebookPages(platform, accessToken);
      }
    },
  };
}
