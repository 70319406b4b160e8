// Stripe Connect onboarding of offices (decision 025) through the artist-payments and webhook
// handlers, on DynamoDB Local and the Stripe sandbox through the real `stripe` SDK: the office's connected account is
// made once (also for concurrent first calls) with controller properties, only an admin may onboard or open the
// dashboard, `account.updated` keeps the account's state on the office whatever the order, and the login link waits
// for onboarding to finish.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { OnboardingLinkReply, PayoutAccountReply } from '../../functions/contracts/artist-payments';
import { bodyOf } from '../support/gateway-event';
import type { HandlerResult, SignedInAccount } from '../support/identity';
import { call, dataOf } from '../support/identity';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import type { HeldEvent } from '../support/payments-harness';
import { paymentsHarnessPerTest, postWebhook } from '../support/payments-harness';
import { givenOfficeAdmin, givenOfficeTeam, readyStripeAccount } from '../support/factories/offices';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

async function handlers() {
  const [payments, offices] = await Promise.all([
    import('../../functions/handlers/artist-payments'),
    import('../../functions/handlers/artist-offices'),
  ]);
  return { payments: payments.handler, offices: offices.handler };
}

/** The sandbox with its webhooks held back (raw body and headers), not delivered: each test delivers them. */
async function startSandbox() {
  const { sandbox, stripe, held } = await startHarness({ holdBack: () => true });
  return { sandbox, stripe, collected: held };
}

/** The id of the object an event is about (for account.updated, the connected account). */
function objectIdOf(event: HeldEvent): string {
  return ((JSON.parse(event.rawBody) as Stripe.Event).data.object as { id: string }).id;
}

async function completeOnboardingAs(person: SignedInAccount, officeId: string): Promise<HandlerResult> {
  const { payments } = await handlers();
  return call(payments, 'POST', '/api/for-artists/stripe/completeOnboarding', {
    body: { officeId },
    cookies: [person.cookie],
  });
}

async function loginLinkAs(person: SignedInAccount, officeId: string): Promise<HandlerResult> {
  const { payments } = await handlers();
  return call(payments, 'GET', '/api/for-artists/stripe/createLoginLink', {
    query: { officeId },
    cookies: [person.cookie],
  });
}

async function accountStatusAs(person: SignedInAccount, officeId: string): Promise<HandlerResult> {
  const { payments } = await handlers();
  return call(payments, 'GET', '/api/for-artists/stripe/account-status', {
    query: { officeId },
    cookies: [person.cookie],
  });
}

async function accountsOfOffice(stripe: Stripe, officeId: string): Promise<Stripe.Account[]> {
  const list = await stripe.accounts.list({ limit: 100 });
  return list.data.filter((account) => account.metadata?.['officeId'] === officeId);
}

/** What a person does on Stripe's hosted onboarding page: fills it in and submits. */
async function submitOnboardingPage(started: StripeSandbox, url: string): Promise<void> {
  const reply = await fetch(`${started.apiUrl}${new URL(url).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Night Owls Records LLC' }),
  });
  expect(reply.status).toBeLessThan(400);
}

async function storedAccount(officeId: string) {
  const { getOfficeStripeAccount } = await import('../../functions/data/offices/stripe-account');
  return getOfficeStripeAccount(testTable(), officeId);
}

describe('POST /api/for-artists/stripe/completeOnboarding', () => {
  it('creates the office its connected account with controller properties once, and answers a fresh onboarding link each time', async () => {
    // Prepare
    const { stripe } = await startSandbox();
    const { admin, office } = await givenOfficeAdmin('Night Owls Records');
    const officeId = office._id;
    // Act
    const first = await completeOnboardingAs(admin, officeId);
    const second = await completeOnboardingAs(admin, officeId);
    // Assess
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const firstUrl = dataOf<OnboardingLinkReply>(first).accountLink.url;
    const secondUrl = dataOf<OnboardingLinkReply>(second).accountLink.url;
    expect(firstUrl).toMatch(/\/_sandbox\/stripe\/connect\/onboarding\/\w+$/);
    expect(secondUrl).not.toBe(firstUrl);
    const accounts = await accountsOfOffice(stripe, officeId);
    expect(accounts).toHaveLength(1);
    const account = accounts[0];
    expect(account?.controller).toMatchObject({
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      stripe_dashboard: { type: 'express' },
      requirement_collection: 'stripe',
    });
    expect(await storedAccount(officeId)).toMatchObject({
      accountId: account?.id,
      detailsSubmitted: false,
      payoutsEnabled: false,
      currentlyDue: expect.arrayContaining(['external_account']) as unknown,
    });
    const status = await accountStatusAs(admin, officeId);
    expect(status.statusCode).toBe(200);
    expect(dataOf<PayoutAccountReply>(status)).toMatchObject({
      status: 'in_progress',
      canManage: true,
      disabledReason: 'requirements.past_due',
    });
  });

  it('makes one account for three first calls at once', async () => {
    // Prepare
    const { stripe } = await startSandbox();
    const { admin, office } = await givenOfficeAdmin('Night Owls Records');
    const officeId = office._id;
    // Act
    const results = await Promise.all([1, 2, 3].map(() => completeOnboardingAs(admin, officeId)));
    // Assess
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
    const accounts = await accountsOfOffice(stripe, officeId);
    expect(accounts).toHaveLength(1);
    expect((await storedAccount(officeId))?.accountId).toBe(accounts[0]?.id);
  });

  it('refuses a member and an accountant (403) and someone of another office (404), and makes no account', async () => {
    // Prepare
    const { stripe } = await startSandbox();
    const { office, member, accountant } = await givenOfficeTeam('Night Owls Records');
    const officeId = office._id;
    const other = await givenOfficeAdmin('Night Owls Records');
    // Act
    const results = {
      member: await completeOnboardingAs(member, officeId),
      accountant: await completeOnboardingAs(accountant, officeId),
      otherAdmin: await completeOnboardingAs(other.admin, officeId),
      memberLink: await loginLinkAs(member, officeId),
      accountantLink: await loginLinkAs(accountant, officeId),
      otherLink: await loginLinkAs(other.admin, officeId),
      memberStatus: await accountStatusAs(member, officeId),
      accountantStatus: await accountStatusAs(accountant, officeId),
      otherStatus: await accountStatusAs(other.admin, officeId),
    };
    // Assess
    expect(
      Object.fromEntries(Object.entries(results).map(([name, result]) => [name, result.statusCode])),
    ).toEqual({
      member: 403,
      accountant: 403,
      otherAdmin: 404,
      memberLink: 403,
      accountantLink: 403,
      otherLink: 404,
      memberStatus: 403,
      accountantStatus: 200,
      otherStatus: 404,
    });
    expect(dataOf<PayoutAccountReply>(results.accountantStatus)).toMatchObject({
      status: 'not_started',
      canManage: false,
    });
    expect(await accountsOfOffice(stripe, officeId)).toEqual([]);
    expect(await storedAccount(officeId)).toBeNull();
  });
});

describe('account.updated', () => {
  it('keeps the account state on the office, delivered twice and out of order', async () => {
    // Prepare: an update before onboarding (still due) and the one onboarding raises (payouts enabled)
    const { sandbox: started, stripe, collected } = await startSandbox();
    const { admin, office } = await givenOfficeAdmin('Night Owls Records');
    const officeId = office._id;
    const link = dataOf<OnboardingLinkReply>(await completeOnboardingAs(admin, officeId)).accountLink.url;
    const accountId = (await storedAccount(officeId))?.accountId ?? '';
    await stripe.accounts.update(accountId, { metadata: { note: 'before onboarding' } });
    await submitOnboardingPage(started, link);
    await started.settle();
    const updates = collected.filter((event) => event.type === 'account.updated');
    expect(updates.map(objectIdOf)).toEqual([accountId, accountId]);
    const [earlier, later] = updates;
    if (!earlier || !later) throw new Error('Two account.updated events were expected');
    // Act: the later event first, then the earlier one, then the later one again
    const replies = [
      await postWebhook(later.rawBody, later.headers),
      await postWebhook(earlier.rawBody, earlier.headers),
      await postWebhook(later.rawBody, later.headers),
    ];
    // Assess
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    const { checkedAt: _checkedAt, ...ready } = readyStripeAccount(accountId);
    expect(await storedAccount(officeId)).toMatchObject(ready);
    expect(dataOf<PayoutAccountReply>(await accountStatusAs(admin, officeId)).status).toBe('ready');
  });

  it('never lets an older read of the account replace a newer one', async () => {
    // Prepare
    await startSandbox();
    const { admin, office } = await givenOfficeAdmin('Night Owls Records');
    const officeId = office._id;
    await completeOnboardingAs(admin, officeId);
    const held = await storedAccount(officeId);
    if (!held) throw new Error('The office holds no account');
    const { storeOfficeStripeAccount } = await import('../../functions/data/offices/stripe-account');
    const newer = { ...held, payoutsEnabled: true, checkedAt: new Date(Date.now() + 60_000).toISOString() };
    const older = { ...held, payoutsEnabled: false, checkedAt: new Date(Date.now() + 30_000).toISOString() };
    // Act
    const outcomes = [
      await storeOfficeStripeAccount(testTable(), officeId, newer),
      await storeOfficeStripeAccount(testTable(), officeId, older),
      await storeOfficeStripeAccount(testTable(), officeId, { ...newer, accountId: 'acct_someone_else' }),
    ];
    // Assess
    expect(outcomes).toEqual(['stored', 'stale', { taken: held.accountId }]);
    expect(await storedAccount(officeId)).toEqual(newer);
  });
});

describe('GET /api/for-artists/stripe/createLoginLink', () => {
  it('answers 409 until onboarding is finished, then the Express dashboard link', async () => {
    // Prepare
    const { sandbox: started } = await startSandbox();
    const { admin, office } = await givenOfficeAdmin('Night Owls Records');
    const officeId = office._id;
    const beforeAnyAccount = await loginLinkAs(admin, officeId);
    const link = dataOf<OnboardingLinkReply>(await completeOnboardingAs(admin, officeId)).accountLink.url;
    const beforeOnboarding = await loginLinkAs(admin, officeId);
    // Act: onboarding finished at Stripe, its webhook not delivered yet
    await submitOnboardingPage(started, link);
    const afterOnboarding = await loginLinkAs(admin, officeId);
    // Assess
    for (const refused of [beforeAnyAccount, beforeOnboarding]) {
      expect(refused.statusCode).toBe(409);
      expect(bodyOf(refused)['code']).toBe('payout_account_not_onboarded');
    }
    expect(afterOnboarding.statusCode).toBe(200);
    const accountId = (await storedAccount(officeId))?.accountId ?? '';
    expect(dataOf<{ login_url: string }>(afterOnboarding).login_url).toMatch(
      new RegExp(`/_sandbox/stripe/connect/dashboard/${accountId}$`),
    );
    expect((await storedAccount(officeId))?.detailsSubmitted).toBe(true);
  });
});
