// Renders a public page to static HTML at build time, as an anonymous visitor first sees it (prerender-plugin.ts runs
// this from a server build of the SPA; docs/decisions/053). The tree is the one start-app.tsx renders in the browser:
// the landing page on its own at `/`, the router everywhere else, both inside the app shell. The route loaders are
// left out: they ask the server who is signed in, and a prerendered page is the signed-out one (the SPA asks when it
// takes over).
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { AppShell } from '../app/app-shell';
import { LandingPage } from '../app/routes/landing/landing-page';
import { routes } from '../app/router';
import { PrerenderedTitleContext } from '../lib/use-document-title';

export interface RenderedPage {
  /** What goes inside #root. */
  markup: string;
  /** The title the page sets once shown. */
  title: string;
}

/** The route tree without loaders: what the router renders for a visitor with no session. */
function withoutLoaders(tree: readonly RouteObject[]): RouteObject[] {
  return tree.map((route) => {
    const { loader: _loader, shouldRevalidate: _shouldRevalidate, children, ...rest } = route;
    return (children ? { ...rest, children: withoutLoaders(children) } : rest) as RouteObject;
  });
}

async function renderRoute(path: string): Promise<ReactNode> {
  if (path === '/') return <LandingPage />;
  const handler = createStaticHandler(withoutLoaders(routes));
  const context = await handler.query(new Request(new URL(path, 'https://openpie.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status} when prerendered`);
  if (context.errors) throw new Error(`${path} fails when prerendered: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return <StaticRouterProvider router={router} context={context} hydrate={false} />;
}

/** The page at `path` as static markup, with its title; throws when the page cannot render. */
export async function renderPage(path: string): Promise<RenderedPage> {
  let title: string | undefined;
  const content = await renderRoute(path);
  const markup = renderToString(
    <StrictMode>
      <PrerenderedTitleContext.Provider value={(pageTitle) => (title = pageTitle)}>
        <AppShell>{content}</AppShell>
      </PrerenderedTitleContext.Provider>
    </StrictMode>,
  );
  if (!title) throw new Error(`${path} set no title when prerendered`);
  return { markup, title };
}
