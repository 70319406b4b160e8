// Reconciliation (docs/decisions/038-reconciliation.md) on a small busy month built through the real services on
// DynamoDB Local and the Stripe sandbox: two fans pay, listen and are split, one is refunded after the split, a third
// pays later. Every check, the comparison with the sandbox's balance transactions included, is clean on it; then one
// discrepancy of each kind is written straight into the table, each check finds its own and no other check finds
// anything, and the table is put back as it was.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../functions/contracts/events';
import type { ItemKey } from '../../functions/data/keys';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import {
  escrowLotKey,
  ledgerBalanceKey,
  ledgerEntryKey,
  ledgerTransactionKey,
  pieReceiptKey,
} from '../../functions/data/keys';
import { listPieLots } from '../../functions/data/escrow-lots';
import { getLedgerTransaction, listLedgerEntries } from '../../functions/data/ledger';
import type { StoredPie } from '../../functions/data/pies';
import type { ReconciliationCheckType } from '../../functions/domain/reconciliation/checks';
import { getClock } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import type { BuiltReconciliationCheck } from '../../functions/services/admin/reconciliation';
import {
  builtReconciliationChecks,
  runDailyReconciliation,
  runReconciliationChecks,
} from '../../functions/services/admin/reconciliation';
import { splitEndedPie } from '../../functions/services/pie/pie-split';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from '../support/payments-harness';
import { givenUnclaimedListening } from '../support/factories/fans';
import { splitDeps } from '../support/factories/funding';
import { chargesOf, fundPie, moveClock, piesOf, startPaymentsHarness } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const log = createLogger('error', { test: 'reconciliation' });
let harness: PaymentsHarness;
const month: { refundedFan: string; heldFan: string; heldPie: StoredPie | null; lateFan: string } = {
  refundedFan: '',
  heldFan: '',
  heldPie: null,
  lateFan: '',
};

/** The product's table and clock, and the Stripe sandbox through the real SDK gateway. */
function reconciliationDeps() {
  const gateway = createStripeGateway({ apiKey: harness.sandbox.apiKey, apiUrl: harness.sandbox.apiUrl });
  return { table: testTable(), clock: getClock(), stripe: () => Promise.resolve(gateway) };
}

async function runAll() {
  const results = await runReconciliationChecks(reconciliationDeps(), builtReconciliationChecks);
  return new Map(results.map((result) => [result.check, result]));
}

/** Which checks found something, and the checks of what they found. */
async function findings(): Promise<{ failing: ReconciliationCheckType[]; problemChecks: string[] }> {
  const results = await runAll();
  const failing = [...results.values()].filter((r) => r.problems.length > 0).map((r) => r.check);
  return { failing, problemChecks: [...results.values()].flatMap((r) => r.problems.map((p) => p.check)) };
}

async function update(key: ItemKey, expression: string, values: Record<string, unknown>) {
  const table = testTable();
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key,
      UpdateExpression: expression,
      ExpressionAttributeValues: values,
    }),
  );
}

beforeAll(async () => {
  harness = await startPaymentsHarness();
  const refunded = await fundPie(harness, testCards.pays, 1000);
  const held = await fundPie(harness, testCards.pays, 1500);
  month.refundedFan = refunded.fan.userId;
  month.heldFan = held.fan.userId;
  const tag = randomUUID().slice(0, 8);
  const [refundedPie] = await piesOf(month.refundedFan);
  const [heldPie] = await piesOf(month.heldFan);
  if (!refundedPie || !heldPie) throw new Error('No pies');
  await givenUnclaimedListening(month.refundedFan, refundedPie.periodStart, `${tag}-a`);
  await givenUnclaimedListening(month.heldFan, heldPie.periodStart, `${tag}-b`);
  await moveClock(harness, 30 * day + 60_000);
  await splitEndedPie(splitDeps(), refundedPie.id, { log });
  await splitEndedPie(splitDeps(), heldPie.id, { log });
  const [firstCharge] = await chargesOf(harness, month.refundedFan);
  await harness.stripe.refunds.create({ charge: firstCharge?.id ?? '' });
  await harness.sandbox.settle();
  month.lateFan = (await fundPie(harness, testCards.pays, 700)).fan.userId;
  month.heldPie = heldPie;
}, 120_000);

afterAll(async () => {
  await harness.stop();
});

describe('reconciliation of a busy month', () => {
  it('finds nothing wrong in the month the services built', async () => {
    const results = await runAll();
    for (const check of builtReconciliationChecks) {
      expect(results.get(check)?.problems, check).toEqual([]);
    }
    // This month has no office, so no payout: test/integration/reconciliation-payouts.test.ts checks payouts
    for (const check of ['ledger', 'wallet', 'escrow', 'pie', 'stripe'] as const) {
      expect(results.get(check)?.checked, check).toBeGreaterThan(0);
    }
    // Three charges and a refund at Stripe, and the three payments and the refund the ledger books
    expect(results.get('stripe')?.checked).toBeGreaterThanOrEqual(8);
  });

  it('answers staff through the routes, in full and in counts', async () => {
    const { handler } = await import('../../functions/handlers/admin-reconciliation');
    const staff = await createSignedInAccount('admin');
    const fullReply = await call(handler, 'POST', '/api/admin/financial-reconciliation/run-ledger-check', {
      cookies: [staff.cookie],
    });
    const minimalReply = await call(
      handler,
      'POST',
      '/api/admin/financial-reconciliation/run-pie-check-minimal',
      { cookies: [staff.cookie] },
    );
    const fan = await createSignedInAccount('fan');
    const refused = await call(handler, 'POST', '/api/admin/financial-reconciliation/run-ledger-check', {
      cookies: [fan.cookie],
    });
    expect(fullReply.statusCode).toBe(200);
    expect(dataOf(fullReply)).toMatchObject({ check: 'ledger', problems: [] });
    expect(dataOf(minimalReply)).toMatchObject({ check: 'pie', problems: 0 });
    expect([401, 403]).toContain(refused.statusCode);
  });

  const cases: {
    check: BuiltReconciliationCheck;
    name: string;
    inject: () => Promise<() => Promise<void>>;
  }[] = [
    {
      check: 'ledger',
      name: "a platform account's balance item one cent off its entries (written straight into the table)",
      inject: async () => {
        await update(ledgerBalanceKey('platform-fees:platform'), 'ADD balance :one', { ':one': 1 });
        return () => update(ledgerBalanceKey('platform-fees:platform'), 'ADD balance :one', { ':one': -1 });
      },
    },
    {
      check: 'wallet',
      name: 'a balanced transfer from Stripe clearing into a fan wallet, credit with no origin (written straight into the table)',
      inject: async () => {
        const table = testTable();
        const id = `injected${randomUUID().replaceAll('-', '')}`.slice(0, 32);
        const at = getClock().now().toISOString();
        const postings = [
          { accountId: `fan-wallet:${month.lateFan}`, amountCents: 100 },
          { accountId: 'stripe-clearing:platform', amountCents: -100 },
        ];
        const items = [
          {
            ...ledgerTransactionKey(id),
            entity: 'ledger-transaction',
            v: 1,
            id,
            kind: 'transfer',
            idempotencyKey: `injected:${id}`,
            postings,
            references: {},
            at,
            status: 'complete',
            chunkCount: 1,
            fingerprint: 'injected',
          },
          ...postings.map((p) => ({
            ...ledgerEntryKey(p.accountId, at, id, 0),
            entity: 'ledger-entry',
            v: 1,
            accountId: p.accountId,
            transactionId: id,
            kind: 'transfer',
            amountCents: p.amountCents,
            at,
          })),
        ];
        for (const item of items)
          await table.client.send(new PutCommand({ TableName: table.name, Item: item }));
        for (const p of postings) {
          await update(ledgerBalanceKey(p.accountId), 'SET entity = :e, accountId = :a ADD balance :d', {
            ':e': 'ledger-balance',
            ':a': p.accountId,
            ':d': p.amountCents,
          });
        }
        return async () => {
          for (const item of items) {
            await table.client.send(
              new DeleteCommand({ TableName: table.name, Key: { pk: item.pk, sk: item.sk } }),
            );
          }
          for (const p of postings) {
            await update(ledgerBalanceKey(p.accountId), 'ADD balance :d', { ':d': -p.amountCents });
          }
        };
      },
    },
    {
      check: 'escrow',
      name: 'a held lot whose holding ended a month ago (written straight into the table)',
      inject: async () => {
        const pie = month.heldPie;
        if (!pie) throw new Error('No held pie');
        const [lot] = (await listPieLots(testTable(), pie.id)).filter((l) => l.status === 'held');
        if (!lot) throw new Error('No held lot');
        const key = escrowLotKey(pie.id, lot.artistKey);
        const past = new Date(getClock().now().getTime() - 30 * day).toISOString();
        await update(key, 'SET heldUntil = :at', { ':at': past });
        return () => update(key, 'SET heldUntil = :at', { ':at': lot.heldUntil });
      },
    },
    {
      check: 'pie',
      name: "a receipt whose allocated cents are one more than its pie's split (written straight into the table)",
      inject: async () => {
        const pie = month.heldPie;
        if (!pie) throw new Error('No held pie');
        const table = testTable();
        const key = pieReceiptKey(pie.id);
        const { Item } = await table.client.send(new GetCommand({ TableName: table.name, Key: key }));
        if (!Item) throw new Error(`No receipt item at ${JSON.stringify(key)}`);
        await update(key, 'ADD allocatedCents :one', { ':one': 1 });
        return () => update(key, 'ADD allocatedCents :one', { ':one': -1 });
      },
    },
    {
      check: 'stripe',
      name: 'a fan payment booked one cent short of what Stripe charged (its transaction, entries and balances changed together, straight into the table)',
      inject: async () => {
        const table = testTable();
        const [pie] = await piesOf(month.lateFan);
        if (!pie) throw new Error('No late pie');
        const funds = `pie-funds:${pie.id}` as const;
        const { entries } = await listLedgerEntries(table, funds, { limit: 50, cursor: null });
        const entry = entries.find((e) => e.kind === 'fan-payment');
        const payment = entry ? await getLedgerTransaction(table, entry.transactionId) : null;
        if (!entry || !payment) throw new Error('No payment of the late pie');
        // 700 charged, 699 booked: clearing −699, the pie's money +699
        const short = payment.postings.map((p) => ({
          ...p,
          amountCents: p.amountCents - Math.sign(p.amountCents),
        }));
        const write = async (from: typeof short, to: typeof short) => {
          await update(ledgerTransactionKey(payment.id), 'SET postings = :p', { ':p': to });
          for (const [index, posting] of to.entries()) {
            const delta = posting.amountCents - (from[index]?.amountCents ?? 0);
            await update(ledgerEntryKey(posting.accountId, payment.at, payment.id, 0), 'ADD amountCents :d', {
              ':d': delta,
            });
            await update(ledgerBalanceKey(posting.accountId), 'ADD balance :d', { ':d': delta });
          }
        };
        await write([...payment.postings], short);
        return () => write(short, [...payment.postings]);
      },
    },
  ];

  it('the daily run raises one reconciliation.failed naming the failing check’s problem only, on a recording stand-in for the bus', async () => {
    const published: DomainEvent[] = [];
    const deps = {
      ...reconciliationDeps(),
      publishEvent: async (event: DomainEvent) => {
        published.push(event);
      },
    };
    const clean = await runDailyReconciliation(deps, 'run-clean');
    const restore = await cases[0]!.inject();
    try {
      const failed = await runDailyReconciliation(deps, 'run-failed');
      expect(clean.alerts).toBe(0);
      expect(failed.alerts).toBe(1);
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({
        type: 'reconciliation.failed',
        detail: {
          runId: 'run-failed',
          checks: builtReconciliationChecks.map((check) => ({
            check,
            problemCount: check === 'ledger' ? 1 : 0,
          })),
          problems: [{ check: 'ledger', subject: 'platform-fees:platform' }],
          moreProblems: 0,
        },
      });
    } finally {
      await restore();
    }
  });

  for (const { check, name, inject } of cases) {
    it(`the ${check} check, and only it, finds ${name}`, async () => {
      const restore = await inject();
      try {
        const found = await findings();
        expect(found.failing).toEqual([check]);
        expect(new Set(found.problemChecks)).toEqual(new Set([check]));
      } finally {
        await restore();
      }
      expect((await findings()).failing).toEqual([]);
    });
  }
});
