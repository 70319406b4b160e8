// The API server: Bearer authentication, form decoding, `Idempotency-Key` replay, `Stripe-Account`, `expand[]`
// and Stripe's error replies, around the routes the resources registered. Calls run one at a time, as the state
// is one object and a call reads and writes it in one go.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxCore } from './core';
import { apiVersion } from './core';
import type { StripeErrorBody } from './errors';
import { StripeApiError } from './errors';
import { applyExpand } from './expand';
import { decodeForm } from './form';
import { createId } from './ids';
import { readExpand } from './params';
import type { ApiRequest, HttpMethod, RouteHandler, Router } from './router';

export interface ApiServerDeps {
  core: SandboxCore;
  router: Router;
  apiKey: string;
  /** Runs one call at a time. */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
}

interface Reply {
  status: number;
  body: unknown;
}

const maxBodyBytes = 1_000_000;

export async function serveApi(
  deps: ApiServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const requestId = createId('req', 14);
  const rawBody = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const reply = rawBody === null ? errorReply(400, tooLarge()) : await answer(deps, req, url, rawBody);
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'request-id': requestId,
    'stripe-version': apiVersion,
    'cache-control': 'no-cache, no-store',
  });
  res.end(JSON.stringify(reply.body, null, 2));
}

async function answer(deps: ApiServerDeps, req: IncomingMessage, url: URL, rawBody: string): Promise<Reply> {
  const key = bearerKey(req.headers.authorization);
  if (key === null) {
    return errorReply(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (key !== deps.apiKey) {
    return errorReply(401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const found = deps.router.match(method, url.pathname);
  if (found === null || found === 'method') {
    return errorReply(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }
  const encoded = method === 'GET' || method === 'DELETE' ? url.search.slice(1) || rawBody : rawBody;
  const params = decodeForm(encoded);
  const account = headerValue(req.headers['stripe-account']);
  const idempotencyKey = headerValue(req.headers['idempotency-key']);
  return deps.exclusive(async () => {
    const replayKey =
      idempotencyKey && method !== 'GET' ? `${account ?? 'platform'}:${idempotencyKey}` : null;
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${encoded}`).digest('hex');
    if (replayKey) {
      const earlier = deps.core.state.idempotency[replayKey];
      if (earlier && earlier.request !== fingerprint) {
        return errorReply(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (earlier) return { status: earlier.status, body: earlier.body };
    }
    const reply = run(deps, found.handle, {
      method: method as HttpMethod,
      path: url.pathname,
      params,
      account,
      args: found.args,
    });
    // Stripe keeps the result of a call that ran (success or card error), not of one refused before it ran.
    if (replayKey && (reply.status === 200 || reply.status === 402)) {
      deps.core.state.idempotency[replayKey] = {
        request: fingerprint,
        status: reply.status,
        body: reply.body,
      };
    }
    await deps.core.save();
    return reply;
  });
}

function run(deps: ApiServerDeps, handle: RouteHandler, request: Omit<ApiRequest, 'core'>): Reply {
  try {
    const result = handle({ ...request, core: deps.core });
    return { status: 200, body: applyExpand(deps.core, result, readExpand(request.params)) };
  } catch (error) {
    if (error instanceof StripeApiError) return errorReply(error.status, error.body);
    console.error('Stripe sandbox: a call failed', error);
    return errorReply(500, {
      type: 'api_error',
      message: 'An unknown error occurred in the Stripe sandbox.',
    });
  }
}

function errorReply(status: number, body: StripeErrorBody): Reply {
  return { status, body: { error: body } };
}

function tooLarge(): StripeErrorBody {
  return { type: 'invalid_request_error', message: 'The request body is too large.' };
}

function bearerKey(header: string | undefined): string | null {
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic?.[1]) return Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0] ?? null;
  return null;
}

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first : null;
}

export function readBody(req: IncomingMessage, limit = maxBodyBytes): Promise<string | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => done(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}
