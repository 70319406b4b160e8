// The demo data is whole whatever day and hour the first start runs (local/seed.ts): with the product clock set to
// several dates and hours across a year, a fresh data folder is seeded each time (a process of its own,
// test/support/seed-demo-child.ts, where the hourly pie-renewals job runs the moment each paid pie opens, as a running
// product's scheduler does when the seed crosses the hour), and every part of the README's demo is there: the demo
// fan's $10 pie paid 12 days before (its wallet's payment lines dated with it), and the demo artist's office with its
// successful claim, its ready Connect account and its completed $30 payout, with earnings left over. The demo fan's
// listening, dated back from the seed's day whatever day it is, is left to the other seeds' tests.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dayMs = 86_400_000;
const hourMs = 3_600_000;

interface Read<T> {
  status: number;
  data: T;
}
interface Seeded {
  now: string;
  lines: string[];
  pie: Read<{ status: string; amountCents: number; periodStart: string } | null>;
  walletLines: Read<{ kind: string; amountCents: number; createdAt: string }[]>;
  claims: Read<{ status: string }[]>;
  account: Read<{ status: string }>;
  payouts: Read<{ data: { status: string; amountCents: number }[] }>;
  balance: Read<{ payableCents: number }>;
}

/**
 * The clock offset that puts product time `days` days after today (UTC) at `hour`:`minute`: the days and hours are
 * spread over a year, through month ends and both ends of the UTC day.
 */
function productTimeAt(days: number, hour: number, minute: number): { at: Date; offsetMs: number } {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const at = new Date(midnight + days * dayMs + hour * hourMs + minute * 60_000);
  return { at, offsetMs: at.getTime() - Date.now() };
}

async function seedAt(offsetMs: number): Promise<Seeded> {
  const dataDir = await mkdtemp(join(tmpdir(), 'openpie-demo-date-'));
  try {
    await writeFile(join(dataDir, 'clock.json'), JSON.stringify({ offsetMs }));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/support/seed-demo-child.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        SEED_HOURLY_JOB_AT_EVERY_STRIPE_ADVANCE: '1',
      },
      timeout: 540_000,
      maxBuffer: 1 << 24,
    });
    const line = stdout.split('\n').find((text) => text.startsWith('SEEDED '));
    if (!line) throw new Error(`The seed said nothing: ${stdout}`);
    return JSON.parse(line.slice('SEEDED '.length)) as Seeded;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

// The three seeds run at once: each is its own process with its own data folder, so they cannot meet, and the file
// takes the time of one seed rather than three.
describe.concurrent('the demo seeded on any date and hour', () => {
  it.each([
    [1, 0, 5],
    [101, 12, 30],
    [340, 23, 59],
  ])(
    'is whole when the first start runs %i days from today at %i:%i UTC',
    async (days, hour, minute) => {
      // Prepare
      const { at, offsetMs } = productTimeAt(days, hour, minute);

      // Act
      const seeded = await seedAt(offsetMs);

      // Assess: the start ran at that instant and says nothing is missing
      expect(Math.abs(Date.parse(seeded.now) - at.getTime())).toBeLessThan(10 * 60_000);
      expect(seeded.lines.join('\n')).not.toMatch(/incomplete|could not/i);
      expect(seeded.lines.join('\n')).toContain("The demo fan's $10 pie: paid through the Stripe sandbox");
      // … the demo fan's pie, begun 12 days before
      expect(seeded.pie.data).toMatchObject({ status: 'active', amountCents: 1000 });
      expect(
        Math.round((Date.parse(seeded.now) - Date.parse(seeded.pie.data?.periodStart ?? '')) / dayMs),
      ).toBe(12);
      // … and its wallet's lines dated with it: the card payment and Stripe's fee when the pie began, not at the seed
      const paymentLines = seeded.walletLines.data.filter((line) =>
        ['fan-payment', 'processing-fee'].includes(line.kind),
      );
      expect(paymentLines.map((line) => line.kind).sort()).toEqual(['fan-payment', 'processing-fee']);
      for (const line of paymentLines) {
        expect(Date.parse(line.createdAt)).toBe(Date.parse(seeded.pie.data?.periodStart ?? ''));
      }
      // … the office: a successful claim, a ready account, one completed $30 payout and earnings left over
      expect(seeded.claims.data.map((claim) => claim.status)).toEqual(['Successful']);
      expect(seeded.account.data.status).toBe('ready');
      expect(seeded.payouts.data.data).toEqual([
        expect.objectContaining({ status: 'completed', amountCents: 3000 }),
      ]);
      expect(seeded.balance.data.payableCents).toBeGreaterThan(0);
    },
    600_000,
  );
});
