// The whole product as `npm start` runs it (local/app.ts: API, sandboxes, DynamoDB Local), started once per test file
// on a free port, and a browser's cookie jar to talk to it: the integration tests that need real redirects, the
// OAuth sandbox's consent page and cookies across calls.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { RunningOpenPie } from '../../local/app';
import { throwawayProduct } from './throwaway-product';

export interface LocalSite {
  /** The site's origin, e.g. http://localhost:41234 (read inside tests, once the product runs). */
  readonly url: string;
}

/**
 * Call at the top of a test file: starts the product before its tests (no schedules, no web build) and stops it
 * after them, restoring the environment the runtime set and forgetting the configuration read from it.
 */
export function useLocalOpenPie(name: string): LocalSite {
  let app: RunningOpenPie | undefined;
  let dataDir: string | undefined;
  const savedEnv = { ...process.env };
  // Configuration is read once per environment (functions/runtime/env.ts): forget it when the runtime changes it.
  const forgetConfiguration = async () => (await import('../../functions/runtime/env')).resetEnvCache();

  beforeAll(async () => {
    const { startOpenPie } = await import('../../local/app');
    dataDir = await mkdtemp(join(tmpdir(), `openpie-${name}-`));
    app = await startOpenPie({ port: 0, dataDir, ...throwawayProduct });
    await forgetConfiguration();
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    process.env = savedEnv;
    await forgetConfiguration();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  return {
    get url() {
      if (!app) throw new Error('The local product is not running: read site.url inside a test');
      return app.url;
    },
  };
}

/** A browser's cookie jar for the site, and fetch that never follows redirects by itself. */
export class SiteBrowser {
  private readonly cookies = new Map<string, string>();

  /** `cookie`: a `name=value` pair to start with (a session made straight in the table). */
  constructor(
    private readonly site: LocalSite,
    cookie?: string,
  ) {
    if (cookie) this.keep([cookie]);
  }

  /**
   * GET by default. Other methods send a JSON body (`{}` unless given) from the site's own origin, as the SPA does,
   * so they pass the API's same-origin check.
   */
  async fetch(pathOrUrl: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const url = new URL(pathOrUrl, this.site.url);
    const sameSite = url.origin === this.site.url;
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (sameSite && this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const sendsBody = method !== 'GET' && method !== 'HEAD';
    if (sendsBody) {
      headers['content-type'] = 'application/json';
      headers.origin = this.site.url;
    }
    const reply = await fetch(url, {
      method,
      headers,
      ...(sendsBody ? { body: JSON.stringify(init.body ?? {}) } : {}),
      redirect: 'manual',
    });
    if (sameSite) this.keep(reply.headers.getSetCookie());
    return reply;
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  private keep(setCookies: readonly string[]): void {
    for (const setCookie of setCookies) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => attribute.trim().toLowerCase() === 'max-age=0');
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
