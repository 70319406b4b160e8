// Who the token's person is, as each provider answers it: Google's userinfo, X's users/me and Facebook's Graph /me
// (which, with "Require App Secret" on, also wants an appsecret_proof).
import { createHmac } from 'node:crypto';
import type { SandboxCall, SandboxContext } from './call';
import { safeEqual } from './call';
import type { AccessTokenRecord } from './grants';
import { buildUserClaims } from './google-oidc';
import { facebookUserIdOf, xUserIdOf, xUsernameOf } from './identities';
import type { SandboxReply } from './reply';
import { json } from './reply';

/** The grant behind the call's bearer token (Facebook also takes it as `access_token` in the query). */
export function bearerGrant(
  context: SandboxContext,
  call: SandboxCall,
): AccessTokenRecord | 'unknown' | 'expired' {
  const header = call.req.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]+)$/i.exec(header);
  const token =
    match?.[1] ?? (call.provider === 'facebook' ? call.url.searchParams.get('access_token') : null);
  return token ? context.grants.findAccessToken(token, call.provider) : 'unknown';
}

/** A Graph API error, as Facebook answers one. */
export function graphError(message: string, code: number, type = 'OAuthException'): SandboxReply {
  return json(400, { error: { message, type, code, fbtrace_id: 'sandbox' } });
}

/**
 * The grant of a Graph API call, or the error Facebook answers instead: a token it does not know or that expired, or
 * (the sandbox app has "Require App Secret" on: server calls prove they know the secret) a wrong appsecret_proof, or
 * none, which each endpoint words its own way (`missingProof`).
 */
export function graphGrant(
  context: SandboxContext,
  call: SandboxCall,
  missingProof: string,
): { grant: AccessTokenRecord } | { refusal: SandboxReply } {
  const grant = bearerGrant(context, call);
  if (grant === 'unknown') {
    return { refusal: graphError('Invalid OAuth access token - Cannot parse access token', 190) };
  }
  if (grant === 'expired') {
    return { refusal: graphError('Error validating access token: Session has expired.', 190) };
  }
  const token =
    call.url.searchParams.get('access_token') ??
    call.req.headers.authorization?.replace(/^Bearer /i, '') ??
    '';
  const proof = call.url.searchParams.get('appsecret_proof');
  if (!proof) return { refusal: graphError(missingProof, 100, 'GraphMethodException') };
  const expected = createHmac('sha256', call.profile.client.secret).update(token).digest('hex');
  const wrongProof = 'Invalid appsecret_proof provided in the API argument';
  if (!safeEqual(proof, expected)) return { refusal: graphError(wrongProof, 100, 'GraphMethodException') };
  return { grant };
}

export function readGoogleUserInfo(context: SandboxContext, call: SandboxCall): SandboxReply {
  const grant = bearerGrant(context, call);
  if (typeof grant === 'string') {
    return json(
      401,
      {
        error: 'invalid_token',
        error_description: `Access token ${grant === 'expired' ? 'expired' : 'invalid'}`,
      },
      { 'www-authenticate': 'Bearer error="invalid_token"' },
    );
  }
  return json(200, buildUserClaims(grant));
}

export function readXUser(context: SandboxContext, call: SandboxCall): SandboxReply {
  const grant = bearerGrant(context, call);
  if (typeof grant === 'string') {
    return json(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
  }
  if (!grant.scopes.includes('users.read') || !grant.scopes.includes('tweet.read')) {
    return json(403, {
      title: 'Forbidden',
      type: 'about:blank',
      status: 403,
      detail: 'Missing scope users.read or tweet.read',
    });
  }
  const { email, name } = grant.person;
  // user.fields=description asks for the bio (claim verification, decision 027), as X's API documents it.
  const fields = (call.url.searchParams.get('user.fields') ?? '').split(',');
  const description = fields.includes('description')
    ? { description: context.bios.socialBio('twitter', email) }
    : {};
  return json(200, { data: { id: xUserIdOf(email), name, username: xUsernameOf(email), ...description } });
}

export function readFacebookUser(context: SandboxContext, call: SandboxCall): SandboxReply {
  const checked = graphGrant(context, call, 'API calls from the server require an appsecret_proof argument');
  if ('refusal' in checked) return checked.refusal;
  const { grant } = checked;
  const fields = (call.url.searchParams.get('fields') ?? 'id,name').split(',').map((field) => field.trim());
  const user: Record<string, string> = { id: facebookUserIdOf(grant.person.email) };
  if (fields.includes('name')) user.name = grant.person.name;
  if (fields.includes('email') && grant.scopes.includes('email')) user.email = grant.person.email;
  return json(200, user);
}
