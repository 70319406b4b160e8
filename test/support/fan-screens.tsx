// What the fan screens' tests share: a signed-in fan as GET /api/user answers, and the real SPA's routes rendered at a
// path with a cache of their own, so no reply of an earlier test shows first.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { routes } from '../../frontend/src/app/router';

export function makeFan(overrides: { stripe_customer_id?: string | null } = {}) {
  return {
    id: crypto.randomUUID(),
    email: `fan-${crypto.randomUUID()}@openpie.example`,
    first_name: 'Dana',
    last_name: 'Fan',
    email_verified: true,
    stripe_customer_id: 'cus_1' as string | null,
    promo_eligible: false,
    used_promotion_code: false,
    connected_accounts: { spotify: true, google: false, twitter: false, facebook: false },
    ...overrides,
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
