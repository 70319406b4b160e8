import { fanUserSchema } from '../auth';
import {
  authorizeUrlReplySchema,
  callbackParamsSchema,
  fanSignInQuerySchema,
  providerCallbackQuerySchema,
} from '../social-sign-in';
import type { ResourceContracts } from './contract';
import { json, redirectReply } from './contract';

/** GET /api/auth/login<Provider>: a browser redirect to the provider, or back to an SPA page on failure. */
const signIn = { query: fanSignInQuerySchema, reply: redirectReply };
/** POST /api/auth/link-<provider>: where to send the signed-in fan to connect the provider. */
const link = { reply: json(authorizeUrlReplySchema) };
/** POST /api/auth/disconnect-<provider>: the fan as GET /api/user answers, without that connection. */
const disconnect = { reply: json(fanUserSchema) };

export const fanSocialContracts = {
  'GET /api/auth/loginSpotify': signIn,
  'GET /api/auth/loginGoogle': signIn,
  'GET /api/auth/loginTwitter': signIn,
  'GET /api/auth/loginFacebookFan': signIn,
  'GET /api/auth/callback/{provider}': {
    params: callbackParamsSchema,
    query: providerCallbackQuerySchema,
    reply: redirectReply,
  },
  'POST /api/auth/link-google': link,
  'POST /api/auth/link-twitter': link,
  'POST /api/auth/link-facebook': link,
  'POST /api/auth/disconnect-spotify': disconnect,
  'POST /api/auth/disconnect-google': disconnect,
  'POST /api/auth/disconnect-twitter': disconnect,
  'POST /api/auth/disconnect-facebook': disconnect,
} satisfies ResourceContracts<'fan-social'>;
