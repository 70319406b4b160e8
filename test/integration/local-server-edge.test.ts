// The local server's own edge (security review and loopback faults), with raw node:http requests against a
// started product: it answers only at its own names (DNS rebinding), on every loopback spelling of its origin
// (localhost, 127.0.0.1, [::1]) including signing in from them, refuses a broken percent-encoding with 400, and keeps
// a keep-alive connection usable after a 413.
import { Agent } from 'node:http';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/identity';
import { useLocalOpenPie } from '../support/local-app';
import type { RawReply } from '../support/raw-http';
import { sendRaw } from '../support/raw-http';

const site = useLocalOpenPie('edge');
const portOf = () => Number(new URL(site.url).port);

/** One request exactly as given (Host and path untouched), to an address of this machine. */
function send(options: {
  address?: string;
  host?: string;
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: Buffer | string;
  agent?: Agent;
}): Promise<RawReply> {
  return sendRaw(
    {
      host: options.address ?? '127.0.0.1',
      port: portOf(),
      method: options.method ?? 'GET',
      path: options.path,
      setHost: false,
      headers: { ...(options.host === undefined ? {} : { host: options.host }), ...options.headers },
      ...(options.agent ? { agent: options.agent } : {}),
    },
    options.body,
  );
}

describe('the local server answers at its own names only', () => {
  it.each(['localhost', '127.0.0.1', '[::1]'])('answers Host %s with its port', async (name) => {
    // Act
    const reply = await send({ host: `${name}:${portOf()}`, path: '/api/health' });
    // Assess
    expect(reply.status).toBe(200);
  });

  it.each([
    ['another site’s name (DNS rebinding)', 'rebind.attacker.example:PORT'],
    ['its own name on another port', 'localhost:1'],
    ['a bare name without the port', 'localhost'],
    ['a name that only starts like its own', 'localhost.attacker.example:PORT'],
  ])('refuses %s with 403', async (_label, host) => {
    // Act
    const reply = await send({ host: host.replace('PORT', String(portOf())), path: '/api/health' });
    // Assess
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false, code: 'host_not_allowed' });
  });

  it('listens on the IPv6 loopback too', async () => {
    // Act
    const reply = await send({ address: '::1', host: `[::1]:${portOf()}`, path: '/api/health' });
    // Assess
    expect(reply.status).toBe(200);
  });
});

describe('the same site under every loopback spelling', () => {
  it.each(['127.0.0.1', '[::1]'])('signs a fan in from a page at http://%s:<port>', async (name) => {
    // Prepare: a registered fan, and a browser at the other spelling of the product's origin
    const origin = `http://${name}:${portOf()}`;
    const email = uniqueEmail('loopback-fan');
    const password = 'correct-horse-battery-staple';
    const post = (path: string, body: unknown) =>
      send({
        address: name === '[::1]' ? '::1' : name,
        host: `${name}:${portOf()}`,
        method: 'POST',
        path,
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const registered = await post('/api/auth/register', {
      email,
      first_name: 'Lou',
      last_name: 'Pback',
      password,
      accepted_terms_and_conditions: true,
    });
    expect(registered.status, registered.body).toBe(201);
    // Act
    const login = await post('/api/auth/login', { email, password });
    // Assess
    expect(login.status, login.body).toBe(200);
    expect(String(login.headers['set-cookie'])).toContain('openpie_access_token_fan=');
  });

  it.each(['127.0.0.1', '[::1]'])('moves a page opened at http://%s:<port> to localhost', async (name) => {
    // Act
    const reply = await send({
      address: name === '[::1]' ? '::1' : name,
      host: `${name}:${portOf()}`,
      path: '/login?next=%2Fdashboard',
    });
    // Assess: one canonical page origin, so the social sign-in state cookie comes back with the browser
    expect(reply.status).toBe(308);
    expect(reply.headers.location).toBe(`http://localhost:${portOf()}/login?next=%2Fdashboard`);
  });

  it('serves pages at localhost itself, without moving them', async () => {
    // Act
    const reply = await send({ host: `localhost:${portOf()}`, path: '/help' });
    // Assess: the page itself (or, where this test run has not built the web app, its 503 saying so)
    expect(reply.status).not.toBe(308);
    expect(reply.headers.location).toBeUndefined();
  });

  it('still refuses a sign-in posted from another site', async () => {
    // Act
    const reply = await send({
      host: `localhost:${portOf()}`,
      method: 'POST',
      path: '/api/auth/login',
      headers: { origin: 'http://attacker.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('x'), password: 'whatever-password' }),
    });
    // Assess
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body)).toMatchObject({
      message: 'This request came from another site, so OpenPie refused it.',
    });
  });
});

describe('malformed requests', () => {
  it.each(['/%E0%A4%A', '/api/%E0%A4%A', '/_sandbox/oauth/%ZZ', '/assets/%'])(
    'answers 400, not 500, to the broken percent-encoding of %s',
    async (path) => {
      // Act
      const reply = await send({ host: `localhost:${portOf()}`, path });
      // Assess
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ success: false, code: 'bad_request' });
    },
  );

  it('keeps a keep-alive connection working after a 413', async () => {
    // Prepare: one connection, reused
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    try {
      // Act
      const refused = await send({
        agent,
        host: `localhost:${portOf()}`,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': tooLarge.byteLength },
        body: tooLarge,
      });
      const next = await send({ agent, host: `localhost:${portOf()}`, path: '/api/health' });
      // Assess
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'payload_too_large' });
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
