// "Why is this balance X" in a real Chromium (decision 039): Stripe refunds part of the demo fan's payment, and the
// demo staff member follows it from the fan's page to its whole transaction (every line summing to zero), sees the
// Stripe refund behind it (id, amount, status), opens an account a line moved and the pie's receipt as the fan reads
// it. Desktop and phone, with no serious axe violation, console error or sideways scrolling. Screenshots for people
// to look at.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { connectSandboxStripe } from './support/sandbox-stripe';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const pages = useObservedPages();

/** The demo fan local mode seeds (local/seed.ts), whose pie was paid through the Stripe sandbox. */
const demoFanEmail = 'demo-fan@openpie.example';
const refundCents = 200;

interface StaffFan {
  _id: string;
  refunds: { refundId: string; amountCents: number; status: string; transactionId: string | null }[] | null;
}

async function readData<T>(page: Page, path: string): Promise<T> {
  const reply = await page.request.get(`${baseUrl}${path}`);
  if (!reply.ok()) throw new Error(`GET ${path} answered ${reply.status()}: ${await reply.text()}`);
  return ((await reply.json()) as { data: T }).data;
}

/** Stripe refunds $2 of the demo fan's payment once; resolves when the ledger has booked it (the webhook). */
let refunded: Promise<{ fanId: string; refundId: string }> | undefined;
async function refundDemoPayment(page: Page): Promise<{ fanId: string; refundId: string }> {
  const [fan] = await readData<StaffFan[]>(
    page,
    `/api/admin/fans?search=${encodeURIComponent(demoFanEmail)}`,
  );
  if (!fan) throw new Error('The demo fan is not listed');
  const stripe = connectSandboxStripe(dataDir);
  const customer = (await stripe.customers.list({ limit: 100 })).data.find(
    (candidate) => candidate.metadata?.['fan_id'] === fan._id,
  );
  const [charge] = (await stripe.charges.list({ customer: customer?.id ?? '', limit: 10 })).data;
  if (!charge) throw new Error('The demo fan has no charge');
  const refund = await stripe.refunds.create({ charge: charge.id, amount: refundCents });
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const detail = await readData<StaffFan>(page, `/api/admin/fans/${fan._id}`);
    if (detail.refunds?.some((row) => row.refundId === refund.id && row.transactionId)) {
      return { fanId: fan._id, refundId: refund.id };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The refund ${refund.id} was never booked`);
}

describe.each([
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const)('staff drill down from a refunded payment on a %s', (device, viewport) => {
  it('follows the fan’s refund to its transaction, its Stripe refund, an account and the pie’s receipt', async () => {
    // Prepare: staff signed in; Stripe refunds part of the demo fan's payment (once for both devices)
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    const { page } = observed;
    refunded ??= refundDemoPayment(page);
    const { fanId, refundId } = await refunded;

    // Act: the fan's page, then the refund's booking
    await page.goto(`${baseUrl}/admin/fans/${fanId}`);
    const refunds = page.getByRole('table', { name: 'Refunds of the fan’s charges, newest first' });
    await refunds.waitFor();
    await saveScreenshot(page, `staff-drill-fan-${device}`);
    await expectCleanPage(observed);
    await refunds.getByRole('row').filter({ hasText: refundId }).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: 'Refund' }).waitFor();
    const stripe = page.getByRole('region', { name: 'At Stripe' });
    await stripe.getByText(refundId, { exact: true }).waitFor();
    const stripeText = await stripe.innerText();
    const linesTable = page.getByRole('table', { name: /Every line of the transaction/ });
    const sum = await linesTable.locator('tfoot td').innerText();
    await saveScreenshot(page, `staff-drill-transaction-${device}`);
    await expectCleanPage(observed);

    // Assess: the Stripe refund with its id, amount and status; the lines sum to zero
    expect(stripeText).toContain(refundId);
    expect(stripeText).toContain('$2.00');
    expect(stripeText).toContain('succeeded');
    expect(sum).toBe('$0.00');

    // Act: an account the refund moved (the pie's money in the fan's wallet), then back and to the pie's receipt
    await linesTable.getByRole('link', { name: 'A pie’s money in the fan’s wallet' }).click();
    await page.getByRole('heading', { level: 1, name: 'A pie’s money in the fan’s wallet' }).waitFor();
    const entries = page.getByRole('table', { name: /The account’s entries/ });
    await entries.waitFor();
    const entriesText = await entries.innerText();
    await saveScreenshot(page, `staff-drill-account-${device}`);
    await expectCleanPage(observed);
    await page.getByRole('link', { name: 'The pie’s receipt' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pie receipt' }).waitFor();
    const note = page.getByRole('note', { name: 'Refunds and disputes' });
    await note.waitFor();
    const noteText = await note.innerText();
    await saveScreenshot(page, `staff-drill-receipt-${device}`);
    await expectCleanPage(observed);

    // Assess: the account lists the refund; the receipt says the fan's card got $2.00 back
    expect(entriesText).toContain('Refund');
    expect(entriesText).toContain('−$2.00');
    expect(noteText).toContain('$2.00');
  });
});
