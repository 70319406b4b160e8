// Raw HTTP to the running local product, as a hostile client sends it: the path goes out exactly as given (no URL
// normalisation, so an encoded `../` stays in its segment), bodies are any text, and connections are kept alive.
import type { IncomingHttpHeaders } from 'node:http';
import { Agent } from 'node:http';
import { sendRaw } from '../support/raw-http';

export interface SiteRequest {
  method: string;
  /** Path and query, already percent-encoded. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface SiteReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SiteClient {
  send(site: SiteRequest): Promise<SiteReply>;
  close(): void;
}

export function createSiteClient(origin: string): SiteClient {
  const target = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  return {
    send: ({ method, path, headers = {}, body }) =>
      sendRaw(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method,
          path,
          headers: {
            host: target.host,
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        body,
      ),
    close: () => agent.destroy(),
  };
}

/** The `name=value` pairs a reply sets, by cookie name. */
export function readSetCookies(reply: SiteReply): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of reply.headers['set-cookie'] ?? []) {
    const pair = line.split(';')[0] ?? '';
    const separator = pair.indexOf('=');
    if (separator > 0) found.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
  }
  return found;
}
