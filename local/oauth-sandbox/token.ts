// The token endpoint: authenticates the client the way its provider does, then redeems a code (redirect URI and
// PKCE verifier checked, replays revoke), refreshes, or issues Spotify's app token (client credentials).
import { readRequestBody } from '../api-gateway';
import type { SandboxCall, SandboxContext } from './call';
import { formLimitBytes, parseBasic, s256, safeEqual } from './call';
import type { CodeRecord, Grant } from './grants';
import { signIdToken } from './google-oidc';
import type { ClientAuthMethod } from './providers';
import type { SandboxReply } from './reply';
import { json } from './reply';

export async function exchangeToken(context: SandboxContext, call: SandboxCall): Promise<SandboxReply> {
  const isForm = (call.req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  if (call.method === 'POST' && !isForm) {
    return tokenError(
      call,
      400,
      'invalid_request',
      'The token endpoint takes application/x-www-form-urlencoded.',
    );
  }
  const params =
    call.method === 'POST'
      ? new URLSearchParams((await readRequestBody(call.req, formLimitBytes)).toString('utf8'))
      : call.url.searchParams;

  const client = authenticateClient(call, params);
  if (typeof client === 'string') return tokenError(call, 401, 'invalid_client', client);

  const grantType = params.get('grant_type') ?? (call.provider === 'facebook' ? 'authorization_code' : null);
  if (grantType === 'authorization_code') return redeemCode(context, call, params);
  if (grantType === 'refresh_token') return refresh(context, call, params);
  if (grantType === 'client_credentials' && call.provider === 'spotify') return issueAppToken(context, call);
  return tokenError(
    call,
    400,
    'unsupported_grant_type',
    `grant_type ${grantType ?? '(none)'} is not supported.`,
  );
}

/** The client must authenticate the way this provider expects; anything else is invalid_client. */
function authenticateClient(call: SandboxCall, params: URLSearchParams): true | string {
  const basic = parseBasic(call.req.headers.authorization);
  let method: ClientAuthMethod | undefined;
  let presented: { id: string | null; secret: string | null } = { id: null, secret: null };
  if (basic) {
    method = 'basic';
    presented = basic;
  } else if (params.has('client_secret')) {
    method = call.method === 'GET' ? 'query' : 'post';
    presented = { id: params.get('client_id'), secret: params.get('client_secret') };
  }
  if (!method || !call.profile.clientAuth.includes(method)) {
    return `${call.profile.label} expects client authentication by ${call.profile.clientAuth.join(' or ')}.`;
  }
  if (params.has('client_id') && params.get('client_id') !== presented.id)
    return 'client_id does not match the credentials.';
  if (
    !safeEqual(presented.id, call.profile.client.id) ||
    !safeEqual(presented.secret, call.profile.client.secret)
  ) {
    return 'Invalid client credentials.';
  }
  return true;
}

async function redeemCode(
  context: SandboxContext,
  call: SandboxCall,
  params: URLSearchParams,
): Promise<SandboxReply> {
  const record = context.grants.redeemCode(params.get('code') ?? '', call.provider);
  if (record === 'unknown') return tokenError(call, 400, 'invalid_grant', 'Invalid authorization code.');
  if (record === 'replayed')
    return tokenError(call, 400, 'invalid_grant', 'Authorization code already used; its tokens are revoked.');
  if (record === 'expired') return tokenError(call, 400, 'invalid_grant', 'Authorization code expired.');
  if (record.redirectUri !== params.get('redirect_uri')) {
    return tokenError(call, 400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
  }
  const verifier = params.get('code_verifier') ?? '';
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || s256(verifier) !== record.codeChallenge) {
    return tokenError(call, 400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
  }
  return issueTokens(context, call, record, { code: record });
}

async function refresh(
  context: SandboxContext,
  call: SandboxCall,
  params: URLSearchParams,
): Promise<SandboxReply> {
  const token = params.get('refresh_token') ?? '';
  const grant = context.grants.findRefreshToken(token, call.provider);
  if (!grant) return tokenError(call, 400, 'invalid_grant', 'Invalid refresh token.');
  if (call.profile.rotatesRefreshToken) context.grants.revoke(token);
  return issueTokens(context, call, grant, { refresh: true });
}

/** Spotify's client credentials flow: an app token, no refresh token, no scopes, no listener. */
function issueAppToken(context: SandboxContext, call: SandboxCall): SandboxReply {
  const grant: Grant = {
    provider: call.provider,
    clientId: call.profile.client.id,
    person: { email: '', name: call.profile.client.id },
    scopes: [],
    nonce: undefined,
    accessType: undefined,
    appOnly: true,
  };
  return json(
    200,
    {
      access_token: context.grants.issueAccessToken(grant, call.profile.accessTokenSeconds),
      token_type: 'bearer',
      expires_in: call.profile.accessTokenSeconds,
    },
    { pragma: 'no-cache' },
  );
}

/** Tokens for a grant: from a code (refresh token where the provider issues one) or from a refresh. */
async function issueTokens(
  context: SandboxContext,
  call: SandboxCall,
  grant: Grant,
  from: { code: CodeRecord } | { refresh: true },
): Promise<SandboxReply> {
  const { profile } = call;
  const code = 'code' in from ? from.code : undefined;
  const reply: Record<string, unknown> = {
    access_token: context.grants.issueAccessToken(grant, profile.accessTokenSeconds, code),
    token_type: profile.tokenType,
    expires_in: profile.accessTokenSeconds,
  };
  if (call.provider !== 'facebook') reply.scope = grant.scopes.join(' ');
  const newRefreshToken = code
    ? profile.issuesRefreshToken(grant.scopes, grant.accessType)
    : profile.rotatesRefreshToken;
  if (newRefreshToken) reply.refresh_token = context.grants.issueRefreshToken(grant, code);
  if (call.provider === 'google' && code && grant.scopes.includes('openid')) {
    reply.id_token = await signIdToken(grant, call.base, context.clock());
  }
  return json(200, reply, { pragma: 'no-cache' });
}

function tokenError(call: SandboxCall, status: number, error: string, description: string): SandboxReply {
  if (call.provider === 'facebook') {
    return json(400, {
      error: { message: description, type: 'OAuthException', code: 100, fbtrace_id: 'sandbox' },
    });
  }
  return json(
    status,
    { error, error_description: description },
    status === 401 ? { 'www-authenticate': 'Basic realm="sandbox"' } : {},
  );
}
