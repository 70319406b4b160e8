// Stripe's webhook signature check (functions/integrations/stripe/webhook-signature.ts) on the SDK's own verifier,
// with the product clock's time and several secrets. Headers are signed here as Stripe signs them (HMAC-SHA256 of
// `${t}.${body}`), so each case differs from a good delivery in exactly one way.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyStripeWebhook } from '../../functions/integrations/stripe/webhook-signature';

const secret = 'whsec_test_current_0123456789';
const oldSecret = 'whsec_test_previous_0123456789';
const signedAt = new Date('2026-11-24T10:00:00.000Z');
const t = Math.floor(signedAt.getTime() / 1000);

const body = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'invoice.paid',
  created: t,
  data: { object: { id: 'in_1', object: 'invoice', amount_paid: 1000 } },
});

function sign(payload: string, withSecret: string, at = t): string {
  return createHmac('sha256', withSecret).update(`${at}.${payload}`).digest('hex');
}

function verify(
  header: string | undefined,
  options: { payload?: string; now?: Date; secrets?: string[] } = {},
) {
  return verifyStripeWebhook({
    payload: Buffer.from(options.payload ?? body, 'utf8'),
    header,
    secrets: options.secrets ?? [secret],
    now: options.now ?? signedAt,
  });
}

const refused = { code: 'stripe_signature_invalid', kind: 'bad_request' };

describe('verifyStripeWebhook', () => {
  it('accepts a good signature and reads only the event id, type, object id and Connect account', () => {
    // Act
    const event = verify(`t=${t},v1=${sign(body, secret)}`);
    // Assess
    expect(event).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      created: t,
      object: { id: 'in_1', kind: 'invoice' },
      account: null,
    });
  });

  it("reads the connected account of a Connect event (an office's payout, decision 029)", () => {
    // Prepare
    const connect = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'payout.paid',
      created: t,
      account: 'acct_1',
      data: { object: { id: 'po_1', object: 'payout', amount: 975 } },
    });
    // Act
    const event = verify(`t=${t},v1=${sign(connect, secret)}`, { payload: connect });
    // Assess
    expect(event).toMatchObject({
      type: 'payout.paid',
      object: { id: 'po_1', kind: 'payout' },
      account: 'acct_1',
    });
  });

  it('refuses a tampered body', () => {
    // Prepare: signed, then one digit of the amount changed
    const header = `t=${t},v1=${sign(body, secret)}`;
    const tampered = body.replace('"amount_paid":1000', '"amount_paid":9000');
    // Act / Assess
    expect(() => verify(header, { payload: tampered })).toThrow(expect.objectContaining(refused));
  });

  it('refuses a timestamp older than 300 s by the product clock, and accepts one just inside', () => {
    const header = `t=${t},v1=${sign(body, secret)}`;
    expect(() => verify(header, { now: new Date(signedAt.getTime() + 301_000) })).toThrow(
      expect.objectContaining(refused),
    );
    expect(verify(header, { now: new Date(signedAt.getTime() + 300_000) }).id).toBe('evt_1');
  });

  it('refuses a missing or empty header', () => {
    expect(() => verify(undefined)).toThrow(expect.objectContaining(refused));
    expect(() => verify('  ')).toThrow(expect.objectContaining(refused));
  });

  it('refuses a good signature under the v0 scheme', () => {
    expect(() => verify(`t=${t},v0=${sign(body, secret)}`)).toThrow(expect.objectContaining(refused));
  });

  it('refuses a header without a timestamp, or of garbage', () => {
    expect(() => verify(`v1=${sign(body, secret)}`)).toThrow(expect.objectContaining(refused));
    expect(() => verify('not a signature')).toThrow(expect.objectContaining(refused));
  });

  it('accepts several v1 values when one of them is valid', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${sign(body, secret)},v1=${sign(body, 'whsec_other')}`;
    expect(verify(header).id).toBe('evt_1');
  });

  it('refuses several v1 values when none is valid', () => {
    const header = `t=${t},v1=${'0'.repeat(64)},v1=${sign(body, 'whsec_other')}`;
    expect(() => verify(header)).toThrow(expect.objectContaining(refused));
  });

  it('accepts a delivery signed with the previous secret during a rotation, and refuses it after', () => {
    const header = `t=${t},v1=${sign(body, oldSecret)}`;
    expect(verify(header, { secrets: [secret, oldSecret] }).id).toBe('evt_1');
    expect(() => verify(header, { secrets: [secret] })).toThrow(expect.objectContaining(refused));
  });

  it('refuses a signed body that is not a Stripe event as a bad request of another code', () => {
    const notEvent = JSON.stringify({ hello: 'world' });
    expect(() => verify(`t=${t},v1=${sign(notEvent, secret)}`, { payload: notEvent })).toThrow(
      expect.objectContaining({ kind: 'bad_request', code: 'bad_request' }),
    );
  });
});
