// What a sandbox endpoint answers, written to the Node response in one place.
import type { ServerResponse } from 'node:http';

export interface SandboxReply {
  status: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON, strings as they are (HTML pages set their content type). */
  body?: unknown;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SandboxReply {
  return { status, body, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } };
}

export function html(status: number, body: string): SandboxReply {
  return {
    status,
    body,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
  };
}

export function redirectTo(location: string): SandboxReply {
  return { status: 303, headers: { location } };
}

export function send(res: ServerResponse, reply: SandboxReply): void {
  const body =
    reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'cache-control': 'no-store', ...reply.headers });
  res.end(body);
}
