// What an office sees of a payout's fees (decision 029) on DynamoDB Local and the Stripe sandbox through the real SDK:
// before a payout whose fees take more than 5% is sent, the quote says so and from what balance they would not; after
// it, the payout's line among the office's transactions shows what left the balance, the fees and what reached the
// bank. The ledger audit runs after the file.
import { describe, expect, it } from 'vitest';
import {
  balances,
  fundOffice,
  givenPayableOffice,
  log,
  payoutHarnessPerTest,
  payouts,
} from '../support/payouts-harness';

const startHarness = payoutHarnessPerTest();

describe('the fees of a small payout', () => {
  it('are said before it is sent when they take more than 5%, and its line shows the amount, the fees and the net', async () => {
    // Prepare: $17.68 with the month's $2 fee pays $2.29 of fees (12.96%); from $47.40 they take 5% or less.
    const h = await startHarness();
    const { officeId, admin, accountant } = await givenPayableOffice(h, 1768, 5000);
    const { createPayout } = await payouts();
    const { checkMonthlyFee, listOfficeTransactions } = await balances();
    // Act
    const before = await checkMonthlyFee(h.deps, accountant, officeId);
    const payout = await createPayout(h.deps, admin, { officeId }, log);
    await h.sandbox.settle();
    const lines = await listOfficeTransactions(h.deps, accountant, {
      officeId,
      filter: 'all',
      page: 1,
      limit: 10,
    });
    await fundOffice(h.deps, officeId, 1000);
    const afterMonthlyFee = await checkMonthlyFee(h.deps, admin, officeId);
    // Assess
    expect(before.preview).toMatchObject({ amountCents: 1768, feesCents: 229, netCents: 1539 });
    expect(before.feeAdvice).toEqual({
      feesShareBasisPoints: 1296,
      worthWaitingForCents: 4740,
      moreToWaitForCents: 2972,
    });
    expect(payout).toMatchObject({ amountCents: 1768, feesCents: 229, netCents: 1539 });
    const payoutLine = lines.data.find((line) => line.kind === 'payout');
    expect(payoutLine).toMatchObject({
      amountCents: -1768,
      payoutId: payout.id,
      payout: { amountCents: 1768, payoutFeeCents: 29, monthlyFeeCents: 200, feesCents: 229, netCents: 1539 },
    });
    expect(lines.data.find((line) => line.kind === 'earnings')?.payout).toBeNull();
    // The month's fee is paid: $10 pays 28¢ (2.8%), nothing to warn of.
    expect(afterMonthlyFee.preview).toMatchObject({ amountCents: 1000, feesCents: 28, netCents: 972 });
    expect(afterMonthlyFee.feeAdvice).toBeNull();
  });
});
