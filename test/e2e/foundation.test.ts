import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAccounts } from '../../local/seed';
import { launchBrowser, openPage, saveScreenshot } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the product as npm start runs it', () => {
  it('answers a healthy /api/health with the table reachable', async () => {
    // Act
    const reply = await fetch(`${baseUrl}/api/health`);
    // Assess
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ success: true, data: { status: 'ok', table: 'ok' } });
    expect(reply.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers an unknown /api path with 404, malformed JSON with 400, a staff route with 401 to a stranger and 200 to staff', async () => {
    const unknown = await fetch(`${baseUrl}/api/no/such/call`);
    const malformed = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    // A stranger learns only that they must sign in.
    const stranger = await fetch(`${baseUrl}/api/admin/dashboard/stats`);
    const staff = demoAccounts.find((account) => account.kind === 'admin');
    if (!staff) throw new Error('local/seed.ts has no demo staff member');
    const login = await fetch(`${baseUrl}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staff.email, password: staff.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const forStaff = await fetch(`${baseUrl}/api/admin/dashboard/stats`, { headers: { cookie } });
    expect([unknown.status, malformed.status, stranger.status, login.status, forStaff.status]).toEqual([
      404, 400, 401, 200, 200,
    ]);
    expect(await unknown.json()).toMatchObject({ success: false, code: 'not_found' });
    expect(await malformed.json()).toMatchObject({ success: false, code: 'invalid_json' });
    expect(await stranger.json()).toMatchObject({ success: false, code: 'unauthorized' });
    expect(await forStaff.json()).toMatchObject({ success: true });
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)('shows the landing page on a %s without console errors', async (name, viewport) => {
    // Prepare
    const { page, problems } = await openPage(browser, viewport);
    // Act
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    // Assess
    await expect(page.locator('h1').count()).resolves.toBe(1);
    expect(await page.locator('h1').innerText()).toMatch(/\S/);
    await saveScreenshot(page, `landing-${name}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('loads the artist and admin areas as their own chunks and serves deep links through the SPA fallback', async () => {
    const { page, problems } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const landingScripts = scripts.length;
    await page.goto(`${baseUrl}/for-artists`, { waitUntil: 'networkidle' });
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(landingScripts);
    expect(page.url()).toContain('/admin');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
