import { describe, expect, it } from 'vitest';
import { giveBackSchema } from '../../functions/contracts/give-back';

// The give-back's amount field says what is wrong with it: the probe sent 0 and 1.5 cents.

const valid = { officeId: 'office-1', artistId: 'artist-1', requestId: 'request-0001' };

function amountMessage(amountCents: unknown): string | undefined {
  const result = giveBackSchema.safeParse({ ...valid, amountCents });
  return result.error?.issues.find((issue) => issue.path[0] === 'amountCents')?.message;
}

describe('the give-back amount', () => {
  it.each([
    [0, 'The amount must be at least 1 cent'],
    [-5, 'The amount must be at least 1 cent'],
    [1.5, 'The amount must be whole cents, with no fraction of a cent'],
    [0.5, 'The amount must be whole cents, with no fraction of a cent'],
    [1e13, 'The amount must be at most $10,000,000,000.00'],
    ['10', 'Give the amount as a number of cents'],
  ])('answers %s with "%s"', (amountCents, message) => {
    expect(amountMessage(amountCents)).toBe(message);
  });

  it('takes a whole number of cents', () => {
    expect(giveBackSchema.safeParse({ ...valid, amountCents: 1 }).success).toBe(true);
  });
});
