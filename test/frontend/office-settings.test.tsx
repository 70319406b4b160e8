// The office settings screen (decision 026): renaming updates the office at once and reverts when the
// server refuses (SPEC §7), a failure is logged (SPEC §8), and deleting asks first and shows the server's reason
// when the office still holds money or claims. The API is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfficePicker } from '../../frontend/src/components/office-picker';
import { OfficeSettingsScreen } from '../../frontend/src/features/office-settings';
import { useChosenOffice } from '../../frontend/src/lib/offices';
import { failure, officeFixture, stubArtistApi, success, type ApiReply } from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';

const office = (overrides: Record<string, unknown> = {}) => officeFixture('admin', overrides);

/** The picker shows the office names from the shared offices cache: where a rename shows at once. */
function OfficeNames() {
  const { offices, office: chosen, chooseOffice } = useChosenOffice();
  return (
    <>
      <p data-testid="names">{offices.data?.map((candidate) => candidate.name).join(', ')}</p>
      <OfficePicker id="elsewhere" offices={offices.data} office={chosen} onChoose={chooseOffice} />
    </>
  );
}

function renderSettings() {
  renderScreenAt(
    '/for-artists/office-settings',
    <Routes>
      <Route
        path="/for-artists/office-settings"
        element={
          <>
            <OfficeNames />
            <OfficeSettingsScreen />
          </>
        }
      />
      <Route path="/for-artists/artists" element={<p>Your artists</p>} />
    </Routes>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the office settings screen', () => {
  it('shows the new name at once while saving, and keeps it when the server agrees', async () => {
    // Prepare
    let release: (reply: ApiReply) => void = () => undefined;
    const calls = stubArtistApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office()]);
      if (method === 'PATCH' && path === '/api/for-artists/offices/office-1') {
        return new Promise<ApiReply>((resolve) => {
          release = resolve;
        }).then(() => success(office(body as Record<string, unknown>)));
      }
      return undefined;
    });
    renderSettings();
    const name = await screen.findByLabelText('Office name');
    // Act
    await userEvent.clear(name);
    await userEvent.type(name, '  Day Owls  ');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Artist');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Day Owls'));
    const savedBeforeTheServerAnswered = screen.queryByText('Saved.');
    release(success(null));
    // Assess
    expect(savedBeforeTheServerAnswered).toBeNull();
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(screen.getByTestId('names').textContent).toBe('Day Owls');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Day Owls', type: 'Artist' });
  });

  it('reverts the name when the server refuses, logs it and says so', async () => {
    // Prepare
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office()]);
      if (method === 'PATCH') return failure(503, 'unavailable', 'The office could not be saved just now.');
      return undefined;
    });
    renderSettings();
    const name = await screen.findByLabelText('Office name');
    // Act
    await userEvent.clear(name);
    await userEvent.type(name, 'Day Owls');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    expect(await screen.findByText('The office could not be saved just now.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Night Owls Records'));
    expect((screen.getByLabelText('Office name') as HTMLInputElement).value).toBe('Night Owls Records');
    expect(logged).toHaveBeenCalledWith('Updating the office failed', expect.anything());
  });

  it('refuses a one-letter name on the page without calling the server', async () => {
    // Prepare
    const calls = stubArtistApi(({ method, path }) =>
      method === 'GET' && path === '/api/for-artists/offices' ? success([office()]) : undefined,
    );
    renderSettings();
    const name = await screen.findByLabelText('Office name');
    // Act
    await userEvent.clear(name);
    await userEvent.type(name, ' A ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Assess
    expect(await screen.findByText('Use at least 2 characters')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('deletes only after confirming, and shows the reason when the office still holds money', async () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office()]);
      if (method === 'DELETE') {
        return failure(
          409,
          'office_not_empty',
          'This office still holds $12.50. Pay it out before you delete the office.',
        );
      }
      return undefined;
    });
    renderSettings();
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Delete office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Night Owls Records?' });
    const deletesBeforeConfirming = calls.filter((call) => call.method === 'DELETE').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete office' }));
    // Assess
    expect(deletesBeforeConfirming).toBe(0);
    expect(
      await screen.findByText('This office still holds $12.50. Pay it out before you delete the office.'),
    ).toBeTruthy();
  });

  it('goes to Your artists once the office is deleted', async () => {
    // Prepare
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office()]);
      if (method === 'DELETE') return success({ _id: 'office-1', deleted: true });
      return undefined;
    });
    renderSettings();
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Delete office' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete office' }));
    // Assess
    expect(await screen.findByText('Your artists')).toBeTruthy();
  });

  it('shows a member the office read-only, without deleting', async () => {
    // Prepare
    stubArtistApi(({ method, path }) =>
      method === 'GET' && path === '/api/for-artists/offices'
        ? success([office({ role: 'member' })])
        : undefined,
    );
    // Act
    renderSettings();
    // Assess
    expect(await screen.findByText('Only an admin of this office can change or delete it.')).toBeTruthy();
    expect((screen.getByLabelText('Office name') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete office' })).toBeNull();
  });
});
