// A pie as GET /api/pie/active answers it (functions/contracts/payments.ts), for the screens' tests: a $10 card pie
// with its fee settled, unless the test says otherwise.
import type { PieSummary } from '../../functions/contracts/payments';

export function makePie(overrides: Partial<PieSummary> = {}): PieSummary {
  return {
    id: `pie_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`,
    status: 'active',
    promo: false,
    periodStart: '2026-11-24T10:00:00.000Z',
    periodEnd: '2026-12-24T10:00:00.000Z',
    pieDays: 30,
    currency: 'usd',
    amountCents: 1000,
    processingFeeCents: 59,
    platformFeeCents: 0,
    netCents: 941,
    settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
    subscriptionId: `sub_${crypto.randomUUID().replace(/-/g, '')}`,
    createdAt: '2026-11-24T10:00:05.000Z',
    receipt: null,
    ...overrides,
  };
}
