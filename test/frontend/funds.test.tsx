// The artist area's funds screen: the selected office's payout account at Stripe in each state
// (not started, in progress with what Stripe still needs, ready), the admin's way to Stripe's onboarding and to the
// Express dashboard, and what an accountant and a member see. The API is faked at fetch, as the browser would reach
// it; leaving for Stripe is watched through browserActions (jsdom cannot navigate).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FundsScreen } from '../../frontend/src/features/funds';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { connectAccountFixture, officeFixture, stubArtistApi, success } from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';

const account = connectAccountFixture;

/** The office and its account as the server answers them; the two Stripe links when asked. */
function stubFunds(
  role: 'admin' | 'member' | 'accountant',
  payoutAccount: ReturnType<typeof account> | 'refused',
) {
  return stubArtistApi(({ method, path, search }) => {
    if (method === 'GET' && path === '/api/for-artists/offices') return success([officeFixture(role)]);
    if (method === 'GET' && path === '/api/for-artists/stripe/account-status') {
      if (search.get('officeId') !== 'office-1') return undefined;
      return payoutAccount === 'refused'
        ? {
            status: 403,
            body: {
              success: false,
              code: 'forbidden',
              message: 'Your role in this office does not allow this.',
            },
          }
        : success(payoutAccount);
    }
    if (method === 'POST' && path === '/api/for-artists/stripe/completeOnboarding') {
      return success({
        accountLink: { url: 'http://localhost:3000/_sandbox/stripe/connect/onboarding/al_1' },
      });
    }
    if (method === 'GET' && path === '/api/for-artists/stripe/createLoginLink') {
      return success({ login_url: 'http://localhost:3000/_sandbox/stripe/connect/dashboard/acct_1' });
    }
    return answerEmptyMoney(method, path);
  });
}

/** The money panels of an office with nothing yet (funds-money.test.tsx covers them). */
function answerEmptyMoney(method: string, path: string) {
  if (method !== 'GET') return undefined;
  const empty: Record<string, unknown> = {
    '/api/for-artists/stripe/wallet-balance': {
      availableCents: 0,
      inFlightCents: 0,
      paidOutCents: 0,
      minimumCents: 1000,
    },
    '/api/for-artists/stripe/connected-account-balance': {
      hasAccount: false,
      availableCents: 0,
      pendingCents: 0,
    },
    '/api/for-artists/stripe/check-monthly-fee': {
      month: '2026-11',
      monthlyFeePaid: false,
      monthlyFeeCents: 200,
      payableCents: 0,
      minimumCents: 1000,
      preview: null,
      blockedBy: 'below_minimum',
    },
    '/api/for-artists/stripe/payouts': { data: [], total: { totalCents: 0, count: 0 } },
  };
  if (path === '/api/for-artists/stripe/transactions') {
    return {
      status: 200,
      body: { success: true, data: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } },
    };
  }
  return path in empty ? success(empty[path]) : undefined;
}

function renderFunds() {
  renderScreenAt('/for-artists/funds', <FundsScreen />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the funds screen', () => {
  it('lets an admin of an office without an account set up payouts on Stripe', async () => {
    // Prepare
    const calls = stubFunds('admin', account());
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => undefined);
    renderFunds();
    const button = await screen.findByRole('button', { name: 'Set up payouts with Stripe' });
    expect(screen.getByText('Not started')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open your Stripe dashboard' })).toBeNull();
    // Act
    await userEvent.click(button);
    // Assess
    await waitFor(() =>
      expect(goTo).toHaveBeenCalledWith('http://localhost:3000/_sandbox/stripe/connect/onboarding/al_1'),
    );
    const onboarding = calls.find((call) => call.path === '/api/for-artists/stripe/completeOnboarding');
    expect(onboarding?.method).toBe('POST');
    expect(onboarding?.body).toEqual({ officeId: 'office-1' });
  });

  it('says in words what Stripe still needs while onboarding is in progress', async () => {
    // Prepare
    stubFunds(
      'admin',
      account({
        status: 'in_progress',
        currentlyDue: ['external_account', 'individual.first_name', 'tos_acceptance.date', 'mystery.field'],
        disabledReason: 'requirements.past_due',
      }),
    );
    // Act
    renderFunds();
    // Assess
    expect(await screen.findByText('In progress')).toBeTruthy();
    const needs = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(needs).toEqual([
      'a bank account to pay you into',
      'your first name',
      "your agreement to Stripe's terms",
      'mystery field',
    ]);
    expect(screen.getByRole('button', { name: 'Set up payouts with Stripe' })).toBeTruthy();
  });

  it('opens the Express dashboard of a ready account', async () => {
    // Prepare
    const calls = stubFunds(
      'admin',
      account({ status: 'ready', chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true }),
    );
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => undefined);
    renderFunds();
    const button = await screen.findByRole('button', { name: 'Open your Stripe dashboard' });
    expect(screen.getByText('Ready: payouts enabled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up payouts with Stripe' })).toBeNull();
    // Act
    await userEvent.click(button);
    // Assess
    await waitFor(() =>
      expect(goTo).toHaveBeenCalledWith('http://localhost:3000/_sandbox/stripe/connect/dashboard/acct_1'),
    );
    const link = calls.find((call) => call.path === '/api/for-artists/stripe/createLoginLink');
    expect(link?.search.get('officeId')).toBe('office-1');
  });

  it('shows an accountant the state without the buttons, and a member why there is nothing to see', async () => {
    // Prepare
    stubFunds('accountant', account({ status: 'ready', payoutsEnabled: true, canManage: false }));
    // Act
    renderFunds();
    // Assess
    expect(await screen.findByText('Ready: payouts enabled')).toBeTruthy();
    expect(screen.getByText('Only an admin of this office can set up payouts.')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);

    // Prepare: a member
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stubFunds('member', 'refused');
    // Act
    renderFunds();
    // Assess
    expect(
      await screen.findByText(
        'Your role in this office does not include its funds. An admin can change your role.',
      ),
    ).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('explains a failed onboarding call, logs it, and stays on the page', async () => {
    // Prepare
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([officeFixture('admin')]);
      if (method === 'GET' && path === '/api/for-artists/stripe/account-status') return success(account());
      if (path === '/api/for-artists/stripe/completeOnboarding') {
        return {
          status: 503,
          body: { success: false, code: 'payment_provider_unavailable', message: 'Stripe is not answering.' },
        };
      }
      return undefined;
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => undefined);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFunds();
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Set up payouts with Stripe' }));
    // Assess
    expect(await screen.findByText('Stripe is not answering.')).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Set up payouts with Stripe' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Balance' })).toBeTruthy();
  });
});
