// The escrow-aging job's work (docs/decisions/023-the-split-run-and-escrow.md, 031-money-by-origin.md): lots held for
// artists nobody claimed within the holding period go back to the fans who gave them. Each lot is one ledger
// transaction (`escrow-return:<pieId>:<artistKey>`: the artist's earnings back to the money of the pie it came from,
// in the fan's wallet; for a fan who deleted their account, to the platform's `deleted-fan-returns` account) written
// in the same TransactWriteItems as the lot leaving `held`, so running the job twice, or two runs at once, returns a
// lot once, and a lot a claim released (or a refund took back) first is never returned. The due index has no
// look-back window: a lot the job missed for any time is returned on its next run. Each fan is mailed once per run.
import { randomUUID } from 'node:crypto';
import { getAccount } from '../../data/accounts';
import { buildReturnLotItems, pagesOfLotsDue } from '../../data/escrow-lots';
import { putOutboxMailOnce } from '../../data/outbox';
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';
import type { EscrowLot } from '../../domain/money/escrow';
import { buildEscrowReturnPostings, escrowReturnIdempotencyKey } from '../../domain/money/escrow';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';
import { postTransactionAlongside } from '../ledger';
import { buildEscrowReturnedMail } from './pie-receipt';

export interface EscrowAgingDependencies {
  table: TableRef;
  clock: Clock;
  /** The site's origin for the mail's link (SITE_ORIGIN). */
  siteOrigin: string;
}

export function escrowAgingDependencies(): EscrowAgingDependencies {
  const env = getEnv();
  if (!env.SITE_ORIGIN) throw new Error('SITE_ORIGIN is not set: the mail cannot link to the wallet.');
  return { table: getTable(), clock: getClock(), siteOrigin: env.SITE_ORIGIN.replace(/\/+$/, '') };
}

export interface EscrowAgingCounts {
  /** Pages of the due index read. */
  pages: number;
  /** Held lots whose holding period is over, found this run. */
  due: number;
  /** Returned by this run (a lot returned before, or released meanwhile, is not counted). */
  returned: number;
  returnedCents: number;
  fansMailed: number;
  /** False when the run stopped at its time budget with due lots left for the next run. */
  complete: boolean;
}

/** Returns one lot: true when this call moved its money, false when it was returned or released before. */
async function returnLot(
  deps: EscrowAgingDependencies,
  lot: EscrowLot,
  fanDeleted: boolean,
): Promise<boolean> {
  const posted = await postTransactionAlongside(
    deps,
    {
      kind: 'escrow-return',
      idempotencyKey: escrowReturnIdempotencyKey(lot),
      postings: buildEscrowReturnPostings(lot, { fanDeleted }),
      references: {
        pieId: lot.pieId,
        fanId: lot.fanId,
        artistKey: lot.artistKey,
        ...(fanDeleted ? { fanDeleted: 'true' } : {}),
      },
    },
    buildReturnLotItems(deps.table, lot, deps.clock.now()),
  );
  return posted?.written ?? false;
}

async function mailFan(
  deps: EscrowAgingDependencies,
  fanId: string,
  returned: { cents: number; artistKeys: Set<string> },
): Promise<boolean> {
  const account = await getAccount(deps.table, 'fan', fanId);
  if (account?.status !== 'active' || !account.email) return false;
  const message = buildEscrowReturnedMail({
    to: account.email,
    firstName: account.firstName,
    siteOrigin: deps.siteOrigin,
    cents: returned.cents,
    artistCount: returned.artistKeys.size,
  });
  return putOutboxMailOnce(deps.table, { id: randomUUID(), message, createdAt: deps.clock.now() });
}

/** How long a run starts new pages: a Lambda job has 15 minutes, and what is left waits for tomorrow's run. */
const runBudgetMs = 12 * 60_000;

/**
 * The escrow-aging job: every held lot whose `heldUntil` is at or before `now` goes back to its fan's wallet, a page
 * of the due index at a time. A run that reaches its time budget stops starting pages (`complete: false`); the next
 * run returns the rest.
 */
export async function returnAgedLots(
  deps: EscrowAgingDependencies,
  {
    log,
    now,
    budgetMs = runBudgetMs,
    pageSize = 100,
  }: { log: Logger; now: Date; budgetMs?: number; pageSize?: number },
): Promise<EscrowAgingCounts> {
  const startedAt = performance.now();
  const counts: EscrowAgingCounts = {
    pages: 0,
    due: 0,
    returned: 0,
    returnedCents: 0,
    fansMailed: 0,
    complete: true,
  };
  const byFan = new Map<string, { cents: number; artistKeys: Set<string> }>();
  const deleted = new Map<string, Promise<boolean>>();
  const isDeleted = (fanId: string) => {
    let known = deleted.get(fanId);
    if (!known) {
      known = getAccount(deps.table, 'fan', fanId).then((account) => account?.status === 'deleted');
      deleted.set(fanId, known);
    }
    return known;
  };
  for await (const page of pagesOfLotsDue(deps.table, now, pageSize)) {
    counts.pages += 1;
    const lots = page.filter((lot) => lot.status === 'held' && Date.parse(lot.heldUntil) <= now.getTime());
    counts.due += lots.length;
    await forEachItem(lots, 8, async (lot) => {
      if (!(await returnLot(deps, lot, await isDeleted(lot.fanId)))) return;
      counts.returned += 1;
      counts.returnedCents += lot.cents;
      const fan = byFan.get(lot.fanId) ?? { cents: 0, artistKeys: new Set<string>() };
      fan.cents += lot.cents;
      fan.artistKeys.add(lot.artistKey);
      byFan.set(lot.fanId, fan);
    });
    // Checked after a page that held due lots, so every run makes progress however little time is left.
    if (lots.length > 0 && performance.now() - startedAt > budgetMs) {
      counts.complete = false;
      break;
    }
  }
  for (const [fanId, returned] of byFan) {
    if (await mailFan(deps, fanId, returned)) counts.fansMailed += 1;
  }
  log.info('escrow aged', { ...counts });
  return counts;
}
