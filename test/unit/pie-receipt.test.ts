// The mails of the split run (functions/services/pie/pie-receipt.ts): the receipt ("where your pie went"), nothing to
// split, and held money returned; dollars written from whole cents.
import { describe, expect, it } from 'vitest';
import type { RealtimeStats } from '../../functions/contracts/pie';
import type { StoredPieReceipt } from '../../functions/data/pie-receipts';
import {
  buildEscrowReturnedMail,
  buildNothingToSplitMail,
  buildPieReceiptMail,
  formatUsd,
} from '../../functions/services/pie/pie-receipt';

function artist(name: string, cents: number): RealtimeStats['includedArtists'][number] {
  return {
    artist_id: null,
    artist_name: name,
    total_time_listened: cents * 1000,
    total_tracks_listened: 1,
    popularity: null,
    manual_inclusion_status: false,
    is_banned: false,
    weight: cents * 1000,
    percentage: 0,
    cents,
  };
}

/** A $20 pie (fees 88 + 20) paid to twelve artists, 1,100 to 1 cents … the net 1,892 in all. */
function receiptOf(names: readonly string[]): StoredPieReceipt {
  const included = names.map((name, index) => artist(name, index === 0 ? 1892 - (names.length - 1) : 1));
  return {
    pieId: 'pie_abc',
    fanId: 'fan-1',
    outcome: 'split',
    computedAt: '2026-10-31T16:00:00.000Z',
    netCents: 1892,
    platformFeeCents: 20,
    allocatedCents: 1892,
    keptInWalletCents: 0,
    payouts: [],
    stats: {
      pieId: 'pie_abc',
      periodStart: '2026-10-01T15:00:00.000Z',
      periodEnd: '2026-10-31T15:00:00.000Z',
      amountCents: 2000,
      feesCents: { processing: 88, platform: 20 },
      netCents: 1892,
      includedArtists: included,
      excludedArtists: [],
      allArtists: included,
      stats: { count_tracks: 12, count_artists: 12, total_time_listened: 1 },
    },
  };
}

describe('formatUsd', () => {
  it('writes whole cents as dollars', () => {
    // Act / Assess
    expect([0, 5, 99, 100, 941, 123456, -312].map(formatUsd)).toEqual([
      '$0.00',
      '$0.05',
      '$0.99',
      '$1.00',
      '$9.41',
      '$1,234.56',
      '-$3.12',
    ]);
  });
});

describe('buildPieReceiptMail', () => {
  it('names the ten artists paid most, sums the rest, and says what is held until when', () => {
    // Prepare
    const names = Array.from({ length: 12 }, (_, index) => `Artist ${index + 1}`);
    // Act
    const mail = buildPieReceiptMail({
      to: 'fan@example.com',
      firstName: 'Dana',
      siteOrigin: 'https://openpie.example',
      receipt: receiptOf(names),
      held: { artistCount: 12, cents: 1892, returnsOn: '2027-10-31' },
    });
    // Assess
    expect(mail).toMatchObject({
      kind: 'pie-receipt',
      to: 'fan@example.com',
      subject: 'Where your pie went',
      links: ['https://openpie.example/pie/pie_abc'],
    });
    expect(mail.text).toContain(
      'Your pie that ended on 2026-10-31 has been split: $18.92 went to the 12 artists you listened to.',
    );
    expect(mail.text).toContain('Artist 1: $18.81\nArtist 2: $0.01');
    expect(mail.text).toContain('Artist 10: $0.01\n2 more artists: $0.02');
    expect(mail.text).not.toContain('Artist 11');
    expect(mail.text).toContain('Of your $20.00, fees took $1.08 (card processing $0.88, OpenPie $0.20).');
    expect(mail.text).toContain(
      'Held for 12 artists who have not joined yet: $18.92; returned to your wallet on 2027-10-31 if they do not.',
    );
  });

  it('escapes artist names in the HTML part', () => {
    // Act
    const mail = buildPieReceiptMail({
      to: 'fan@example.com',
      firstName: null,
      siteOrigin: 'https://openpie.example',
      receipt: receiptOf(['<script>alert(1)</script> & Co']),
      held: { artistCount: 0, cents: 0, returnsOn: null },
    });
    // Assess
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).not.toContain('Held for');
    expect(mail.text.startsWith('Hello,')).toBe(true);
  });
});

describe('the other split mails', () => {
  it('tells a card fan with nothing to split that the money stays and the subscription stops', () => {
    // Act
    const card = buildNothingToSplitMail({
      to: 'fan@example.com',
      firstName: 'Dana',
      siteOrigin: 'https://openpie.example',
      pieId: 'pie_abc',
      periodEnd: '2026-10-31T15:00:00.000Z',
      keptInWalletCents: 941,
      cancelsSubscription: true,
    });
    const promo = buildNothingToSplitMail({
      to: 'fan@example.com',
      firstName: 'Dana',
      siteOrigin: 'https://openpie.example',
      pieId: 'pie_abc',
      periodEnd: '2026-10-31T15:00:00.000Z',
      keptInWalletCents: 500,
      cancelsSubscription: false,
    });
    // Assess
    expect(card).toMatchObject({ kind: 'pie-nothing-to-split', subject: 'Your pie had nothing to split' });
    expect(card.text).toContain('no artist was paid: $9.41 stays in your wallet.');
    expect(card.text).toContain('your subscription will not renew after its current period');
    expect(promo.text).not.toContain('subscription');
  });

  it('tells a fan held money came back, with one artist or many', () => {
    // Act
    const one = buildEscrowReturnedMail({
      to: 'fan@example.com',
      firstName: null,
      siteOrigin: 'https://openpie.example',
      cents: 235,
      artistCount: 1,
    });
    const many = buildEscrowReturnedMail({
      to: 'fan@example.com',
      firstName: null,
      siteOrigin: 'https://openpie.example',
      cents: 941,
      artistCount: 2,
    });
    // Assess
    expect(one.text).toContain(
      '$2.35 held for 1 artist who did not join OpenPie in time is back in your wallet.',
    );
    expect(many.text).toContain('$9.41 held for 2 artists who did not join');
    expect(many.links).toEqual(['https://openpie.example/my-pies']);
  });
});
