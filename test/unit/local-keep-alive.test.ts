// The local servers keep an idle keep-alive connection open longer than Node's 5 s default, so a client that reuses
// its idle socket never has its request reset in the instant the server closes it (local/http-server.ts). Real
// sockets on loopback: a request, 7 s idle, a second request on the same socket.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepConnectionsOpenForClients } from '../../local/http-server';

const servers: Server[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
});

async function startServer(keepOpen: boolean): Promise<string> {
  const server = createServer((_req, res) => res.end('ok'));
  if (keepOpen) keepConnectionsOpenForClients(server);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** A GET through the agent: its status and whether it went over a socket an earlier request used. */
function get(url: string, agent: Agent): Promise<{ status: number; reusedSocket: boolean }> {
  return new Promise((done, fail) => {
    const sent = request(url, { agent }, (reply) => {
      reply.resume();
      reply.on('end', () => done({ status: reply.statusCode ?? 0, reusedSocket: sent.reusedSocket }));
    });
    sent.on('error', fail);
    sent.end();
  });
}

describe('the local servers keep idle connections open for their clients', () => {
  it("keeps a socket idle for 7 s open, where Node's default has closed it (both at once: each waits 7 s)", async () => {
    // Prepare
    const [kept, byDefault] = await Promise.all([startServer(true), startServer(false)]);
    const agentOf = () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      return agent;
    };
    const [keptAgent, defaultAgent] = [agentOf(), agentOf()];
    await Promise.all([get(kept, keptAgent), get(byDefault, defaultAgent)]);

    // Act: idle past Node's own keep-alive (5 s, closed within about a second more), then ask again
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const outcome = (url: string, agent: Agent) =>
      get(url, agent).catch((error: unknown) => ({ failed: (error as Error).message }));
    const [again, againByDefault] = await Promise.all([
      outcome(kept, keptAgent),
      outcome(byDefault, defaultAgent),
    ]);

    // Assess: kept open, the same socket carries the second request; with Node's default the server closed it
    // first (the request then goes over a new socket, or fails if it was sent in the very instant of the close)
    expect(again).toEqual({ status: 200, reusedSocket: true });
    expect(againByDefault).not.toEqual({ status: 200, reusedSocket: true });
  }, 15_000);
});
