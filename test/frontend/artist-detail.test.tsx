// The artist screen (/for-artists/artists/:id, `:id` the claim's id): the claim's status, the
// figures, the earnings chart with its table, and the ways on; then the profile screen (SPEC §5's complete profile)
// and the statements download on the settings screen. The API is faked at fetch, as the browser would reach it.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArtistDetailScreen } from '../../frontend/src/features/artist-detail';
import { ProfileUpdateScreen } from '../../frontend/src/features/artist-profile';
import { StatementsSection } from '../../frontend/src/features/statements';
import { recordProductTime, resetProductTime } from '../../frontend/src/lib/product-time';
import { stubArtistApi, success } from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';

const months = Array.from({ length: 12 }, (_, index) => ({
  month: `2026-${String(index + 1).padStart(2, '0')}`,
  releasedCents: index === 10 ? 1250 : 0,
  heldCents: index === 11 ? 300 : 0,
}));

const stats = (overrides: Record<string, unknown> = {}) => ({
  claimId: 'claim-1',
  officeId: 'office-1',
  artistId: 'artist-1',
  artistName: 'Velvet Static',
  claimStatus: 'Successful',
  months,
  fansThisMonth: 7,
  totalReleasedCents: 1250,
  totalHeldCents: 300,
  givenBackCents: 100,
  ...overrides,
});

function renderDetail() {
  renderScreenAt(
    '/for-artists/artists/claim-1',
    <Routes>
      <Route path="/for-artists/artists/:id" element={<ArtistDetailScreen />} />
    </Routes>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the artist screen', () => {
  it('shows the claim status, fans this month, the totals and the months of the last year', async () => {
    // Prepare
    const calls = stubArtistApi(({ path }) =>
      path === '/api/for-artists/claims/claim-1/stats' ? success(stats()) : undefined,
    );
    // Act
    renderDetail();
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Velvet Static' })).toBeTruthy();
    expect(screen.getByText('Claim: Successful')).toBeTruthy();
    expect(within(screen.getByText('Fans this month').parentElement!).getByText('7')).toBeTruthy();
    expect(
      within(screen.getByText('Released to your office', { selector: 'dt' }).parentElement!).getByText(
        '$12.50',
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Earnings per month, last 12 months' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: 'Nov 26 $12.50 $0.00' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the claim' }).getAttribute('href')).toBe(
      '/for-artists/claims/claim-1',
    );
    expect(screen.getByRole('link', { name: 'Give back to fans' }).getAttribute('href')).toBe(
      '/for-artists/give-back?artistId=artist-1',
    );
    expect(calls[0]?.path).toBe('/api/for-artists/claims/claim-1/stats');
  });

  it('explains a pending claim and offers no give-back before money was released', async () => {
    // Prepare
    stubArtistApi(({ path }) =>
      path === '/api/for-artists/claims/claim-1/stats'
        ? success(
            stats({
              claimStatus: 'Pending',
              totalReleasedCents: 0,
              months: months.map((m) => ({ ...m, releasedCents: 0 })),
            }),
          )
        : undefined,
    );
    // Act
    renderDetail();
    // Assess
    expect(
      await screen.findByText(
        'Your claim is waiting for verification. Money fans set aside stays held until it succeeds.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Give back to fans' })).toBeNull();
  });

  it('says so when the artist cannot be loaded (another office, or not assigned to a member)', async () => {
    // Prepare
    stubArtistApi(() => undefined);
    // Act
    renderDetail();
    // Assess
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Not here.')).toBeTruthy();
  });
});

describe('the profile screen', () => {
  it('asks for all four fields of a complete profile and saves them with PATCH user/profile', async () => {
    // Prepare
    const calls = stubArtistApi(({ method, path, body }) =>
      method === 'PATCH' && path === '/api/for-artists/user/profile'
        ? success({ ...(body as object) })
        : undefined,
    );
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        {
          path: '/for-artists/profile/update',
          element: (
            <ProfileUpdateScreen
              account={{
                first_name: 'Ada',
                last_name: null,
                phone_number: null,
                country: null,
                profile_complete: false,
              }}
            />
          ),
        },
      ],
      { initialEntries: ['/for-artists/profile/update'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText(/Your profile is not complete yet/)).toBeTruthy();
    // Act
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const refused = calls.length;
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/Phone number/), '+44 20 7946 0000');
    await user.selectOptions(screen.getByLabelText(/Country/), 'GB');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    // Assess
    expect(refused).toBe(0);
    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: '+44 20 7946 0000',
      country: 'GB',
    });
  });
});

describe('the statements download', () => {
  afterEach(() => resetProductTime());

  it("offers this month on the product's day, after the product clock was moved 40 days ahead", async () => {
    // Prepare: a reply said where the product clock stands, 40 days past the machine's (always another month)
    const product = new Date(Date.now() + 40 * 86_400_000);
    recordProductTime(product.toISOString());
    const calls = stubArtistApi(({ path }) =>
      path === '/api/for-artists/offices'
        ? success([
            { _id: 'office-1', name: 'Night Owls Records', type: 'Label', role: 'admin', members: [] },
          ])
        : path === '/api/for-artists/statements'
          ? success({ fileName: 'statement.csv', contentType: 'text/csv', rowCount: 0, csv: 'date\r\n' })
          : undefined,
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderScreenAt('/', <StatementsSection />);
    // Act
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    // Assess: the product's month so far, not the machine's
    const productDay = product.toISOString().slice(0, 10);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(`${productDay.slice(0, 7)}-01`);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(productDay);
    await waitFor(() => expect(calls.some((call) => call.path === '/api/for-artists/statements')).toBe(true));
    const asked = calls.find((call) => call.path === '/api/for-artists/statements');
    expect(asked?.search.get('from')).toBe(`${productDay.slice(0, 7)}-01`);
    expect(asked?.search.get('to')).toBe(productDay);
  });

  it('offers the product’s month once the offices’ reply tells where the product clock stands', async () => {
    // Prepare: the clock is learnt only from the reply that lists the offices, after the form is on screen
    const product = new Date(Date.now() + 40 * 86_400_000);
    stubArtistApi(({ path }) => {
      if (path !== '/api/for-artists/offices') return undefined;
      recordProductTime(product.toISOString());
      return success([
        { _id: 'office-1', name: 'Night Owls Records', type: 'Label', role: 'admin', members: [] },
      ]);
    });
    // Act
    renderScreenAt('/', <StatementsSection />);
    // Assess
    const productDay = product.toISOString().slice(0, 10);
    await waitFor(() =>
      expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(`${productDay.slice(0, 7)}-01`),
    );
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(productDay);
  });

  it("asks the server for the period's CSV and saves it as a file", async () => {
    // Prepare
    const calls = stubArtistApi(({ path }) => {
      if (path === '/api/for-artists/offices') {
        return success([
          { _id: 'office-1', name: 'Night Owls Records', type: 'Label', role: 'accountant', members: [] },
        ]);
      }
      if (path === '/api/for-artists/statements') {
        return success({
          fileName: 'openpie-payouts-2026-11-01-to-2026-11-24.csv',
          contentType: 'text/csv',
          rowCount: 3,
          csv: 'date\r\n',
        });
      }
      return undefined;
    });
    const createObjectURL = vi.fn(() => 'blob:statement');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderScreenAt('/', <StatementsSection />);
    // Act
    await user.click(await screen.findByLabelText('Payouts'));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // Assess
    expect(
      await screen.findByText('openpie-payouts-2026-11-01-to-2026-11-24.csv is downloaded: 3 lines.'),
    ).toBeTruthy();
    const asked = calls.find((call) => call.path === '/api/for-artists/statements');
    expect(asked?.search.get('officeId')).toBe('office-1');
    expect(asked?.search.get('kind')).toBe('payouts');
    expect(asked?.search.get('from')).toBe('2026-11-01');
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
  });
});
