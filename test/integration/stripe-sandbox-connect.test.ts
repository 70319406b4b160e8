// Connect in the local Stripe sandbox through the real SDK: an account with controller properties, its hosted
// onboarding (single-use link → account.updated with charges and payouts enabled), login links, transfers tied by
// transfer_group and their reversals, balances of the platform and of the account, and payouts.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { openPieCheckout, sandboxPerTest, stripeClientFor, testCards } from '../support/stripe-sandbox';

const day = 86_400_000;
const newSandbox = sandboxPerTest();

async function start() {
  let now = Date.parse('2026-11-23T10:00:00.000Z');
  const events: Stripe.Event[] = [];
  const started = await newSandbox({
    clock: () => now,
    deliver: (rawBody) => {
      events.push(JSON.parse(rawBody) as Stripe.Event);
      return Promise.resolve({ status: 200 });
    },
  });
  const stripe = stripeClientFor(started);
  return {
    sandbox: started,
    stripe,
    events,
    moveClock: async (byMs: number) => {
      now += byMs;
      await started.advance();
    },
  };
}

async function onboardedAccount(stripe: Stripe, sandbox: StripeSandbox): Promise<Stripe.Account> {
  const account = await stripe.accounts.create({
    email: 'artist@example.com',
    controller: {
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      stripe_dashboard: { type: 'express' },
    },
  });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://localhost:3000/artist/payouts/refresh',
    return_url: 'http://localhost:3000/artist/payouts/done',
  });
  await fetch(`${sandbox.apiUrl}${new URL(link.url).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'The Artist' }),
  });
  return stripe.accounts.retrieve(account.id);
}

describe('the Stripe sandbox Connect', () => {
  it('onboards an account through its single-use link and says so with account.updated', async () => {
    // Prepare
    const { sandbox, stripe, events } = await start();
    const account = await stripe.accounts.create({
      controller: { fees: { payer: 'application' }, stripe_dashboard: { type: 'express' } },
    });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://localhost:3000/refresh',
      return_url: 'http://localhost:3000/done',
    });
    const pageUrl = `${sandbox.apiUrl}${new URL(link.url).pathname}`;
    const submit = () =>
      fetch(pageUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'The Artist' }),
      });
    const loginBefore = await stripe.accounts.createLoginLink(account.id).catch((error: unknown) => error);
    // Act
    const page = await (await fetch(pageUrl)).text();
    const done = await submit();
    const again = await submit();
    await sandbox.settle();
    // Assess
    expect(account).toMatchObject({
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    });
    expect(account.controller).toMatchObject({
      fees: { payer: 'application' },
      stripe_dashboard: { type: 'express' },
    });
    expect(page).toContain('Agree and submit');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://localhost:3000/done');
    expect(again.status).toBe(410);
    const onboarded = await stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    expect(onboarded.requirements?.currently_due).toEqual([]);
    const updated = events.find((event) => event.type === 'account.updated');
    expect(updated?.account).toBe(account.id);
    expect((updated?.data.object as Stripe.Account).charges_enabled).toBe(true);
    expect(loginBefore).toMatchObject({ statusCode: 400 });
    const login = await stripe.accounts.createLoginLink(account.id);
    expect((await fetch(`${sandbox.apiUrl}${new URL(login.url).pathname}`)).status).toBe(200);
  });

  it('transfers available platform funds with a transfer group, reverses part, and pays out the rest', async () => {
    // Prepare
    const { sandbox, stripe, events, moveClock } = await start();
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    await sandbox.payCheckout(session.id, { number: testCards.pays });
    const account = await onboardedAccount(stripe, sandbox);
    const tooEarly = await stripe.transfers
      .create({ amount: 500, currency: 'usd', destination: account.id })
      .catch((error: unknown) => error);
    await moveClock(2 * day);
    // Act
    const platformBefore = await stripe.balance.retrieve();
    const transfer = await stripe.transfers.create({
      amount: 500,
      currency: 'usd',
      destination: account.id,
      transfer_group: 'pie_123',
    });
    const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 200 });
    const connectedBalance = await stripe.balance.retrieve({}, { stripeAccount: account.id });
    const payout = await stripe.payouts.create(
      { amount: 300, currency: 'usd' },
      { stripeAccount: account.id },
    );
    const overdraw = await stripe.payouts
      .create({ amount: 1, currency: 'usd' }, { stripeAccount: account.id })
      .catch((error: unknown) => error);
    await moveClock(2 * day);
    // Assess
    expect(tooEarly).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
    expect(platformBefore.available[0]?.amount).toBe(941);
    expect(transfer).toMatchObject({ amount: 500, transfer_group: 'pie_123', destination: account.id });
    expect(reversal).toMatchObject({ amount: 200, transfer: transfer.id });
    expect(connectedBalance.available[0]?.amount).toBe(300);
    expect((await stripe.balance.retrieve()).available[0]?.amount).toBe(941 - 500 + 200);
    expect(payout.status).toBe('pending');
    expect(overdraw).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
    expect((await stripe.payouts.retrieve(payout.id, {}, { stripeAccount: account.id })).status).toBe('paid');
    const connectedTransactions = await stripe.balanceTransactions.list({}, { stripeAccount: account.id });
    expect(connectedTransactions.data.map((t) => t.type).sort()).toEqual([
      'payment',
      'payment_refund',
      'payout',
    ]);
    expect((await stripe.transfers.list({ transfer_group: 'pie_123' })).data.map((t) => t.id)).toEqual([
      transfer.id,
    ]);
    const types = events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['transfer.created', 'transfer.reversed', 'payout.created', 'payout.paid']),
    );
    expect(events.find((event) => event.type === 'payout.paid')?.account).toBe(account.id);
  });
});
