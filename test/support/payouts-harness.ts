// Shared by the payout integration tests (not a test file itself): DynamoDB Local, the Stripe sandbox through the
// real `stripe` SDK, and a clock both share that a test can move (a payout reaches the bank two days later). The
// sandbox's Connect events (account, transfer, payout) go to the product's webhook service with that clock, so their
// signatures hold after the clock moved; the fans' payment events are acknowledged and left alone (these tests fund
// the platform's Stripe balance and the office payable directly).
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterEach } from 'vitest';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { createOffice } from '../../functions/data/offices/office';
import { getOfficeStripeAccount } from '../../functions/data/offices/stripe-account';
import { accountIdOf } from '../../functions/domain/money/ledger';
import type { OfficeRole } from '../../functions/domain/offices/rights';
import type { ConnectPayoutView, StripeGateway } from '../../functions/integrations/stripe/port';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import { isAppError } from '../../functions/domain/errors';
import type { Clock } from '../../functions/runtime/clock';
import { testTable } from './test-table';
import { createLogger } from '../../functions/runtime/logger';
import type { PayoutDependencies } from '../../functions/services/connect/payouts';
import { openPieCheckout, startTestStripeSandbox, stripeClientFor, testCards } from './stripe-sandbox';

export const day = 86_400_000;
export const log = createLogger('silent');
export const table = testTable;

const connectEvent = /^(account\.updated|transfer\.|payout\.)/;

export interface PayoutHarness {
  sandbox: StripeSandbox;
  stripe: Stripe;
  deps: PayoutDependencies;
  /** Moves the product's and the sandbox's clock, then runs what fell due at the sandbox (payouts arrive). */
  advance(ms: number): Promise<void>;
  /** Connect events delivered, and what the webhook service answered. */
  deliveries: { type: string; outcome: string }[];
  stop(): Promise<void>;
}

/** A harness for each test that asks for one, stopped after the test (call at the top of a file). */
export function payoutHarnessPerTest(): (
  options?: Parameters<typeof startPayoutHarness>[0],
) => Promise<PayoutHarness> {
  let current: PayoutHarness | undefined;
  afterEach(async () => {
    await current?.stop();
    current = undefined;
  });
  return async (options) => (current = await startPayoutHarness(options));
}

/** Noon UTC on the 10th of the month of `ms`. */
function midMonth(ms: number): number {
  const at = new Date(ms);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 10, 12);
}

export async function startPayoutHarness(
  options: { minimumCents?: number; newPayoutId?: () => string } = {},
): Promise<PayoutHarness> {
  // Mid-month, so a test that moves the clock a few days never crosses into a new month (whose payout fee differs).
  let offsetMs = midMonth(Date.now()) - Date.now();
  const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
  const deliveries: PayoutHarness['deliveries'] = [];
  // Filled once the sandbox exists (its webhook secret); events before that are not the office's.
  const wired: { deps?: PayoutDependencies & { webhookSecrets(): Promise<string[]> } } = {};
  const { handleStripeWebhook } = await import('../../functions/services/payments/webhook');
  const sandbox = await startTestStripeSandbox({
    clock: () => clock.now().getTime(),
    deliver: async (rawBody, headers) => {
      const type = (JSON.parse(rawBody) as { type: string }).type;
      if (!wired.deps || !connectEvent.test(type)) return { status: 200 };
      const outcome = await handleStripeWebhook(
        { ...wired.deps, platformFeeBasisPoints: 0 },
        {
          payload: new TextEncoder().encode(rawBody),
          signature: headers['Stripe-Signature'] ?? headers['stripe-signature'],
          log,
        },
      );
      deliveries.push({ type, outcome });
      return { status: 200 };
    },
  });
  const gateway = createStripeGateway({ apiKey: sandbox.apiKey, apiUrl: sandbox.apiUrl });
  const deps = {
    table: table(),
    clock,
    stripe: () => Promise.resolve(gateway),
    siteOrigin: 'http://localhost:3000',
    payoutMinimumCents: options.minimumCents ?? 1000,
    webhookSecrets: () => Promise.resolve([sandbox.webhookSecret]),
    ...(options.newPayoutId ? { newPayoutId: options.newPayoutId } : {}),
  };
  wired.deps = deps;
  return {
    sandbox,
    stripe: stripeClientFor(sandbox),
    deps,
    deliveries,
    advance: async (ms) => {
      offsetMs += ms;
      await sandbox.advance();
      await sandbox.settle();
    },
    stop: () => sandbox.stop(),
  };
}

/** An office with an admin and people of the other roles (ids only: the services decide on the member list). */
export async function givenOffice(deps: PayoutDependencies) {
  const officeId = `office-${randomUUID()}`;
  const admin = randomUUID();
  await createOffice(
    deps.table,
    { id: officeId, name: 'Night Owls Records', type: 'Label' },
    { userId: admin, email: `${admin}@example.com` },
    deps.clock.now(),
  );
  const { addOfficeMember } = await import('../../functions/data/offices/members');
  const join = async (role: OfficeRole) => {
    const userId = randomUUID();
    await addOfficeMember(
      deps.table,
      officeId,
      { userId, role, email: `${userId}@example.com` },
      deps.clock.now(),
    );
    return userId;
  };
  return { officeId, admin, member: await join('member'), accountant: await join('accountant') };
}

/**
 * An office (as `givenOffice` makes it) onboarded at the sandbox, the platform's Stripe balance funded with
 * `platformCents` when given, then `payableCents` on the office's payable.
 */
export async function givenPayableOffice(h: PayoutHarness, payableCents: number, platformCents?: number) {
  const office = await givenOffice(h.deps);
  const accountId = await onboardOffice(h, office.officeId, office.admin);
  if (platformCents !== undefined) await fundPlatform(h, platformCents);
  if (payableCents > 0) await fundOffice(h.deps, office.officeId, payableCents);
  return { ...office, accountId };
}

/** The office's connected account, onboarded on the sandbox's hosted page (payouts enabled, via account.updated). */
export async function onboardOffice(
  harness: Pick<PayoutHarness, 'deps' | 'sandbox'>,
  officeId: string,
  adminId: string,
): Promise<string> {
  const { completeOnboarding } = await import('../../functions/services/connect/onboarding');
  const link = await completeOnboarding(harness.deps, adminId, officeId, log);
  const reply = await fetch(`${harness.sandbox.apiUrl}${new URL(link.accountLink.url).pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Night Owls Records LLC' }),
  });
  if (reply.status >= 400) throw new Error(`onboarding page answered ${reply.status}`);
  await harness.sandbox.settle();
  const account = await getOfficeStripeAccount(harness.deps.table, officeId);
  if (!account?.payoutsEnabled) throw new Error('the office account is not ready after onboarding');
  return account.accountId;
}

/** Money on the platform's Stripe balance, available now: a fan paid `cents` three days ago. */
export async function fundPlatform(harness: PayoutHarness, cents: number): Promise<void> {
  const session = await openPieCheckout(harness.stripe, { amountCents: cents, days: 30 });
  await harness.sandbox.payCheckout(
    session.id,
    { number: testCards.pays },
    { at: new Date(harness.deps.clock.now().getTime() - 3 * day) },
  );
  await harness.sandbox.advance();
  await harness.sandbox.settle();
}

export const payableOf = (officeId: string) => accountIdOf('office-payable', officeId);
export const inFlightOf = (officeId: string) => accountIdOf('connect-in-flight', officeId);

/** Earnings released to the office, as a successful claim releases them (an `escrow-release` transaction). */
export async function fundOffice(
  deps: PayoutDependencies,
  officeId: string,
  cents: number,
  artistId = `artist-${randomUUID()}`,
): Promise<void> {
  const { postTransaction } = await import('../../functions/services/ledger');
  await postTransaction(deps, {
    kind: 'escrow-release',
    idempotencyKey: `escrow-release:test:${randomUUID()}`,
    postings: [
      { accountId: accountIdOf('artist-earnings', artistId), amountCents: -cents },
      { accountId: payableOf(officeId), amountCents: cents },
    ],
    references: { officeId, artistId, claimId: `claim-${randomUUID()}` },
  });
}

export async function balanceOf(deps: PayoutDependencies, accountId: ReturnType<typeof accountIdOf>) {
  const { getBalance } = await import('../../functions/services/ledger');
  return getBalance(deps, accountId);
}

/** Stripe failing the bank payout it had paid: the sandbox's payouts always arrive, so the gateway says so. */
export function bankFailsAfterPaid(gateway: StripeGateway) {
  const reversals: { transferId: string; amountCents: number; idempotencyKey: string }[] = [];
  const failing: StripeGateway = {
    ...gateway,
    retrieveConnectPayout: async (account: string, id: string): Promise<ConnectPayoutView | null> => {
      const view = await gateway.retrieveConnectPayout(account, id);
      return view && { ...view, status: 'failed', failureMessage: 'The bank account is closed.' };
    },
    reverseTransfer: (input) => {
      reversals.push(input);
      return Promise.resolve({ ok: true as const, value: { id: 'trr_mocked' } });
    },
  };
  return { gateway: failing, reversals };
}

/** The payout and balance services, loaded once the test's environment is set. */
export const payouts = () => import('../../functions/services/connect/payouts');
export const balances = () => import('../../functions/services/connect/balances');

/** The code of an error the services refuse with, else null. */
export function codeOf(error: unknown): string | null {
  return isAppError(error) ? error.code : null;
}

/** The transfers the sandbox holds to the connected account. */
export async function transfersTo(h: PayoutHarness, accountId: string) {
  return (await h.stripe.transfers.list({ destination: accountId, limit: 100 })).data;
}
