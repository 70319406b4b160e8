// The artist area's give-back screen: what an admin may give back for an artist, each fan's part of
// an amount before confirming, the confirmation, the give-back sent once with a request id, and what an accountant
// and a member see. The API is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GiveBackScreen } from '../../frontend/src/features/give-back';
import { parseDollarsToCents } from '../../frontend/src/features/give-back/lib/amount';
import { officeFixture, stubArtistApi, success } from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';

const done = {
  requestId: 'req-12345678',
  officeId: 'office-1',
  artistId: 'artist-1',
  artistName: 'Velvet Static',
  amountCents: 500,
  fanCount: 2,
  status: 'done',
  transactionId: 'tx1',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function preview(amountCents: number | null) {
  return {
    officeId: 'office-1',
    artistId: 'artist-1',
    artistName: 'Velvet Static',
    receivedCents: 1000,
    givenBackCents: 0,
    payableCents: 1000,
    fundedCents: 1000,
    availableCents: 1000,
    since: '2025-11-24T00:00:00.000Z',
    fanCount: 2,
    amountCents,
    shares:
      amountCents === null
        ? []
        : [
            { label: 'Fan 1', gaveCents: 750, receivesCents: amountCents - Math.floor(amountCents / 4) },
            { label: 'Fan 2', gaveCents: 250, receivesCents: Math.floor(amountCents / 4) },
          ],
  };
}

function stubGiveBack(role: 'admin' | 'member' | 'accountant', history: unknown[] = []) {
  return stubArtistApi(({ method, path, search }) => {
    if (method === 'GET' && path === '/api/for-artists/offices') return success([officeFixture(role)]);
    if (method === 'GET' && path === '/api/for-artists/give-back') {
      if (role === 'member') {
        return {
          status: 403,
          body: {
            success: false,
            code: 'forbidden',
            message: 'Your role in this office does not allow this.',
          },
        };
      }
      return success({
        artists: [
          {
            artistId: 'artist-1',
            artistName: 'Velvet Static',
            claimId: 'claim-1',
            claimStatus: 'Successful',
          },
        ],
        history,
      });
    }
    if (method === 'GET' && path === '/api/for-artists/give-back/preview') {
      const amount = search.get('amountCents');
      if (amount === '200000') {
        return {
          status: 422,
          body: {
            success: false,
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: {
              amountCents: 'That is more than you can give back for this artist. (at most 1000 cents)',
            },
          },
        };
      }
      return success(preview(amount === null ? null : Number(amount)));
    }
    if (method === 'POST' && path === '/api/for-artists/give-back') return success(done);
    return undefined;
  });
}

function renderGiveBack() {
  renderScreenAt('/for-artists/give-back', <GiveBackScreen />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the give-back screen', () => {
  it("shows an admin each fan's part before confirming, then gives back once with a request id", async () => {
    // Prepare
    const calls = stubGiveBack('admin');
    const user = userEvent.setup();
    renderGiveBack();
    expect(await screen.findByText('Available now')).toBeTruthy();
    // Act
    await user.type(screen.getByLabelText('Amount to give back (USD)'), '5');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: /What each fan would receive/ });
    await user.click(screen.getByRole('button', { name: 'Give back $5.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give $5.00 back to 2 fans?' });
    await user.click(within(dialog).getByRole('button', { name: 'Give back' }));
    // Assess
    expect(within(table).getByRole('row', { name: 'Fan 1 $7.50 $3.75' })).toBeTruthy();
    expect(await screen.findByText('Done: $5.00 went back to 2 fans. Each one gets an e-mail.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ officeId: 'office-1', artistId: 'artist-1', amountCents: 500 });
    expect((posts[0]?.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/for-artists/give-back' && call.method === 'GET'),
      ).toHaveLength(2),
    );
  });

  it('sends nothing when the admin cancels the confirmation', async () => {
    // Prepare
    const calls = stubGiveBack('admin');
    const user = userEvent.setup();
    renderGiveBack();
    await user.type(await screen.findByLabelText('Amount to give back (USD)'), '2.50');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Give back $2.50' }));
    // Act
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says what is wrong with an amount it cannot read, and with one over what is available', async () => {
    // Prepare
    stubGiveBack('admin');
    const user = userEvent.setup();
    renderGiveBack();
    const amount = await screen.findByLabelText('Amount to give back (USD)');
    // Act
    await user.type(amount, '5.555');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const unreadable = await screen.findByText('Enter an amount in dollars and cents, like 25.50.');
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    // Assess
    expect(unreadable).toBeTruthy();
    expect(
      await screen.findByText('That is more than you can give back for this artist. (at most 1000 cents)'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Give back \$/ })).toBeNull();
  });

  it('shows an accountant what the office gave back, without the form', async () => {
    // Prepare
    stubGiveBack('accountant', [done]);
    // Act
    renderGiveBack();
    // Assess
    expect(await screen.findByText('Only an admin of this office can give back.')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Velvet Static \$5.00 2 Done/ })).toBeTruthy();
    expect(screen.queryByLabelText('Amount to give back (USD)')).toBeNull();
  });

  it("tells a member that their role does not include the office's funds", async () => {
    // Prepare
    stubGiveBack('member');
    // Act
    renderGiveBack();
    // Assess
    expect(
      await screen.findByText(
        'Your role in this office does not include its funds. An admin can change your role.',
      ),
    ).toBeTruthy();
  });
});

describe('reading a typed dollar amount', () => {
  it('reads dollars and cents as whole cents, and refuses what is not an amount', () => {
    // Act / Assess
    expect(['12', '12.5', '12.50', '$1,234.05', ' 0.07 '].map(parseDollarsToCents)).toEqual([
      1200, 1250, 1250, 123405, 7,
    ]);
    expect(['', '5.555', 'ten', '-3', '1e3', '12.'].map(parseDollarsToCents)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
