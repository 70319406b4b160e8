// The replies of the social sign-in browser routes: a social sign-in service's outcome (services/social-sign-in/
// outcomes.ts) as a 302 to the provider or back into the SPA, with the query the SPA reads (decision 006) and the
// cookies (the OAuth state, and the session of a sign-in).
import { socialQueryKeys } from '../../contracts/social-sign-in';
import type { Env } from '../../runtime/env';
import { buildSessionCookie } from '../../services/cookies';
import type { BrowserOutcome } from '../../services/social-sign-in/outcomes';
import type { RedirectReply } from './http';
import { redirect } from './http';

/** The redirect an outcome asks for. */
export function redirectForOutcome(env: Pick<Env, 'SITE_ORIGIN'>, outcome: BrowserOutcome): RedirectReply {
  if (outcome.status === 'to-provider') {
    return redirect(outcome.authorizeUrl, { cookies: [outcome.stateCookie] });
  }
  const query = new URLSearchParams();
  const cookies = outcome.stateCookie ? [outcome.stateCookie] : [];
  switch (outcome.status) {
    case 'signed-in':
      if (outcome.page === '/try') query.set(socialQueryKeys.success, outcome.provider);
      cookies.push(buildSessionCookie(env, outcome.session));
      break;
    case 'connected':
      query.set(socialQueryKeys.connected, outcome.provider);
      break;
    case 'failed':
      query.set(socialQueryKeys.error, outcome.provider);
      query.set(socialQueryKeys.reason, outcome.reason);
      break;
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return redirect(`${siteOrigin(env)}${outcome.page}${search}`, cookies.length > 0 ? { cookies } : {});
}

function siteOrigin(env: Pick<Env, 'SITE_ORIGIN'>): string {
  if (!env.SITE_ORIGIN)
    throw new Error('SITE_ORIGIN is not configured: social sign-in cannot send the browser back.');
  return env.SITE_ORIGIN.replace(/\/+$/, '');
}
