// A pie's money for tests that open pies by hand (docs/decisions/031-money-by-origin.md): as a payment does, its
// amount into the pie's own account in the fan's wallet, and Stripe's fee out of it once known. Without it a pie has
// nothing to split, as it would in the product.
import { randomUUID } from 'node:crypto';
import type { TableRef } from '../../functions/data/table';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { postTransaction } from '../../functions/services/ledger';

export async function fundPieMoney(
  table: TableRef,
  pie: { id: string; amountCents: number; processingFeeCents: number | null; promo?: boolean },
  at = new Date(),
): Promise<void> {
  const deps = { table, clock: createFixedClock(at) };
  const funds = accountIdOf('pie-funds', pie.id);
  const key = randomUUID();
  await postTransaction(deps, {
    kind: pie.promo ? 'promo-funding' : 'fan-payment',
    idempotencyKey: `${pie.promo ? 'promo-funding' : 'fan-payment'}:${key}`,
    postings: [
      {
        accountId: accountIdOf(pie.promo ? 'promo-funding' : 'stripe-clearing', 'platform'),
        amountCents: -pie.amountCents,
      },
      { accountId: funds, amountCents: pie.amountCents },
    ],
    references: { pieId: pie.id },
  });
  if (pie.processingFeeCents) {
    await postTransaction(deps, {
      kind: 'processing-fee',
      idempotencyKey: `processing-fee:${key}`,
      postings: [
        { accountId: funds, amountCents: -pie.processingFeeCents },
        { accountId: accountIdOf('processing-fees', 'platform'), amountCents: pie.processingFeeCents },
      ],
      references: { pieId: pie.id },
    });
  }
}
