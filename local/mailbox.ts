// The local mailbox page (/dev/mailbox): the outbox every mail is written to (only AWS sends it on), newest first,
// with every link clickable, so verification and reset links can be followed by hand. Local mode only.
import type { ServerResponse } from 'node:http';
import { createDocumentClient } from '../functions/runtime/dynamodb-client';
import { listOutboxMail } from '../functions/data/outbox';
import type { TableRef } from '../functions/data/table';
import { escapeHtml } from '../functions/domain/email';
import { permissionsPolicy } from '../infra/site-headers';
import { LOCAL_REGION } from './dynamodb-local';

export function createMailboxTable(endpoint: string, tableName: string): TableRef {
  return { client: createDocumentClient({ region: LOCAL_REGION, endpoint }), name: tableName };
}

/**
 * The page shows sign-in and reset links, so no other page may frame it (clickjacking) and nothing is cached; the
 * mails' own HTML runs nothing (a sandboxed srcdoc frame under default-src 'none').
 */
export const mailboxSecurityHeaders: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': permissionsPolicy,
};

export async function serveMailbox(table: TableRef, res: ServerResponse): Promise<void> {
  const mails = await listOutboxMail(table, 100);
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(mail.createdAt)}</time></p>
  ${mail.links.length > 0 ? `<ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>` : ''}
  <details><summary>Text</summary><pre>${escapeHtml(mail.text)}</pre></details>
  <details><summary>HTML</summary><iframe title="${escapeHtml(mail.subject)}" sandbox srcdoc="${escapeHtml(mail.html)}"></iframe></details>
</article>`,
    )
    .join('\n');
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>OpenPie local mailbox</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f1f1f; }
  article { border: 1px solid #ddd; border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
  h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
  .meta { color: #555; margin: 0 0 .5rem; }
  a { color: #5b21b6; word-break: break-all; }
  pre { white-space: pre-wrap; background: #f7f7f7; padding: .5rem; }
  iframe { width: 100%; height: 28rem; border: 1px solid #ddd; }
</style>
</head>
<body>
<h1>Local mailbox</h1>
<p>Mail OpenPie sent in local mode (kept 7 days), newest first. In AWS the mail-sender worker sends it through SES.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>
`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...mailboxSecurityHeaders });
  res.end(body);
}
