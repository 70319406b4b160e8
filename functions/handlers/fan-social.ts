// Routes of the 'fan-social' resource (see functions/contracts/routes.ts): social sign-in with Spotify, Google, X and
// Facebook (browser redirects, the providers' callback, link-* and disconnect-*), whose use cases live in
// services/social-sign-in/fan.ts (docs/decisions/006-social-sign-in.md).
import { fanSocialContracts } from '../contracts/api/fan-social';
import type { SocialProviderName } from '../contracts/social-sign-in';
import { readSessionToken } from '../services/cookies';
import { socialSignInDependencies } from '../services/social-sign-in/dependencies';
import {
  beginFanLink,
  beginFanSignIn,
  completeFanSignIn,
  disconnectFanProvider,
  fanSocialDependencies,
  parseCallbackProvider,
} from '../services/social-sign-in/fan';
import { readStateCookie } from '../services/social-sign-in/state-cookie';
import { ok } from './lib/http';
import { identityRequestOf } from './lib/identity-request';
import type { HandlerFor } from './lib/resource';
import { createResourceHandler } from './lib/resource';
import { redirectForOutcome } from './lib/social-replies';

type Contracts = typeof fanSocialContracts;

/** GET /api/auth/login<Provider>: a browser redirect to the provider; failures return to an SPA page. */
function signInRoute(provider: SocialProviderName): HandlerFor<Contracts, 'GET /api/auth/loginSpotify'> {
  return async (input) =>
    redirectForOutcome(
      input.env,
      await beginFanSignIn(fanSocialDependencies(), provider, input.query, {
        ...identityRequestOf(input),
        sessionToken: readSessionToken('fan', input.event),
      }),
    );
}

/** POST /api/auth/link-<provider>: `{ authorizeUrl }` to connect the provider to the signed-in fan. */
function linkRoute(provider: SocialProviderName): HandlerFor<Contracts, 'POST /api/auth/link-google'> {
  return async ({ principal }) => {
    const { authorizeUrl, stateCookie } = await beginFanLink(
      socialSignInDependencies(),
      provider,
      principal.userId,
    );
    return ok({ authorizeUrl }, { cookies: [stateCookie] });
  };
}

/** POST /api/auth/disconnect-<provider>: the fan as GET /api/user answers, without that connection. */
function disconnectRoute(
  provider: SocialProviderName,
): HandlerFor<Contracts, 'POST /api/auth/disconnect-google'> {
  return async ({ principal }) =>
    ok(await disconnectFanProvider(socialSignInDependencies(), provider, principal.userId));
}

export const handler = createResourceHandler('fan-social', fanSocialContracts, {
  'GET /api/auth/loginSpotify': signInRoute('spotify'),
  'GET /api/auth/loginGoogle': signInRoute('google'),
  'GET /api/auth/loginTwitter': signInRoute('twitter'),
  'GET /api/auth/loginFacebookFan': signInRoute('facebook'),
  'GET /api/auth/callback/{provider}': async ({ params, query, event, env, log }) =>
    redirectForOutcome(
      env,
      await completeFanSignIn(
        fanSocialDependencies(),
        parseCallbackProvider(params.provider),
        { ...query, stateCookie: readStateCookie(event) },
        { log },
      ),
    ),
  'POST /api/auth/link-google': linkRoute('google'),
  'POST /api/auth/link-twitter': linkRoute('twitter'),
  'POST /api/auth/link-facebook': linkRoute('facebook'),
  'POST /api/auth/disconnect-spotify': disconnectRoute('spotify'),
  'POST /api/auth/disconnect-google': disconnectRoute('google'),
  'POST /api/auth/disconnect-twitter': disconnectRoute('twitter'),
  'POST /api/auth/disconnect-facebook': disconnectRoute('facebook'),
});
