// /try (SPEC §2 "Promo page", §8): the four states with SPEC's exact texts (checking, unavailable, form,
// success), the sign-up with promo 'try' by e-mail and by a social provider, the used-promotion message, the human
// check that cannot run, and a signed-in fan's own offer. The API is a stub of fetch; the rest is the real SPA.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TryScreen } from '../../frontend/src/features/promo';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { rememberSessionHint } from '../../frontend/src/lib/session-hints';
import { createHeldReply, fail, stubApi, succeed } from '../support/auth-api-stub';
import { makeFan, renderAt } from '../support/fan-screens';

const slow = { timeout: 5000 };

/** The section listing what a fan must do before the free pie can start. */
const findStepsBeforeThePie = () =>
  screen.findByRole('region', { name: 'Before your free pie can start' }, slow);

/** The titles of those steps, in order. */
const stepTitles = (steps: HTMLElement) =>
  within(steps)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

/** A signed-in fan who may claim the offer and has used a promotion code before. */
const makeOfferFan = () =>
  makeFan({ stripe_customer_id: null, promo_eligible: true, used_promotion_code: true });

async function fillRegistration(email: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), email);
  await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Dana');
  await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Fan');
  await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-pie-password');
  await userEvent.type(screen.getByLabelText(/^Repeat password/), 'a-long-pie-password');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/try for a visitor', () => {
  it('shows the checking state while the availability is asked', { timeout: 15_000 }, async () => {
    // Prepare
    const held = createHeldReply(succeed({ available: true, remaining: 3 }));
    stubApi({ 'GET /api/stripe/promoAvailability': held.handler });
    // Act
    renderAt('/try');
    // Assess
    const checking = await screen.findByText('Checking whether free pies are available…', {}, slow);
    expect(checking.getAttribute('role')).toBe('status');
    held.release();
    expect(await screen.findByText('3 free pies left')).toBeTruthy();
  });

  it('shows SPEC’s unavailable panel when no codes are left, with a link to the homepage', async () => {
    // Prepare
    stubApi({ 'GET /api/stripe/promoAvailability': succeed({ available: false, remaining: 0 }) });
    // Act
    renderAt('/try');
    // Assess
    const title = await screen.findByRole(
      'heading',
      { level: 1, name: 'No promotion codes are available' },
      slow,
    );
    expect(screen.getByText('Please try later or contact our support')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'CREATE MY ACCOUNT' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('shows the server’s message when the check fails, or SPEC’s words when it sent none', async () => {
    // Prepare
    stubApi({
      'GET /api/stripe/promoAvailability': fail(429, 'rate_limited', 'Too many tries. Please wait a minute.'),
    });
    // Act
    renderAt('/try');
    // Assess
    expect(await screen.findByText('Too many tries. Please wait a minute.', {}, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No promotion codes are available' })).toBeTruthy();
  });

  it('says SPEC’s fallback when the reply carries no message', { timeout: 15_000 }, async () => {
    // Prepare
    stubApi({ 'GET /api/stripe/promoAvailability': { status: 502, body: 'Bad gateway' } });
    // Act
    renderAt('/try');
    // Assess
    expect(await screen.findByText('Failed to check promotion code availability', {}, slow)).toBeTruthy();
    expect(screen.getByText('Please try later or contact our support')).toBeTruthy();
  });

  it('shows the banner with the codes left, the four providers with promo=try, and the links', async () => {
    // Prepare
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    stubApi({ 'GET /api/stripe/promoAvailability': succeed({ available: true, remaining: 97 }) });
    // Act
    renderAt('/try');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Try OpenPie for free' }, slow)).toBeTruthy();
    expect(screen.getByText('97 free pies left')).toBeTruthy();
    for (const provider of ['Google', 'Spotify', 'X', 'Facebook']) {
      expect(screen.getByRole('button', { name: `Continue with ${provider}` })).toBeTruthy();
    }
    const links = screen.getByText(/Already have an account\?/);
    expect(within(links).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(
      within(links).getByRole('link', { name: 'Sign up without the free pie' }).getAttribute('href'),
    ).toBe('/register');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Spotify' }));
    // Assess
    await waitFor(() => expect(goTo).toHaveBeenCalled());
    expect(new URL(String(goTo.mock.calls[0]?.[0]), 'http://test').searchParams.get('promo')).toBe('try');
  });

  it('registers by e-mail with promo try and shows the welcome panel', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/stripe/promoAvailability': succeed({ available: true, remaining: 5 }),
      'POST /api/auth/register': succeed({ message: 'Account created.', email: 'dana@openpie.example' }, 201),
    });
    renderAt('/try');
    await screen.findByText('5 free pies left', {}, slow);
    // Act
    await fillRegistration('dana@openpie.example');
    await userEvent.click(screen.getByRole('button', { name: 'CREATE MY ACCOUNT' }));
    // Assess
    const title = await screen.findByRole('heading', { level: 1, name: 'Welcome to OpenPie!' });
    expect(
      screen.getByText('Your account has been created and your free promo code has been applied.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Please check your email to verify your address and start using your free 5 dollar pie.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(api.sentTo('POST /api/auth/register')[0]?.body).toMatchObject({
      email: 'dana@openpie.example',
      promo: 'try',
      accepted_terms_and_conditions: true,
    });
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('says SPEC’s words when the e-mail already used the free promotion', async () => {
    // Prepare
    stubApi({
      'GET /api/stripe/promoAvailability': succeed({ available: true, remaining: 5 }),
      'POST /api/auth/register': fail(
        409,
        'promotion_already_used',
        'This e-mail has already used the free promotion.',
      ),
    });
    renderAt('/try');
    await screen.findByText('5 free pies left', {}, slow);
    // Act
    await fillRegistration('again@openpie.example');
    await userEvent.click(screen.getByRole('button', { name: 'CREATE MY ACCOUNT' }));
    // Assess
    expect(
      await screen.findByText(
        'You have already used the free PIE promotion. Each user can only use this offer once.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome to OpenPie!' })).toBeNull();
  });

  it('says SPEC’s words when the human check cannot run, and asks nothing of the server', async () => {
    // Prepare
    const api = stubApi({ 'GET /api/stripe/promoAvailability': succeed({ available: true, remaining: 5 }) });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/try']}>{children}</MemoryRouter>
      </SWRConfig>
    );
    // Act
    render(
      <TryScreen
        signedIn={false}
        humanCheck={() => Promise.resolve({ available: false })}
        renderRegistrationForm={() => <p>form</p>}
        socialSignIn={<p>social</p>}
      />,
      { wrapper },
    );
    // Assess
    expect(await screen.findByText('reCAPTCHA not available')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No promotion codes are available' })).toBeTruthy();
    expect(api.sentTo('GET /api/stripe/promoAvailability')).toEqual([]);
  });
});

describe('/try for a signed-in fan', () => {
  it('says the offer was used already, with the way to fund a pie', async () => {
    // Prepare
    rememberSessionHint('fan');
    stubApi({
      'GET /api/user': succeed(makeOfferFan()),
      'GET /api/stripe/promoEligibility': succeed({ available: false, used: true }),
    });
    // Act
    renderAt('/try');
    // Assess
    expect(
      await screen.findByText(
        'You have already used the free PIE promotion. Each user can only use this offer once.',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fund a pie' }).getAttribute('href')).toBe('/pie');
  });

  it('starts the free pie of an eligible fan and shows it', async () => {
    // Prepare
    rememberSessionHint('fan');
    const api = stubApi({
      'GET /api/user': succeed({ ...makeOfferFan(), used_promotion_code: false }),
      'GET /api/stripe/promoEligibility': succeed({ available: true, used: false }),
      'POST /api/stripe/createPromoSubscription': succeed({
        id: 'pie_0123456789abcdef01234567',
        status: 'cancelling',
        promo: true,
        periodStart: '2026-11-24T10:00:00.000Z',
        periodEnd: '2026-12-24T10:00:00.000Z',
        pieDays: 30,
        currency: 'usd',
        amountCents: 500,
        processingFeeCents: 0,
        platformFeeCents: 0,
        netCents: 500,
        settings: { artistLimit: 10, artistPopularity: 40, excludeNonActive: false },
        subscriptionId: null,
        createdAt: '2026-11-24T10:00:00.000Z',
      }),
    });
    renderAt('/try');
    const limit = await screen.findByRole('textbox', { name: 'Most artists in your pie' }, slow);
    // Act
    await userEvent.clear(limit);
    await userEvent.type(limit, '10');
    // jsdom moves no slider by keys (Chromium does): set its value as the browser would.
    fireEvent.change(screen.getByRole('slider', { name: 'Lean toward less popular artists' }), {
      target: { value: '40' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start my free pie' }));
    // Assess
    const started = await screen.findByRole('heading', { name: 'Your free pie is running' });
    expect(started.parentElement?.textContent).toContain('$5.00 (free pie)');
    expect(api.sentTo('POST /api/stripe/createPromoSubscription').map((request) => request.body)).toEqual([
      { artistLimit: 10, artistPopularity: 40, excludeNonActive: false, pieDays: 30 },
    ]);
  });

  it('says Spotify must be connected first, with the way to the settings', async () => {
    // Prepare
    rememberSessionHint('fan');
    stubApi({
      'GET /api/user': succeed({ ...makeOfferFan(), used_promotion_code: false }),
      'GET /api/stripe/promoEligibility': succeed({ available: true, used: false }),
      'POST /api/stripe/createPromoSubscription': fail(
        403,
        'promo_spotify_required',
        'Connect your Spotify account first: a free pie is split on what you listen to there.',
      ),
    });
    renderAt('/try');
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Start my free pie' }, slow));
    // Assess
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Connect your Spotify account first');
    expect(
      within(alert).getByRole('link', { name: 'Connect Spotify in your settings' }).getAttribute('href'),
    ).toBe('/settings');
    expect(screen.getByRole('button', { name: 'Start my free pie' })).toHaveProperty('disabled', false);
  });

  it('shows the missing steps before the button: a new verification link, busy while it is sent, and Spotify', async () => {
    // Prepare: a fan who has neither verified the address nor connected Spotify
    rememberSessionHint('fan');
    const email = `fan-${crypto.randomUUID()}@openpie.example`;
    const sentMessage = `We have sent a new verification link to ${email}. Please check your inbox.`;
    const held = createHeldReply(succeed({ message: sentMessage }));
    const api = stubApi({
      'GET /api/user': succeed({
        ...makeOfferFan(),
        email,
        email_verified: false,
        used_promotion_code: false,
        connected_accounts: { spotify: false, google: false, twitter: false, facebook: false },
      }),
      'GET /api/stripe/promoEligibility': succeed({ available: true, used: false }),
      'POST /api/auth/resend-verification': held.handler,
    });
    renderAt('/try');
    const steps = await findStepsBeforeThePie();
    // Assess: both steps, in order, and no button that could only be refused
    expect(stepTitles(steps)).toEqual(['Verify your e-mail address', 'Connect your Spotify account']);
    expect(screen.queryByRole('button', { name: 'Start my free pie' })).toBeNull();
    // Act
    await userEvent.click(within(steps).getByRole('button', { name: 'Send me a new link' }));
    // Assess
    expect(screen.getByRole('button', { name: 'Sending a new link…' })).toHaveProperty('disabled', true);
    held.release();
    expect((await screen.findByText(sentMessage)).getAttribute('role')).toBe('status');
    expect(api.sentTo('POST /api/auth/resend-verification')).toHaveLength(1);
    expect(api.sentTo('POST /api/stripe/createPromoSubscription')).toHaveLength(0);
  });

  it('asks a verified fan without Spotify to connect it first, and comes back to /try', async () => {
    // Prepare
    rememberSessionHint('fan');
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    const api = stubApi({
      'GET /api/user': succeed({
        ...makeOfferFan(),
        used_promotion_code: false,
        connected_accounts: { spotify: false, google: true, twitter: false, facebook: false },
      }),
      'GET /api/stripe/promoEligibility': succeed({ available: true, used: false }),
    });
    renderAt('/try');
    const steps = await findStepsBeforeThePie();
    expect(stepTitles(steps)).toEqual(['Connect your Spotify account']);
    expect(screen.queryByRole('button', { name: 'Start my free pie' })).toBeNull();
    // Act
    await userEvent.click(within(steps).getByRole('button', { name: 'Connect Spotify' }));
    // Assess
    expect(goTo).toHaveBeenCalledTimes(1);
    const url = new URL(String(goTo.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/auth/loginSpotify');
    expect(url.searchParams.get('returnTo')).toBe('try');
    expect(api.sentTo('POST /api/stripe/createPromoSubscription')).toHaveLength(0);
  });

  it('refuses an artist limit out of range before asking the server', async () => {
    // Prepare
    rememberSessionHint('fan');
    const api = stubApi({
      'GET /api/user': succeed({ ...makeOfferFan(), used_promotion_code: false }),
      'GET /api/stripe/promoEligibility': succeed({ available: true, used: false }),
    });
    renderAt('/try');
    const limit = await screen.findByRole('textbox', { name: 'Most artists in your pie' }, slow);
    // Act
    await userEvent.clear(limit);
    await userEvent.type(limit, '501');
    await userEvent.click(screen.getByRole('button', { name: 'Start my free pie' }));
    // Assess
    expect(await screen.findByText('Enter a whole number from 0 to 500.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(limit));
    expect(api.sentTo('POST /api/stripe/createPromoSubscription')).toEqual([]);
  });
});
