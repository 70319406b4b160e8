// Staff's finances and the accountant's journal (decision 042) on a small month built through the real services on
// DynamoDB Local and the Stripe sandbox: three fans pay (5% platform fee), one is partly refunded, two pies are split,
// a claim releases one artist's share to its office, escrow aging returns a name's share to its fan, and the office is
// paid out to its bank. Every figure is checked by hand; money in equals the sum of every fan's spentCents in staff's
// fans list and paid out the sum of the offices' own funds screens; the journal's lines balance per transaction.
// The subscriptions renew when the month ends, so the fans pay a second time on the day of the split.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffFanSummary } from '../../functions/contracts/admin-people';
import type { JournalLine, JournalPage, StaffFinances } from '../../functions/contracts/staff-finances';
import type { StoredPie } from '../../functions/data/pies';
import { listAllFanPies } from '../../functions/data/pies';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import { getClock, getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import { readJournal } from '../../functions/services/admin/finances';
import type { PayoutDependencies } from '../../functions/services/connect/payouts';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { givenArtist } from '../support/factories/catalogue';
import { givenPendingClaim, verifyAndApproveClaim } from '../support/factories/claims';
import { givenListening } from '../support/factories/fans';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from '../support/payments-harness';
import { chargesOf, fundPie, startPaymentsHarness } from '../support/payments-harness';
import type { PayoutHarness } from '../support/payouts-harness';
import { onboardOffice } from '../support/payouts-harness';
import { testTable } from '../support/test-table';
import { financeDay } from '../support/factories/replies';

// OpenPie's fee of 5%, read when the first handler runs, so splits move money to the platform-fees account too.
process.env.PLATFORM_FEE_BASIS_POINTS = '500';

const day = 86_400_000;
const log = createLogger('silent');
let harness: PaymentsHarness;
let staff: SignedInAccount;
const month = {
  officeId: '',
  /** UTC dates of the payments, of the split, release and return, and of the payout reaching the bank. */
  paidOn: '',
  splitOn: '',
  paidOutOn: '',
};

const handlers = {
  finances: async () => (await import('../../functions/handlers/admin-finances')).handler,
  fans: async () => (await import('../../functions/handlers/admin-fans')).handler,
  offices: async () => (await import('../../functions/handlers/admin-offices')).handler,
};

async function asStaff(handler: keyof typeof handlers, path: string, query: Record<string, string> = {}) {
  return call(await handlers[handler](), 'GET', path, { cookies: [staff.cookie], query });
}

async function moveClock(ms: number): Promise<void> {
  setLocalClockOffset(getLocalClockOffset() + ms);
  await harness.sandbox.advance();
  await harness.sandbox.settle();
}

const today = () => getClock().now().toISOString().slice(0, 10);

function payoutDeps(): PayoutDependencies {
  const gateway = createStripeGateway({ apiKey: harness.sandbox.apiKey, apiUrl: harness.sandbox.apiUrl });
  return {
    table: testTable(),
    clock: getClock(),
    stripe: () => Promise.resolve(gateway),
    siteOrigin: 'http://localhost:3000',
    payoutMinimumCents: 100,
  };
}

async function onlyPieOf(fanId: string): Promise<StoredPie> {
  const [pie] = await listAllFanPies(testTable(), fanId);
  if (!pie) throw new Error(`no pie of ${fanId}`);
  return pie;
}

async function refund(fanId: string, amount: number): Promise<void> {
  const [charge] = await chargesOf(harness, fanId);
  await harness.stripe.refunds.create({ charge: charge?.id ?? '', amount });
  await harness.sandbox.settle();
}

beforeAll(async () => {
  harness = await startPaymentsHarness();
  const artist = await givenArtist();
  // Three fans pay $10, $15 and $20 today; the third gets $5 back at once.
  const first = await fundPie(harness, testCards.pays, 1000);
  const second = await fundPie(harness, testCards.pays, 1500);
  const third = await fundPie(harness, testCards.pays, 2000);
  month.paidOn = today();
  await refund(third.fan.userId, 500);
  // The first listens to a catalogue artist, the second to a name no catalogue knows.
  const firstPie = await onlyPieOf(first.fan.userId);
  const secondPie = await onlyPieOf(second.fan.userId);
  await givenListening(first.fan.userId, firstPie.periodStart, [
    { day: 2, msPlayed: 300_000, artist: { artistId: artist.id, artistName: artist.name } },
  ]);
  await givenListening(second.fan.userId, secondPie.periodStart, [
    { day: 2, msPlayed: 300_000, artist: `Nameless ${randomUUID().slice(0, 6)}` },
  ]);
  // A month later both pies are split, each share held (a holding period of no months: due at once).
  await moveClock(30 * day + 60_000);
  month.splitOn = today();
  const { splitEndedPie } = await import('../../functions/services/pie/pie-split');
  const splitDeps = {
    table: testTable(),
    clock: getClock(),
    siteOrigin: 'http://localhost:3000',
    escrowHoldingMonths: 0,
  };
  await splitEndedPie(splitDeps, firstPie.id, { log });
  await splitEndedPie(splitDeps, secondPie.id, { log });
  // The catalogue artist's office claims it: its share is released; escrow aging returns the name's share.
  staff = await createSignedInAccount('admin');
  const {
    admin: officeAdmin,
    office,
    claim,
  } = await givenPendingClaim(artist.id, 'Ledger Records', 'spotify');
  await verifyAndApproveClaim(claim._id, staff);
  month.officeId = office._id;
  const { returnAgedLots } = await import('../../functions/services/pie/escrow-aging');
  await returnAgedLots(splitDeps, { log, now: getClock().now() });
  // The office is onboarded and paid out; three days later the bank has it.
  const deps = payoutDeps();
  await onboardOffice(
    { sandbox: harness.sandbox, deps } as unknown as PayoutHarness,
    month.officeId,
    officeAdmin.userId,
  );
  const { createPayout } = await import('../../functions/services/connect/payouts');
  await createPayout(deps, officeAdmin.userId, { officeId: month.officeId }, log);
  await harness.sandbox.settle();
  await moveClock(3 * day);
  month.paidOutOn = today();
  // Sessions end: staff sign in again to read what happened.
  staff = await createSignedInAccount('admin');
}, 180_000);

afterAll(async () => {
  await harness.stop();
});

/**
 * The month by hand. Stripe's fee is 2.9% + 30¢ (half up): 59, 74 and 88. OpenPie's 5%: 50, 75 and 100. The first
 * pie's net 1000 − 59 − 50 = 891 goes to the catalogue artist, the second's 1500 − 74 − 75 = 1351 to the name. The
 * payout of 891 costs 0.25% + 25¢ = 27 and the month's $2 = 200, so 664 reaches the bank. The subscriptions renew
 * when the month ends, so money in and Stripe's fees come twice.
 */
const paidDay = { moneyInCents: 4500, processingFeesCents: 221, refundedCents: 500 };
/** The day a month later: the three subscriptions renew (the same payments again), the two pies are split. */
const splitDay = {
  moneyInCents: 4500,
  processingFeesCents: 221,
  platformFeesCents: 125,
  splitCents: 941 + 1426,
  heldCents: 891 + 1351,
  releasedCents: 891,
  returnedCents: 1351,
};
const bankDay = { paidOutCents: 664 };

const zeroDay = (date: string) => financeDay(date);

describe('GET /api/admin/finances', () => {
  it('sums the month by hand: money in, fees, refunds, the split, what was held, released, returned and paid out', async () => {
    // Act
    const reply = await asStaff('finances', '/api/admin/finances', { period: 'all' });
    // Assess
    expect(reply.statusCode).toBe(200);
    const finances = dataOf<StaffFinances>(reply);
    expect(finances.period).toBe('all');
    expect(finances.from).toBeNull();
    const { date: _noDate, ...none } = zeroDay('');
    expect(finances.totals).toEqual({
      ...none,
      ...paidDay,
      ...splitDay,
      ...bankDay,
      moneyInCents: 9000,
      processingFeesCents: 442,
    });
    // Every day from the first payment to today, each figure on the day it happened.
    expect(finances.days[0]?.date).toBe(month.paidOn);
    expect(finances.days.at(-1)?.date).toBe(today());
    expect(finances.days).toHaveLength(34);
    const moving = finances.days.filter(
      (entry) => JSON.stringify(entry) !== JSON.stringify(zeroDay(entry.date)),
    );
    expect(moving).toEqual([
      { ...zeroDay(month.paidOn), ...paidDay },
      { ...zeroDay(month.splitOn), ...splitDay },
      { ...zeroDay(month.paidOutOn), ...bankDay },
    ]);
  });

  it('counts as money in exactly the sum of every fan’s spentCents, and as paid out the offices’ own paid out', async () => {
    // Act
    const finances = dataOf<StaffFinances>(
      await asStaff('finances', '/api/admin/finances', { period: 'all' }),
    );
    const fans = await asStaff('fans', '/api/admin/fans', { limit: '100' });
    const office = await asStaff('offices', `/api/admin/offices/${month.officeId}`);
    // Assess
    expect(bodyOf(fans).pagination).toMatchObject({ pages: 1 });
    const spent = dataOf<StaffFanSummary[]>(fans).reduce((sum, fan) => sum + fan.spentCents, 0);
    expect(finances.totals.moneyInCents).toBe(spent);
    expect(spent).toBe(9000);
    expect(dataOf<{ funds: { paidOutCents: number } }>(office).funds.paidOutCents).toBe(
      finances.totals.paidOutCents,
    );
  });

  it('gives today alone for a day, and totals that are the sum of their days for every period', async () => {
    for (const period of ['day', 'month', 'year', 'all'] as const) {
      // Act
      const finances = dataOf<StaffFinances>(await asStaff('finances', '/api/admin/finances', { period }));
      // Assess
      for (const name of Object.keys(finances.totals) as (keyof StaffFinances['totals'])[]) {
        const sum = finances.days.reduce((total, entry) => total + entry[name], 0);
        expect(sum, `${period} ${name}`).toBe(finances.totals[name]);
      }
      if (period === 'day') {
        expect(finances.from).toBe(`${today()}T00:00:00.000Z`);
        expect(finances.days).toEqual([{ ...zeroDay(today()), ...bankDay }]);
      }
    }
  });

  it('answers 422 for a period it does not know, and is the month when none is given', async () => {
    const bad = await asStaff('finances', '/api/admin/finances', { period: 'week' });
    const none = await asStaff('finances', '/api/admin/finances');
    expect(bad.statusCode).toBe(422);
    expect(dataOf<StaffFinances>(none).period).toBe('month');
  });
});

async function wholeJournal(query: { from?: string; to?: string }, pageSize: number) {
  const pages: JournalPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await readJournal(
      { table: testTable(), clock: getClock(), journalPageTransactions: pageSize },
      { ...query, ...(cursor ? { cursor } : {}) },
    );
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

function byTransaction(lines: readonly JournalLine[]): Map<string, JournalLine[]> {
  const grouped = new Map<string, JournalLine[]>();
  for (const line of lines)
    grouped.set(line.transactionId, [...(grouped.get(line.transactionId) ?? []), line]);
  return grouped;
}

describe('GET /api/admin/finances/journal', () => {
  it('lists every ledger line of the period once, a page at a time, each transaction summing to zero', async () => {
    // Act: pages of three transactions, and the same journal in one call of the route.
    const pages = await wholeJournal({}, 3);
    const whole = await asStaff('finances', '/api/admin/finances/journal');
    // Assess
    expect(whole.statusCode).toBe(200);
    const lines = pages.flatMap((page) => page.lines);
    expect(pages.length).toBeGreaterThan(3);
    expect(dataOf<JournalPage>(whole).lines).toEqual(lines);
    expect(dataOf<JournalPage>(whole).nextCursor).toBeNull();
    const transactions = byTransaction(lines);
    expect(pages.reduce((sum, page) => sum + page.transactions, 0)).toBe(transactions.size);
    for (const [id, own] of transactions) {
      expect(
        own.reduce((sum, line) => sum + line.amountCents, 0),
        id,
      ).toBe(0);
    }
    // Oldest first; what the figures say is in the lines.
    expect([...lines].sort((a, b) => a.at.localeCompare(b.at))).toEqual(lines);
    const finances = dataOf<StaffFinances>(
      await asStaff('finances', '/api/admin/finances', { period: 'all' }),
    );
    expect(finances.transactions).toBe(transactions.size);
    const clearingOf = (kind: string) =>
      lines
        .filter((line) => line.kind === kind && line.accountId === 'stripe-clearing:platform')
        .reduce((sum, line) => sum + line.amountCents, 0);
    expect(-clearingOf('fan-payment')).toBe(finances.totals.moneyInCents);
    expect(clearingOf('refund')).toBe(finances.totals.refundedCents);
    // The Stripe object of each: the charge of a payment, the refund, the bank payout of the settlement.
    const kinds = new Map([...transactions.values()].map((own) => [own[0]?.kind, own[0]]));
    expect(kinds.get('fan-payment')?.stripeId).toMatch(/^ch_/);
    expect(kinds.get('refund')?.stripeId).toMatch(/^re_/);
    expect(kinds.get('transfer')?.stripeId).toMatch(/^po_/);
    expect(kinds.get('split')?.stripeId).toBeNull();
    expect(kinds.get('split')?.references).toMatch(/^fanId=.*; pieId=/);
    expect([...kinds.keys()].sort()).toEqual([
      'escrow-release',
      'escrow-return',
      'fan-payment',
      'payout',
      'processing-fee',
      'refund',
      'split',
      'transfer',
    ]);
  });

  it('keeps to its days: the payment day alone, and nothing before the first payment', async () => {
    // Act
    const paid = await asStaff('finances', '/api/admin/finances/journal', {
      from: month.paidOn,
      to: month.paidOn,
    });
    const before = await asStaff('finances', '/api/admin/finances/journal', { to: '2000-01-01' });
    // Assess
    const kinds = new Set(dataOf<JournalPage>(paid).lines.map((line) => line.kind));
    expect([...kinds].sort()).toEqual(['fan-payment', 'processing-fee', 'refund']);
    expect(dataOf<JournalPage>(before)).toEqual({
      from: null,
      to: '2000-01-01',
      lines: [],
      transactions: 0,
      nextCursor: null,
    });
  });

  it('refuses days that are not dates, a first day after the last, and a cursor it did not write', async () => {
    const notDate = await asStaff('finances', '/api/admin/finances/journal', { from: '2026-02-30' });
    const backwards = await asStaff('finances', '/api/admin/finances/journal', {
      from: '2026-03-02',
      to: '2026-03-01',
    });
    const cursor = await asStaff('finances', '/api/admin/finances/journal', { cursor: 'not-a-cursor' });
    expect(notDate.statusCode).toBe(422);
    expect(backwards.statusCode).toBe(422);
    expect(cursor.statusCode).toBe(400);
  });
});

describe('who may read the finances', () => {
  it('refuses fans, artist-side users and anonymous callers (401: no staff session)', async () => {
    const fan = await createSignedInAccount('fan');
    const artistUser = await createSignedInAccount('artist');
    const handler = await handlers.finances();
    for (const path of ['/api/admin/finances', '/api/admin/finances/journal']) {
      expect((await call(handler, 'GET', path, { cookies: [fan.cookie] })).statusCode).toBe(401);
      expect((await call(handler, 'GET', path, { cookies: [artistUser.cookie] })).statusCode).toBe(401);
      expect((await call(handler, 'GET', path)).statusCode).toBe(401);
    }
  });
});
