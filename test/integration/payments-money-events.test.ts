// What Stripe's money events do to the ledger and the pie (DESIGN §5, docs/decisions/031-money-by-origin.md), on
// DynamoDB Local and the Stripe sandbox, with the product clock moved forward where Stripe's own time matters
// (renewals, a dispute after the funds settle): refunds and disputes take back their own payment's money still in the
// wallet and book the rest as a loss; a failed renewal makes the pie inactive and mails the fan once; a month of
// events delivered 1-3 times each in a shuffled order leaves the same ledger as in-order delivery.
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { stripeEventKey } from '../../functions/data/keys';
import type { Subscription } from '../../functions/contracts/payments';
import type { StoredTransaction } from '../../functions/data/ledger';
import { listFanSubscriptions } from '../../functions/data/subscriptions';
import { listPiesOfFan } from '../../functions/services/payments/pie-reads';
import { pieDependencies } from '../../functions/services/payments/pies';
import { call, readOutbox } from '../support/identity';
import { testTable } from '../support/test-table';
import { testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from '../support/payments-harness';
import {
  chargesOf,
  fundPie,
  getJson,
  ledger,
  loadHandlers,
  moveClock,
  postWebhook,
  paymentsHarnessPerTest,
  startPaymentsHarness,
  walletAccountsOf,
} from '../support/payments-harness';
import { walletBalanceOf } from '../support/factories/ledger';

const day = 86_400_000;
const startHarness = paymentsHarnessPerTest();

/** Every transaction that touched one of the fan's wallet accounts (their free credit, their pies' money). */
async function transactionsOfWallet(fanId: string): Promise<StoredTransaction[]> {
  const books = await ledger();
  const entries = (
    await Promise.all((await walletAccountsOf(fanId)).map((account) => books.entries(account)))
  ).flat();
  const ids = [...new Set(entries.map((entry) => entry.transactionId))];
  return Promise.all(ids.map((id) => books.transaction(id)));
}

/** The money account of the fan's only (or first) pie. */
async function firstPieFunds(fanId: string): Promise<string> {
  const [, first] = await walletAccountsOf(fanId);
  if (!first) throw new Error(`Fan ${fanId} has no pie`);
  return first;
}

function postingsOf(transaction: StoredTransaction | undefined): Record<string, number> {
  return Object.fromEntries((transaction?.postings ?? []).map((p) => [p.accountId, p.amountCents]));
}

/** Removes the webhook dedupe marks, so a re-delivery really runs each event's function again. */
async function forgetHandledEvents(h: PaymentsHarness): Promise<void> {
  const table = testTable();
  for (const delivery of h.deliveries) {
    const { id } = JSON.parse(delivery.rawBody) as { id: string };
    await table.client.send(new DeleteCommand({ TableName: table.name, Key: stripeEventKey(id) }));
  }
}

async function piesOf(fanId: string) {
  return listPiesOfFan(pieDependencies(), fanId, fanId);
}

describe('a refund', () => {
  it('takes back the payment still in the wallet, books Stripe’s kept fee as a platform loss, and stops the pie', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const [charge] = await chargesOf(harness, fan.userId);
    // Act
    await harness.stripe.refunds.create({ charge: charge?.id ?? '' });
    await harness.sandbox.settle();
    // Assess
    const wallet = await firstPieFunds(fan.userId);
    const refund = (await transactionsOfWallet(fan.userId)).find((t) => t.kind === 'refund');
    expect(postingsOf(refund)).toEqual({
      'stripe-clearing:platform': 1000,
      [wallet]: -941,
      'platform-losses:platform': -59,
    });
    expect(await walletBalanceOf(fan.userId)).toBe(0);
    expect((await piesOf(fan.userId)).map((pie) => pie.status)).toEqual(['inactive']);

    // Act: every event of the payment and the refund handled again, twice at once, the dedupe marks removed
    await forgetHandledEvents(harness);
    const again = await Promise.all(
      [...harness.deliveries, ...harness.deliveries].map((d) => postWebhook(d.rawBody, d.headers)),
    );
    // Assess: nothing moved
    expect(again.filter((result) => result.statusCode !== 200)).toEqual([]);
    const after = await transactionsOfWallet(fan.userId);
    expect(after.map((t) => t.kind).sort()).toEqual(['fan-payment', 'processing-fee', 'refund']);
    expect(await walletBalanceOf(fan.userId)).toBe(0);
  });

  it('shares partial refunds out of the same payment, and stops the pie only when all is refunded', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const [charge] = await chargesOf(harness, fan.userId);
    // Act
    await harness.stripe.refunds.create({ charge: charge?.id ?? '', amount: 300 });
    await harness.sandbox.settle();
    const afterPartial = (await piesOf(fan.userId))[0]?.status;
    await harness.stripe.refunds.create({ charge: charge?.id ?? '', amount: 700 });
    await harness.sandbox.settle();
    // Assess
    const wallet = await firstPieFunds(fan.userId);
    const refunds = (await transactionsOfWallet(fan.userId)).filter((t) => t.kind === 'refund');
    const shares = refunds
      .map(postingsOf)
      .map((p) => [p['stripe-clearing:platform'], p[wallet], p['platform-losses:platform']]);
    expect(shares.sort()).toEqual([
      [300, -300, undefined],
      [700, -641, -59],
    ]);
    expect(afterPartial).toBe('active');
    expect((await piesOf(fan.userId))[0]?.status).toBe('inactive');
  });
});

describe('a dispute (card 4000 0000 0000 0259)', () => {
  it('reverses the payment, books the dispute fee as lost, stops the pie, and gives the money back when won', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.disputed, 1000);
    const wallet = await firstPieFunds(fan.userId);
    // Act: the sandbox disputes the charge once its funds settle (2 days)
    await moveClock(harness, 2 * day + 60_000);
    const disputes = await harness.stripe.disputes.list({ limit: 100 });
    const [charge] = await chargesOf(harness, fan.userId);
    const dispute = disputes.data.find((d) => d.charge === charge?.id);
    const afterDispute = await transactionsOfWallet(fan.userId);
    const fee = dispute?.balance_transactions.reduce((sum, t) => sum + t.fee, 0) ?? 0;
    // Assess
    expect(dispute).toBeDefined();
    expect(postingsOf(afterDispute.find((t) => t.kind === 'dispute'))).toEqual({
      'stripe-clearing:platform': 1000,
      [wallet]: -941,
      'dispute-losses:platform': -59,
    });
    const books = await ledger();
    const feeTransactions = await books.entries('dispute-losses:platform');
    expect(feeTransactions.some((e) => e.kind === 'dispute-fee' && e.amountCents === -fee)).toBe(true);
    expect(fee).toBeGreaterThan(0);
    expect((await piesOf(fan.userId))[0]?.status).toBe('inactive');
    expect(await walletBalanceOf(fan.userId)).toBe(0);

    // Act: the bank decides for us
    await harness.stripe.disputes.update(dispute?.id ?? '', {
      evidence: { uncategorized_text: 'winning_evidence' },
    });
    await harness.sandbox.settle();
    // Assess: the money goes back where it was taken from (the pie's money, the loss undone), and Stripe's reinstating
    // balance transaction gives the fee back as a negative fee, booked the other way
    const after = await transactionsOfWallet(fan.userId);
    expect(postingsOf(after.find((t) => t.kind === 'dispute-reinstated'))).toEqual({
      'stripe-clearing:platform': -1000,
      [wallet]: 941,
      'dispute-losses:platform': 59,
    });
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    const feeEntries = (await books.entries('dispute-losses:platform')).filter(
      (e) => e.kind === 'dispute-fee' && Math.abs(e.amountCents) === fee,
    );
    expect(feeEntries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-fee, fee]);
  });
});

describe('a cancelled subscription', () => {
  it('keeps the pie to its period end, then renews nothing', async () => {
    // Prepare
    const harness = await startHarness();
    const { payments } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const active = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    await call(payments, 'POST', '/api/stripe/cancelSubscription', {
      cookies: [fan.cookie],
      body: { subscriptionId: active.id },
    });
    await harness.sandbox.settle();
    // Act
    await moveClock(harness, 30 * day - 60_000);
    const beforeEnd = (await piesOf(fan.userId)).map((pie) => pie.status);
    await moveClock(harness, 120_000);
    // Assess
    expect(beforeEnd).toEqual(['cancelling']);
    expect((await piesOf(fan.userId)).map((pie) => pie.status)).toEqual(['ended']);
    expect((await harness.stripe.subscriptions.retrieve(active.id)).status).toBe('canceled');
    expect((await transactionsOfWallet(fan.userId)).map((t) => t.kind).sort()).toEqual([
      'fan-payment',
      'processing-fee',
    ]);
    const stored = await listFanSubscriptions(testTable(), fan.userId);
    expect(stored.map((s) => s.status)).toEqual(['canceled']);
  });
});

describe('a failed renewal', () => {
  it('makes the pie inactive, keeps its money in the wallet and mails the fan once', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const [subscription] = (await harness.stripe.subscriptions.list({ limit: 100 })).data.filter(
      (s) => s.metadata['fan_id'] === fan.userId,
    );
    await harness.stripe.subscriptions.update(subscription?.id ?? '', {
      default_payment_method: 'pm_card_chargeDeclined',
    });
    // Act
    await moveClock(harness, 30 * day + 60_000);
    const failures = harness.deliveries.filter((d) => d.type === 'invoice.payment_failed');
    // Delivered again, with the dedupe marks removed so the event's function really runs twice more
    await forgetHandledEvents(harness);
    await Promise.all([...failures, ...failures].map((d) => postWebhook(d.rawBody, d.headers)));
    // Assess
    expect(failures.length).toBeGreaterThan(0);
    expect((await piesOf(fan.userId)).map((pie) => pie.status)).toEqual(['inactive']);
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    const mails = (await readOutbox()).filter(
      (m) => m.to === fan.email && m.subject === 'Your pie renewal failed',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.links[0]).toMatch(/\/my-pies$/);
  });
});

/** What a run left in the ledger, with its Stripe and fan ids taken out, so two runs compare. */
async function ledgerOfRun(fanId: string, platformBefore: Record<string, number>) {
  const books = await ledger();
  // Pies are named after Stripe's invoices: the first and second pie of each run stand for each other
  const pieNames = new Map(
    (await walletAccountsOf(fanId)).slice(1).map((account, index) => [account, `pie-funds:PIE${index}`]),
  );
  const transactions = (await transactionsOfWallet(fanId))
    .map((t) => ({
      kind: t.kind,
      postings: t.postings
        .map((p) => [pieNames.get(p.accountId) ?? p.accountId.replace(fanId, 'FAN'), p.amountCents] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    }))
    .map((t) => JSON.stringify(t))
    .sort();
  const balances: Record<string, number> = { wallet: await walletBalanceOf(fanId) };
  for (const [account, before] of Object.entries(platformBefore)) {
    balances[account] = (await books.balance(account as `${string}:${string}`)) - before;
  }
  return { transactions, balances };
}

const platformAccounts = ['stripe-clearing:platform', 'processing-fees:platform', 'platform-losses:platform'];

async function runMonth(delivery: { mode: 'in-order' } | { mode: 'shuffled-duplicates'; seed: number }) {
  const books = await ledger();
  const before = Object.fromEntries(
    await Promise.all(
      platformAccounts.map(async (a) => [a, await books.balance(a as `${string}:${string}`)] as const),
    ),
  );
  const h = await startPaymentsHarness({ delivery });
  try {
    const { fan } = await fundPie(h, testCards.pays, 1000);
    await moveClock(h, 30 * day + 60_000);
    const renewal = (await chargesOf(h, fan.userId)).at(-1);
    await h.stripe.refunds.create({ charge: renewal?.id ?? '' });
    await h.sandbox.settle();
    const counts = new Map<string, number>();
    for (const d of h.deliveries) counts.set(d.rawBody, (counts.get(d.rawBody) ?? 0) + 1);
    return {
      ...(await ledgerOfRun(fan.userId, before)),
      pies: (await piesOf(fan.userId)).map((p) => p.status),
      deliveries: h.deliveries,
      counts,
    };
  } finally {
    await h.stop();
  }
}

describe('a month of events', () => {
  it('leaves the same ledger delivered 1-3 times each in a shuffled order as delivered once in order', async () => {
    // Act
    const inOrder = await runMonth({ mode: 'in-order' });
    const shuffled = await runMonth({ mode: 'shuffled-duplicates', seed: 11 });
    // Assess: the delivery really was different
    expect([...shuffled.counts.values()].some((count) => count > 1)).toBe(true);
    expect(shuffled.deliveries.map((d) => d.type)).not.toEqual(inOrder.deliveries.map((d) => d.type));
    // …and the books are the same: payment, fee, renewal, fee, refund of the renewal
    expect(shuffled.transactions).toEqual(inOrder.transactions);
    expect(shuffled.balances).toEqual(inOrder.balances);
    expect(inOrder.transactions).toHaveLength(5);
    expect(inOrder.balances).toEqual({
      wallet: 941,
      'stripe-clearing:platform': -1000,
      'processing-fees:platform': 118,
      'platform-losses:platform': -59,
    });
    expect(shuffled.pies).toEqual(inOrder.pies);
    expect(inOrder.pies).toEqual(['inactive', 'ended']);
  });
});
