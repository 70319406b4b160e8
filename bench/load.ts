// What the product answers under load on the local runtime: the product started in this process as `npm start` runs
// it (a fresh data folder, the demo fan's side of the demo seeded: the accounts, the catalogue, the fan's listening and
// paid pie; the demo office, whose supporters' pies and payout the fan's reads do not need, left out), the demo fan
// signed in, then autocannon sends rate-controlled traffic: `GET /api/health` at the same rate first (the unit of the
// latency ratios), a minute of the fan's mixed reads (dashboard, pie, preview, history, wallet), and a burst of signed
// Stripe webhook deliveries re-delivering the events the sandbox really holds (the webhook re-fetches each event's
// object from the sandbox, so every one is real). Afterwards the whole table's ledger is audited. `npm run bench`
// prints the figures beside their budgets; `npx tsx bench/load.ts` measures them alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createDocumentClient } from '../functions/runtime/dynamodb-client';
import { getClock } from '../functions/runtime/clock';
import { signPayload } from '../local/stripe-sandbox/webhooks';
import { auditLedger } from '../test/support/ledger-audit';

export const loadBudgets = {
  requestsPerSecond: 50,
  mixedSeconds: 60,
  healthSeconds: 10,
  webhookDeliveries: 200,
  /** Non-2xx answers and connection errors allowed in any phase. */
  failures: 0,
  /**
   * The latency ratios to health at the same rate, chosen from what this module measured on two loaded cores
   * (the fan's reads p50 about 3-4× health, p99 about 5-8×; a webhook, which re-fetches from the sandbox and writes,
   * more): the budgets leave room for a loaded machine, not for a regression of an order of magnitude.
   */
  mixedP50Ratio: 10,
  mixedP99Ratio: 10,
  webhookP50Ratio: 40,
  webhookP99Ratio: 40,
};

export interface PhaseFigures {
  name: string;
  requests: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LoadFigures {
  health: PhaseFigures;
  mixed: PhaseFigures;
  webhooks: PhaseFigures;
  /** The mixed phase's routes, as sent (the pie's id filled in). */
  routes: string[];
  /** Distinct sandbox events re-delivered in the burst. */
  distinctEvents: number;
  ledger: { transactions: number; problems: string[] };
}

type Result = autocannon.Result;

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function figures(name: string, result: Result): PhaseFigures {
  return {
    name,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!reply.ok) throw new Error(`${email} could not sign in: ${reply.status} ${await reply.text()}`);
  return reply.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ');
}

/** Every event the Stripe sandbox holds, newest first, as its list API pages them. */
async function sandboxEvents(apiUrl: string, apiKey: string): Promise<{ id: string; body: string }[]> {
  const events: { id: string; body: string }[] = [];
  let after: string | undefined;
  for (;;) {
    const url = new URL('/v1/events', apiUrl);
    url.searchParams.set('limit', '100');
    if (after) url.searchParams.set('starting_after', after);
    const reply = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` } });
    if (!reply.ok) throw new Error(`The sandbox listed no events: ${reply.status} ${await reply.text()}`);
    const page = (await reply.json()) as { data: Record<string, unknown>[]; has_more: boolean };
    for (const event of page.data) events.push({ id: String(event['id']), body: JSON.stringify(event) });
    const last = page.data.at(-1);
    if (!page.has_more || !last) return events;
    after = String(last['id']);
  }
}

/** Starts the product on a fresh data folder, sends the three phases, audits the ledger, stops the product. */
export async function measureLoad(options: { progress?: (line: string) => void } = {}): Promise<LoadFigures> {
  const progress = options.progress ?? (() => undefined);
  const { startOpenPie } = await import('../local/app');
  const seed = await import('../local/seed');
  const { demoAccounts } = seed;
  const dataDir = mkdtempSync(join(tmpdir(), 'openpie-load-'));
  const app = await startOpenPie({ port: 0, dataDir, skipWebBuild: true, command: 'npm run bench (load)' });
  try {
    const seedStarted = Date.now();
    await seed.seedDemoData(app.stripeSandbox, { office: false });
    // The fan's listening, written in the background, is there before the first request is timed.
    await seed.demoBackground.listening;
    progress(`demo seeded in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`);
    const baseUrl = app.url;
    const fan = demoAccounts.find((account) => account.kind === 'fan');
    if (!fan) throw new Error('local/seed.ts has no demo fan');
    const cookie = await signIn(baseUrl, fan.email, fan.password);
    const pieReply = await fetch(`${baseUrl}/api/pie/active`, { headers: { cookie } });
    const pieBody = (await pieReply.json()) as Record<string, unknown>;
    const pie = (pieBody['pie'] ?? pieBody['data'] ?? pieBody) as Record<string, unknown>;
    const pieId = String(pie['id'] ?? pie['pieId'] ?? '');
    if (!pieReply.ok || pieId === '')
      throw new Error(`The demo fan has no active pie: ${JSON.stringify(pieBody)}`);
    const rate = loadBudgets.requestsPerSecond;
    // Enough connections that the rate holds while a loaded machine answers slowly (autocannon caps each at the rate).
    const connections = 50;
    progress('health');
    const health = figures(
      'health',
      await run({
        url: `${baseUrl}/api/health`,
        overallRate: rate,
        connections,
        duration: loadBudgets.healthSeconds,
      }),
    );

    const day = (offsetDays: number) =>
      new Date(getClock().now().getTime() - offsetDays * 86_400_000).toISOString().slice(0, 10);
    // The history screen asks for the last 30 days.
    const [monthAgo, today] = [day(29), day(0)];
    // The fan's screens: the dashboard (profile, activity, recent artists), the pie, its preview and what-if, the
    // history (days and tracks) and the wallet.
    const routes = [
      '/api/user',
      '/api/user/activity',
      '/api/artists/recent-listened',
      '/api/pie/active',
      `/api/pie/${pieId}/realtime-stats`,
      `/api/pie/${pieId}/daily-listening`,
      `/api/tracks/user/daily?startDate=${monthAgo}&endDate=${today}`,
      '/api/tracks/user/latest',
      '/api/fan-wallet/balance',
      '/api/fan-wallet/transactions',
    ];
    progress('mixed');
    const mixed = figures(
      'mixed',
      await run({
        url: baseUrl,
        overallRate: rate,
        connections,
        duration: loadBudgets.mixedSeconds,
        headers: { cookie },
        requests: routes.map((path) => ({ method: 'GET' as const, path })),
      }),
    );

    const stored = await sandboxEvents(app.stripeSandbox.apiUrl, app.stripeSandbox.apiKey);
    if (stored.length === 0) throw new Error('The Stripe sandbox holds no events to re-deliver');
    const secret = process.env.STRIPE_WEBHOOK_SECRET;
    if (!secret) throw new Error('The product started without STRIPE_WEBHOOK_SECRET');
    const timestamp = Math.floor(getClock().now().getTime() / 1000);
    const deliveries = Array.from({ length: loadBudgets.webhookDeliveries }, (_, index) => {
      const event = stored[index % stored.length] ?? stored[0];
      const body = event?.body ?? '';
      return { body, signature: signPayload(body, secret, timestamp) };
    });
    let next = 0;
    progress('webhooks');
    const webhooks = figures(
      'webhooks',
      await run({
        url: `${baseUrl}/api/webhooks/stripe`,
        connections,
        amount: deliveries.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const delivery = deliveries[next++ % deliveries.length];
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  'stripe-signature': delivery?.signature ?? '',
                },
                body: delivery?.body ?? '',
              };
            },
          },
        ],
      }),
    );
    // The deliveries' follow-up work (queue messages, events) settles before the audit reads the table.
    await new Promise((done) => setTimeout(done, 3_000));
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const client = createDocumentClient({ region: 'us-east-1', endpoint });
    try {
      const audit = await auditLedger({ client, name: app.tableName });
      return {
        health,
        mixed,
        webhooks,
        routes,
        distinctEvents: Math.min(stored.length, loadBudgets.webhookDeliveries),
        ledger: { transactions: audit.transactions, problems: audit.problems },
      };
    } finally {
      client.destroy();
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The rows `npm run bench` prints. */
export function loadRows(load: LoadFigures): { name: string; figure: string; budget: string; ok: boolean }[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const ratio = (value: number, unit: number) => value / Math.max(unit, 0.001);
  const rows = [
    {
      name: `load: GET /api/health at ${loadBudgets.requestsPerSecond} req/s (the unit)`,
      figure: `p50 ${ms(load.health.p50Ms)}, p99 ${ms(load.health.p99Ms)}; ${load.health.requests} req, ${load.health.non2xx} non-2xx, ${load.health.errors} errors`,
      budget: `${loadBudgets.failures} non-2xx, ${loadBudgets.failures} errors`,
      ok: load.health.non2xx === 0 && load.health.errors === 0,
    },
  ];
  for (const [phase, label, p50Budget, p99Budget] of [
    [
      load.mixed,
      `load: ${loadBudgets.mixedSeconds} s of the fan's reads at ${loadBudgets.requestsPerSecond} req/s (${load.routes.length} routes)`,
      loadBudgets.mixedP50Ratio,
      loadBudgets.mixedP99Ratio,
    ],
    [
      load.webhooks,
      `load: burst of ${loadBudgets.webhookDeliveries} signed webhooks (${load.distinctEvents} sandbox events)`,
      loadBudgets.webhookP50Ratio,
      loadBudgets.webhookP99Ratio,
    ],
  ] as const) {
    const p50 = ratio(phase.p50Ms, load.health.p50Ms);
    const p99 = ratio(phase.p99Ms, load.health.p99Ms);
    rows.push({
      name: label,
      figure: `p50 ${p50.toFixed(1)}× health (${ms(phase.p50Ms)}), p99 ${p99.toFixed(1)}× (${ms(phase.p99Ms)}); ${phase.requests} req, ${phase.non2xx} non-2xx, ${phase.errors} errors`,
      budget: `p50 ≤ ${p50Budget}×, p99 ≤ ${p99Budget}×, 0 non-2xx, 0 errors`,
      ok: phase.non2xx === 0 && phase.errors === 0 && p50 <= p50Budget && p99 <= p99Budget,
    });
  }
  rows.push({
    name: 'load: the ledger audit afterwards',
    figure:
      load.ledger.problems.length === 0
        ? `clean (${load.ledger.transactions} transactions)`
        : load.ledger.problems.slice(0, 3).join('; '),
    budget: 'clean',
    ok: load.ledger.problems.length === 0,
  });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = Date.now();
  const load = await measureLoad({ progress: (line) => console.log(`  ${line}…`) });
  for (const row of loadRows(load))
    console.log(`${row.ok ? 'ok  ' : 'OVER'}  ${row.name}  ${row.figure}  ${row.budget}`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  process.exit(0);
}
