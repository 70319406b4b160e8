// Routes of the 'artist-socials' resource (see functions/contracts/routes.ts): the social profiles an artist-side
// user connected, and the OAuth connection that reads a profile's bio to verify a claim (decision 027).
import { artistSocialsContracts } from '../contracts/api/artist-socials';
import {
  beginSocialVerification,
  completeSocialVerification,
  fetchSocialProfiles,
  verificationDependencies,
} from '../services/claims/verification';
import { readStateCookie } from '../services/social-sign-in/state-cookie';
import { ok, redirect } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-socials', artistSocialsContracts, {
  'POST /api/for-artists/artist/socials/fetch': async ({ principal }) =>
    ok(await fetchSocialProfiles(verificationDependencies(), principal.userId)),
  'POST /api/user-artist/artist/socials/fetch': async ({ principal }) =>
    ok(await fetchSocialProfiles(verificationDependencies(), principal.userId)),
  'POST /api/for-artists/artist/socials/connect': async ({ principal, body }) => {
    const { authorizeUrl, stateCookie } = await beginSocialVerification(
      verificationDependencies(),
      principal.userId,
      body,
    );
    return ok({ authorizeUrl }, { cookies: [stateCookie] });
  },
  'GET /api/for-artists/artist/socials/callback/{provider}': async ({ params, query, event, log }) => {
    const { location, stateCookie } = await completeSocialVerification(
      verificationDependencies(),
      params.provider,
      { ...query, stateCookie: readStateCookie(event) },
      log,
    );
    return redirect(location, { cookies: [stateCookie] });
  },
});
