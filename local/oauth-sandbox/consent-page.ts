// The sandbox's consent page: plain HTML, no script, usable with a keyboard and a screen reader, and impossible to
// mistake for the real provider.
import { escapeHtml } from '../../functions/domain/email';
import type { AuthorizationRequest } from './grants';
import { demoIdentities } from './identities';
import type { SandboxProviderProfile } from './providers';
import { sandboxProfiles, sandboxProviders } from './providers';

export interface ConsentPageInput {
  profile: SandboxProviderProfile;
  request: AuthorizationRequest;
  /** Where the form posts (the authorize endpoint itself). */
  action: string;
  /** What the person entered last time, when the page comes back with an error. */
  chosen?: string;
  email?: string;
  name?: string;
  error?: string;
}

export function renderConsentPage(input: ConsentPageInput): string {
  const { profile, request } = input;
  const label = escapeHtml(profile.label);
  const chosen = input.chosen ?? demoIdentities[0]!.key;
  const errorId = 'custom-email-error';
  const identities = demoIdentities
    .map(
      (identity) => `
        <div class="choice">
          <input type="radio" id="identity-${identity.key}" name="identity" value="${identity.key}"${chosen === identity.key ? ' checked' : ''}>
          <label for="identity-${identity.key}">${escapeHtml(identity.name)} <span class="detail">${escapeHtml(identity.email)} · ${escapeHtml(identity.note)}</span></label>
        </div>`,
    )
    .join('');
  const scopes = request.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('');
  const returnTo = new URL(request.redirectUri);
  return page(
    `Sign in with ${label} — OpenPie local sandbox`,
    `
    <p class="banner" role="note"><strong>OpenPie local sandbox — not the real ${label}.</strong>
      Nothing you do here reaches ${label}; it only imitates its sign-in so OpenPie can be tried on this machine.</p>
    <h1>Sign in to OpenPie with ${label}</h1>
    <p>OpenPie (client <code>${escapeHtml(request.clientId)}</code>) asks for:</p>
    <ul>${scopes}</ul>
    <p>Afterwards you return to <code>${escapeHtml(returnTo.origin)}</code>.</p>
    <form method="post" action="${escapeHtml(input.action)}">
      <input type="hidden" name="request" value="${escapeHtml(request.id)}">
      <fieldset>
        <legend>Continue as</legend>
        ${identities}
        <div class="choice">
          <input type="radio" id="identity-custom" name="identity" value="custom"${chosen === 'custom' ? ' checked' : ''}>
          <label for="identity-custom">Someone else (enter an e-mail address below)</label>
        </div>
        <div class="field">
          <label for="custom-email">E-mail address for "Someone else"</label>
          <input type="email" id="custom-email" name="email" autocomplete="email" value="${escapeHtml(input.email ?? '')}"${input.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
          ${input.error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(input.error)}</p>` : ''}
        </div>
        <div class="field">
          <label for="custom-name">Name for "Someone else" (optional)</label>
          <input type="text" id="custom-name" name="name" autocomplete="name" value="${escapeHtml(input.name ?? '')}">
        </div>
      </fieldset>
      <div class="actions">
        <button type="submit" name="decision" value="approve">Approve</button>
        <button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
      </div>
    </form>`,
  );
}

/** A page for requests the sandbox cannot send back to the client (unknown client, bad redirect URI, expired). */
export function renderProblemPage(title: string, message: string): string {
  return page(
    `${escapeHtml(title)} — OpenPie local sandbox`,
    `<p class="banner" role="note"><strong>OpenPie local sandbox.</strong></p>
    <h1>${escapeHtml(title)}</h1>
    <p role="alert">${escapeHtml(message)}</p>`,
  );
}

/** /_sandbox/oauth/: where each provider's root is. */
export function renderIndexPage(root: string): string {
  const rows = sandboxProviders
    .map(
      (provider) =>
        `<li>${escapeHtml(sandboxProfiles[provider].label)}: <code>${escapeHtml(`${root}/${provider}/`)}</code></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OpenPie local OAuth sandbox</title></head>
<body><main><h1>OpenPie local OAuth sandbox</h1><p>Stands in for the real sign-in providers while OpenPie runs locally.</p>
<ul>${rows}</ul><p>Google discovery: <code>${escapeHtml(`${root}/google/.well-known/openid-configuration`)}</code></p>
<p>Bios for claim verification (Spotify artist pages, X, YouTube, Facebook, Instagram): <a href="${escapeHtml(`${root}/bios`)}">edit them here</a>.</p></main></body></html>`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f6f4; color: #1b1b1b; }
    main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
    .banner { background: #fff3c4; border: 2px dashed #8a6d00; padding: .75rem 1rem; border-radius: 8px; }
    fieldset { border: 1px solid #bbb; border-radius: 8px; padding: 1rem; }
    legend { font-weight: 600; padding: 0 .25rem; }
    .choice { display: flex; gap: .5rem; align-items: baseline; margin: .5rem 0; }
    .detail { display: block; color: #4a4a4a; font-size: .9rem; }
    .field { margin-top: 1rem; }
    .field label { display: block; font-weight: 600; }
    .field input { width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #767676; border-radius: 6px; }
    .error { color: #b00020; margin: .25rem 0 0; }
    .actions { display: flex; gap: 1rem; margin-top: 1.5rem; }
    button { font: inherit; padding: .6rem 1.4rem; border-radius: 999px; border: 2px solid #1b1b1b; background: #1b1b1b; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #1b1b1b; }
    button:focus-visible, input:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>${body}
  </main>
</body>
</html>
`;
}
