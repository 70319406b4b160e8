// The sandbox's Checkout refuses a card past its expiry at product time (local/stripe-sandbox/cards.ts), so the cards
// the seeds, tests and the simulation type take their expiry from product time (cardExpiryAfter).
import { describe, expect, it } from 'vitest';
import { cardExpiryAfter, parseExpiry } from '../../local/stripe-sandbox/cards';

const unixSeconds = (iso: string) => Date.parse(iso) / 1000;

describe('card expiry in the Stripe sandbox', () => {
  it('reads MM / YY as the end of that month, and refuses it from the next', () => {
    // Act + Assess
    expect(parseExpiry('12 / 34', unixSeconds('2034-12-31T23:59:59Z'))).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('12 / 34', unixSeconds('2035-01-01T00:00:00Z'))).toBeNull();
    expect(parseExpiry('12/2034', unixSeconds('2034-06-01T00:00:00Z'))).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13 / 34', unixSeconds('2026-01-01T00:00:00Z'))).toBeNull();
  });

  it('gives a card that is still valid years after the product time it was typed at', () => {
    // Prepare: the simulation's product time starts in 2031 and runs 120 months
    const typedAt = new Date('2039-11-27T10:00:00Z');
    // Act
    const expiry = cardExpiryAfter(typedAt);
    // Assess
    expect(expiry).toBe('12 / 44');
    expect(parseExpiry(expiry, unixSeconds('2039-11-27T10:00:00Z'))).not.toBeNull();
    expect(parseExpiry(expiry, unixSeconds('2044-12-31T00:00:00Z'))).not.toBeNull();
  });
});
