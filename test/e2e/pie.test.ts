// The pie in a real Chromium, against the running product, its Stripe sandbox and the time machine: the
// demo fan sees this period's pie as a chart, tries a smaller artist limit on pie/settings and sees the preview change
// before saving it; then the product clock moves to one millisecond before the period ends, the preview is taken, and
// the clock moves past the end: the split job pays, artist by artist, exactly the cents of that preview, the receipt
// screen shows them, the wallet is debited by the net once, the receipt is mailed and the next period is open. Stripe
// then refunds the split pie in full: the refund takes back only what that pie still holds for artists, its receipt
// says where it came from, and when the next period ends that pie is split with its full net.
// This file moves the product clock: test/e2e/vitest.config.ts runs the files in name order, and it comes after every
// file that minds a moved clock (the demo pie may then be the renewed one: any running pie with slices will do).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { connectSandboxStripe } from './support/sandbox-stripe';
import type { ObservedPage } from './support/frame-checks';
import { selectUnexpectedProblems } from './support/identity-helpers';
import { useObservedPages, viewports } from './support/pages';
import { connectProductApi } from './support/product-api';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const pages = useObservedPages();
/** Jobs and webhooks run in the background: the pie's waits allow them 30 s. */
const { readData, waitForData } = connectProductApi(baseUrl, { waitMs: 30_000 });

/** The demo fan local mode seeds (local/seed.ts), whose pie was paid through the Stripe sandbox. */
const demoFan = { email: 'demo-fan@openpie.example', password: 'demo-fan-pie-2026' };

interface PieSummary {
  id: string;
  status: string;
  periodStart: string;
  periodEnd: string;
  netCents: number | null;
  settings: { artistLimit: number; artistPopularity: number; excludeNonActive: boolean };
}

interface PieArtist {
  artist_id: string | null;
  artist_name: string;
  cents?: number;
}

interface RealtimeStats {
  pieId: string;
  netCents: number;
  includedArtists: (PieArtist & { cents: number })[];
  excludedArtists: PieArtist[];
}

interface PieDetail extends RealtimeStats {
  status: string;
  receipt: {
    outcome: 'split' | 'nothing_to_split';
    allocatedCents: number;
    transactionId: string | null;
    held: { artistCount: number; cents: number; returnsOn: string | null };
    releasedCents: number;
    lots: { artist_id: string | null; cents: number; status: string }[];
  } | null;
  takeBacks?: {
    amountCents: number;
    fromWalletCents: number;
    fromHeldCents: number;
    coveredByOpenPieCents: number;
  }[];
}

interface WalletLine {
  kind: string;
  amountCents: number;
  pieId: string | null;
}

async function logIn(page: Page): Promise<void> {
  const reply = await page.request.post(`${baseUrl}/api/auth/login`, {
    headers: { origin: baseUrl },
    data: demoFan,
  });
  if (!reply.ok()) throw new Error(`Login answered ${reply.status()}`);
}

async function moveClock(body: { until: string } | { days: number }): Promise<void> {
  const moved = await fetch(`${baseUrl}/api/dev/time/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (moved.status !== 200) throw new Error(`The clock did not move: ${moved.status} ${await moved.text()}`);
}

async function visit(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.locator('.navigation-progress').waitFor({ state: 'detached' });
}

async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, `pie-${name}`);
}

const keyOf = (artist: PieArtist) => artist.artist_id ?? `name:${artist.artist_name}`;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Two tests move the product clock a month, and the time machine answers once every job due in that month has run, one
 * after another: some three minutes on a busy machine, well past the e2e files' 120 s.
 */
const movesTheClockAMonth = { timeout: 600_000 };

const shared: { observed?: ObservedPage; pie?: PieSummary } = {};

function demo(): { page: Page; observed: ObservedPage; pie: PieSummary } {
  if (!shared.observed || !shared.pie) throw new Error('The first test signs the demo fan in');
  return { page: shared.observed.page, observed: shared.observed, pie: shared.pie };
}

describe('the pie: live, tuned, split and receipted', movesTheClockAMonth, () => {
  it('shows the demo fan this period’s pie as a chart with a table of every artist', async () => {
    // Prepare
    const observed = await pages.open({ timeoutMs: 20_000 });
    const { page } = observed;
    await logIn(page);
    const pie = await readData<PieSummary | null>(page, '/api/pie/active');
    if (!pie) throw new Error('The demo fan has no running pie');
    shared.observed = observed;
    shared.pie = pie;
    // The demo fan's listening is written in the background after the product says it is ready (local/seed.ts):
    // when this file runs first, it may still be on its way.
    const stats = await waitForData<RealtimeStats>(
      page,
      `/api/pie/${pie.id}/realtime-stats`,
      (live) => live.includedArtists.length > 3,
    );

    // Act
    await visit(page, '/pie', 'My pie');
    const live = page.getByRole('region', { name: 'Where your pie goes now' });
    await live.waitFor();
    const chart = live.getByRole('img', { name: /^Your pie now/ });
    await chart.waitFor();
    await snap(page, 'live');

    // Assess: one slice per paid artist up to the chart's grouping, and the table names the paid artists with cents
    // that add up to the net (the fan's plays may sync between two reads, so the cents are checked as a whole)
    expect(stats.includedArtists.length).toBeGreaterThan(3);
    expect(await chart.locator('path').count()).toBeGreaterThan(3);
    const rows = await live
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
    for (const artist of stats.includedArtists.slice(0, 5)) {
      expect(rows.map((cells) => cells[0])).toContain(artist.artist_name);
    }
    const shownCents = rows
      .map((cells) => /^\$(\d+)\.(\d\d)$/.exec(cells.at(-1) ?? ''))
      .reduce((sum, match) => sum + (match ? Number(match[1]) * 100 + Number(match[2]) : 0), 0);
    expect(shownCents).toBe(stats.netCents);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('previews a smaller artist limit on pie/settings as it is typed, and saves it', async () => {
    // Prepare
    const { page, pie, observed } = demo();
    await page.setViewportSize(viewports.desktop);
    await visit(page, '/pie/settings', 'Pie settings');
    const table = page.getByRole('table', { name: 'Your artists with these settings' });
    await table.waitFor();
    const paidBefore = await table.locator('tbody tr:not(.pie-table__out)').count();

    // Act: three artists at most, as a what-if
    await page.getByRole('textbox', { name: 'Most artists, as a number' }).fill('3');
    await expect
      .poll(() => table.locator('tbody tr:not(.pie-table__out)').count(), { timeout: 15_000 })
      .toBe(3);
    const overLimit = await table.locator('tbody tr.pie-table__out').first().innerText();
    await snap(page, 'settings-limit-3');
    const unsaved = await readData<PieSummary>(page, '/api/pie/active');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Your settings are saved: this pie is split with them from now on.').waitFor();

    // Assess: the preview changed before anything was saved, and the save keeps it
    expect(paidBefore).toBeGreaterThan(3);
    expect(overLimit).toContain('over the limit');
    expect(unsaved.settings.artistLimit).toBe(pie.settings.artistLimit);
    const saved = await readData<PieSummary>(page, '/api/pie/active');
    expect(saved.settings.artistLimit).toBe(3);
    const stats = await readData<RealtimeStats>(page, `/api/pie/${pie.id}/realtime-stats`);
    expect(stats.includedArtists).toHaveLength(3);
    expect(stats.includedArtists.reduce((sum, artist) => sum + artist.cents, 0)).toBe(stats.netCents);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('after the period ends pays exactly the preview taken a millisecond before, once, with a receipt', async () => {
    // Prepare: the clock one millisecond before the period's end, the fan's plays synced up to it, the preview taken
    const { page, pie, observed } = demo();
    await moveClock({ until: new Date(Date.parse(pie.periodEnd) - 1).toISOString() });
    await logIn(page);
    const synced = await page.request.post(`${baseUrl}/api/pie/add-missing-tracks-anytime`, {
      headers: { origin: baseUrl },
      data: {},
    });
    expect(synced.status()).toBe(200);
    const preview = await readData<RealtimeStats>(page, `/api/pie/${pie.id}/realtime-stats`);

    // Act: a day later the hourly split job has run
    await moveClock({ days: 1 });
    await logIn(page);
    const receipt = await waitForData<PieDetail>(page, `/api/pie/pie/${pie.id}`, (d) => d.receipt !== null);
    const next = await waitForData<PieSummary | null>(
      page,
      '/api/pie/active',
      (p) => p !== null && p.id !== pie.id,
    );
    const wallet = await readData<WalletLine[]>(page, '/api/fan-wallet/transactions?limit=100');
    const mail = await readData<{ to: string; subject: string; links: string[] }[]>(page, '/api/dev/outbox');

    // Assess: artist by artist, the receipt pays the preview's cents
    expect(receipt.status).toBe('split');
    expect(receipt.receipt?.outcome).toBe('split');
    expect(receipt.includedArtists.map((a) => [keyOf(a), a.cents])).toEqual(
      preview.includedArtists.map((a) => [keyOf(a), a.cents]),
    );
    expect(receipt.receipt?.allocatedCents).toBe(preview.netCents);
    // … the wallet was debited by the net once, by one split transaction
    const splits = wallet.filter((line) => line.kind === 'split' && line.pieId === pie.id);
    expect(splits).toHaveLength(1);
    expect(splits[0]?.amountCents).toBe(-(pie.netCents ?? 0));
    // … the demo office has claimed the demo fan's favourite artist (local/seed-demo-office.ts): that artist's share
    // went straight to the office; the rest is held, with the day it would come back
    const released = receipt.receipt?.lots.filter((lot) => lot.status === 'released') ?? [];
    expect(released.length).toBeGreaterThan(0);
    expect(receipt.receipt?.releasedCents).toBe(released.reduce((sum, lot) => sum + lot.cents, 0));
    expect((receipt.receipt?.held.cents ?? 0) + (receipt.receipt?.releasedCents ?? 0)).toBe(preview.netCents);
    expect(receipt.receipt?.held.returnsOn).not.toBeNull();
    // … the receipt was mailed, and the next period opened with the settings of this one
    const receiptMails = mail.filter(
      (m) => m.to === demoFan.email && m.links.some((link) => link.endsWith(`/pie/${pie.id}`)),
    );
    expect(receiptMails).toHaveLength(1);
    expect(next?.settings.artistLimit).toBe(3);

    // Act: the receipt screen
    await visit(page, `/pie/${pie.id}`, 'Where your pie went');
    await page.getByText(/^Held for \d+ artists? who ha(s|ve) not joined yet: \$/).waitFor();
    const receiptTable = page.getByRole('table', { name: 'What each artist got from this pie' });
    const receiptText = await receiptTable.innerText();
    await snap(page, 'receipt');
    await page.setViewportSize(viewports.phone);
    await snap(page, 'receipt-phone');
    await page.setViewportSize(viewports.desktop);

    // Assess: the screen shows each artist's cents, and counts the year a lot is held from the product's day (the
    // clock moved ahead of the browser's)
    for (const artist of preview.includedArtists) {
      expect(receiptText).toContain(artist.artist_name);
      expect(receiptText).toContain(money(artist.cents));
    }
    expect(receiptText).toMatch(/\(36[3-5] days left\)/);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('lists the receipt on my-pies and downloads it as CSV', async () => {
    // Prepare
    const { page, pie, observed } = demo();
    await visit(page, '/my-pies', 'My pies');

    // Act
    const item = page.locator('.pie-item', { hasText: 'Download CSV' }).first();
    await item.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('button', { name: /^Download CSV/ }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const csv = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
    await snap(page, 'my-pies');

    // Assess: one line per artist of the receipt, the cents adding up to the net
    const receipt = await readData<PieDetail>(page, `/api/pie/pie/${pie.id}`);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThanOrEqual(receipt.includedArtists.length + 1);
    for (const artist of receipt.includedArtists) expect(csv).toContain(artist.artist_name);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('takes a refund after the split back from what its own pie still holds for artists, and says so on the receipt; the next pie is split with its full net', async () => {
    // Prepare: the split pie's charge, and the next pie's preview before the refund
    const { page, pie, observed } = demo();
    const before = await readData<PieDetail>(page, `/api/pie/pie/${pie.id}`);
    const next = await readData<PieSummary>(page, '/api/pie/active');
    const nextBefore = await readData<RealtimeStats>(page, `/api/pie/${next.id}/realtime-stats`);
    const user = await readData<{ stripe_customer_id: string | null }>(page, '/api/user');
    const stripe = connectSandboxStripe(dataDir);
    const charges = (await stripe.charges.list({ customer: user.stripe_customer_id ?? '', limit: 100 })).data;
    const paidAt = Date.parse(pie.periodStart) / 1000;
    const charge = [...charges].sort(
      (a, b) => Math.abs(a.created - paidAt) - Math.abs(b.created - paidAt),
    )[0];

    // Act: Stripe refunds the split pie's payment in full
    await stripe.refunds.create({ charge: charge?.id ?? '' });
    const after = await waitForData<PieDetail>(
      page,
      `/api/pie/pie/${pie.id}`,
      (detail) => (detail.takeBacks ?? []).length > 0,
    );
    const nextAfter = await readData<RealtimeStats>(page, `/api/pie/${next.id}/realtime-stats`);
    await visit(page, `/pie/${pie.id}`, 'Where your pie went');
    const note = page.getByRole('note', { name: 'Refunds and disputes' });
    await note.waitFor();
    const noteText = (await note.textContent()) ?? '';
    await snap(page, 'receipt-refunded');

    // Assess: nothing was left of the pie's own money; what was still held came back from the artists, what the
    // office of the claimed artist already had and Stripe's kept fee OpenPie covered; the next pie is untouched
    const [takeBack] = after.takeBacks ?? [];
    expect(takeBack).toMatchObject({
      amountCents: charge?.amount,
      fromWalletCents: 0,
      fromHeldCents: before.receipt?.held.cents,
    });
    expect(after.receipt?.held.cents).toBe(0);
    expect(noteText).toContain(
      `${money(before.receipt?.held.cents ?? 0)} was held for artists who had not joined`,
    );
    expect(noteText).toContain(`${money(takeBack?.coveredByOpenPieCents ?? 0)} OpenPie covered`);
    expect(nextAfter.netCents).toBe(nextBefore.netCents);

    // Act: the next pie's period ends (its plays synced up to a millisecond before) and the hourly split job runs
    await moveClock({ until: new Date(Date.parse(next.periodEnd) - 1).toISOString() });
    await logIn(page);
    const synced = await page.request.post(`${baseUrl}/api/pie/add-missing-tracks-anytime`, {
      headers: { origin: baseUrl },
      data: {},
    });
    expect(synced.status()).toBe(200);
    await moveClock({ days: 1 });
    await logIn(page);
    const nextSplit = await waitForData<PieDetail>(
      page,
      `/api/pie/pie/${next.id}`,
      (detail) => detail.receipt !== null,
    );
    await visit(page, `/pie/${next.id}`, 'Where your pie went');
    const moneyPart = page.getByRole('region', { name: 'Where the money went' });
    const wentToArtists = moneyPart.locator('div', {
      has: page.getByText('Went to artists', { exact: true }),
    });
    const keptInWallet = moneyPart.locator('div', {
      has: page.getByText('Stayed in your wallet', { exact: true }),
    });
    const shownNet = await wentToArtists.locator('dd').innerText();
    const shownKept = await keptInWallet.locator('dd').innerText();
    await snap(page, 'receipt-next-after-refund');

    // Assess: the refund of the pie before took nothing of this one: it was split, all its net went to artists, the
    // same net it had before the refund, and the receipt screen says so
    expect(nextSplit.status).toBe('split');
    expect(nextSplit.receipt).toMatchObject({ outcome: 'split', allocatedCents: nextBefore.netCents });
    expect(nextBefore.netCents).toBe(next.netCents);
    expect(shownNet).toBe(money(nextBefore.netCents));
    expect(shownKept).toBe(money(0));
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});
