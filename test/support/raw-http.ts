// One HTTP request exactly as given, with node:http (no URL normalisation, Host and path untouched), and its whole
// reply read as text: for tests that speak to the running local product as a browser or a hostile client would.
import type { IncomingHttpHeaders, RequestOptions } from 'node:http';
import { request } from 'node:http';

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the request went out on a kept-alive connection of its agent. */
  reusedSocket: boolean;
}

/** Sends the request with `body` (if any) and resolves once the reply has ended. */
export function sendRaw(options: RequestOptions, body?: Buffer | string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(options, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () =>
        resolve({
          status: reply.statusCode ?? 0,
          headers: reply.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          reusedSocket: outgoing.reusedSocket,
        }),
      );
      reply.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
