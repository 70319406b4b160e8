// Routes of the 'fan-social' resource (see functions/contracts/routes.ts): social sign-in with Spotify, Google, X and
// Facebook (browser redirects, the providers' callback, link-* and disconnect-*), whose rules live in
// lib/social-sign-in.ts (docs/decisions/006-social-sign-in.md).
import type { SocialProvider } from '../integrations/oauth';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { createResourceHandler, defineRoute } from './lib/resource';
import {
  beginFanLink,
  beginFanSignIn,
  callbackParamsSchema,
  completeFanSignIn,
  disconnectProvider,
  fanSignInQuerySchema,
  parseCallbackProvider,
  providerCallbackQuerySchema,
} from '../services/social-sign-in';

/** GET /api/auth/login<Provider>: a browser redirect to the provider; failures return to an SPA page. */
function signInRoute(provider: SocialProvider) {
  return defineRoute({
    query: fanSignInQuerySchema,
    handle: ({ query, event, now, log }) => beginFanSignIn(provider, query, { event, now, log }),
  });
}

/** POST /api/auth/link-<provider>: `{ authorizeUrl }` to connect the provider to the signed-in fan. */
function linkRoute(provider: SocialProvider) {
  return defineRoute({
    handle: ({ principal, now }) => beginFanLink(provider, requirePrincipal(principal).userId, now),
  });
}

/** POST /api/auth/disconnect-<provider>: the fan as GET /api/user answers, without that connection. */
function disconnectRoute(provider: SocialProvider) {
  return defineRoute({
    handle: async ({ principal }) =>
      ok(await disconnectProvider(provider, requirePrincipal(principal).userId)),
  });
}

export const handler = createResourceHandler('fan-social', {
  'GET /api/auth/loginSpotify': signInRoute('spotify'),
  'GET /api/auth/loginGoogle': signInRoute('google'),
  'GET /api/auth/loginTwitter': signInRoute('twitter'),
  'GET /api/auth/loginFacebookFan': signInRoute('facebook'),
  'GET /api/auth/callback/{provider}': defineRoute({
    params: callbackParamsSchema,
    query: providerCallbackQuerySchema,
    handle: ({ params, query, event, now, log }) =>
      completeFanSignIn(parseCallbackProvider(params.provider), query, { event, now, log }),
  }),
  'POST /api/auth/link-google': linkRoute('google'),
  'POST /api/auth/link-twitter': linkRoute('twitter'),
  'POST /api/auth/link-facebook': linkRoute('facebook'),
  'POST /api/auth/disconnect-spotify': disconnectRoute('spotify'),
  'POST /api/auth/disconnect-google': disconnectRoute('google'),
  'POST /api/auth/disconnect-twitter': disconnectRoute('twitter'),
  'POST /api/auth/disconnect-facebook': disconnectRoute('facebook'),
});
