// What the fan screens' tests share: a signed-in fan as GET /api/user answers, and the real SPA's routes rendered at a
// path with a cache of their own, so no reply of an earlier test shows first.
import { render } from '@testing-library/react';
import { StrictMode, type ComponentProps } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { routes } from '../../frontend/src/app/router';

/** Which ways of signing in a fan has connected. */
export type FanConnections = Record<'spotify' | 'google' | 'twitter' | 'facebook', boolean>;

/** A fan as GET /api/user answers. */
export interface FanUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
  stripe_customer_id: string | null;
  promo_eligible: boolean;
  used_promotion_code: boolean;
  connected_accounts: FanConnections;
}

/** A new fan with a Stripe customer and Spotify connected, unless told otherwise (a connection at a time). */
export function makeFan(
  overrides: Partial<Omit<FanUser, 'connected_accounts'>> & {
    connected_accounts?: Partial<FanConnections>;
  } = {},
): FanUser {
  const { connected_accounts: connected, ...fields } = overrides;
  return {
    id: crypto.randomUUID(),
    email: `fan-${crypto.randomUUID()}@openpie.example`,
    first_name: 'Dana',
    last_name: 'Fan',
    email_verified: true,
    stripe_customer_id: 'cus_1',
    promo_eligible: false,
    used_promotion_code: false,
    ...fields,
    connected_accounts: { spotify: true, google: false, twitter: false, facebook: false, ...connected },
  };
}

export interface RenderAtOptions {
  /** Runs effects twice, as the development build does: single-use links must still be used once. */
  strict?: boolean;
  /** The app's own reporter of route errors, for the tests of the route table. */
  onError?: ComponentProps<typeof RouterProvider>['onError'];
}

/** The real SPA's routes at `path`, with a cache of their own; every screen test renders through this. */
export function renderAt(path: string, { strict = false, onError }: RenderAtOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = (
    <SWRConfig value={{ provider: () => new Map() }}>
      <RouterProvider router={router} onError={onError} />
    </SWRConfig>
  );
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}
