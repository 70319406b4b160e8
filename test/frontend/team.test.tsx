// The team screens (decision 026): the members and pending invitations of an office, inviting someone,
// sending an invitation again, removing a member after a confirmation, a member's role and assigned artists. The API
// is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamMemberScreen, TeamScreen } from '../../frontend/src/features/team';
import { failure, officeFixture, stubArtistApi, success, type OfficeRole } from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';
import { expectStacksOnPhones } from '../support/stacked-table';

const admin = { user_id: 'u-admin', role: 'admin', email: 'ada@example.com', status: 'active' };
const member = { user_id: 'u-member', role: 'member', email: 'bo@example.com', status: 'active' };
const invited = {
  user_id: null,
  role: 'accountant',
  email: 'cy@example.com',
  status: 'invited',
  expiresAt: '2099-01-08T10:00:00.000Z',
};

const office = (role: OfficeRole) =>
  officeFixture(role, {
    members: [admin, member].map(({ user_id, role: memberRole, email }) => ({
      user_id,
      role: memberRole,
      email,
    })),
  });

function renderAt(path: string) {
  renderScreenAt(
    path,
    <Routes>
      <Route path="/for-artists/team" element={<TeamScreen callerEmail="ada@example.com" />} />
      <Route path="/for-artists/team/:memberId" element={<TeamMemberScreen />} />
    </Routes>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the team screen', () => {
  it('lists members and pending invitations in a table with a caption', async () => {
    // Prepare
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members') {
        return success([admin, member, invited]);
      }
      return undefined;
    });
    // Act
    renderAt('/for-artists/team');
    // Assess
    const table = await screen.findByRole('table', { name: 'Members of Night Owls Records' });
    expectStacksOnPhones(table);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'ada@example.com (you)',
      'bo@example.com',
      'cy@example.com',
    ]);
    expect(within(rows[2] as HTMLElement).getByText(/Invited · link valid until/)).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'bo@example.com' })
        .getAttribute('href'),
    ).toBe('/for-artists/team/u-member?office=office-1');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('invites an address with a role and lists the invitation', async () => {
    // Prepare
    let entries: unknown[] = [admin];
    const calls = stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members') return success(entries);
      if (method === 'POST' && path === '/api/for-artists/offices/office-1/members') {
        entries = [admin, invited];
        return success(invited, {}, 201);
      }
      return undefined;
    });
    renderAt('/for-artists/team');
    await screen.findByRole('table', { name: 'Members of Night Owls Records' });
    // Act
    await userEvent.type(screen.getByLabelText('E-mail address'), 'cy@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'accountant');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    // Assess
    expect(await screen.findByText('Invitation sent to cy@example.com.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'cy@example.com',
      role: 'accountant',
    });
    expect(await screen.findByRole('cell', { name: 'cy@example.com' })).toBeTruthy();
  });

  it('says under the address what is wrong with it, tied to the field, and sends nothing', async () => {
    // Prepare
    const calls = stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members') return success([admin]);
      return undefined;
    });
    renderAt('/for-artists/team');
    await screen.findByRole('table', { name: 'Members of Night Owls Records' });
    // Act
    await userEvent.type(screen.getByLabelText('E-mail address'), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    // Assess
    const field = screen.getByLabelText('E-mail address');
    const error = await screen.findByText('Invalid email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s reason when an invitation is refused, and logs it', async () => {
    // Prepare
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members') return success([admin]);
      if (method === 'POST' && path === '/api/for-artists/offices/office-1/members') {
        return failure(409, 'already_member', 'This person is already a member of this office.');
      }
      return undefined;
    });
    renderAt('/for-artists/team');
    await screen.findByRole('table');
    // Act
    await userEvent.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    // Assess
    expect(await screen.findByText('This person is already a member of this office.')).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('sends an invitation again and removes a member only after confirming', async () => {
    // Prepare
    const calls = stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members') {
        return success([admin, member, invited]);
      }
      if (method === 'POST' && path === '/api/for-artists/offices/office-1/resend-invitation') {
        return success({ ...invited, officeId: 'office-1', state: 'pending', invitedAt: invited.expiresAt });
      }
      if (method === 'DELETE' && path === '/api/for-artists/offices/office-1/members/bo%40example.com') {
        return success({ user_id: 'u-member', role: 'member', email: 'bo@example.com' });
      }
      return undefined;
    });
    renderAt('/for-artists/team');
    await screen.findByRole('table');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Send again: cy@example.com' }));
    const resent = await screen.findByText('A new invitation is on its way to cy@example.com.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove: bo@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove bo@example.com from the office?' });
    const deletesBeforeConfirming = calls.filter((call) => call.method === 'DELETE').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    // Assess
    expect(resent).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/resend-invitation'))?.body).toEqual({
      email: 'cy@example.com',
    });
    expect(deletesBeforeConfirming).toBe(0);
    expect(await screen.findByText('bo@example.com is no longer a member of this office.')).toBeTruthy();
  });

  it('withdraws an invitation only after confirming', async () => {
    // Prepare
    let entries: unknown[] = [admin, invited];
    const calls = stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members') return success(entries);
      if (method === 'DELETE' && path === '/api/for-artists/offices/office-1/members/cy%40example.com') {
        entries = [admin];
        return success({ user_id: null, role: 'accountant', email: 'cy@example.com', status: 'invited' });
      }
      return undefined;
    });
    renderAt('/for-artists/team');
    await screen.findByRole('table');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw: cy@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the invitation to cy@example.com?' });
    const deletesBeforeConfirming = calls.filter((call) => call.method === 'DELETE').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    // Assess
    expect(deletesBeforeConfirming).toBe(0);
    expect(await screen.findByText('The invitation to cy@example.com is withdrawn.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'cy@example.com' })).toBeNull());
  });

  it('shows a member the team without the invite form or actions', async () => {
    // Prepare
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('member')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members')
        return success([admin, member]);
      return undefined;
    });
    // Act
    renderAt('/for-artists/team');
    // Assess
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(
      screen.getByText('Only an admin of this office can invite people, change roles or remove members.'),
    ).toBeTruthy();
  });
});

describe('the team member screen', () => {
  const claims = [
    { _id: 'c1', artistId: 'a1', artistName: 'Velvet Static', status: 'Successful' },
    { _id: 'c2', artistId: 'a2', artistName: 'Lumen', status: 'Pending' },
    { _id: 'c3', artistId: 'a3', artistName: 'Gone Band', status: 'Rejected' },
  ];

  it('lets an admin change the role and assign the office’s claimed artists', async () => {
    // Prepare
    let assigned = [
      { artistId: 'a1', artistName: 'Velvet Static', claimId: 'c1', claimStatus: 'Successful' },
    ];
    const calls = stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members')
        return success([admin, member]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members/u-member/artists') {
        return success({ userId: 'u-member', artists: assigned });
      }
      if (method === 'GET' && path === '/api/for-artists/claims') return success(claims);
      if (method === 'POST' && path === '/api/for-artists/offices/office-1/members/u-member/artists') {
        assigned = [
          ...assigned,
          { artistId: 'a2', artistName: 'Lumen', claimId: 'c2', claimStatus: 'Pending' },
        ];
        return success({ userId: 'u-member', artists: assigned });
      }
      if (method === 'PATCH' && path === '/api/for-artists/offices/office-1/members/u-member/role') {
        return success({ user_id: 'u-member', role: 'accountant', email: 'bo@example.com' });
      }
      return undefined;
    });
    renderAt('/for-artists/team/u-member?office=office-1');
    await screen.findByRole('heading', { name: 'bo@example.com', level: 1 });
    // Act
    const choice = await screen.findByRole('group', { name: 'Artists your office has claimed' });
    const offered = within(choice)
      .getAllByRole('checkbox')
      .map((box) => box.parentElement?.textContent);
    await userEvent.click(within(choice).getByRole('checkbox', { name: 'Lumen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await userEvent.selectOptions(screen.getByLabelText('Role in the office'), 'accountant');
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    // Assess
    expect(offered).toEqual(['Lumen']);
    expect(await screen.findByRole('link', { name: 'Lumen' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ artistIds: ['a2'] });
    expect(await screen.findByText('The role is now Accountant.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'accountant' });
  });

  it('shows the last-admin refusal in words', async () => {
    // Prepare
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office('admin')]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members')
        return success([admin, member]);
      if (method === 'GET' && path === '/api/for-artists/offices/office-1/members/u-admin/artists') {
        return success({ userId: 'u-admin', artists: [] });
      }
      if (method === 'GET' && path === '/api/for-artists/claims') return success([]);
      if (method === 'PATCH') {
        return failure(
          409,
          'last_admin',
          'An office needs at least one admin: make another member an admin first.',
        );
      }
      return undefined;
    });
    renderAt('/for-artists/team/u-admin?office=office-1');
    await screen.findByRole('heading', { name: 'ada@example.com', level: 1 });
    // Act
    await userEvent.selectOptions(screen.getByLabelText('Role in the office'), 'member');
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    // Assess
    expect(
      await screen.findByText('An office needs at least one admin: make another member an admin first.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Your office has not claimed an artist yet.')).toBeTruthy());
  });
});
