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
