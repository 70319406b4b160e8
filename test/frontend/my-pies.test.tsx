// my-pies: current and past pies with their amounts, periods, statuses and fees; cancelling with a
// confirmation that says the pie runs to its end; the billing portal (and why there is none yet); the fan wallet with
// its totals, movements, type filter and pages. The API is a stub of fetch; everything else is the real SPA.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PieSummary, WalletTransaction } from '../../functions/contracts/payments';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { fail, stubApi, succeed, type SentRequest, type StubHandler } from '../support/auth-api-stub';
import { makePie } from '../support/pie-fixtures';
import { makeFan, renderAt } from '../support/fan-screens';
import { walletSummary } from '../support/factories/replies';

const slow = { timeout: 5000 };

function makeLine(overrides: Partial<WalletTransaction>): WalletTransaction {
  return {
    id: crypto.randomUUID(),
    kind: 'fan-payment',
    type: 'credit',
    amountCents: 1000,
    description: 'Card payment for your pie of Nov 24',
    createdAt: '2026-11-24T10:00:00.000Z',
    pieId: null,
    ...overrides,
  };
}

const emptySummary = walletSummary();

/** A fan and their pies; the wallet answers as given (empty unless told). */
function stubMyPies(pies: PieSummary[] | (() => PieSummary[]), extra: Record<string, StubHandler> = {}) {
  const fan = makeFan();
  const api = stubApi({
    'GET /api/user': succeed(fan),
    [`GET /api/pie/user/${fan.id}/pies`]: () => succeed(typeof pies === 'function' ? pies() : pies),
    'GET /api/fan-wallet/balance': succeed({ balanceCents: 0, currency: 'usd' }),
    'GET /api/fan-wallet/summary': succeed(emptySummary),
    'GET /api/fan-wallet/transactions': {
      status: 200,
      body: { success: true, data: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } },
    },
    ...extra,
  });
  return { api, fan };
}

const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the pies on my-pies', () => {
  it(
    'lists the current pie and the past ones with amounts, periods, statuses and fees',
    { timeout: 15_000 },
    async () => {
      // Prepare
      const current = makePie({ amountCents: 2000, processingFeeCents: null, netCents: null });
      const past = makePie({
        status: 'split',
        periodStart: '2026-10-25T10:00:00.000Z',
        periodEnd: '2026-11-24T10:00:00.000Z',
      });
      const { api, fan } = stubMyPies([current, past]);
      // Act
      renderAt('/my-pies');
      // Assess
      const currentGroup = await screen.findByRole('region', { name: 'Current pie' }, slow);
      expect(currentGroup.textContent).toContain('$20.00');
      expect(currentGroup.textContent).toContain('November 24, 2026 to December 24, 2026');
      expect(currentGroup.textContent).toContain('Active');
      expect(within(currentGroup).getAllByText('Known once Stripe settles the payment')).toHaveLength(2);
      const pastGroup = region('Past pies');
      expect(pastGroup.textContent).toContain('October 25, 2026 to November 24, 2026');
      expect(pastGroup.textContent).toContain('Split among your artists');
      expect(pastGroup.textContent).toContain('$0.59');
      expect(pastGroup.textContent).toContain('$9.41');
      expect(within(pastGroup).queryByRole('button', { name: 'Cancel this pie' })).toBeNull();
      expect(api.sentTo(`GET /api/pie/user/${fan.id}/pies`)).toHaveLength(1);
    },
  );

  it('says when the fan has not funded a pie yet, with the way to /pie', async () => {
    // Prepare
    stubMyPies([]);
    // Act
    renderAt('/my-pies');
    // Assess
    expect(await screen.findByText('You have not funded a pie yet', {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fund your first pie' }).getAttribute('href')).toBe('/pie');
  });

  it('cancels only after the confirmation, then says the pie runs to its end', async () => {
    // Prepare
    const pie = makePie();
    let cancelled = false;
    // The list answers with the pie as the server sees it: cancelling once the cancel went through.
    const { api } = stubMyPies(() => [cancelled ? { ...pie, status: 'cancelling' } : pie], {
      'POST /api/stripe/cancelSubscription': () => {
        cancelled = true;
        return succeed({
          id: pie.subscriptionId,
          kind: 'card',
          status: 'active',
          cancel_at_period_end: true,
          current_period_start: pie.periodStart,
          current_period_end: pie.periodEnd,
          amountCents: pie.amountCents,
          pieDays: 30,
          metadata: { pie_id: pie.id },
        });
      },
    });
    renderAt('/my-pies');
    const cancelButton = await screen.findByRole('button', { name: 'Cancel this pie' }, slow);
    // Act: open the confirmation and step back
    await userEvent.click(cancelButton);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your pie?' });
    expect(dialog.textContent).toContain('keeps running to December 24, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my pie' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sentTo('POST /api/stripe/cancelSubscription')).toEqual([]);
    // Act: confirm
    await userEvent.click(screen.getByRole('button', { name: 'Cancel this pie' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel my pie' }),
    );
    // Assess
    expect(await screen.findByText('Your pie runs to December 24, 2026, then stops.')).toBeTruthy();
    expect(api.sentTo('POST /api/stripe/cancelSubscription').map((request) => request.body)).toEqual([
      { subscriptionId: pie.subscriptionId },
    ]);
    await waitFor(() => expect(region('Current pie').textContent).toContain('Runs to its end, then stops'));
    expect(screen.queryByRole('button', { name: 'Cancel this pie' })).toBeNull();
  });

  it('opens Stripe’s billing portal, and explains when there is no billing account yet', async () => {
    // Prepare
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    let hasAccount = false;
    stubMyPies([], {
      'GET /api/stripe/customerBillingAccount': () =>
        hasAccount
          ? succeed({ url: 'http://127.0.0.1:9/_sandbox/stripe/billing/bps_1' })
          : fail(
              409,
              'no_billing_account',
              'You have no billing account yet: it is created with your first card payment.',
            ),
    });
    renderAt('/my-pies');
    const open = await screen.findByRole('button', { name: 'Manage cards and invoices on Stripe' }, slow);
    // Act
    await userEvent.click(open);
    // Assess
    expect(
      await screen.findByText('You have no billing account yet: it is created with your first card payment.'),
    ).toBeTruthy();
    expect(goTo).not.toHaveBeenCalled();
    // Act
    hasAccount = true;
    await userEvent.click(open);
    // Assess
    await waitFor(() =>
      expect(goTo).toHaveBeenCalledWith('http://127.0.0.1:9/_sandbox/stripe/billing/bps_1'),
    );
  });
});

describe('the fan wallet on my-pies', () => {
  it('shows the balance and the totals of where the money went', async () => {
    // Prepare
    stubMyPies([], {
      'GET /api/fan-wallet/balance': succeed({ balanceCents: 941, currency: 'usd' }),
      'GET /api/fan-wallet/summary': succeed({
        ...emptySummary,
        paidInCents: 2000,
        promoCents: 500,
        feesCents: 118,
        givenToArtistsCents: 1441,
        heldForUnclaimedCents: 320,
        balanceCents: 941,
      }),
    });
    // Act
    renderAt('/my-pies');
    // Assess
    const wallet = await screen.findByRole('region', { name: 'Your fan wallet' }, slow);
    await waitFor(() => expect(wallet.querySelector('.wallet-balance')?.textContent).toBe('Balance $9.41'));
    const totals = within(region('Where your money went'))
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(totals).toEqual([
      'Paid in by card $20.00',
      'Free promo credit $5.00',
      'Card and platform fees $1.18',
      'Given to artists $14.41',
      'Of that, held for artists who have not joined yet $3.20',
      'Returned to you $0.00',
      'Refunded or taken back by a dispute $0.00',
      'Balance $9.41',
    ]);
  });

  it('says where refunds came from and what artists gave back, only when there is something to say', async () => {
    // Prepare: $20 paid, $1.18 fees, 1441 split; a $10 refund took 941 of it back from held lots and OpenPie covered
    // 59; an office gave 100 back: 2000 − 118 − 1441 + 100 − (1000 − 941 − 59) = 541
    stubMyPies([], {
      'GET /api/fan-wallet/balance': succeed({ balanceCents: 541, currency: 'usd' }),
      'GET /api/fan-wallet/summary': succeed({
        ...emptySummary,
        paidInCents: 2000,
        feesCents: 118,
        givenToArtistsCents: 1441,
        givenBackCents: 100,
        refundedCents: 1000,
        refundedFromArtistsCents: 941,
        refundCoveredByOpenPieCents: 59,
        balanceCents: 541,
      }),
    });
    // Act
    renderAt('/my-pies');
    // Assess
    await screen.findByRole('region', { name: 'Your fan wallet' }, slow);
    await waitFor(() =>
      expect(within(region('Where your money went')).getAllByRole('term').length).toBeGreaterThan(8),
    );
    const totals = within(region('Where your money went'))
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(totals).toEqual([
      'Paid in by card $20.00',
      'Free promo credit $0.00',
      'Card and platform fees $1.18',
      'Given to artists $14.41',
      'Of that, held for artists who have not joined yet $0.00',
      'Returned to you $0.00',
      'Given back by artists you supported $1.00',
      'Refunded or taken back by a dispute $10.00',
      'Of that, taken back from what was held for artists $9.41',
      'Of that, covered by OpenPie $0.59',
      'Balance $5.41',
    ]);
  });

  it('filters the movements by type and pages through them, 20 at a time', async () => {
    // Prepare
    const answer = (request: SentRequest) => {
      const query = new URLSearchParams(request.search);
      const type = query.get('type');
      const page = Number(query.get('page'));
      const line =
        type === 'debit'
          ? makeLine({
              kind: 'processing-fee',
              type: 'debit',
              amountCents: -59,
              description: 'Stripe’s card fee',
            })
          : makeLine({ description: `Card payment, page ${page}` });
      return {
        status: 200,
        body: { success: true, data: [line], pagination: { page, limit: 20, total: 45, pages: 3 } },
      };
    };
    const { api } = stubMyPies([], { 'GET /api/fan-wallet/transactions': answer });
    renderAt('/my-pies');
    const movements = await screen.findByRole('region', { name: 'Wallet movements' }, slow);
    expect(await within(movements).findByText('Card payment, page 1')).toBeTruthy();
    expect(within(movements).getByText('+$10.00')).toBeTruthy();
    // Act: the second page
    await userEvent.click(within(movements).getByRole('button', { name: /^(Page )?2$/ }));
    // Assess
    expect(await within(movements).findByText('Card payment, page 2')).toBeTruthy();
    // Act: money out only
    await userEvent.click(within(movements).getByRole('radio', { name: 'Money out' }));
    // Assess: back to the first page of that filter
    expect(await within(movements).findByText('Stripe’s card fee')).toBeTruthy();
    expect(within(movements).getByText('−$0.59')).toBeTruthy();
    expect(api.sentTo('GET /api/fan-wallet/transactions').map((request) => request.search)).toEqual([
      '?type=all&page=1&limit=20',
      '?type=all&page=2&limit=20',
      '?type=debit&page=1&limit=20',
    ]);
  });

  it('announces the movements while they load, as every loading line does', async () => {
    // Prepare: the movements have not answered yet
    stubMyPies([], { 'GET /api/fan-wallet/transactions': () => new Promise<never>(() => undefined) });
    // Act
    renderAt('/my-pies');
    const movements = await screen.findByRole('region', { name: 'Wallet movements' }, slow);
    // Assess
    expect(within(movements).getByRole('status').textContent).toBe('Loading the movements…');
  });

  it('says when a filter has no movements', async () => {
    // Prepare
    stubMyPies([]);
    // Act
    renderAt('/my-pies');
    // Assess
    expect(await screen.findByText('No movements in your wallet yet.', {}, slow)).toBeTruthy();
  });
});
