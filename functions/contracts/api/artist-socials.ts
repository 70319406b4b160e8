// Social profiles for claim verification (SPEC §7 "(body)"; decision 027): the profiles an artist-side user connected
// with their bios, and the OAuth connection that reads a profile's bio to prove a claim.
import { providerCallbackQuerySchema } from '../social-sign-in';
import {
  connectSocialReplySchema,
  connectSocialSchema,
  fetchSocialsSchema,
  socialProfilesReplySchema,
  verificationCallbackParamsSchema,
} from '../verification';
import type { ResourceContracts } from './contract';
import { json, redirectReply } from './contract';

export const artistSocialsContracts = {
  'POST /api/for-artists/artist/socials/fetch': {
    body: fetchSocialsSchema,
    reply: json(socialProfilesReplySchema),
  },
  'POST /api/user-artist/artist/socials/fetch': {
    body: fetchSocialsSchema,
    reply: json(socialProfilesReplySchema),
  },
  'POST /api/for-artists/artist/socials/connect': {
    officeRight: 'manage-office',
    body: connectSocialSchema,
    reply: json(connectSocialReplySchema),
  },
  'GET /api/for-artists/artist/socials/callback/{provider}': {
    params: verificationCallbackParamsSchema,
    query: providerCallbackQuerySchema,
    reply: redirectReply,
  },
} satisfies ResourceContracts<'artist-socials'>;
