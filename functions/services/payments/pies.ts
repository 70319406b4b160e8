// Opening and finding a fan's pies. A card payment (the webhook) and the /try promo both open pies here,
// and both ask `findCurrentPie` for the one rule "a fan with an active pie cannot start another".
import { createHash } from 'node:crypto';
import type { PieSummary } from '../../contracts/payments';
import type { PieSettings, StoredPie } from '../../data/pies';
import type { PieInactiveReason } from '../../data/pies';
import { listFanPies, markPieInactive, putPie } from '../../data/pies';
import type { TableRef, TransactionItem } from '../../data/table';
import { computeNetCents } from '../../domain/money/fees';
import { derivePieStatus } from '../../domain/money/pie-status';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { refreshFanSpend } from '../admin/fan-spend';

export type { PieSettings, StoredPie } from '../../data/pies';

export interface PieDependencies {
  table: TableRef;
  clock: Clock;
}

export interface OpenPieInput {
  pieId: string;
  fanId: string;
  promo: boolean;
  periodStart: Date;
  pieDays: number;
  amountCents: number;
  processingFeeCents: number | null;
  settings: PieSettings;
  /** The previous pie's inclusions for a renewal; none when not given. */
  inclusions?: Record<string, boolean>;
  subscriptionId: string | null;
  invoiceId: string | null;
  /** OpenPie's fee on this pie; 0 when not given (the default platform fee). */
  platformFeeCents?: number;
}

/** The deployment's table and the product clock (no Stripe: reading pies needs none, nor its SDK in the bundle). */
export function pieDependencies(): PieDependencies {
  return { table: getTable(), clock: getClock() };
}

const dayMs = 86_400_000;

/** The pie a paid invoice opens: derived from the invoice id, so a re-delivered event finds the same pie. */
export function pieIdOfInvoice(invoiceId: string): string {
  return `pie_${createHash('sha256').update(invoiceId).digest('hex').slice(0, 24)}`;
}

function assertWholeCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be whole cents, not ${value}`);
}

/** The pie a payment or promo opens, as it is stored: open, for `pieDays` days from `periodStart`. */
export function buildPieRecord(deps: PieDependencies, input: OpenPieInput): StoredPie {
  if (!Number.isSafeInteger(input.pieDays) || input.pieDays < 1 || input.pieDays > 366) {
    throw new RangeError(`A pie lasts a whole number of days, not ${input.pieDays}`);
  }
  assertWholeCents(input.amountCents, 'A pie amount');
  if (input.processingFeeCents !== null) assertWholeCents(input.processingFeeCents, 'A processing fee');
  const platformFeeCents = input.platformFeeCents ?? 0;
  assertWholeCents(platformFeeCents, 'A platform fee');
  if (Number.isNaN(input.periodStart.getTime())) throw new RangeError('A pie needs a valid period start');
  return {
    id: input.pieId,
    fanId: input.fanId,
    promo: input.promo,
    status: 'open',
    inactiveReason: null,
    periodStart: input.periodStart.toISOString(),
    periodEnd: new Date(input.periodStart.getTime() + input.pieDays * dayMs).toISOString(),
    pieDays: input.pieDays,
    amountCents: input.amountCents,
    processingFeeCents: input.processingFeeCents,
    platformFeeCents,
    settings: {
      artistLimit: input.settings.artistLimit,
      artistPopularity: input.settings.artistPopularity,
      excludeNonActive: input.settings.excludeNonActive,
    },
    inclusions: { ...input.inclusions },
    receipt: null,
    subscriptionId: input.subscriptionId,
    invoiceId: input.invoiceId,
    createdAt: deps.clock.now().toISOString(),
  };
}

/**
 * Opens a pie for `pieDays` days from `periodStart`. An existing pie of that id is answered as it is, so a retry (or
 * a concurrent second delivery) opens nothing twice. A payment writes its pie with its money (buildPieRecord) and then
 * calls this too, which finds it there.
 */
export async function openPie(deps: PieDependencies, input: OpenPieInput): Promise<StoredPie> {
  const pie = buildPieRecord(deps, input);
  const result = await putPie(deps.table, pie);
  // Staff's fans list sorts by what each fan's cards paid: the payment this pie follows is booked by now.
  await refreshFanSpend(deps, input.fanId);
  return result.pie;
}

/**
 * Stops a pie (a refund, a dispute, a renewal that failed; `alongside` is written in the same transaction) and does
 * what follows a pie's stopping in one place: staff's fans list stops counting it as the fan's active pie.
 */
export async function stopPie(
  deps: PieDependencies,
  pie: { pieId: string; fanId: string },
  reason: PieInactiveReason,
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<void> {
  await markPieInactive(deps.table, pie.pieId, reason, deps.clock.now(), options);
  await refreshFanSpend(deps, pie.fanId);
}

/** Whether a pie still counts as the fan's current one at `now`: its period runs and it was not made inactive. */
export function isCurrentPie(pie: StoredPie, now: Date): boolean {
  return pie.status !== 'inactive' && now.getTime() < Date.parse(pie.periodEnd);
}

/** The fan's newest pie whose period has not ended and which is not inactive, or null. */
export async function findCurrentPie(deps: PieDependencies, fanId: string): Promise<StoredPie | null> {
  const now = deps.clock.now();
  // Newest period first: a current pie, if any, is among the newest (each pie starts after the one before).
  const pies = await listFanPies(deps.table, fanId, { limit: 10 });
  return pies.find((pie) => isCurrentPie(pie, now)) ?? null;
}

/** A pie as the fan sees it (contracts/payments.ts `pieSummarySchema`). */
export function toPieSummary(
  pie: StoredPie,
  { now, cancelAtPeriodEnd }: { now: Date; cancelAtPeriodEnd: boolean },
): PieSummary {
  return {
    id: pie.id,
    status: derivePieStatus(pie, { now, cancelAtPeriodEnd }),
    promo: pie.promo,
    periodStart: pie.periodStart,
    periodEnd: pie.periodEnd,
    pieDays: pie.pieDays,
    currency: 'usd',
    amountCents: pie.amountCents,
    processingFeeCents: pie.processingFeeCents,
    platformFeeCents: pie.platformFeeCents,
    netCents:
      pie.processingFeeCents === null
        ? null
        : computeNetCents(pie.amountCents, pie.processingFeeCents, pie.platformFeeCents),
    settings: { ...pie.settings },
    subscriptionId: pie.subscriptionId,
    createdAt: pie.createdAt,
    // The totals as the split left them; what became of held money since is the receipt's (GET /api/pie/pie/{id}).
    receipt: pie.receipt ? { ...pie.receipt } : null,
  };
}
