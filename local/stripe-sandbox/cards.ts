// Stripe's test cards, as Stripe documents them: what a card number does when it is charged.

/** What a card's payment is disputed as: a chargeback (funds withdrawn) or an inquiry (none withdrawn). */
export type DisputeKind = 'chargeback' | 'inquiry';

export type CardOutcome =
  | { ok: true; brand: string; dispute: DisputeKind | null }
  | { ok: false; code: string; declineCode?: string; message: string };

const outcomes: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true, brand: 'visa', dispute: null },
  '5555555555554444': { ok: true, brand: 'mastercard', dispute: null },
  '4000000000000259': { ok: true, brand: 'visa', dispute: 'chargeback' },
  '4000000000001976': { ok: true, brand: 'visa', dispute: 'inquiry' },
  '4000000000000002': {
    ok: false,
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    ok: false,
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    ok: false,
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};

/** Stripe's test payment methods (`pm_card_visa` …) and the card behind each. */
export const testPaymentMethods: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_createDispute: '4000000000000259',
  pm_card_createDisputeInquiry: '4000000000001976',
};

export function normalizeCardNumber(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function cardOutcome(number: string): CardOutcome {
  const digits = normalizeCardNumber(number);
  const known = outcomes[digits];
  if (known) return known;
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  return {
    ok: false,
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  };
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A card expiry (`MM / YY`) five years after `now`, for the cards the seeds, tests and the simulation type: Checkout
 * refuses a card past its expiry at product time, and a fixed one (`12 / 34`) made every checkout of the simulation's
 * world decline from its 48th month (its product time starts in 2031); the seeds and payment tests would have failed
 * from 2035 on.
 */
export function cardExpiryAfter(now: Date): string {
  return `12 / ${String((now.getUTCFullYear() + 5) % 100).padStart(2, '0')}`;
}

/** `MM / YY`, `MM/YY` or `MM/YYYY`; null when malformed or in the past at `now` (unix seconds). */
export function parseExpiry(expiry: string, now: number): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endOfMonth = Date.UTC(year, month, 1) / 1000;
  return endOfMonth > now ? { month, year } : null;
}
