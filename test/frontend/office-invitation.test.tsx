// The office invitation screen (decision 026): what the mailed link is for, accepting it signed in with
// the invited address, the way to log in (and back) for someone not signed in, another address, and an expired or
// unknown link. The API is faked at fetch, as the browser would reach it.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfficeInvitationScreen } from '../../frontend/src/features/office-invitation';
import { failure, stubArtistApi, success } from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';

const validation = (state: 'pending' | 'expired' | 'accepted' = 'pending') => ({
  officeId: 'office-1',
  officeName: 'Night Owls Records',
  email: 'bo@example.com',
  role: 'member',
  state,
  expiresAt: '2099-01-08T10:00:00.000Z',
});

const validatePath = '/api/for-artists/offices/office-1/validate-invitation';

function renderInvitation(account?: unknown, token = 'secret-token') {
  renderScreenAt(
    `/for-artists/office-invitation/office-1?token=${token}`,
    <Routes>
      <Route
        path="/for-artists/office-invitation/:officeId"
        element={<OfficeInvitationScreen account={account} />}
      />
    </Routes>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the office invitation screen', () => {
  it('lets the invited address accept, and then leads to the team', async () => {
    // Prepare
    const calls = stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === validatePath) return success(validation());
      if (method === 'POST' && path === '/api/for-artists/offices/accept-invitation/secret-token') {
        return success({
          _id: 'office-1',
          name: 'Night Owls Records',
          type: 'Label',
          role: 'member',
          members: [],
        });
      }
      if (method === 'GET' && path === '/api/for-artists/offices') return success([]);
      return undefined;
    });
    renderInvitation({ email: 'Bo@Example.com' });
    // Act
    await screen.findByRole('heading', { name: 'You are invited to join Night Owls Records as a member.' });
    await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    // Assess
    expect(await screen.findByText('You are now a member of Night Owls Records.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the team' }).getAttribute('href')).toBe(
      '/for-artists/team?office=office-1',
    );
    expect(calls.find((call) => call.path === validatePath)?.search.get('token')).toBe('secret-token');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ officeId: 'office-1' });
    // … and no longer offers what was just accepted
    expect(screen.queryByText(/You are invited to join/)).toBeNull();
    expect(screen.queryByText(/The link works until/)).toBeNull();
  });

  it('sends someone not signed in to log in and back here, or to create an account', async () => {
    // Prepare
    stubArtistApi(({ method, path }) =>
      method === 'GET' && path === validatePath ? success(validation()) : undefined,
    );
    // Act
    renderInvitation(undefined);
    // Assess
    const logIn = await screen.findByRole('link', { name: 'Log in to accept' });
    expect(logIn.getAttribute('href')).toBe(
      `/for-artists/login?next=${encodeURIComponent('/for-artists/office-invitation/office-1?token=secret-token')}`,
    );
    expect(screen.getByRole('link', { name: 'Create an artist account' })).toBeTruthy();
    expect(screen.getByText('The invitation was sent to bo@example.com.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('tells someone signed in with another address to use the invited one', async () => {
    // Prepare
    stubArtistApi(({ method, path }) =>
      method === 'GET' && path === validatePath ? success(validation()) : undefined,
    );
    // Act
    renderInvitation({ email: 'someone@example.com' });
    // Assess
    expect(
      await screen.findByText(
        'This invitation is for bo@example.com. Log out and sign in with that address to accept it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('says when the invitation expired, without a way to accept it', async () => {
    // Prepare
    stubArtistApi(({ method, path }) =>
      method === 'GET' && path === validatePath ? success(validation('expired')) : undefined,
    );
    // Act
    renderInvitation({ email: 'bo@example.com' });
    // Assess
    expect(
      await screen.findByText('This invitation has expired. Ask the office to send it again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('says when the link is not valid any more', async () => {
    // Prepare
    stubArtistApi(({ method, path }) =>
      method === 'GET' && path === validatePath
        ? failure(
            404,
            'not_found',
            'This invitation link is not valid any more. Ask the office to send you a new one.',
          )
        : undefined,
    );
    // Act
    renderInvitation({ email: 'bo@example.com' }, 'old');
    // Assess
    expect(
      await screen.findByText(
        'This invitation link is not valid any more. Ask the office to send you a new one.',
      ),
    ).toBeTruthy();
  });
});
