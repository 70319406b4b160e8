// A month of many fans, with the paths around the happy one chosen at random from a fixed seed, on DynamoDB Local and
// the Stripe sandbox through the real webhook (docs/decisions/031-money-by-origin.md): cards that pay, dispute or only
// inquire; double checkouts; full and partial refunds before and after the split; disputes lost and won; deleted fans;
// renewals; imports of an export over plays the sync already stored (decision 034: counted once); an artist heard only
// by name whom the catalogue then learns, whose held money moves to the artist and is claimed by an office (decision
// 036); the office giving part of it back to the fans (decision 030) and paying out, once refused by Stripe and once
// failed by the bank after it was paid (decision 029); the split of every pie due; escrow aging a year on. At the end,
// for every fan: what they paid, less what went back to their card, plus what OpenPie covered and what artists gave
// back, equals the fees, what stayed with artists (held, released or paid out), their wallet and, for fans who deleted
// their account, what came back to the platform's account for them; the office's money is what it was released, less
// what it gave back and paid out; no guarded balance is negative; every refund and dispute took money of its own pie
// only. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { GiveBackPreviewReply } from '../../functions/contracts/give-back';
import { historyImportSchema } from '../../functions/contracts/listening';
import { upsertCatalogueArtists } from '../../functions/data/catalogue/artists';
import type { StoredTransaction } from '../../functions/data/ledger';
import { listPieLots } from '../../functions/data/escrow-lots';
import { getLedgerTransaction, transactionIdOf } from '../../functions/data/ledger';
import {
  getCountedListeningOfDays,
  listPlaysBetween,
  recomputeDailyListening,
  savePlays,
} from '../../functions/data/listening';
import { getOfficeStripeAccount } from '../../functions/data/offices/stripe-account';
import type { StoredPie } from '../../functions/data/pies';
import { listAllFanPies } from '../../functions/data/pies';
import type { StoredTakeBack } from '../../functions/data/take-backs';
import { listPieTakeBacks } from '../../functions/data/take-backs';
import type { PieSplitMessage } from '../../functions/services/pie/pie-split';
import { fanOutPieSplits, splitEndedPie } from '../../functions/services/pie/pie-split';
import { returnAgedLots } from '../../functions/services/pie/escrow-aging';
import { resolveNameOnlyArtists } from '../../functions/services/pie/name-only-artists';
import { readPayout } from '../../functions/services/connect/balances';
import {
  createPayout,
  payoutDependencies,
  recordConnectPayoutEvent,
} from '../../functions/services/connect/payouts';
import { importListeningHistory } from '../../functions/services/listening/history-import';
import { toPlays } from '../../functions/domain/listening/plays';
import type { RecentlyPlayedItem } from '../../functions/domain/listening/plays';
import { normalizeArtistName } from '../../functions/domain/listening/rules';
import { accountIdOf, parseAccountId } from '../../functions/domain/money/ledger';
import { getClock } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import { approveClaim, givenVerifiedClaim } from '../support/factories/claims';
import { giveBack, previewGiveBack } from '../support/give-back';
import type { SignedInAccount } from '../support/identity';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from '../support/payments-harness';
import { bankFailsAfterPaid, givenOffice, onboardOffice } from '../support/payouts-harness';
import {
  chargesOf,
  ledger,
  moveClock,
  payCheckout,
  requestCheckout,
  sessionIdOf,
  startPaymentsHarness,
  walletAccountsOf,
} from '../support/payments-harness';
import { walletBalanceOf } from '../support/factories/ledger';
import { randomFrom } from '../support/seeded-random';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const log = createLogger('error', { test: 'money-month' });
const seed = 42;
const fanCount = 14;

const random = randomFrom(seed);
/** The paths this file added later draw from their own stream of the same seed, so the earlier paths stay as they were. */
const later = randomFrom(seed * 31 + 7);
function pick<T>(choices: readonly T[], from = random): T {
  const choice = choices[Math.floor(from() * choices.length)];
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
  /** Imports an export of the period that holds the plays the sync already stored. */
  importsOverSync: boolean;
  /** Plays of the artist the catalogue does not know yet, in that import (by name only). */
  newcomerPlays: number;
  /** What the sync stored of the fan's listening. */
  synced: RecentlyPlayedItem[];
}

let harness: PaymentsHarness | undefined;
afterAll(async () => {
  await harness?.stop();
});

/** Spotify-like ids (22 characters). */
const spotifyId = () => randomUUID().replaceAll('-', '').slice(0, 22);
const artists = ['Month Band', 'Month Duo', 'Month Trio', 'Month Solo'].map((name) => ({
  id: spotifyId(),
  name: `${name} ${seed}`,
}));
/** Heard only in imports, by name, until the catalogue learns the artist late in the month. */
const newcomer = { id: spotifyId(), name: `Month Newcomer ${seed}` };

/** The sync reads the fan's plays of the period from Spotify's recently played, stored as the sync stores them. */
async function listen(fan: Fan, pie: StoredPie): Promise<void> {
  const fanId = fan.account.userId;
  fan.synced = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => ({
    // Spotify gives the end to the millisecond; the exports give it to the second or the minute
    played_at: new Date(Date.parse(pie.periodStart) + (1 + index) * day + 137 * (index + 1)).toISOString(),
    track: {
      id: spotifyId(),
      name: `Track ${index}`,
      duration_ms: 60_000 + Math.floor(random() * 600_000),
      artists: [pick(artists)],
    },
  }));
  const saved = await savePlays(testTable(), fanId, toPlays({ items: fan.synced }, null));
  await recomputeDailyListening(testTable(), fanId, saved.days);
}

/**
 * The fan imports Spotify's extended history of the period: the plays the sync stored (to the second, with their
 * track) when the export overlaps the sync, and the plays of the newcomer, whom the catalogue does not know.
 */
async function importExport(fan: Fan, pie: StoredPie) {
  const overlapping = fan.importsOverSync ? fan.synced : [];
  const records = [
    ...overlapping.map((item) => ({
      ts: `${item.played_at.slice(0, 19)}Z`,
      ms_played: item.track.duration_ms,
      master_metadata_track_name: item.track.name,
      master_metadata_album_artist_name: item.track.artists[0]?.name ?? '',
      master_metadata_album_album_name: 'Album',
      spotify_track_uri: `spotify:track:${item.track.id}`,
    })),
    ...Array.from({ length: fan.newcomerPlays }, (_, index) => ({
      ts: new Date(Date.parse(pie.periodStart) + (10 + index) * day).toISOString().replace('.000Z', 'Z'),
      ms_played: 300_000 + Math.floor(later() * 900_000),
      master_metadata_track_name: `First Song ${index}`,
      master_metadata_album_artist_name: newcomer.name,
      master_metadata_album_album_name: 'Debut',
      spotify_track_uri: `spotify:track:${spotifyId()}`,
    })),
  ];
  const result = await importListeningHistory(
    { table: testTable(), clock: getClock() },
    fan.account.userId,
    historyImportSchema.parse({ source: 'spotify-extended', records }),
  );
  return { result, overlapping: overlapping.length };
}

async function pay(h: PaymentsHarness, fan: Fan): Promise<void> {
  const checkouts = await Promise.all(
    (fan.doubleCheckout ? [1, 2] : [1]).map(() => requestCheckout(fan.account, fan.amountCents)),
  );
  const urls = checkouts.map((checkout) => dataOf<{ url: string }>(checkout).url);
  // A double click opens one session: both answers name it
  expect(new Set(urls).size).toBe(1);
  await payCheckout(h.sandbox, sessionIdOf(urls[0] ?? ''), testCards[fan.card]);
}

async function refund(h: PaymentsHarness, fan: Fan): Promise<void> {
  const charge = (await chargesOf(h, fan.account.userId))[0];
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
    { table: testTable(), queue: { sendAll: async (m: readonly PieSplitMessage[]) => void sent.push(...m) } },
    { runId: 'month', log, now: getClock().now() },
  );
  const deps = {
    table: testTable(),
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
  const pies = await listAllFanPies(testTable(), fanId);
  const takeBacks: StoredTakeBack[] = (
    await Promise.all(pies.map((pie) => listPieTakeBacks(testTable(), pie.id)))
  ).flat();
  const totals = { paid: 0, fees: 0, splitToArtists: 0, returned: 0, givenBack: 0 };
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
      // A give-back credits many fans in one transaction: only this fan's credit is theirs
      if (transaction.kind === 'give-back' && posting.accountId === `fan-wallet:${fanId}`)
        totals.givenBack += posting.amountCents;
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
        importsOverSync: later() < 0.6,
        newcomerPlays: pick([0, 1, 2, 3], later),
        synced: [],
      });
    }
    await upsertCatalogueArtists(testTable(), artists, new Date());
    // Act: everyone pays and listens; two days on, the disputes and inquiries come, and the refunds before the split
    for (const fan of fans) {
      await pay(h, fan);
      const [pie] = await listAllFanPies(testTable(), fan.account.userId);
      if (pie) await listen(fan, pie);
    }
    // …some fans delete their accounts (their sessions are fresh; what they paid for still runs its course)
    const { handler: fanAuth } = await import('../../functions/handlers/fan-auth');
    for (const fan of fans.filter((f) => f.deletesAccount)) {
      const deleted = await call(fanAuth, 'DELETE', '/api/auth/account', { cookies: [fan.account.cookie] });
      expect(deleted.statusCode).toBe(200);
    }
    await moveClock(h, 2 * day + 60_000);
    for (const fan of fans.filter((f) => f.refund.endsWith('before'))) await refund(h, fan);
    // …the period ends; fans who kept their account import their export of it (some over the synced days, some with
    // plays of an artist the catalogue does not know); subscriptions renew, every pie due is split
    await moveClock(h, 28 * day + 60_000);
    const imports: { fan: Fan; pie: StoredPie; imported: Awaited<ReturnType<typeof importExport>> }[] = [];
    for (const fan of fans.filter((f) => !f.deletesAccount && (f.importsOverSync || f.newcomerPlays > 0))) {
      const [pie] = (await listAllFanPies(testTable(), fan.account.userId)).sort((a, b) =>
        a.periodStart.localeCompare(b.periodStart),
      );
      if (pie) imports.push({ fan, pie, imported: await importExport(fan, pie) });
    }
    await splitEverythingDue();
    // …refunds after the split; the banks decide the disputes
    for (const fan of fans.filter((f) => f.refund.endsWith('after'))) await refund(h, fan);
    const disputes = (await h.stripe.disputes.list({ limit: 100 })).data;
    for (const fan of fans.filter((f) => f.card === 'disputed')) {
      const charge = (await chargesOf(h, fan.account.userId))[0];
      const dispute = disputes.find((candidate) => candidate.charge === charge?.id);
      if (!dispute) throw new Error(`No dispute for ${fan.account.userId}`);
      await h.stripe.disputes.update(dispute.id, {
        evidence: { uncategorized_text: fan.disputeWon ? 'winning_evidence' : 'losing_evidence' },
      });
    }
    await h.sandbox.settle();
    // …the catalogue learns the newcomer: the escrow job moves the money held for the name to the artist, an office
    // claims the artist, staff approve the claim and the money is released to the office
    const nameKey = `name:${normalizeArtistName(newcomer.name)}`;
    const allPies = (
      await Promise.all(fans.map((fan) => listAllFanPies(testTable(), fan.account.userId)))
    ).flat();
    const lotsOfAll = async () =>
      (await Promise.all(allPies.map((pie) => listPieLots(testTable(), pie.id)))).flat();
    const heldForName = (await lotsOfAll()).filter(
      (lot) => lot.artistKey === nameKey && lot.status === 'held',
    );
    await upsertCatalogueArtists(testTable(), [{ ...newcomer, popularity: 20 }], getClock().now());
    const moved = await resolveNameOnlyArtists(
      { table: testTable(), clock: getClock(), siteOrigin: 'http://localhost:3000', spotify: null },
      { log },
    );
    const { claim, office, admin } = await givenVerifiedClaim(newcomer.id, 'Month Office');
    const staff = await createSignedInAccount('admin');
    expect((await approveClaim(claim._id, staff)).statusCode).toBe(200);
    const payable = accountIdOf('office-payable', office._id);
    const releasedCents = await (await ledger()).balance(payable);
    // …the office gives part of it back to the fans who funded the artist
    const target = { officeId: office._id, artistId: newcomer.id };
    const { availableCents } = dataOf<GiveBackPreviewReply>(await previewGiveBack(admin, target));
    const givenBackCents = Math.max(1, Math.floor(availableCents * (0.1 + later() * 0.3)));
    expect((await giveBack(admin, target, givenBackCents, `month-${seed}`)).statusCode).toBe(200);
    // …and pays out: first while the platform's Stripe balance has been moved elsewhere (Stripe refuses the transfer),
    // then, once the renewals' money is available, a part that reaches the bank and that the bank then fails (the
    // failure after paid is mocked: sandbox payouts always arrive), then what is left, which arrives
    const payouts = payoutDependencies();
    await onboardOffice({ deps: payouts, sandbox: h.sandbox }, office._id, admin.userId);
    const elsewhere = await givenOffice(payouts);
    const elsewhereAccount = await onboardOffice(
      { deps: payouts, sandbox: h.sandbox },
      elsewhere.officeId,
      elsewhere.admin,
    );
    const available = (await h.stripe.balance.retrieve()).available.find((each) => each.currency === 'usd');
    if (available && available.amount > 0)
      await h.stripe.transfers.create({
        amount: available.amount,
        currency: 'usd',
        destination: elsewhereAccount,
      });
    const refused = await createPayout(payouts, admin.userId, { officeId: office._id }, log);
    await moveClock(h, 3 * day);
    await h.sandbox.settle();
    const payableBefore = await (await ledger()).balance(payable);
    const firstPart = 1000 + Math.floor(later() * Math.max(0, payableBefore - 1000));
    const paidThenFailed = await createPayout(
      payouts,
      admin.userId,
      { officeId: office._id, amountCents: firstPart },
      log,
    );
    await moveClock(h, 3 * day);
    await h.sandbox.settle();
    const arrived = await readPayout(payouts, admin.userId, office._id, paidThenFailed.id);
    const officeAccount = (await getOfficeStripeAccount(testTable(), office._id))?.accountId ?? null;
    const failing = bankFailsAfterPaid(await payouts.stripe());
    await recordConnectPayoutEvent(
      { ...payouts, stripe: () => Promise.resolve(failing.gateway) },
      { stripePayoutId: arrived.stripePayoutId ?? '', accountId: officeAccount },
      log,
    );
    const rest = await createPayout(payouts, admin.userId, { officeId: office._id }, log);
    await moveClock(h, 3 * day);
    await h.sandbox.settle();
    // …a year on, whatever nobody claimed goes back to the fans
    await returnAgedLots(
      { table: testTable(), clock: getClock(), siteOrigin: 'http://localhost:3000' },
      { log, now: new Date(getClock().now().getTime() + 400 * day) },
    );

    // Assess
    const books = await ledger();
    const paths = new Set<string>();
    const seen = {
      split: 0,
      fromLots: 0,
      fromWallet: 0,
      covered: 0,
      reinstated: 0,
      deletedReturns: 0,
      givenBack: 0,
    };
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
      const lots = (await Promise.all(pies.map((pie) => listPieLots(testTable(), pie.id)))).flat();
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
      // theirs: fees, what stayed with artists (held, released or paid out), and their wallet (returned lots included),
      // which also holds what artists gave back
      expect({ fanId, whole: totals.paid - backToCard + covered + totals.givenBack }).toEqual({
        fanId,
        whole: totals.fees + withArtists + wallet + returnedToPlatform,
      });
      seen.givenBack += totals.givenBack;
      if (fan.deletesAccount) seen.deletedReturns += returnedToPlatform;
      // No balance people are owed is below zero
      for (const account of await walletAccountsOf(fanId)) {
        expect(await books.balance(account)).toBeGreaterThanOrEqual(0);
      }
      // Each refund and dispute took money of its own pie only: never another pie's, never free credit
      for (const take of takeBacks) {
        const first = await getLedgerTransaction(testTable(), transactionIdOf(take.idempotencyKey));
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
    // Listening counted once: an import over synced days stored none of the synced plays again, only the newcomer's
    for (const { fan, pie, imported } of imports) {
      expect({
        fan: fan.account.userId,
        imported: imported.result.imported,
        again: imported.result.duplicates,
      }).toEqual({ fan: fan.account.userId, imported: fan.newcomerPlays, again: imported.overlapping });
      const stored = await listPlaysBetween(testTable(), fan.account.userId, pie.periodStart, pie.periodEnd);
      expect(stored.map((play) => play.source).sort()).toEqual(
        [
          ...fan.synced.map(() => 'spotify'),
          ...Array.from({ length: fan.newcomerPlays }, () => 'import'),
        ].sort(),
      );
      // …and the day totals the split read count each synced play once
      const days = await getCountedListeningOfDays(
        testTable(),
        fan.account.userId,
        fan.synced.map((item) => item.played_at.slice(0, 10)),
      );
      expect([...days.values()].reduce((sum, ms) => sum + ms, 0)).toBe(
        fan.synced.reduce((sum, item) => sum + item.track.duration_ms, 0),
      );
    }
    // The name-only artist's money moved to the artist once, all of it was released to the office, and the office's
    // money is what it was released less what it gave back and paid out: the failed payouts put theirs back
    const newcomerLots = (await lotsOfAll()).filter((lot) => lot.artistKey === `id:${newcomer.id}`);
    const heldCents = heldForName.reduce((sum, lot) => sum + lot.cents, 0);
    expect(moved).toMatchObject({ movedLots: heldForName.length, movedCents: heldCents });
    expect(newcomerLots.map((lot) => lot.status)).toEqual(heldForName.map(() => 'released'));
    expect(releasedCents).toBe(heldCents);
    expect(seen.givenBack).toBe(givenBackCents);
    expect(refused).toMatchObject({ status: 'failed', transferId: null });
    expect(refused.failureReason).toMatch(/insufficient/i);
    expect(failing.reversals.map((reversal) => reversal.idempotencyKey)).toEqual([
      `payout-return:${paidThenFailed.id}`,
    ]);
    expect(arrived.status).toBe('completed');
    expect((await readPayout(payouts, admin.userId, office._id, paidThenFailed.id)).status).toBe('failed');
    expect((await readPayout(payouts, admin.userId, office._id, rest.id)).status).toBe('completed');
    expect(rest.amountCents).toBe(releasedCents - givenBackCents);
    expect(await books.balance(payable)).toBe(0);
    for (const account of [
      payable,
      accountIdOf('connect-in-flight', office._id),
      accountIdOf('artist-earnings', newcomer.id),
      accountIdOf('artist-name-earnings', normalizeArtistName(newcomer.name).replaceAll(' ', '-')),
    ]) {
      expect(await books.balance(account)).toBe(0);
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
    expect(imports.filter(({ imported }) => imported.overlapping > 0).length).toBeGreaterThan(0);
    expect(heldForName.length).toBeGreaterThan(1);
    expect(givenBackCents).toBeGreaterThan(0);
  }, 240_000);
});
