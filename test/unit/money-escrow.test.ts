// The split run's pure money rules (functions/domain/money/escrow.ts): which pies are split, the artist accounts,
// the split's postings, the holding period's calendar months, the lots and their totals.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  artistEarningsAccountOf,
  buildEscrowLots,
  buildEscrowReturnPostings,
  buildSplitPostings,
  escrowReturnIdempotencyKey,
  hasPeriodEnded,
  heldUntilOf,
  isSplittablePie,
  summariseLots,
} from '../../functions/domain/money/escrow';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const accountOf = (key: string) => artistEarningsAccountOf(key, sha);

describe('isSplittablePie', () => {
  it('splits open pies and pies whose renewal failed, never refunded or disputed ones', () => {
    // Prepare
    const periodEnd = '2026-10-31T15:00:00.000Z';
    // Act
    const answers = [
      isSplittablePie({ status: 'open', inactiveReason: null, periodEnd }),
      isSplittablePie({ status: 'inactive', inactiveReason: 'renewal-failed', periodEnd }),
      isSplittablePie({ status: 'inactive', inactiveReason: 'refunded', periodEnd }),
      isSplittablePie({ status: 'inactive', inactiveReason: 'disputed', periodEnd }),
      isSplittablePie({ status: 'split', inactiveReason: null, periodEnd }),
    ];
    // Assess
    expect(answers).toEqual([true, true, false, false, false]);
  });

  it('counts a period as ended from its end instant on', () => {
    // Prepare
    const pie = { periodEnd: '2026-10-31T15:00:00.000Z' };
    // Act / Assess
    expect(hasPeriodEnded(pie, new Date('2026-10-31T14:59:59.999Z'))).toBe(false);
    expect(hasPeriodEnded(pie, new Date('2026-10-31T15:00:00.000Z'))).toBe(true);
  });
});

describe('artistEarningsAccountOf', () => {
  it('credits catalogue artists to artist-earnings and name-only artists to artist-name-earnings', () => {
    // Act / Assess
    expect(accountOf('id:4Z8W4fKeB5YxbusRsdQVPb')).toBe('artist-earnings:4Z8W4fKeB5YxbusRsdQVPb');
    expect(accountOf('name:the unsigned')).toBe('artist-name-earnings:the-unsigned');
  });

  it('keeps a name too long for an account owner distinct by a hash of the whole', () => {
    // Prepare
    const long = 'a '.repeat(150).trim();
    const longer = `${long} b`;
    // Act
    const first = accountOf(`name:${long}`);
    const second = accountOf(`name:${longer}`);
    // Assess
    expect(first.length).toBeLessThanOrEqual('artist-name-earnings:'.length + 200);
    expect(first).not.toBe(second);
    expect(first.startsWith(`artist-name-earnings:${'a-'.repeat(75)}`)).toBe(true);
  });

  it('gives a name of punctuation only, which normalises to nothing, an account of its own', () => {
    // Act / Assess
    expect(accountOf('name:')).toBe('artist-name-earnings:-');
  });

  it('refuses a key that is no split key', () => {
    // Act / Assess
    expect(() => accountOf('spotify:abc')).toThrow(RangeError);
  });
});

describe('buildSplitPostings', () => {
  it('debits the accounts that fund it for the net and the platform fee, and credits each artist and the platform', () => {
    // Prepare: the pie's own money gives 861, the fan's free credit carries 100
    const payouts = [
      { artistKey: 'id:a', artistId: 'a', artistName: 'A', cents: 706 },
      { artistKey: 'name:b', artistId: null, artistName: 'B', cents: 235 },
    ];
    // Act
    const postings = buildSplitPostings({
      sources: [
        { accountId: 'pie-funds:pie_1', cents: 861 },
        { accountId: 'fan-wallet:fan-1', cents: 100 },
      ],
      netCents: 941,
      platformFeeCents: 20,
      payouts,
      accountOf,
    });
    // Assess
    expect(postings).toEqual([
      { accountId: 'pie-funds:pie_1', amountCents: -861 },
      { accountId: 'fan-wallet:fan-1', amountCents: -100 },
      { accountId: 'artist-earnings:a', amountCents: 706 },
      { accountId: 'artist-name-earnings:b', amountCents: 235 },
      { accountId: 'platform-fees:platform', amountCents: 20 },
    ]);
    expect(postings.reduce((sum, posting) => sum + posting.amountCents, 0)).toBe(0);
  });

  it('refuses payouts that do not add up to the net', () => {
    // Prepare
    const payouts = [{ artistKey: 'id:a', artistId: 'a', artistName: 'A', cents: 940 }];
    // Act / Assess
    const sources = [{ accountId: 'pie-funds:pie_1' as const, cents: 941 }];
    expect(() =>
      buildSplitPostings({ sources, netCents: 941, platformFeeCents: 0, payouts, accountOf }),
    ).toThrow(/940 cents, not the net of 941/);
  });

  it('refuses sources that do not add up to the net and the platform fee', () => {
    // Prepare
    const payouts = [{ artistKey: 'id:a', artistId: 'a', artistName: 'A', cents: 941 }];
    const sources = [{ accountId: 'pie-funds:pie_1' as const, cents: 900 }];
    // Act / Assess
    expect(() =>
      buildSplitPostings({ sources, netCents: 941, platformFeeCents: 0, payouts, accountOf }),
    ).toThrow(/900 cents, not the 941/);
  });
});

describe('heldUntilOf', () => {
  it('adds calendar months at the same time of day', () => {
    // Act / Assess
    expect(heldUntilOf('2026-10-31T15:00:00.000Z', 12)).toBe('2027-10-31T15:00:00.000Z');
    expect(heldUntilOf('2026-11-30T09:30:00.000Z', 12)).toBe('2027-11-30T09:30:00.000Z');
    expect(heldUntilOf('2026-11-15T00:00:00.000Z', 3)).toBe('2027-02-15T00:00:00.000Z');
  });

  it('takes the last day of a shorter month, in leap years too', () => {
    // Act / Assess
    expect(heldUntilOf('2027-01-31T12:00:00.000Z', 1)).toBe('2027-02-28T12:00:00.000Z');
    expect(heldUntilOf('2027-01-31T12:00:00.000Z', 13)).toBe('2028-02-29T12:00:00.000Z');
    expect(heldUntilOf('2028-02-29T12:00:00.000Z', 12)).toBe('2029-02-28T12:00:00.000Z');
  });

  it('refuses a holding period that is not a whole number of months', () => {
    // Act / Assess
    expect(() => heldUntilOf('2026-10-31T15:00:00.000Z', 1.5)).toThrow(RangeError);
    expect(() => heldUntilOf('not a date', 12)).toThrow(RangeError);
  });
});

describe('escrow lots', () => {
  const payouts = [
    { artistKey: 'id:a', artistId: 'a', artistName: 'A', cents: 706 },
    { artistKey: 'name:b', artistId: null, artistName: 'B', cents: 235 },
  ];

  it('holds one lot per paid artist until the end of the holding period', () => {
    // Act
    const lots = buildEscrowLots({
      pieId: 'pie_1',
      fanId: 'fan-1',
      periodEnd: '2026-10-31T15:00:00.000Z',
      holdingMonths: 12,
      payouts,
      accountOf,
    });
    // Assess
    expect(lots).toEqual([
      {
        pieId: 'pie_1',
        fanId: 'fan-1',
        artistKey: 'id:a',
        artistId: 'a',
        artistName: 'A',
        accountId: 'artist-earnings:a',
        cents: 706,
        status: 'held',
        heldFrom: '2026-10-31T15:00:00.000Z',
        heldUntil: '2027-10-31T15:00:00.000Z',
      },
      {
        pieId: 'pie_1',
        fanId: 'fan-1',
        artistKey: 'name:b',
        artistId: null,
        artistName: 'B',
        accountId: 'artist-name-earnings:b',
        cents: 235,
        status: 'held',
        heldFrom: '2026-10-31T15:00:00.000Z',
        heldUntil: '2027-10-31T15:00:00.000Z',
      },
    ]);
  });

  it('adds up held, returned and released money, with the first day held money goes back', () => {
    // Prepare
    const lots = [
      { cents: 300, status: 'held' as const, heldUntil: '2027-11-30T10:00:00.000Z' },
      { cents: 12, status: 'held' as const, heldUntil: '2027-10-31T15:00:00.000Z' },
      { cents: 100, status: 'returned' as const, heldUntil: '2027-01-01T00:00:00.000Z' },
      { cents: 50, status: 'released' as const, heldUntil: '2027-01-01T00:00:00.000Z' },
    ];
    // Act
    const totals = summariseLots(lots);
    // Assess
    expect(totals).toEqual({
      held: { artistCount: 2, cents: 312, returnsOn: '2027-10-31' },
      returnedCents: 100,
      releasedCents: 50,
      takenBackCents: 0,
    });
    // A refund took 40 of a held lot and the whole of another: what is left stays held, the rest counts as taken back
    const refunded = summariseLots([
      { cents: 60, status: 'held', heldUntil: '2027-10-31T00:00:00.000Z', takenBackCents: 40 },
      { cents: 0, status: 'taken-back', heldUntil: '2027-10-31T00:00:00.000Z', takenBackCents: 25 },
    ]);
    expect(refunded.held.cents).toBe(60);
    expect(refunded.held.artistCount).toBe(1);
    expect(refunded.takenBackCents).toBe(65);
    expect(summariseLots([]).held).toEqual({ artistCount: 0, cents: 0, returnsOn: null });
  });

  it('returns a lot from the artist to the money of its own pie, under a key of its pie and artist', () => {
    // Prepare
    const lot = {
      pieId: 'pie_1',
      fanId: 'fan-1',
      artistKey: 'name:b',
      accountId: accountOf('name:b'),
      cents: 235,
    };
    // Act / Assess
    expect(buildEscrowReturnPostings(lot)).toEqual([
      { accountId: 'artist-name-earnings:b', amountCents: -235 },
      { accountId: 'pie-funds:pie_1', amountCents: 235 },
    ]);
    // A fan who deleted their account: the platform's named account keeps it, for staff to see
    expect(buildEscrowReturnPostings(lot, { fanDeleted: true })).toEqual([
      { accountId: 'artist-name-earnings:b', amountCents: -235 },
      { accountId: 'deleted-fan-returns:platform', amountCents: 235 },
    ]);
    expect(escrowReturnIdempotencyKey(lot)).toBe('escrow-return:pie_1:name:b');
    const long = {
      ...lot,
      artistKey: `name:${'x'.repeat(400)}`,
      accountId: accountOf(`name:${'x'.repeat(400)}`),
    };
    expect(escrowReturnIdempotencyKey(long).length).toBeLessThanOrEqual(300);
  });
});
