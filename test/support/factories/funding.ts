// Money for integration tests, booked the way the product books it: a fan's pie opened as a payment opens it, its
// money booked as a payment books it (or at once, its payment's net in the pie's own money), the pie split when its
// period ended, and an office whose successful claim of a catalogue artist received fans' money (a split-like
// transaction credits the artist, lots are held, and the claim's release moves them to the office), and money held
// for a name no catalogue artist holds yet. Pies, fans, offices and artists are new on every call.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { PieSettings, StoredPie } from '../../../functions/data/pies';
import type { EscrowLot } from '../../../functions/domain/money/escrow';
import { accountIdOf } from '../../../functions/domain/money/ledger';
import type { Clock } from '../../../functions/runtime/clock';
import { createFixedClock, getClock } from '../../../functions/runtime/clock';
import { createLogger } from '../../../functions/runtime/logger';
import type { OpenPieInput } from '../../../functions/services/payments/pies';
import type { SignedInAccount } from '../identity';
import { createSignedInAccount } from '../identity';
import { testTable } from '../test-table';
import { givenArtist } from './catalogue';
import type { HeldShare } from './escrow';
import { givenHeldLots, heldLotOf } from './escrow';
import { byStaff, givenClaim, moveClaimTo } from './claims';
import { givenOfficeAdmin } from './offices';

const dayMs = 86_400_000;
const log = createLogger('silent');

/** What a split needs: the table, the clock (the product's, which a test may move, unless given) and a year's holding. */
export function splitDeps(clock: Clock = getClock()) {
  return { table: testTable(), clock, siteOrigin: 'http://localhost:3000', escrowHoldingMonths: 12 };
}

/** Every artist allowed: no limit, no popularity bar, inactive artists kept. */
export const noTilt: PieSettings = { artistLimit: 0, artistPopularity: 0, excludeNonActive: false };

/** What a test may set of a pie it opens; by default a $10 pie of 30 days, Stripe's fee 59, every artist allowed. */
export type PieOptions = Partial<Omit<OpenPieInput, 'fanId' | 'periodStart'>>;

/** A pie of the fan from `start`, opened as a payment opens it; its money is booked apart (see fundPieMoney). */
export async function givenOpenPie(fanId: string, start: Date, options: PieOptions = {}): Promise<StoredPie> {
  const { openPie } = await import('../../../functions/services/payments/pies');
  return openPie(
    { table: testTable(), clock: createFixedClock(start) },
    {
      pieId: `pie_${randomUUID().replaceAll('-', '')}`,
      promo: false,
      pieDays: 30,
      amountCents: 1000,
      processingFeeCents: 59,
      settings: noTilt,
      subscriptionId: null,
      invoiceId: null,
      ...options,
      fanId,
      periodStart: start,
    },
  );
}

/**
 * A pie's money (docs/decisions/031-money-by-origin.md), as a payment books it: its amount into the pie's own account
 * in the fan's wallet (from promo funding for a promo pie), and Stripe's fee out of it once known. Without it a pie
 * has nothing to split, as it would in the product.
 */
export async function fundPieMoney(
  pie: { id: string; amountCents: number; processingFeeCents: number | null; promo?: boolean },
  at = new Date(),
): Promise<void> {
  const { postTransaction } = await import('../../../functions/services/ledger');
  const deps = { table: testTable(), clock: createFixedClock(at) };
  const funds = accountIdOf('pie-funds', pie.id);
  const kind = pie.promo ? 'promo-funding' : 'fan-payment';
  const key = randomUUID();
  await postTransaction(deps, {
    kind,
    idempotencyKey: `${kind}:${key}`,
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

/**
 * A paid pie of the fan over the 30 days from `start` (by default $10 with Stripe's fee of 59: 941 in its own money,
 * booked as one payment of the net before the pie opens), no subscription behind it, every artist allowed.
 */
export async function givenPaidPie(
  fanId: string,
  start: Date,
  money: { amountCents: number; processingFeeCents: number } = { amountCents: 1000, processingFeeCents: 59 },
): Promise<StoredPie> {
  const { postTransaction } = await import('../../../functions/services/ledger');
  const pieId = `pie_${randomUUID().replaceAll('-', '')}`;
  const net = money.amountCents - money.processingFeeCents;
  await postTransaction(
    { table: testTable(), clock: createFixedClock(start) },
    {
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:${randomUUID()}`,
      postings: [
        { accountId: accountIdOf('pie-funds', pieId), amountCents: net },
        { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -net },
      ],
    },
  );
  return givenOpenPie(fanId, start, { pieId, ...money });
}

/** Splits the pie at `at` (its period over) and checks that all of its money (less Stripe's fee) was allocated. */
export async function givenSplitPie(pie: StoredPie, at: Date): Promise<void> {
  const { splitEndedPie } = await import('../../../functions/services/pie/pie-split');
  const result = await splitEndedPie(splitDeps(createFixedClock(at)), pie.id, { log });
  expect(result).toMatchObject({
    outcome: 'split',
    allocatedCents: pie.amountCents - (pie.processingFeeCents ?? 0),
  });
}

/**
 * Marks the pie split as the split's last step does, its receipt (split on 1 June 2026) giving all of `cents` to one
 * artist and holding it until June 2027.
 */
export async function markPieSplitWith(pieId: string, cents: number): Promise<void> {
  const { markPieSplit } = await import('../../../functions/data/pies');
  const marked = await markPieSplit(testTable(), pieId, {
    outcome: 'split',
    splitAt: '2026-06-01T00:00:00.000Z',
    allocatedCents: cents,
    keptInWalletCents: 0,
    artistCount: 1,
    heldCents: cents,
    heldArtistCount: 1,
    heldUntil: '2027-06-01',
  });
  expect(marked).toBe(true);
}

export interface GivenFundedOffice {
  admin: SignedInAccount;
  officeId: string;
  artistId: string;
  artistName: string;
  claimId: string;
  /** The fans who gave, one per gift, in the gifts' order. */
  fans: SignedInAccount[];
  /** Fans known only by id (no account, so never mailed): many funders without signing up each. */
  bareFanIds: string[];
}

/** One fan's gift: cents, or cents with how many days ago the fan's pie ended (else the office's `daysAgo`). */
export type Gift = number | { cents: number; daysAgo: number };

/**
 * An office (`officeName`) whose successful claim of a new catalogue artist (named `<artistPrefix> <6 characters>`)
 * received `gifts` (cents per fan, one pie each, ended `daysAgo` days ago unless the gift says otherwise) through the
 * claim's release; and `bare.count` more fans known only by id, each of whom gave `bare.cents` (their pies paid in one
 * transaction, released like the others).
 */
export async function givenOfficeWithFunding(
  gifts: readonly Gift[],
  options: {
    daysAgo?: number;
    bare?: { count: number; cents: number };
    officeName?: string;
    artistPrefix?: string;
  } = {},
): Promise<GivenFundedOffice> {
  const { daysAgo = 20, bare = { count: 0, cents: 0 } } = options;
  const deps = { table: testTable(), clock: getClock(), siteOrigin: 'http://localhost:3000' };
  const { admin, office } = await givenOfficeAdmin(options.officeName ?? 'Give Back Records');
  const artist = await givenArtist(`${options.artistPrefix ?? 'Generous Echo'} ${randomUUID().slice(0, 6)}`);
  const { _id: claimId } = await givenClaim(admin, artist.id, office._id);
  await moveClaimTo(claimId, 'Verified', byStaff, 'bio found');
  const claim = await moveClaimTo(claimId, 'Successful', byStaff, 'approved');

  const fans: SignedInAccount[] = [];
  const endedDaysAgo = (ago: number) => new Date(deps.clock.now().getTime() - ago * dayMs).toISOString();
  const shares: HeldShare[] = [];
  for (const gift of gifts) {
    const { cents, daysAgo: ago } = typeof gift === 'number' ? { cents: gift, daysAgo } : gift;
    const fan = await createSignedInAccount('fan');
    fans.push(fan);
    shares.push({ fanId: fan.userId, cents, heldFrom: endedDaysAgo(ago) });
  }
  const lots = await givenHeldLots(artist, shares);
  const bareFanIds = Array.from({ length: bare.count }, (_, index) => `fan-bulk-${index}-${randomUUID()}`);
  if (bare.count > 0) {
    // Their money in one payment straight to the artist, and their lots stored at once: no transactions per fan.
    const { postTransaction } = await import('../../../functions/services/ledger');
    const { putEscrowLots } = await import('../../../functions/data/escrow-lots');
    const total = bare.count * bare.cents;
    await postTransaction(deps, {
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:bulk:${randomUUID()}`,
      postings: [
        { accountId: accountIdOf('artist-earnings', artist.id), amountCents: total },
        { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -total },
      ],
    });
    const bareLots = bareFanIds.map((fanId) =>
      heldLotOf(
        artist,
        accountIdOf('artist-earnings', artist.id),
        { fanId, cents: bare.cents, pieId: `pie_${randomUUID().replaceAll('-', '')}` },
        endedDaysAgo(daysAgo),
      ),
    );
    await putEscrowLots(deps.table, bareLots);
    lots.push(...bareLots);
  }
  const { releaseLotsToClaim } = await import('../../../functions/services/claims/release');
  await releaseLotsToClaim(deps, claim, lots, { mail: false });
  return {
    admin,
    officeId: office._id,
    artistId: artist.id,
    artistName: artist.name,
    claimId,
    fans,
    bareFanIds,
  };
}

/**
 * `count` lots held for a name the catalogue does not know, as splits of May 2026 leave them: one new fan's pies of
 * 100 + i cents (no fee) each, opened, paid and split to the name's account, held from June 2026 for a year; each pie
 * marked split unless told (a split not finished yet). The name is not registered as an import would register it.
 */
export async function givenNameLots(
  name: string,
  count: number,
  { splitFinished = true }: { splitFinished?: boolean } = {},
): Promise<EscrowLot[]> {
  const fan = await createSignedInAccount('fan');
  const shares: HeldShare[] = [];
  for (let index = 0; index < count; index += 1) {
    const cents = 100 + index;
    const pie = await givenOpenPie(fan.userId, new Date('2026-05-02T00:00:00.000Z'), {
      amountCents: cents,
      processingFeeCents: 0,
    });
    shares.push({ fanId: fan.userId, cents, pieId: pie.id });
  }
  const lots = await givenHeldLots({ id: null, name }, shares, {
    heldFrom: '2026-06-01T00:00:00.000Z',
    heldUntil: '2027-06-01T00:00:00.000Z',
  });
  if (splitFinished) for (const lot of lots) await markPieSplitWith(lot.pieId, lot.cents);
  return lots;
}
