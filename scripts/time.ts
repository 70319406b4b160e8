// `npm run time -- advance <N>d|<N>h` and `npm run time -- now`: the local product's clock (DESIGN §3 "time").
// With OpenPie running on DATA_DIR (its lock names the port) or on PORT, it asks that product through
// GET /api/dev/time and POST /api/dev/time/advance; otherwise it starts the local runtime on DATA_DIR for the move,
// runs the jobs that fall due, and stops. docs/decisions/012-movable-clock.md.
import { request } from 'node:http';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { repoRoot } from '../local/app';
import { readLiveLockHolder } from '../local/data-dir-lock';
import type { AdvanceBody } from '../local/dev-time-routes';
import { advanceBodySchema, advanceMsOf } from '../local/dev-time-routes';
import type { JobRunReport } from '../local/time-machine';
import { withLocalRuntime } from '../local/with-local-runtime';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = `Usage: npm run time -- now
       npm run time -- advance <N>d   (1 to 400 days)
       npm run time -- advance <N>h   (1 to 9600 hours)`;

const timeReplySchema = z.object({
  success: z.literal(true),
  data: z.object({
    now: z.string(),
    offsetMs: z.number(),
    jobsRun: z.optional(z.array(z.object({ job: z.string(), scheduledAt: z.string(), status: z.string() }))),
  }),
});
type TimeReply = z.infer<typeof timeReplySchema>['data'];

const failureSchema = z.object({ message: z.string(), fields: z.optional(z.record(z.string(), z.string())) });

const [command, amount, ...rest] = process.argv.slice(2);
const body = command === 'advance' && rest.length === 0 ? parseAmount(amount) : null;
if (!(command === 'now' && amount === undefined) && !body) {
  console.error(usage);
  process.exit(2);
}

const dataDir = process.env.DATA_DIR ?? join(repoRoot, '.data');
const running = await findRunningProduct();
const startedAt = Date.now();
if (running) {
  const reply = body
    ? await callProduct(running, 'POST', '/api/dev/time/advance', body)
    : await callProduct(running, 'GET', '/api/dev/time');
  report(reply, `OpenPie running at ${running}`);
} else {
  process.exitCode = await withLocalRuntime(
    dataDir,
    'npm run time',
    async (app) => {
      const reply: TimeReply = body
        ? await app.timeMachine
            .advance(advanceMsOf(body, app.timeMachine.now()))
            .then((moved) => ({ ...moved, now: moved.now.toISOString() }))
        : { now: app.timeMachine.now().toISOString(), offsetMs: app.timeMachine.offsetMs() };
      report(reply, `the data in ${dataDir} (OpenPie is not running)`);
      return reply.jobsRun?.some((run) => run.status === 'failed') ? 3 : 0;
    },
    // Hundreds of job runs would each log a line: the summary says what they did, and failures still log.
    'error',
  );
}

/** `30d` → { days: 30 }, `3h` → { hours: 3 }; null when it is neither or out of range. */
function parseAmount(text: string | undefined): AdvanceBody | null {
  const match = /^(\d+)([dh])$/.exec(text ?? '');
  if (!match) return null;
  const value = Number(match[1]);
  const parsed = advanceBodySchema.safeParse(match[2] === 'd' ? { days: value } : { hours: value });
  return parsed.success ? parsed.data : null;
}

/** The running product's origin: the holder of DATA_DIR's lock, else whatever OpenPie answers on PORT. */
async function findRunningProduct(): Promise<string | null> {
  const holder = await readLiveLockHolder(dataDir);
  if (holder) {
    if (holder.port === null) {
      console.error(`OpenPie is starting on ${dataDir} (pid ${holder.pid}); try again in a moment.`);
      process.exit(1);
    }
    return `http://127.0.0.1:${holder.port}`;
  }
  const origin = `http://127.0.0.1:${Number(process.env.PORT ?? 3000)}`;
  try {
    const reply = await fetch(`${origin}/api/dev/time`, { signal: AbortSignal.timeout(2_000) });
    return reply.ok && timeReplySchema.safeParse(await reply.json()).success ? origin : null;
  } catch {
    return null;
  }
}

async function callProduct(
  origin: string,
  method: string,
  path: string,
  payload?: unknown,
): Promise<TimeReply> {
  // node:http rather than fetch: fetch gives up after 300 s without response headers, and a long advance may take that.
  const reply = await new Promise<{ status: number; json(): Promise<unknown> }>((resolve, reject) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const outgoing = request(
      `${origin}${path}`,
      { method, headers: body === undefined ? {} : { 'content-type': 'application/json' } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            json: async () => JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
  const json = await reply.json().catch(() => null);
  const parsed = timeReplySchema.safeParse(json);
  if (parsed.success) return parsed.data.data;
  const failure = failureSchema.safeParse(json);
  console.error(
    failure.success
      ? `${failure.data.message}${Object.values(failure.data.fields ?? {})
          .map((field) => `\n  ${field}`)
          .join('')}`
      : `OpenPie answered ${reply.status} to ${method} ${path}.`,
  );
  process.exit(1);
}

function report(reply: TimeReply, where: string): void {
  console.log(`Product time: ${reply.now} (${describeOffset(reply.offsetMs)})`);
  if (reply.jobsRun) {
    console.log(
      `Moved ${where} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ${summarize(reply.jobsRun)}`,
    );
    for (const run of reply.jobsRun.filter((entry) => entry.status === 'failed')) {
      console.log(`  failed: ${run.job} at ${run.scheduledAt}`);
    }
  }
}

/** `30 days ahead of the system clock`, `1 day 3 hours ahead …`, or `the system clock`. */
function describeOffset(offsetMs: number): string {
  const totalHours = Math.floor(offsetMs / 3_600_000);
  const days = Math.floor(totalHours / 24);
  const hours = totalHours % 24;
  const parts = [
    ...(days > 0 ? [`${days} day${days === 1 ? '' : 's'}`] : []),
    ...(hours > 0 ? [`${hours} hour${hours === 1 ? '' : 's'}`] : []),
  ];
  return parts.length === 0 ? 'the system clock' : `${parts.join(' ')} ahead of the system clock`;
}

function summarize(runs: readonly JobRunReport[] | readonly { job: string; status: string }[]): string {
  if (runs.length === 0) return 'no scheduled job fell due.';
  const counts = new Map<string, Map<string, number>>();
  for (const run of runs) {
    const byStatus = counts.get(run.job) ?? new Map<string, number>();
    byStatus.set(run.status, (byStatus.get(run.status) ?? 0) + 1);
    counts.set(run.job, byStatus);
  }
  const parts = [...counts].map(
    ([job, byStatus]) =>
      `${job} ×${[...byStatus.values()].reduce((sum, count) => sum + count, 0)} (${[...byStatus]
        .map(([status, count]) => `${count} ${status}`)
        .join(', ')})`,
  );
  return `ran ${runs.length} scheduled jobs: ${parts.join('; ')}.`;
}
