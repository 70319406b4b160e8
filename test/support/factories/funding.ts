// Money for integration tests, booked the way the product books it: a fan's pie opened as a payment opens it, its
// money booked as a payment books it (or at once, its payment's net in the pie's own money), the pie split when its
// period ended, and an office whose successful claim of a catalogue artist received fans' money (a split-like
// transaction credits the artist, lots are held, and the claim's release moves them to the office). Pies, fans,
// offices and artists are new on every call.
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

function heldLot(
  artist: { id: string; name: string },
  fanId: string,
  pieId: string,
  cents: number,
  periodEnd: string,
): EscrowLot {
  return {
    pieId,
    fanId,
    artistKey: `id:${artist.id}`,
    artistId: artist.id,
    artistName: artist.name,
    accountId: accountIdOf('artist-earnings', artist.id),
    cents,
    status: 'held',
    heldFrom: periodEnd,
    heldUntil: new Date(Date.parse(periodEnd) + 365 * dayMs).toISOString(),
  };
}

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

  const { postTransaction } = await import('../../../functions/services/ledger');
  const { putEscrowLots } = await import('../../../functions/data/escrow-lots');
  const fans: SignedInAccount[] = [];
  const lots: EscrowLot[] = [];
  const endedDaysAgo = (ago: number) => new Date(deps.clock.now().getTime() - ago * dayMs).toISOString();
  for (const gift of gifts) {
    const { cents, daysAgo: ago } = typeof gift === 'number' ? { cents: gift, daysAgo } : gift;
    const fan = await createSignedInAccount('fan');
    fans.push(fan);
    const pieId = `pie_${randomUUID().replaceAll('-', '')}`;
    await postTransaction(deps, {
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:${pieId}`,
      postings: [
        { accountId: accountIdOf('fan-wallet', fan.userId), amountCents: cents },
        { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -cents },
      ],
    });
    await postTransaction(deps, {
      kind: 'split',
      idempotencyKey: `split:${pieId}`,
      postings: [
        { accountId: accountIdOf('fan-wallet', fan.userId), amountCents: -cents },
        { accountId: accountIdOf('artist-earnings', artist.id), amountCents: cents },
      ],
    });
    lots.push(heldLot(artist, fan.userId, pieId, cents, endedDaysAgo(ago)));
  }
  const bareFanIds = Array.from({ length: bare.count }, (_, index) => `fan-bulk-${index}-${randomUUID()}`);
  if (bare.count > 0) {
    const total = bare.count * bare.cents;
    await postTransaction(deps, {
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:bulk:${randomUUID()}`,
      postings: [
        { accountId: accountIdOf('artist-earnings', artist.id), amountCents: total },
        { accountId: accountIdOf('stripe-clearing', 'platform'), amountCents: -total },
      ],
    });
    for (const fanId of bareFanIds) {
      const pieId = `pie_${randomUUID().replaceAll('-', '')}`;
      lots.push(heldLot(artist, fanId, pieId, bare.cents, endedDaysAgo(daysAgo)));
    }
  }
  await putEscrowLots(deps.table, lots);
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
