// A month of many fans, with the paths around the happy one chosen at random from a fixed seed, on DynamoDB Local and
// the Stripe sandbox through the real webhook (docs/decisions/031-money-by-origin.md): cards that pay, dispute or only
// inquire; double checkouts; full and partial refunds before and after the split; disputes lost and won; renewals; the
// split of every pie due; escrow aging a year on. At the end, for every fan: what they paid, less what went back to
// their card, plus what OpenPie covered, equals the fees, what stayed with artists (held or released), their wallet
// and, for fans who deleted their account, what came back to the platform's account for them; no guarded balance is
// negative; every refund and dispute took money of its own pie only. Give-backs, imports overlapping syncs, name-only
// claims and failed payouts have tests of their own.
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredTransaction } from '../../functions/data/ledger';
import { listPieLots } from '../../functions/data/escrow-lots';
import { getLedgerTransaction, transactionIdOf } from '../../functions/data/ledger';
import { recomputeDailyListening, savePlays } from '../../functions/data/listening';
import type { StoredPie } from '../../functions/data/pies';
import { listAllFanPies } from '../../functions/data/pies';
import type { StoredTakeBack } from '../../functions/data/take-backs';
import { listPieTakeBacks } from '../../functions/data/take-backs';
import type { PieSplitMessage } from '../../functions/services/pie/pie-split';
import { fanOutPieSplits, splitEndedPie } from '../../functions/services/pie/pie-split';
import { returnAgedLots } from '../../functions/services/pie/escrow-aging';
import { parseAccountId } from '../../functions/domain/money/ledger';
import { getClock, getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import { getTable } from '../../functions/runtime/table';
import type { SignedInAccount } from '../support/identity';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from './payments-harness';
import {
  ledger,
  requestCheckout,
  sessionIdOf,
  startPaymentsHarness,
  walletAccountsOf,
  walletBalanceOf,
} from './payments-harness';

const day = 86_400_000;
const log = createLogger('error', { test: 'money-month' });
const seed = 42;
const fanCount = 10;

/** A small seeded generator (mulberry32), so the month is the same on every run. */
function randomFrom(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = randomFrom(seed);
function pick<T>(choices: readonly T[]): T {
  const choice = choices[Math.floor(random() * choices.length)];
  if (choice === undefined) throw new Error('Nothing to pick from');
  return choice;
}

type Card = 'pays' | 'disputed' | 'inquiry';
type Refund = 'none' | 'full-before' | 'partial-before' | 'full-after' | 'partial-after';
interface Fan {
  account: SignedInAccount;
  card: Card;
  amountCents: number;
  refund: Refund;
  disputeWon: boolean;
  doubleCheckout: boolean;
  deletesAccount: boolean;
}

let harness: PaymentsHarness | undefined;
afterAll(async () => {
  await harness?.stop();
});

async function moveClock(h: PaymentsHarness, ms: number): Promise<void> {
  setLocalClockOffset(getLocalClockOffset() + ms);
  await h.sandbox.advance();
}

const artistNames = ['Month Band', 'Month Duo', 'Month Trio', 'Month Solo'].map((name) => `${name} ${seed}`);

async function listen(fanId: string, pie: StoredPie): Promise<void> {
  const plays = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => ({
    endedAt: new Date(Date.parse(pie.periodStart) + (1 + index) * day).toISOString(),
    msPlayed: 60_000 + Math.floor(random() * 600_000),
    artists: [{ artistName: pick(artistNames) }],
    trackName: `Track ${index}`,
    source: 'spotify' as const,
    identity: `${fanId}-month-${index}`,
  }));
  const saved = await savePlays(getTable(), fanId, plays);
  await recomputeDailyListening(getTable(), fanId, saved.days);
}

async function pay(h: PaymentsHarness, fan: Fan): Promise<void> {
  const checkouts = await Promise.all(
    (fan.doubleCheckout ? [1, 2] : [1]).map(() => requestCheckout(fan.account, fan.amountCents)),
  );
  const urls = checkouts.map((checkout) => dataOf<{ url: string }>(checkout).url);
  // A double click opens one session: both answers name it
  expect(new Set(urls).size).toBe(1);
  const paid = await h.sandbox.payCheckout(sessionIdOf(urls[0] ?? ''), {
    number: testCards[fan.card],
    expiry: '12/34',
    cvc: '123',
    name: 'Month Fan',
  });
  if (!paid.ok) throw new Error(`The sandbox refused the card: ${paid.message}`);
  await h.sandbox.settle();
}

async function firstChargeOf(h: PaymentsHarness, fanId: string) {
  const customers = await h.stripe.customers.list({ limit: 100 });
  const customer = customers.data.find((c) => c.metadata?.['fan_id'] === fanId);
  if (!customer) throw new Error(`No Stripe customer for ${fanId}`);
  const charges = (await h.stripe.charges.list({ customer: customer.id, limit: 100 })).data;
  return [...charges].sort((a, b) => a.created - b.created)[0];
}

async function refund(h: PaymentsHarness, fan: Fan): Promise<void> {
  const charge = await firstChargeOf(h, fan.account.userId);
  const partial = fan.refund.startsWith('partial');
  await h.stripe.refunds.create({
    charge: charge?.id ?? '',
    ...(partial ? { amount: 100 + Math.floor(random() * (fan.amountCents / 2)) } : {}),
  });
  await h.sandbox.settle();
}

async function splitEverythingDue(): Promise<void> {
  const sent: PieSplitMessage[] = [];
  await fanOutPieSplits(
    { table: getTable(), queue: { sendAll: async (m: readonly PieSplitMessage[]) => void sent.push(...m) } },
    { runId: 'month', log, now: getClock().now() },
  );
  const deps = {
    table: getTable(),
    clock: getClock(),
    siteOrigin: 'http://localhost:3000',
    escrowHoldingMonths: 12,
  };
  for (const message of sent) await splitEndedPie(deps, message.pieId, { log });
}

/** The transactions that touched one of the fan's wallet accounts, once each. */
async function walletTransactions(fanId: string): Promise<StoredTransaction[]> {
  const books = await ledger();
  const entries = (
    await Promise.all((await walletAccountsOf(fanId)).map((account) => books.entries(account)))
  ).flat();
  return Promise.all(
    [...new Set(entries.map((entry) => entry.transactionId))].map((id) => books.transaction(id)),
  );
}

const artistTypes = new Set(['artist-earnings', 'artist-name-earnings']);

/** A fan's money, read from the ledger and the take-back plans. */
async function booksOf(fanId: string) {
  const pies = await listAllFanPies(getTable(), fanId);
  const takeBacks: StoredTakeBack[] = (
    await Promise.all(pies.map((pie) => listPieTakeBacks(getTable(), pie.id)))
  ).flat();
  const totals = { paid: 0, fees: 0, splitToArtists: 0, returned: 0 };
  for (const transaction of await walletTransactions(fanId)) {
    for (const posting of transaction.postings) {
      const { type } = parseAccountId(posting.accountId);
      if (transaction.kind === 'fan-payment' && type === 'stripe-clearing')
        totals.paid -= posting.amountCents;
      if (transaction.kind === 'processing-fee' && type === 'processing-fees')
        totals.fees += posting.amountCents;
      if (transaction.kind === 'split' && type === 'platform-fees') totals.fees += posting.amountCents;
      if (transaction.kind === 'split' && artistTypes.has(type)) totals.splitToArtists += posting.amountCents;
      if (transaction.kind === 'escrow-return' && type === 'pie-funds')
        totals.returned += posting.amountCents;
    }
  }
  return { pies, takeBacks, totals, wallet: await walletBalanceOf(fanId) };
}

describe(`a month of ${fanCount} fans, paths chosen from seed ${seed}`, () => {
  it('keeps every fan’s money whole, every balance people are owed at or above zero, every refund on its own pie', async () => {
    // Prepare
    harness = await startPaymentsHarness();
    const h = harness;
    const fans: Fan[] = [];
    for (let index = 0; index < fanCount; index += 1) {
      const card = pick<Card>(['pays', 'pays', 'pays', 'disputed', 'inquiry']);
      fans.push({
        account: await createSignedInAccount('fan'),
        card,
        amountCents: pick([500, 1000, 2000]),
        refund:
          card === 'pays'
            ? pick<Refund>(['none', 'full-before', 'partial-before', 'full-after', 'partial-after'])
            : 'none',
        disputeWon: random() < 0.5,
        doubleCheckout: random() < 0.3,
        deletesAccount: random() < 0.25,
      });
    }
    // Act: everyone pays and listens; two days on, the disputes and inquiries come, and the refunds before the split
    for (const fan of fans) {
      await pay(h, fan);
      const [pie] = await listAllFanPies(getTable(), fan.account.userId);
      if (pie) await listen(fan.account.userId, pie);
    }
    // …some fans delete their accounts (their sessions are fresh; what they paid for still runs its course)
    const { handler: fanAuth } = await import('../../functions/handlers/fan-auth');
    for (const fan of fans.filter((f) => f.deletesAccount)) {
      const deleted = await call(fanAuth, 'DELETE', '/api/auth/account', { cookies: [fan.account.cookie] });
      expect(deleted.statusCode).toBe(200);
    }
    await moveClock(h, 2 * day + 60_000);
    for (const fan of fans.filter((f) => f.refund.endsWith('before'))) await refund(h, fan);
    // …the period ends, subscriptions renew, every pie due is split
    await moveClock(h, 28 * day + 60_000);
    await splitEverythingDue();
    // …refunds after the split; the banks decide the disputes
    for (const fan of fans.filter((f) => f.refund.endsWith('after'))) await refund(h, fan);
    const disputes = (await h.stripe.disputes.list({ limit: 100 })).data;
    for (const fan of fans.filter((f) => f.card === 'disputed')) {
      const charge = await firstChargeOf(h, fan.account.userId);
      const dispute = disputes.find((candidate) => candidate.charge === charge?.id);
      if (!dispute) throw new Error(`No dispute for ${fan.account.userId}`);
      await h.stripe.disputes.update(dispute.id, {
        evidence: { uncategorized_text: fan.disputeWon ? 'winning_evidence' : 'losing_evidence' },
      });
    }
    await h.sandbox.settle();
    // …a year on, whatever nobody claimed goes back to the fans
    await returnAgedLots(
      { table: getTable(), clock: getClock(), siteOrigin: 'http://localhost:3000' },
      { log, now: new Date(getClock().now().getTime() + 400 * day) },
    );

    // Assess
    const books = await ledger();
    const paths = new Set<string>();
    const seen = { split: 0, fromLots: 0, fromWallet: 0, covered: 0, reinstated: 0, deletedReturns: 0 };
    for (const fan of fans) {
      const fanId = fan.account.userId;
      const { pies, takeBacks, totals, wallet } = await booksOf(fanId);
      paths.add(
        `${fan.card}/${fan.refund}${fan.card === 'disputed' ? (fan.disputeWon ? '/won' : '/lost') : ''}`,
      );
      const settled = takeBacks.filter((take) => take.outcome !== null && take.reinstatedBy === null);
      const backToCard = settled.reduce((sum, take) => sum + take.plan.amountCents, 0);
      const covered = settled.reduce((sum, take) => sum + (take.outcome?.lossCents ?? 0), 0);
      const takenFromLots = takeBacks.reduce((sum, take) => sum + (take.outcome?.fromLotsCents ?? 0), 0);
      // A deleted fan's returned lots went to the platform's deleted-fan-returns account, not to a wallet
      const lots = (await Promise.all(pies.map((pie) => listPieLots(getTable(), pie.id)))).flat();
      const returnedToPlatform = fan.deletesAccount
        ? lots.reduce((sum, lot) => sum + (lot.status === 'returned' ? lot.cents : 0), 0)
        : 0;
      const withArtists = totals.splitToArtists - takenFromLots - totals.returned - returnedToPlatform;
      seen.split += totals.splitToArtists;
      seen.fromLots += takenFromLots;
      seen.fromWallet += takeBacks.reduce((sum, take) => sum + (take.outcome?.fromPieFundsCents ?? 0), 0);
      seen.covered += covered;
      seen.reinstated += takeBacks.filter((take) => take.reinstatedBy !== null).length;
      // What the fan paid, less what went back to their card, plus what OpenPie covered of that, is every cent of
      // theirs: fees, what stayed with artists (held or released), and their wallet (returned lots included)
      expect({ fanId, whole: totals.paid - backToCard + covered }).toEqual({
        fanId,
        whole: totals.fees + withArtists + wallet + returnedToPlatform,
      });
      if (fan.deletesAccount) seen.deletedReturns += returnedToPlatform;
      // No balance people are owed is below zero
      for (const account of await walletAccountsOf(fanId)) {
        expect(await books.balance(account)).toBeGreaterThanOrEqual(0);
      }
      // Each refund and dispute took money of its own pie only: never another pie's, never free credit
      for (const take of takeBacks) {
        const first = await getLedgerTransaction(getTable(), transactionIdOf(take.idempotencyKey));
        const touched = (first?.postings ?? []).map((posting) => parseAccountId(posting.accountId));
        expect(touched.filter((account) => account.type === 'fan-wallet')).toEqual([]);
        expect(
          touched
            .filter((account) => account.type === 'pie-funds')
            .every((account) => account.owner === take.pieId),
        ).toBe(true);
      }
      // A fan who paid once with a card that pays has one subscription's pies: the double checkout paid once
      expect(pies.filter((pie) => pie.invoiceId !== null).length).toBeLessThanOrEqual(2);
    }
    // The seed really took the month down many paths: splits, refunds taken from the wallet and from held lots, deleted
    // fans whose returns went to the platform, losses OpenPie covered, a dispute won back
    expect(paths.size).toBeGreaterThanOrEqual(5);
    expect(seen.split).toBeGreaterThan(0);
    expect(seen.fromLots).toBeGreaterThan(0);
    expect(seen.fromWallet).toBeGreaterThan(0);
    expect(seen.covered).toBeGreaterThan(0);
    expect(seen.reinstated).toBeGreaterThan(0);
    expect(seen.deletedReturns).toBeGreaterThan(0);
  }, 240_000);
});
