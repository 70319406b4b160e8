import { describe, expect, it } from 'vitest';
import type { Posting } from '../../functions/domain/money/ledger';
import {
  fanOfAccount,
  accountIdOf,
  buildReversal,
  clearingAccountOf,
  planChunks,
  validateTransaction,
} from '../../functions/domain/money/ledger';

const wallet = accountIdOf('fan-wallet', 'fan-1');
const clearing = accountIdOf('stripe-clearing', 'platform');
const fees = accountIdOf('processing-fees', 'platform');

describe('ledger transactions', () => {
  it('accepts postings that sum to zero and sorts them by account', () => {
    // Act
    const valid = validateTransaction({
      kind: 'fan-payment',
      idempotencyKey: 'evt_1',
      postings: [
        { accountId: wallet, amountCents: 1000 },
        { accountId: clearing, amountCents: -1000 },
      ],
    });
    // Assess
    expect(valid.postings).toEqual([
      { accountId: 'fan-wallet:fan-1', amountCents: 1000 },
      { accountId: 'stripe-clearing:platform', amountCents: -1000 },
    ]);
  });

  it.each([
    ['an unbalanced sum', [1000, -999], /sum to 1 cents/],
    ['fractional cents', [10.5, -10.5], /whole cents/],
    ['a zero posting', [0, 0], /0 cents/],
  ])('refuses %s', (_name, [a, b], message) => {
    expect(() =>
      validateTransaction({
        kind: 'fan-payment',
        idempotencyKey: 'k',
        postings: [
          { accountId: wallet, amountCents: a ?? 0 },
          { accountId: clearing, amountCents: b ?? 0 },
        ],
      }),
    ).toThrow(message);
  });

  it('refuses one account twice and an unknown account type', () => {
    expect(() =>
      validateTransaction({
        kind: 'split',
        idempotencyKey: 'k',
        postings: [
          { accountId: wallet, amountCents: 5 },
          { accountId: wallet, amountCents: -5 },
        ],
      }),
    ).toThrow(/twice/);
    expect(() =>
      validateTransaction({
        kind: 'split',
        idempotencyKey: 'k',
        postings: [
          { accountId: 'piggy-bank:x' as typeof wallet, amountCents: 5 },
          { accountId: wallet, amountCents: -5 },
        ],
      }),
    ).toThrow(/not a ledger account/);
  });

  it('reverses by negating every posting and names the original', () => {
    // Act
    const reversal = buildReversal(
      {
        id: 'tx-1',
        postings: [
          { accountId: wallet, amountCents: -30 },
          { accountId: fees, amountCents: 30 },
        ],
      },
      'refund-1',
    );
    // Assess
    expect(reversal).toMatchObject({ kind: 'reversal', reverses: 'tx-1' });
    expect(reversal.postings).toEqual([
      { accountId: wallet, amountCents: 30 },
      { accountId: fees, amountCents: -30 },
    ]);
  });
});

describe('chunk planning', () => {
  it('keeps 48 postings whole and cuts 150 into chunks of 47 that each balance through the clearing account', () => {
    // Prepare: one wallet pays 149 artists 1 cent each, 149 cents in all
    const artists: Posting[] = Array.from({ length: 149 }, (_, i) => ({
      accountId: accountIdOf('artist-earnings', `a${String(i).padStart(3, '0')}`),
      amountCents: 1,
    }));
    const postings = [...artists, { accountId: wallet, amountCents: -149 }];
    const through = clearingAccountOf('tx-9');
    // Act
    const small = planChunks(postings.slice(0, 48), through);
    const chunks = planChunks(postings, through);
    // Assess
    expect(small).toHaveLength(1);
    expect(chunks.map((chunk) => chunk.length)).toEqual([48, 48, 48, 10]);
    // The guarded wallet debit comes first: 1 wallet −149, 46 artists +46, clearing +103.
    expect(chunks[0]?.[0]).toEqual({ accountId: wallet, amountCents: -149 });
    expect(chunks[0]?.at(-1)).toEqual({ accountId: through, amountCents: 103 });
    expect(chunks.map((chunk) => chunk.at(-1)?.amountCents)).toEqual([103, -47, -47, -9]);
    for (const chunk of chunks) expect(chunk.reduce((sum, p) => sum + p.amountCents, 0)).toBe(0);
  });
});

describe('the fan an account belongs to', () => {
  const fanOfPie = new Map([['pie-1', 'fan-a']]);

  it('is the owner of a fan wallet and the fan of a pie whose funds it is', () => {
    expect(fanOfAccount('fan-wallet:fan-b', fanOfPie)).toBe('fan-b');
    expect(fanOfAccount('pie-funds:pie-1', fanOfPie)).toBe('fan-a');
  });

  it('is no one for a pie it does not know, an artist or the platform', () => {
    expect(fanOfAccount('pie-funds:pie-9', fanOfPie)).toBeUndefined();
    expect(fanOfAccount('artist-earnings:artist-1', fanOfPie)).toBeUndefined();
    expect(fanOfAccount('platform-fees:platform', fanOfPie)).toBeUndefined();
  });
});
