// Run as its own process (`node --import tsx test/support/seed-demo-child.ts`) by test/integration/demo-seed-any-date:
// a first start of the local product on DATA_DIR (whose clock.json says where product time stands), the demo seeded
// as `npm start` seeds it, and what the demo accounts then see read back through the API. One process per start,
// because the runtime keeps its table client for the process. Prints one JSON line: the seed's lines and the reads.
// With SEED_HOURLY_JOB_AT_EVERY_STRIPE_ADVANCE=1, the hourly `pie-renewals` job runs (with the work it sends) after each
// of the Stripe sandbox's advances, i.e. the moment a paid pie has opened: what a running product's scheduler does
// when the seed crosses the hour, made certain.
import { jobs } from '../../events/definitions';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { startOpenPie } from '../../local/app';
import { settleQueues } from '../../local/queue';
import { runJob } from '../../local/scheduler';
import { demoAccounts, seedDemoData } from '../../local/seed';
import { throwawayProduct } from './throwaway-product';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the data folder to seed');

const app = await startOpenPie({ port: 0, dataDir, ...throwawayProduct });

async function signIn(label: 'fan' | 'artist'): Promise<string> {
  const demo = demoAccounts.find((account) => account.label === label);
  const path = label === 'fan' ? '/api/auth/login' : '/api/for-artists/auth/login';
  const reply = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ email: demo?.email, password: demo?.password }),
  });
  const cookie = reply.headers.getSetCookie().find((set) => set.startsWith('openpie_access_token'));
  return (cookie ?? '').split(';')[0] ?? '';
}

async function read(cookie: string, path: string): Promise<unknown> {
  const reply = await fetch(`${app.url}${path}`, { headers: { cookie } });
  const body = (await reply.json().catch(() => null)) as { data?: unknown } | null;
  return { status: reply.status, data: body?.data ?? null };
}

const renewals = jobs.find((job) => job.name === 'pie-renewals');
const sandbox: StripeSandbox =
  process.env.SEED_HOURLY_JOB_AT_EVERY_STRIPE_ADVANCE === '1' && renewals
    ? {
        ...app.stripeSandbox,
        advance: async () => {
          await app.stripeSandbox.advance();
          await runJob(renewals);
          await settleQueues();
        },
      }
    : app.stripeSandbox;

try {
  // Without what a first start writes after "ready" (the catalogue's other artists and the demo fan's listening, dated
  // back from the seed's day, the same at any date), which nothing here reads: test/integration/demo-office-seed.test.ts
  // and the e2e products seed it. Some 11,000 writes a seed fewer.
  const seeded = await seedDemoData(sandbox, { background: false });
  const fan = await signIn('fan');
  const artist = await signIn('artist');
  const offices = (await read(artist, '/api/for-artists/offices')) as { data: { _id: string }[] | null };
  const query = `officeId=${offices.data?.[0]?._id ?? ''}`;
  const result = {
    now: app.timeMachine.now().toISOString(),
    lines: seeded.lines,
    pie: await read(fan, '/api/pie/active'),
    walletLines: await read(fan, '/api/fan-wallet/transactions'),
    claims: await read(artist, `/api/for-artists/claims?${query}`),
    account: await read(artist, `/api/for-artists/stripe/account-status?${query}`),
    payouts: await read(artist, `/api/for-artists/stripe/payouts?${query}`),
    balance: await read(artist, `/api/for-artists/stripe/balance?${query}`),
  };
  console.log(`SEEDED ${JSON.stringify(result)}`);
} finally {
  await app.stop();
}
