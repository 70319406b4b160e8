// Idle keep-alive connections on the local servers outlive their clients' idle sockets, as a load balancer's do.
// Node closes an idle connection after 5 s by default; a client (the stripe SDK's agent, Playwright's request
// context, a browser) that reuses its socket in the same instant has its request reset: `read ECONNRESET` on a
// POST, seen in an e2e run on a loaded machine. The client then closes first, so a reused socket is always open.
import type { Server } from 'node:http';

/** How long an idle keep-alive connection stays open: longer than the clients' own idle sockets. */
export const localKeepAliveMs = 65_000;

/** Sets the server's keep-alive to outlive its clients' idle sockets (and the header wait beyond it, as Node asks). */
export function keepConnectionsOpenForClients(server: Server): Server {
  server.keepAliveTimeout = localKeepAliveMs;
  server.headersTimeout = localKeepAliveMs + 1_000;
  return server;
}
