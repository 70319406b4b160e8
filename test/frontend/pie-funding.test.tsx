// /pie and pie/successCheckout: the funding flow (presets, a custom amount read into integer cents, the
// fee breakdown from the server's quote, Checkout with the browser sent to Stripe's page, and the 403/409/422
// answers), the running pie's summary, the free pie offer, and the success page that waits for Stripe. The API is a
// stub of fetch (the server side is built elsewhere); everything else is the real SPA.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeeQuote, Subscription } from '../../functions/contracts/payments';
import { SuccessCheckoutScreen } from '../../frontend/src/features/pie-funding';
import { readDollarAmount } from '../../frontend/src/features/pie-funding/lib/pie-amount';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { createHeldReply, fail, stubApi, succeed, type SentRequest } from '../support/auth-api-stub';
import { makePie } from '../support/pie-fixtures';
import { makeStats } from '../support/pie-split-fixtures';
import { makeFan, renderAt } from '../support/fan-screens';

const slow = { timeout: 5000 };

/** The server's rule (2.9% + 30¢, platform 0), so the stub answers like the real quote. */
function quoteFor(request: SentRequest) {
  const amountCents = Number(new URLSearchParams(request.search).get('amount'));
  const processingFeeCents = Math.round((amountCents * 290) / 10_000) + 30;
  const quote: FeeQuote = {
    amountCents,
    processingFeeCents,
    platformFeeCents: 0,
    netCents: amountCents - processingFeeCents,
    processingFeeBasisPoints: 290,
    processingFeeFixedCents: 30,
    platformFeeBasisPoints: 0,
  };
  return succeed(quote);
}

/** A fan with no pie, who may not use the promo: the funding flow alone. */
function stubNoPie(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/user': succeed(makeFan({ stripe_customer_id: null })),
    'GET /api/pie/active': succeed(null),
    'GET /api/stripe/promoEligibility': succeed({ available: false, used: false }),
    'GET /api/stripe/feeQuote': quoteFor,
    ...extra,
  });
}

/** The server's words for the 403 (functions/contracts/errors.ts). */
const notVerifiedMessage =
  'Please verify your e-mail address first: we sent you a link. You can ask for a new one.';

const feeRegion = () => screen.getByRole('region', { name: 'Where your money goes' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('readDollarAmount', () => {
  it('reads dollars into integer cents once and refuses what is not an amount from $3 to $500', () => {
    // Act + Assess
    expect(readDollarAmount('12.5')).toEqual({ ok: true, cents: 1250 });
    expect(readDollarAmount(' $1,00.07 ')).toEqual({ ok: true, cents: 10_007 });
    expect(readDollarAmount('0.29')).toMatchObject({ ok: false });
    expect(readDollarAmount('3')).toEqual({ ok: true, cents: 300 });
    expect(readDollarAmount('500.01')).toMatchObject({ ok: false });
    expect(readDollarAmount('12.345')).toMatchObject({ ok: false });
    expect(readDollarAmount('ten')).toMatchObject({ ok: false });
    // 19.99 × 100 is 1998.9999… as a float: the amount never passes through one.
    expect(readDollarAmount('19.99')).toEqual({ ok: true, cents: 1999 });
  });
});

describe('the funding flow on /pie', () => {
  it(
    'shows the fee breakdown of the chosen preset and sends Checkout integer cents, then goes to Stripe',
    { timeout: 15_000 },
    async () => {
      // Prepare
      const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
      const api = stubNoPie({
        'POST /api/stripe/createCheckout': succeed({
          url: 'http://127.0.0.1:9/_sandbox/stripe/checkout/cs_1',
        }),
      });
      renderAt('/pie');
      await userEvent.click(await screen.findByRole('radio', { name: '$20.00' }, slow));
      // Assess the breakdown: 2.9% of $20 + 30¢ = 88¢ to Stripe, $19.12 to artists.
      await waitFor(() => expect(within(feeRegion()).getByText('$19.12')).toBeTruthy());
      expect(within(feeRegion()).getByText('−$0.88')).toBeTruthy();
      expect(within(feeRegion()).getByText(/Stripe takes/).textContent).toContain('2.9% + $0.30');
      // Act
      await userEvent.click(
        screen.getByRole('checkbox', { name: 'Leave out artists who are no longer active' }),
      );
      await userEvent.clear(screen.getByRole('textbox', { name: 'Most artists in your pie' }));
      await userEvent.type(screen.getByRole('textbox', { name: 'Most artists in your pie' }), '25');
      await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
      // Assess
      await waitFor(() =>
        expect(goTo).toHaveBeenCalledWith('http://127.0.0.1:9/_sandbox/stripe/checkout/cs_1'),
      );
      expect(api.sentTo('POST /api/stripe/createCheckout').map((request) => request.body)).toEqual([
        { amount: 2000, artistLimit: 25, artistPopularity: 0, excludeNonActive: true, pieDays: 30 },
      ]);
      expect(screen.getByRole('button', { name: 'Opening Stripe…' })).toHaveProperty('disabled', true);
    },
  );

  it('reads a custom amount in dollars as cents and refuses one out of range before asking the server', async () => {
    // Prepare
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    const api = stubNoPie({
      'POST /api/stripe/createCheckout': succeed({ url: 'http://127.0.0.1:9/checkout' }),
    });
    renderAt('/pie');
    await userEvent.click(await screen.findByRole('radio', { name: 'Another amount' }, slow));
    const amount = screen.getByRole('textbox', { name: 'Amount in dollars' });
    // Act: too little
    await userEvent.type(amount, '2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // Assess
    expect(screen.getByText('Choose an amount from $3.00 to $500.00.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    // The focus moves once the submit has finished, just after its messages show.
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(api.sentTo('POST /api/stripe/createCheckout')).toEqual([]);
    expect(within(feeRegion()).getByText('Choose a valid amount to see the fees.')).toBeTruthy();
    // Act: a good one
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.34');
    await waitFor(() => expect(within(feeRegion()).getByText('$11.68')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalled());
    expect(api.sentTo('POST /api/stripe/createCheckout')[0]?.body).toMatchObject({ amount: 1234 });
    expect(api.sentTo('GET /api/stripe/feeQuote').map((request) => request.search)).toContain('?amount=1234');
  });

  it('says an unverified e-mail address must be verified first, with a button for a new link', async () => {
    // Prepare
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    const api = stubNoPie({
      'POST /api/stripe/createCheckout': fail(403, 'email_not_verified', notVerifiedMessage),
    });
    renderAt('/pie');
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, slow));
    // Assess
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please verify your e-mail address first');
    expect(alert.textContent).toContain('spam folder');
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toHaveProperty('disabled', false);
    expect(api.sentTo('POST /api/auth/resend-verification')).toEqual([]);
    expect(goTo).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue to payment' })).toHaveProperty('disabled', false),
    );
  });

  it('sends a new verification link once, busy while it is sent, and says where it went', async () => {
    // Prepare
    const email = `fan-${crypto.randomUUID()}@openpie.example`;
    const sentMessage = `We have sent a new verification link to ${email}. Please check your inbox.`;
    const held = createHeldReply(succeed({ message: sentMessage }));
    const api = stubNoPie({
      'POST /api/stripe/createCheckout': fail(403, 'email_not_verified', notVerifiedMessage),
      'POST /api/auth/resend-verification': held.handler,
    });
    renderAt('/pie');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, slow));
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    // Assess: busy while the request is out, so a second click sends nothing more
    const busy = screen.getByRole('button', { name: 'Sending a new link…' });
    expect(busy).toHaveProperty('disabled', true);
    await userEvent.click(busy);
    held.release();
    expect((await screen.findByText(sentMessage)).getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toHaveProperty('disabled', false);
    expect(api.sentTo('POST /api/auth/resend-verification')).toEqual([
      expect.objectContaining({ body: undefined }),
    ]);
    expect(api.sentTo('POST /api/stripe/createCheckout')).toHaveLength(1);
  });

  it('shows a refused resend (429) as an alert and leaves the button to try later', async () => {
    // Prepare
    const api = stubNoPie({
      'POST /api/stripe/createCheckout': fail(403, 'email_not_verified', notVerifiedMessage),
      'POST /api/auth/resend-verification': fail(
        429,
        'rate_limited',
        'Too many attempts. Please wait a moment and try again.',
      ),
    });
    renderAt('/pie');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, slow));
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Send me a new link' }));
    // Assess
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Too many attempts. Please wait a moment and try again.',
      ),
    );
    expect(screen.queryByText(/We have sent a new verification link/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toHaveProperty('disabled', false);
    expect(api.sentTo('POST /api/auth/resend-verification')).toHaveLength(1);
  });

  it('says a pie is already running, with the way to My pies', async () => {
    // Prepare
    stubNoPie({
      'POST /api/stripe/createCheckout': fail(
        409,
        'active_pie_exists',
        'You already have an active pie. You can change its settings or cancel it on My pies.',
      ),
    });
    renderAt('/pie');
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, slow));
    // Assess
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You already have an active pie.');
    expect(within(alert).getByRole('link', { name: 'Go to My pies' }).getAttribute('href')).toBe('/my-pies');
  });

  it('shows the server’s field messages under their fields (422)', async () => {
    // Prepare
    stubNoPie({
      'POST /api/stripe/createCheckout': fail(422, 'validation_failed', 'Some fields need attention.', {
        artistPopularity: 'The popularity tilt is a whole number from 0 to 100',
      }),
    });
    renderAt('/pie');
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, slow));
    // Assess
    expect(await screen.findByText('The popularity tilt is a whole number from 0 to 100')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an artist limit that is no whole number from 0 to 500 before asking the server, the field focused', async () => {
    // Prepare
    const api = stubNoPie({
      'POST /api/stripe/createCheckout': succeed({ url: 'http://127.0.0.1:9/checkout' }),
    });
    renderAt('/pie');
    const limit = await screen.findByRole('textbox', { name: 'Most artists in your pie' }, slow);
    // Act
    await userEvent.clear(limit);
    await userEvent.type(limit, '501');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // Assess
    expect(await screen.findByText('Enter a whole number from 0 to 500.')).toBeTruthy();
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(limit));
    expect(api.sentTo('POST /api/stripe/createCheckout')).toEqual([]);
  });

  it('shows the server’s amount message under the dollars field, opened for a preset amount (422)', async () => {
    // Prepare
    stubNoPie({
      'POST /api/stripe/createCheckout': fail(422, 'validation_failed', 'Some fields need attention.', {
        amount: 'The amount must be from 300 to 50000 cents',
      }),
    });
    renderAt('/pie');
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }, slow));
    // Assess
    const amount = await screen.findByRole('textbox', { name: 'Amount in dollars' });
    expect(screen.getByRole('radio', { name: 'Another amount' })).toHaveProperty('checked', true);
    expect(screen.getByText('The amount must be from 300 to 50000 cents')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('/pie with a running pie, or the free pie offer', () => {
  it('shows the running pie’s amount, period, status and fees, with the way to My pies', async () => {
    // Prepare
    const pie = makePie({ amountCents: 2000, processingFeeCents: 88, netCents: 1912 });
    const api = stubApi({
      'GET /api/user': succeed(makeFan({ stripe_customer_id: null })),
      'GET /api/pie/active': succeed(pie),
      // The live split under the summary (test/frontend/pie-live.test.tsx).
      [`GET /api/pie/${pie.id}/realtime-stats`]: succeed(makeStats([])),
    });
    // Act
    renderAt('/pie');
    // Assess
    const panel = await screen.findByRole('region', { name: 'Your current pie' }, slow);
    expect(within(panel).getByText('$20.00')).toBeTruthy();
    expect(within(panel).getByText('$0.88')).toBeTruthy();
    expect(within(panel).getByText('$19.12')).toBeTruthy();
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(panel.textContent).toContain('November 24, 2026 to December 24, 2026');
    expect(within(panel).getByRole('link', { name: 'See all your pies and your wallet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
    expect(api.sentTo('GET /api/stripe/feeQuote')).toEqual([]);
  });

  it('offers an eligible fan the free pie first and shows it once started', async () => {
    // Prepare
    const freePie = makePie({
      promo: true,
      status: 'cancelling',
      amountCents: 500,
      processingFeeCents: 0,
      netCents: 500,
      subscriptionId: null,
    });
    const api = stubApi({
      'GET /api/user': succeed(makeFan({ stripe_customer_id: null })),
      'GET /api/pie/active': succeed(null),
      'GET /api/stripe/promoEligibility': succeed({ available: true, used: false }),
      'GET /api/stripe/feeQuote': quoteFor,
      'POST /api/stripe/createPromoSubscription': succeed(freePie),
      [`GET /api/pie/${freePie.id}/realtime-stats`]: succeed(makeStats([])),
    });
    renderAt('/pie');
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Start my free pie' }, slow));
    // Assess
    const panel = await screen.findByRole('region', { name: 'Your current pie' });
    expect(panel.textContent).toContain('$5.00 (free pie)');
    expect(panel.textContent).toContain('None: OpenPie pays for this pie');
    expect(panel.textContent).toContain('Active: a free pie, it runs to its end');
    expect(api.sentTo('POST /api/stripe/createPromoSubscription').map((request) => request.body)).toEqual([
      { artistLimit: 0, artistPopularity: 0, excludeNonActive: false, pieDays: 30 },
    ]);
  });

  it('shows no free pie offer to a fan who may not use it', async () => {
    // Prepare
    stubNoPie();
    // Act
    renderAt('/pie');
    await screen.findByRole('button', { name: 'Continue to payment' }, slow);
    // Assess
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Start my free pie' })).toBeNull());
  });
});

describe('pie/successCheckout', () => {
  function renderSuccess(props: Parameters<typeof SuccessCheckoutScreen>[0]) {
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/pie/successCheckout?session_id=cs_test_a1b2c3']}>
          <SuccessCheckoutScreen {...props} />
        </MemoryRouter>
      </SWRConfig>,
    );
  }

  function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
    return {
      id: 'sub_1',
      kind: 'card',
      status: 'incomplete',
      cancel_at_period_end: false,
      current_period_start: '2026-11-24T10:00:00.000Z',
      current_period_end: '2026-12-24T10:00:00.000Z',
      amountCents: 1000,
      pieDays: 30,
      metadata: { pie_id: null },
      ...overrides,
    };
  }

  it('asks Stripe again until the subscription has a pie, then shows the pie', async () => {
    // Prepare: twice without a pie (the webhook has not arrived), then active with its pie_id.
    const pie = makePie();
    let asked = 0;
    const api = stubApi({
      'GET /api/stripe/refreshSubscription': () => {
        asked += 1;
        if (asked === 1) return succeed(null);
        if (asked === 2) return succeed(makeSubscription({ status: 'active' }));
        return succeed(makeSubscription({ status: 'active', metadata: { pie_id: pie.id } }));
      },
      'GET /api/pie/active': succeed(pie),
    });
    // Act
    renderSuccess({ pollIntervalMs: 10, longWaitMs: 60_000 });
    // Assess
    expect(screen.getByRole('status').textContent).toContain('Confirming your payment with Stripe…');
    const title = await screen.findByRole('heading', { level: 1, name: 'Your pie is active' });
    expect(api.sentTo('GET /api/stripe/refreshSubscription')).toHaveLength(3);
    expect(api.sentTo('GET /api/pie/active')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Your current pie' }).textContent).toContain('$9.41');
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('falls back to the stored subscription when Stripe cannot be asked', async () => {
    // Prepare
    const pie = makePie();
    stubApi({
      'GET /api/stripe/refreshSubscription': fail(503, 'payment_provider_unavailable', 'Not answering.'),
      'GET /api/stripe/activeSubscription': succeed(
        makeSubscription({ status: 'active', metadata: { pie_id: pie.id } }),
      ),
      'GET /api/pie/active': succeed(pie),
    });
    // Act
    renderSuccess({ pollIntervalMs: 10 });
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Your pie is active' })).toBeTruthy();
  });

  it('says what to do when it takes long, with the session id for support', async () => {
    // Prepare: a subscription that is still incomplete.
    stubApi({ 'GET /api/stripe/refreshSubscription': succeed(makeSubscription()) });
    // Act
    renderSuccess({ pollIntervalMs: 10, longWaitMs: 50 });
    // Assess
    expect(await screen.findByRole('heading', { name: 'This is taking longer than usual' })).toBeTruthy();
    expect(screen.getByText(/Confirming a payment can take a minute/).textContent).toContain('My pies');
    expect(screen.getByText('cs_test_a1b2c3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to My pies' }).getAttribute('href')).toBe('/my-pies');
    expect(screen.getByRole('status').textContent).toContain('Confirming your payment with Stripe…');
  });
});
