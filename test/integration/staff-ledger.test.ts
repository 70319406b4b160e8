// "Why is this balance X" (decision 039) through the admin-ledger handler on DynamoDB Local and the Stripe sandbox:
// a fan's payment to its transaction and Stripe charge; a refund after the split to its whole transaction (its lines
// sum to zero) and its Stripe refund with amount, status and fee; each account it touched, whose entries sum to the
// balance the ledger keeps (a sharded account's shards summed); the pie's receipt as its fan reads it; the platform's
// accounts; 404s; and the page when Stripe does not answer. Non-staff callers are refused by the security suite.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  StaffLedgerAccountPage,
  StaffLedgerTransaction,
  StaffPieReceipt,
} from '../../functions/contracts/admin-ledger';
import type { StaffFanDetail } from '../../functions/contracts/admin-people';
import { createLogger } from '../../functions/runtime/logger';
import { getClock, getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';
import { splitEndedPie } from '../../functions/services/pie/pie-split';
import type { SignedInAccount } from '../support/identity';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from '../support/payments-harness';
import { givenUnclaimedListening } from '../support/factories/fans';
import { splitDeps } from '../support/factories/funding';
import { chargesOf, fundPie, ledger, paymentsHarnessPerTest, piesOf } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const log = createLogger('error', { test: 'staff-ledger' });
const startHarness = paymentsHarnessPerTest();

async function ledgerHandler() {
  return (await import('../../functions/handlers/admin-ledger')).handler;
}

async function asStaff(staff: SignedInAccount, path: string, query: Record<string, string> = {}) {
  return call(await ledgerHandler(), 'GET', path, { cookies: [staff.cookie], query });
}

/** The fan's page as staff see it (GET /api/admin/fans/{id}). */
async function fanPageOf(staff: SignedInAccount, fanId: string): Promise<StaffFanDetail> {
  const fans = (await import('../../functions/handlers/admin-fans')).handler;
  const result = await call(fans, 'GET', `/api/admin/fans/${fanId}`, { cookies: [staff.cookie] });
  return dataOf<StaffFanDetail>(result);
}

const accountPath = (accountId: string) => `/api/admin/ledger/accounts/${encodeURIComponent(accountId)}`;

/** Every entry of an account, all pages, through the staff call (a small page, so paging is walked too). */
async function allEntries(staff: SignedInAccount, accountId: string) {
  const entries: StaffLedgerAccountPage['entries'] = [];
  let cursor: string | null = null;
  let balanceCents: number;
  do {
    const page = await asStaff(staff, accountPath(accountId), {
      limit: '2',
      ...(cursor ? { cursor } : {}),
    });
    expect(page.statusCode, page.body).toBe(200);
    const data = dataOf<StaffLedgerAccountPage>(page);
    entries.push(...data.entries);
    balanceCents = data.balanceCents;
    cursor = data.nextCursor;
  } while (cursor);
  return { entries, balanceCents };
}

/** The fee Stripe's balance transaction of an object says. */
async function feeOfBalanceTransaction(h: PaymentsHarness, id: string | null | { id: string }) {
  const balanceId = typeof id === 'string' ? id : (id?.id ?? '');
  return (await h.stripe.balanceTransactions.retrieve(balanceId)).fee;
}

describe('GET /api/admin/ledger: from a fan’s refunded payment to its transaction, Stripe and the receipt', () => {
  it('follows a payment and a refund after the split to their whole transactions, accounts and Stripe objects', async () => {
    // Prepare: a fan pays $10, listens to two unclaimed names 3:1, the pie is split (706/235 held), then $5 is refunded
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const [pie] = await piesOf(fan.userId);
    if (!pie) throw new Error('No pie');
    await givenUnclaimedListening(fan.userId, pie.periodStart, randomUUID().slice(0, 8), [
      'Ledger Band',
      'Ledger Duo',
    ]);
    setLocalClockOffset(getLocalClockOffset() + 30 * day + 60_000);
    await harness.sandbox.advance();
    const split = await splitEndedPie(splitDeps(), pie.id, { log });
    expect(split).toMatchObject({ outcome: 'split', allocatedCents: 941 });
    // Signed in after the month has passed (a session from before it has expired)
    const staff = await createSignedInAccount('admin');
    const [charge] = await chargesOf(harness, fan.userId);
    if (!charge) throw new Error('No charge');
    const refund = await harness.stripe.refunds.create({ charge: charge.id, amount: 500 });
    await harness.sandbox.settle();
    const fanPage = await fanPageOf(staff, fan.userId);
    // The month renewed the subscription: the first pie's payment is the one split and refunded
    const payment = fanPage.paymentList.find((row) => row.pieId === pie.id);
    const refundRow = fanPage.refunds?.find((row) => row.refundId === refund.id);
    if (!payment || !refundRow?.transactionId)
      throw new Error('The fan’s page has no booked payment and refund');

    // Act: staff follow the payment and the refund from the fan's page
    const paymentReply = await asStaff(staff, `/api/admin/ledger/transactions/${payment.transactionId}`);
    const refundReply = await asStaff(staff, `/api/admin/ledger/transactions/${refundRow.transactionId}`);

    // Assess: the payment is its Stripe charge, with the fee of the charge's balance transaction
    expect(paymentReply.statusCode, paymentReply.body).toBe(200);
    const paid = dataOf<StaffLedgerTransaction>(paymentReply);
    expect(paid).toMatchObject({
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:${payment.invoiceId}`,
      belongsTo: { pieId: pie.id, fanId: fan.userId },
      stripe: {
        state: 'found',
        type: 'charge',
        id: charge.id,
        object: {
          id: charge.id,
          amountCents: 1000,
          status: 'succeeded',
          feeCents: await feeOfBalanceTransaction(harness, charge.balance_transaction as string),
          dashboardUrl: null,
        },
      },
    });
    expect(paid.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
    // The refund: one balanced transaction naming its Stripe refund with amount, status and fee
    expect(refundReply.statusCode, refundReply.body).toBe(200);
    const refunded = dataOf<StaffLedgerTransaction>(refundReply);
    const stripeRefund = await harness.stripe.refunds.retrieve(refund.id);
    expect(refunded).toMatchObject({
      kind: 'refund',
      idempotencyKey: `refund:${refund.id}`,
      status: 'complete',
      references: { refundId: refund.id, chargeId: charge.id, pieId: pie.id },
      belongsTo: { pieId: pie.id, fanId: fan.userId },
      stripe: {
        state: 'found',
        type: 'refund',
        id: refund.id,
        object: {
          type: 'refund',
          id: refund.id,
          amountCents: 500,
          status: 'succeeded',
          feeCents: await feeOfBalanceTransaction(harness, stripeRefund.balance_transaction as string),
        },
      },
    });
    expect(refunded.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
    expect(refunded.lines.map((line) => line.account.type)).toContain('artist-name-earnings');
    expect(refunded.lines.map((line) => line.account.type)).toContain('stripe-clearing');

    // Each account the refund touched (this file has its own table): its entries, every page, sum to the balance the
    // ledger keeps, and the refund is among them with its own amount
    const books = await ledger();
    for (const line of refunded.lines) {
      const { entries, balanceCents } = await allEntries(staff, line.account.accountId);
      expect(balanceCents).toBe(await books.balance(line.account.accountId as `${string}:${string}`));
      expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(balanceCents);
      expect(entries).toContainEqual(
        expect.objectContaining({ transactionId: refunded.transactionId, amountCents: line.amountCents }),
      );
    }
    // The pie's money account names its fan and pie; its entries are newest first
    const pieFunds = dataOf<StaffLedgerAccountPage>(await asStaff(staff, accountPath(`pie-funds:${pie.id}`)));
    expect(pieFunds.account).toMatchObject({ ownerKind: 'pie', pieId: pie.id, fanId: fan.userId });
    const times = pieFunds.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());

    // The receipt staff open from the transaction is the fan's own
    const receipt = await asStaff(staff, `/api/admin/ledger/pies/${pie.id}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    // What the fan's own call answers (their session from before the month has expired, so its service)
    const { readPieDetail } = await import('../../functions/services/pie/pie-receipt');
    const fanReceipt = await readPieDetail({ table: testTable(), clock: getClock() }, fan.userId, pie.id);
    expect(dataOf<StaffPieReceipt>(receipt)).toEqual({
      pieId: pie.id,
      fanId: fan.userId,
      detail: fanReceipt,
    });
    expect(dataOf<StaffPieReceipt>(receipt).detail.receipt?.takeBacks).toEqual([
      expect.objectContaining({ kind: 'refund', amountCents: 500 }),
    ]);
  });

  it('lists the platform’s accounts with the balances the ledger keeps', async () => {
    // Prepare: a payment, so the platform's accounts have moved
    const harness = await startHarness();
    const staff = await createSignedInAccount('admin');
    await fundPie(harness, testCards.pays, 1000);
    const books = await ledger();
    // Act
    const result = await asStaff(staff, '/api/admin/ledger/platform-accounts');
    // Assess
    expect(result.statusCode).toBe(200);
    const accounts = dataOf<{ accountId: string; type: string; balanceCents: number }[]>(result);
    expect(accounts.map((account) => account.accountId)).toEqual([
      'stripe-clearing:platform',
      'processing-fees:platform',
      'platform-fees:platform',
      'promo-funding:platform',
      'platform-losses:platform',
      'dispute-losses:platform',
      'deleted-fan-returns:platform',
    ]);
    for (const account of accounts) {
      expect(account.balanceCents).toBe(await books.balance(account.accountId as `${string}:${string}`));
    }
  });

  it('still shows the whole transaction when Stripe does not answer, with a sentence saying so', async () => {
    // Prepare: a fan who paid; then the Stripe sandbox stops
    const harness = await startHarness();
    const staff = await createSignedInAccount('admin');
    const { fan } = await fundPie(harness, testCards.pays, 1500);
    const fanPage = await fanPageOf(staff, fan.userId);
    const transactionId = fanPage.paymentList[0]?.transactionId ?? '';
    await harness.stop();
    // Act
    const result = await asStaff(staff, `/api/admin/ledger/transactions/${transactionId}`);
    // Assess
    expect(result.statusCode, result.body).toBe(200);
    const transaction = dataOf<StaffLedgerTransaction>(result);
    expect(transaction).toMatchObject({
      kind: 'fan-payment',
      stripe: { state: 'unavailable', type: 'charge', object: null },
    });
    expect(transaction.stripe.message).toMatch(/Stripe did not answer/);
    expect(transaction.lines.length).toBeGreaterThan(1);
  });

  it('answers 404 for an unknown transaction, account, pie or account type, and 400 for a cursor of another account', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const fan = await createSignedInAccount('fan');
    // Act
    const transaction = await asStaff(staff, `/api/admin/ledger/transactions/${'0'.repeat(32)}`);
    const account = await asStaff(staff, accountPath(`fan-wallet:${randomUUID()}`));
    const noType = await asStaff(staff, accountPath(`no-such-type:${randomUUID()}`));
    const pie = await asStaff(staff, `/api/admin/ledger/pies/pie_${randomUUID().replace(/-/g, '')}`);
    const badCursor = await asStaff(staff, accountPath('stripe-clearing:platform'), {
      cursor: 'not-a-cursor',
    });
    const malformed = await asStaff(staff, accountPath('fan wallet'));
    const asFan = await call(await ledgerHandler(), 'GET', '/api/admin/ledger/platform-accounts', {
      cookies: [fan.cookie],
    });
    // Assess
    expect(transaction.statusCode).toBe(404);
    expect(account.statusCode).toBe(404);
    expect(noType.statusCode).toBe(404);
    expect(pie.statusCode).toBe(404);
    expect(badCursor.statusCode).toBe(400);
    expect(malformed.statusCode).toBe(422);
    expect(asFan.statusCode).toBe(401);
  });
});
