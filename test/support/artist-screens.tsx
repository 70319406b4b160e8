// What the artist area's screen tests share besides the API stub (artist-api-stub.ts): a screen rendered at a path in
// a memory router, with an SWR cache of its own and no deduping, so no reply of an earlier test or call shows first.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';

/** `content` is the screen itself or the `<Routes>` that pick it from `path`. */
export function renderScreenAt(path: string, content: ReactNode) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{content}</MemoryRouter>
    </SWRConfig>,
  );
}

/** An artist-side user as GET /api/for-artists/user answers, profile complete, in no office; Google as told. */
export function makeArtistUser({ google = false }: { google?: boolean } = {}) {
  const id = crypto.randomUUID();
  return {
    _id: `artist-${id}`,
    email: `artist-${id}@openpie.example`,
    first_name: 'Ari',
    last_name: 'Artist',
    phone_number: '+44 20 7946 0000',
    country: 'GB',
    email_verified: true,
    profile_complete: true,
    offices: [],
    connected_accounts: { google },
  };
}
