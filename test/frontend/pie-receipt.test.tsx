// pie/:pieId and the receipts on my-pies: a split pie's receipt ("where my pie went": each artist's time
// share, weight and cents, held with the day it comes back, released or returned, the fees and what stayed in the
// wallet), a pie not split yet as its live preview, an unknown pie, and the receipt as CSV built in the browser. The
// API is a stub of fetch; everything else is the real SPA.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PieReceiptFacts } from '../../functions/contracts/pie';
import { fail, stubApi, succeed, type StubHandler } from '../support/auth-api-stub';
import { makePie } from '../support/pie-fixtures';
import { makeDetail, makeStats } from '../support/pie-split-fixtures';
import { makeFan, renderAt } from '../support/fan-screens';
import { expectStacksOnPhones } from '../support/stacked-table';
import { walletSummary } from '../support/factories/replies';

const slow = { timeout: 5000 };

/** A split pie: Aurora held (nobody claimed her), Basalt's lot already returned, Cellar under one cent. */
function makeSplitPie() {
  const stats = makeStats(
    [
      { id: 'art-1', name: 'Aurora Lane', ms: 6 * 3_600_000, cents: 565 },
      { id: 'art-2', name: '=Basalt, "the band"', ms: 4 * 3_600_000, cents: 376 },
      { id: null, name: 'Cellar Tapes', ms: 30_000, reasons: ['under_one_cent'] },
    ],
    { periodStart: '2026-10-25T10:00:00.000Z', periodEnd: '2026-11-24T10:00:00.000Z' },
  );
  const receipt: PieReceiptFacts = {
    outcome: 'split',
    splitAt: '2026-11-24T11:00:00.000Z',
    allocatedCents: 941,
    keptInWalletCents: 0,
    transactionId: 'txn_1',
    held: { artistCount: 1, cents: 565, returnsOn: '2027-11-24' },
    returnedCents: 376,
    releasedCents: 0,
    lots: [
      {
        artist_key: 'id:art-1',
        artist_id: 'art-1',
        artist_name: 'Aurora Lane',
        cents: 565,
        status: 'held',
        heldUntil: '2027-11-24T10:00:00.000Z',
      },
      {
        artist_key: 'id:art-2',
        artist_id: 'art-2',
        artist_name: '=Basalt, "the band"',
        cents: 376,
        status: 'returned',
        heldUntil: '2026-11-24T10:00:00.000Z',
      },
    ],
  };
  return makeDetail(stats, receipt);
}

/** Catches the file the browser would save: its name and its text. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | undefined;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        lastBlob = blob;
        return 'blob:receipt';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) files.push({ name: this.download, blob: lastBlob });
  });
  return files;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pie/:pieId of a split pie: the receipt', () => {
  it('shows each artist’s time share, weight and cents, what is held and until when, and the fees', async () => {
    // Prepare
    const detail = makeSplitPie();
    stubApi({
      'GET /api/user': succeed(makeFan()),
      [`GET /api/pie/pie/${detail.pieId}`]: succeed(detail),
    });
    // Act
    renderAt(`/pie/${detail.pieId}`);
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Where your pie went' }, slow)).toBeTruthy();
    const money = screen.getByRole('region', { name: 'Where the money went' });
    expect(money.textContent).toContain('Amount$10.00');
    expect(money.textContent).toContain('Stripe’s card fee$0.59');
    expect(money.textContent).toContain('Went to artists$9.41');
    expect(money.textContent).toContain('Stayed in your wallet$0.00');
    expect(money.textContent).toContain('Came back to your wallet$3.76');
    expect(money.textContent).toContain('Held for 1 artist who has not joined yet: $5.65');
    expect(money.textContent).toContain('Returned to your wallet on November 24, 2027 if they do not join.');
    const table = screen.getByRole('table', { name: 'What each artist got from this pie' });
    expectStacksOnPhones(table);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toMatch(
      /^Aurora Lane6 h60%6 h60%\$5\.65Held: returned to your wallet on November 24, 2027 if they do not join \(\d+ days left\)$/,
    );
    expect(rows[1]?.textContent).toContain('$3.76Returned to your wallet: the artist did not join in time');
    expect(rows[2]?.textContent).toContain('Nothing: under one cent');
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain(
      'Where your pie went: Aurora Lane 60%',
    );
  });

  it('gives an artist one share, rounded one way, in the chart and in the table', async () => {
    // Prepare: the split's exact share by weight (21.24%) and the cents' share (200 of 941: 21.25…%) round apart.
    const split = makeSplitPie();
    const withShares = <T extends { artist_id: string | null; cents?: number; percentage: number }>(
      artist: T,
    ): T =>
      artist.artist_id === 'art-1'
        ? { ...artist, cents: 200, percentage: 21.24 }
        : artist.artist_id === 'art-2'
          ? { ...artist, cents: 741, percentage: 78.76 }
          : artist;
    const detail = {
      ...split,
      includedArtists: split.includedArtists.map(withShares),
      allArtists: split.allArtists.map(withShares),
    };
    stubApi({
      'GET /api/user': succeed(makeFan()),
      [`GET /api/pie/pie/${detail.pieId}`]: succeed(detail),
    });
    // Act
    renderAt(`/pie/${detail.pieId}`);
    // Assess
    const table = await screen.findByRole('table', { name: 'What each artist got from this pie' }, slow);
    const auroraRow = within(table).getByRole('row', { name: /Aurora Lane/ });
    const legend = screen.getByText('Aurora Lane', { selector: '.pie-chart__key-name' }).parentElement;
    expect(legend?.textContent).toContain('$2.00 · 21.3%');
    expect(auroraRow.textContent).toContain('21.3%$2.00');
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Aurora Lane 21.3%');
  });

  it('says where a refund after the split was taken from, on the screen and in the CSV', async () => {
    // Prepare: the $10 was refunded after the split: the 565 still held came back from the artist, the 376 already
    // returned to the wallet came from there, and OpenPie covered Stripe's kept 59¢
    const split = makeSplitPie();
    const receipt = split.receipt;
    if (!receipt) throw new Error('no receipt');
    const lot = receipt.lots[0];
    if (!lot) throw new Error('no lot');
    const detail = {
      ...split,
      receipt: {
        ...receipt,
        held: { artistCount: 0, cents: 0, returnsOn: null },
        lots: [
          { ...lot, cents: 0, status: 'taken-back' as const, taken_back_cents: 565 },
          ...receipt.lots.slice(1),
        ],
        takeBacks: [
          {
            kind: 'refund' as const,
            at: '2026-11-30T09:00:00.000Z',
            amountCents: 1000,
            fromWalletCents: 376,
            fromHeldCents: 565,
            coveredByOpenPieCents: 59,
            reinstated: false,
          },
        ],
      },
    };
    stubApi({
      'GET /api/user': succeed(makeFan()),
      [`GET /api/pie/pie/${detail.pieId}`]: succeed(detail),
    });
    const files = catchDownloads();
    // Act
    renderAt(`/pie/${detail.pieId}`);
    const note = await screen.findByRole('note', { name: 'Refunds and disputes' }, slow);
    await userEvent.click(screen.getByRole('button', { name: /Download CSV/ }));
    // Assess
    expect(note.textContent).toBe(
      'Refunded to your card on November 30, 2026: $10.00, of which $3.76 came from your wallet and $5.65 was held for artists who had not joined and $0.59 OpenPie covered.',
    );
    const table = screen.getByRole('table', { name: 'What each artist got from this pie' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('Refunded to your card');
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = ((await files[0]?.blob.text()) ?? '').split('\r\n');
    expect(lines[1]).toContain(',taken-back,2027-11-24,565,');
    expect(lines[4]).toBe(
      ',Refund to your card,,,,,,,,,-1000,-10.00,refund,2026-11-30,565,from wallet 376; from held 565; covered by OpenPie 59',
    );
  });

  it('says nothing was split and the net stayed in the wallet', async () => {
    // Prepare
    const stats = makeStats([
      { id: 'art-1', name: 'Aurora Lane', ms: 60_000, reasons: ['banned'], banned: true },
    ]);
    const detail = makeDetail(stats, {
      outcome: 'nothing_to_split',
      splitAt: '2026-12-24T11:00:00.000Z',
      allocatedCents: 0,
      keptInWalletCents: 941,
      transactionId: null,
      held: { artistCount: 0, cents: 0, returnsOn: null },
      returnedCents: 0,
      releasedCents: 0,
      lots: [],
    });
    stubApi({ 'GET /api/user': succeed(makeFan()), [`GET /api/pie/pie/${detail.pieId}`]: succeed(detail) });
    // Act
    renderAt(`/pie/${detail.pieId}`);
    // Assess
    expect(await screen.findByText('Nothing was split', {}, slow)).toBeTruthy();
    expect(document.body.textContent).toContain(
      'None of this pie’s listening counted for an artist, so $9.41 stayed in your wallet for your next pie.',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('downloads the receipt as CSV, one row per artist, with names a spreadsheet cannot run', async () => {
    // Prepare: the fan included Basalt in this pie themselves
    const detail = makeSplitPie();
    const basalt = detail.allArtists.find((artist) => artist.artist_id === 'art-2');
    if (basalt) basalt.manual_inclusion_status = true;
    const api = stubApi({
      'GET /api/user': succeed(makeFan()),
      [`GET /api/pie/pie/${detail.pieId}`]: succeed(detail),
    });
    const files = catchDownloads();
    renderAt(`/pie/${detail.pieId}`);
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }, slow));
    // Assess
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toBe('openpie-pie-2026-10-25.csv');
    const bytes = new Uint8Array((await files[0]?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    // A byte order mark first, so a spreadsheet reads the names as UTF-8 (text() drops it when decoding).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = (await files[0]?.blob.text()) ?? '';
    expect(text.split('\r\n')).toEqual([
      'artist_id,artist_name,included,your_choice,listening_ms,tracks,time_share_percent,popularity,weight,percentage,cents,dollars,escrow_status,held_until,refunded_cents,reasons',
      `art-1,Aurora Lane,yes,,21600000,108,59.95,,21600000,${(565 / 941) * 100},565,5.65,held,2027-11-24,,`,
      `art-2,"'=Basalt, ""the band""",yes,included by you,14400000,72,39.97,,14400000,${(376 / 941) * 100},376,3.76,returned,2026-11-24,,`,
      ',Cellar Tapes,no,,30000,1,0.08,,30000,0,0,0.00,,,,under one cent',
      '',
    ]);
    // The screen had the pie: no second call for the file.
    expect(api.sentTo(`GET /api/pie/pie/${detail.pieId}`)).toHaveLength(1);
  });
});

describe('pie/:pieId of a pie not split yet, or of no pie of the fan', () => {
  it('shows the live preview with what the split will pay if nothing changes', async () => {
    // Prepare
    const detail = makeDetail(
      makeStats([{ id: 'art-1', name: 'Aurora Lane', ms: 60_000, cents: 941 }]),
      null,
    );
    stubApi({ 'GET /api/user': succeed(makeFan()), [`GET /api/pie/pie/${detail.pieId}`]: succeed(detail) });
    // Act
    renderAt(`/pie/${detail.pieId}`);
    // Assess
    expect(await screen.findByText(/This pie is not split yet\./, {}, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your pie' })).toBeTruthy();
    expect(
      screen.getByRole('table', { name: 'What each artist would get if your pie ended now' }),
    ).toBeTruthy();
  });

  it('says the pie was not found for a pie that is not the fan’s', async () => {
    // Prepare
    stubApi({
      'GET /api/user': succeed(makeFan()),
      'GET /api/pie/pie/pie_other': fail(404, 'not_found', 'Not found.'),
    });
    // Act
    renderAt('/pie/pie_other');
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this pie' }, slow),
    ).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'See all your pies' })[0]?.getAttribute('href')).toBe(
      '/my-pies',
    );
  });
});

describe('the receipts on my-pies', () => {
  function stubMyPies(pies: unknown[], extra: Record<string, StubHandler> = {}) {
    const fan = makeFan();
    return stubApi({
      'GET /api/user': succeed(fan),
      [`GET /api/pie/user/${fan.id}/pies`]: succeed(pies),
      'GET /api/fan-wallet/balance': succeed({ balanceCents: 0, currency: 'usd' }),
      'GET /api/fan-wallet/summary': succeed(walletSummary()),
      'GET /api/fan-wallet/transactions': {
        status: 200,
        body: { success: true, data: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } },
      },
      ...extra,
    });
  }

  it('lists each split pie’s totals with the way to its receipt and its CSV', async () => {
    // Prepare
    const detail = makeSplitPie();
    const past = makePie({
      id: detail.pieId,
      status: 'split',
      periodStart: detail.periodStart,
      periodEnd: detail.periodEnd,
      receipt: {
        outcome: 'split',
        splitAt: '2026-11-24T11:00:00.000Z',
        allocatedCents: 941,
        keptInWalletCents: 0,
        artistCount: 2,
        heldCents: 941,
        heldArtistCount: 2,
        heldUntil: '2027-11-24',
      },
    });
    const api = stubMyPies([makePie(), past], { [`GET /api/pie/pie/${detail.pieId}`]: succeed(detail) });
    const files = catchDownloads();
    renderAt('/my-pies');
    const pastGroup = await screen.findByRole('region', { name: 'Past pies' }, slow);
    // Assess the list
    expect(pastGroup.textContent).toContain('Split on November 24, 2026: $9.41 to 2 artists.');
    expect(pastGroup.textContent).toContain(
      'Held for 2 artists who have not joined yet: $9.41, returned to your wallet on November 24, 2027 if they do not.',
    );
    const period = 'October 25, 2026 to November 24, 2026';
    expect(
      within(pastGroup)
        .getByRole('link', { name: `See where this pie went of the pie of ${period}` })
        .getAttribute('href'),
    ).toBe(`/pie/${detail.pieId}`);
    // Act
    await userEvent.click(
      within(pastGroup).getByRole('button', { name: `Download CSV of the pie of ${period}` }),
    );
    // Assess the file
    await waitFor(() => expect(files).toHaveLength(1));
    expect(api.sentTo(`GET /api/pie/pie/${detail.pieId}`)).toHaveLength(1);
    expect(await files[0]?.blob.text()).toContain('art-1,Aurora Lane,yes,,21600000');
  });

  it('says when the CSV could not be prepared', async () => {
    // Prepare
    const past = makePie({
      status: 'split',
      receipt: {
        outcome: 'nothing_to_split',
        splitAt: '2026-12-24T11:00:00.000Z',
        allocatedCents: 0,
        keptInWalletCents: 941,
        artistCount: 0,
        heldCents: 0,
        heldArtistCount: 0,
        heldUntil: null,
      },
    });
    stubMyPies([past], {
      [`GET /api/pie/pie/${past.id}`]: fail(500, 'internal_error', 'Something went wrong on our side.'),
    });
    catchDownloads();
    renderAt('/my-pies');
    const pastGroup = await screen.findByRole('region', { name: 'Past pies' }, slow);
    expect(pastGroup.textContent).toContain(
      'Nothing to split on December 24, 2026: $9.41 stayed in your wallet.',
    );
    // Act
    await userEvent.click(within(pastGroup).getByRole('button', { name: /^Download CSV/ }));
    // Assess
    expect((await within(pastGroup).findByRole('alert', {}, slow)).textContent).toBe(
      'Something went wrong on our side.',
    );
  });
});
