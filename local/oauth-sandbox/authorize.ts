// The authorization endpoint: shows the consent page for a well-formed request (registered client, loopback
// redirect, PKCE S256, known scopes) and turns the person's choice into a single-use code or an access_denied.
import { randomBytes } from 'node:crypto';
import { readRequestBody } from '../api-gateway';
import type { SandboxCall, SandboxContext } from './call';
import { formLimitBytes, isLoopbackUrl, withParams } from './call';
import { renderConsentPage, renderProblemPage } from './consent-page';
import type { SandboxPerson } from './identities';
import { demoIdentities, nameFromEmail } from './identities';
import type { SandboxProvider } from './providers';
import type { SandboxReply } from './reply';
import { html, redirectTo } from './reply';

export async function showConsent(context: SandboxContext, call: SandboxCall): Promise<SandboxReply> {
  const params = call.url.searchParams;
  const clientId = params.get('client_id');
  if (clientId !== call.profile.client.id) {
    return html(
      400,
      renderProblemPage(
        'Unknown client',
        `${call.profile.label} (sandbox) has no app with client id "${clientId ?? ''}".`,
      ),
    );
  }
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri || !isLoopbackUrl(redirectUri)) {
    return html(
      400,
      renderProblemPage(
        'Redirect URI refused',
        'The sandbox only sends people back to http(s) URLs on this machine.',
      ),
    );
  }
  const state = params.get('state') ?? undefined;
  const refuse = (error: string, description: string) =>
    redirectTo(withParams(redirectUri, { error, error_description: description, state }));
  if (params.get('response_type') !== 'code') {
    return refuse('unsupported_response_type', 'Only the authorization code flow is supported.');
  }
  const codeChallenge = params.get('code_challenge');
  if (
    params.get('code_challenge_method') !== 'S256' ||
    !codeChallenge ||
    !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)
  ) {
    return refuse(
      'invalid_request',
      'The sandbox requires PKCE: code_challenge with code_challenge_method=S256.',
    );
  }
  const scopes = (params.get('scope') ?? '')
    .split(call.profile.scopeSeparator)
    .filter((scope) => scope.length > 0);
  const unknown = scopes.filter((scope) => !call.profile.knownScopes.includes(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    return refuse('invalid_scope', `Unknown or missing scope: ${unknown.join(' ') || '(none)'}`);
  }
  const request = context.grants.saveRequest({
    provider: call.provider,
    clientId,
    redirectUri,
    state,
    scopes,
    codeChallenge,
    nonce: params.get('nonce') ?? undefined,
    accessType: params.get('access_type') ?? undefined,
  });
  const preselected = await preselectPerson(context, call.provider);
  return html(
    200,
    renderConsentPage({ profile: call.profile, request, action: call.url.pathname, ...preselected }),
  );
}

/**
 * Who the consent page offers first: the first demo listener no OpenPie account has linked at this provider, or,
 * when all are, "Someone else" with a fresh address. Approving without a look then starts a new link instead of
 * running into an account that has this person already (the demo fan's Spotify is linked from the first start).
 */
export async function preselectPerson(
  context: SandboxContext,
  provider: SandboxProvider,
): Promise<{ chosen: string; email?: string }> {
  for (const identity of demoIdentities) {
    if (identity.key === 'staff') continue;
    if (!(await context.isLinked(provider, identity))) return { chosen: identity.key };
  }
  return { chosen: 'custom', email: `listener-${randomBytes(3).toString('hex')}@example.com` };
}

export async function decide(context: SandboxContext, call: SandboxCall): Promise<SandboxReply> {
  const form = new URLSearchParams((await readRequestBody(call.req, formLimitBytes)).toString('utf8'));
  const request = context.grants.findRequest(form.get('request') ?? '', call.provider);
  if (!request) {
    return html(
      400,
      renderProblemPage(
        'Sign-in expired',
        'This sign-in request has expired or was already answered. Go back to OpenPie and start again.',
      ),
    );
  }
  const decision = form.get('decision');
  if (decision === 'cancel') {
    context.grants.closeRequest(request.id);
    // What each provider sends when the person declines; Facebook adds its own reason fields.
    const extra =
      call.provider === 'facebook'
        ? { error_reason: 'user_denied', error_description: 'Permissions error' }
        : {};
    return redirectTo(
      withParams(request.redirectUri, { error: 'access_denied', ...extra, state: request.state }),
    );
  }
  if (decision !== 'approve')
    return html(400, renderProblemPage('Unknown choice', 'Choose Approve or Cancel.'));

  const chosen = form.get('identity') ?? '';
  const person = choosePerson(chosen, form.get('email'), form.get('name'));
  if (typeof person === 'string') {
    return html(
      422,
      renderConsentPage({
        profile: call.profile,
        request,
        action: call.url.pathname,
        chosen,
        email: form.get('email') ?? '',
        name: form.get('name') ?? '',
        error: person,
      }),
    );
  }
  context.grants.closeRequest(request.id);
  const code = context.grants.issueCode(request, person);
  return redirectTo(withParams(request.redirectUri, { code, state: request.state }));
}

/** A demo identity, or the custom e-mail typed on the page; a string is the message to show instead. */
function choosePerson(chosen: string, email: string | null, name: string | null): SandboxPerson | string {
  const demo = demoIdentities.find((identity) => identity.key === chosen);
  if (demo) return { email: demo.email, name: demo.name };
  if (chosen !== 'custom') return 'Choose who to continue as.';
  const address = (email ?? '').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 254) {
    return 'Enter an e-mail address like name@example.com.';
  }
  const chosenName = (name ?? '').trim().slice(0, 100);
  return { email: address, name: chosenName || nameFromEmail(address) };
}
