// What the fan screens' tests share: a signed-in fan as GET /api/user answers, and the real SPA's routes rendered at a
// path with a cache of their own, so no reply of an earlier test shows first.
import { render } from '@testing-library/react';
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

export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}
