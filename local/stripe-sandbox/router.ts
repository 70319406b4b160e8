// The API's routes: each resource module registers its own (`register(router)`), so a resource (Connect's accounts,
// transfers …) is added in its own file without touching the others.
import type { SandboxCore } from './core';
import type { FormObject } from './form';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface ApiRequest {
  core: SandboxCore;
  method: HttpMethod;
  path: string;
  params: FormObject;
  /** The `Stripe-Account` header: the connected account the call acts for, or null for the platform. */
  account: string | null;
  /** The path's captured parts (`/v1/customers/{id}` → [id]). */
  args: string[];
}

export type RouteHandler = (request: ApiRequest) => unknown;

interface Route {
  method: HttpMethod;
  pattern: RegExp;
  handle: RouteHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  /** `path` uses `{}` for one id segment: `/v1/customers/{}`. */
  on(method: HttpMethod, path: string, handle: RouteHandler): this {
    const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\}/g, '([^/]+)')}$`);
    this.routes.push({ method, pattern, handle });
    return this;
  }

  match(method: string, path: string): { handle: RouteHandler; args: string[] } | 'method' | null {
    let pathKnown = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      pathKnown = true;
      if (route.method === method) {
        return { handle: route.handle, args: found.slice(1).map((part) => decodeURIComponent(part)) };
      }
    }
    return pathKnown ? 'method' : null;
  }
}
