// The audit trail of what staff do (docs/decisions/043-audit-trail-and-staff-actions.md): every staff action names a
// reason and leaves one entry (who, when, what it touched, before and after). An action whose change is a table write
// puts its entry in the same transaction (`auditEntryPut`); one whose change happens elsewhere (a refund at Stripe, a
// job run) records it on its own (`recordStaffAction`). Both are written once per idempotency key, so a request run
// twice leaves one entry. Staff read the trail newest first with filters (`listAuditForStaff`).
import { createHash, randomUUID } from 'node:crypto';
import type { Pagination } from '../../contracts/envelope';
import { getAccount } from '../../data/accounts';
import type { AuditEntry, AuditFilter, AuditJson, AuditTargetType } from '../../data/audit';
import { claimStatuses } from '../../contracts/claims';
import {
  auditEntryPut as auditEntryPutItem,
  getAuditEntry,
  isAuditBackfilled,
  listAuditEntries,
  markAuditBackfilled,
  putAuditEntry,
} from '../../data/audit';
import { listClaimAuditEntries, pagesOfClaimsByStatus } from '../../data/claims';
import type { TableRef, TransactionItem } from '../../data/table';
import { forEachItem } from '../../data/table';
import { AppError } from '../../domain/errors';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';

export type { AuditEntry, AuditJson, AuditTargetType } from '../../data/audit';

export interface AuditDependencies {
  table: TableRef;
  clock: Clock;
}

/** The deployment's table and clock. */
export function auditDependencies(): AuditDependencies {
  return { table: getTable(), clock: getClock() };
}

/** What an action tells the trail about itself. */
export interface StaffActionEntry {
  actor: { id: string; email: string };
  action: string;
  target: { type: AuditTargetType; id: string };
  before: unknown;
  after: unknown;
  reason: string;
  /**
   * What makes this action one action (e.g. `office-stripe-connection-removed:<office>:<account>`): the same key
   * writes one entry however often it is recorded. Without one, every call is a new entry.
   */
  idempotencyKey?: string;
}

/** The longest reason staff may give. */
export const maxReasonLength = 1000;

/** A reason staff must give: trimmed, not empty, at most 1,000 characters; 422 on `reason` otherwise. */
export function requireReason(reason: string | null | undefined): string {
  const trimmed = (reason ?? '').trim();
  if (trimmed.length === 0) {
    throw new AppError('validation_failed', undefined, { fields: { reason: 'Say why you are doing this.' } });
  }
  if (trimmed.length > maxReasonLength) {
    throw new AppError('validation_failed', undefined, {
      fields: { reason: `A reason is at most ${maxReasonLength} characters.` },
    });
  }
  return trimmed;
}

/** The entry id of an idempotency key: the same key, the same id. */
export function auditEntryIdOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

/** Any value as the trail keeps it: JSON (undefined becomes null, dates their ISO text). */
function asJson(value: unknown): AuditJson {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value) ?? 'null') as AuditJson;
}

function toEntry(entry: StaffActionEntry, now: Date): AuditEntry {
  return {
    id: entry.idempotencyKey ? auditEntryIdOf(entry.idempotencyKey) : randomUUID(),
    at: now.toISOString(),
    actor: { id: entry.actor.id, email: entry.actor.email },
    action: entry.action,
    target: { type: entry.target.type, id: entry.target.id },
    before: asJson(entry.before),
    after: asJson(entry.after),
    reason: requireReason(entry.reason),
  };
}

/**
 * The TransactWriteItems `Put` of an action's entry, to write in the same transaction as the action's change (a
 * cancelled transaction whose entry's condition failed means this action was recorded already). The reason is
 * checked here too (422 when empty).
 */
export function auditEntryPut(table: TableRef, entry: StaffActionEntry, now: Date): TransactionItem {
  return auditEntryPutItem(table, toEntry(entry, now));
}

/**
 * Records an action whose change is not a write of its own here (a Stripe refund, a job run): the entry, once per
 * idempotency key. Answers the entry as stored (the first one, when the action was recorded before).
 */
export async function recordStaffAction(
  deps: AuditDependencies,
  entry: StaffActionEntry,
): Promise<AuditEntry> {
  const stored = toEntry(entry, deps.clock.now());
  if (await putAuditEntry(deps.table, stored)) return stored;
  return (await getAuditEntry(deps.table, stored.id)) ?? stored;
}

/** The staff member as the trail names them: id and e-mail (their account's, or `staff:<id>` when it is gone). */
export async function staffActor(table: TableRef, staffId: string): Promise<{ id: string; email: string }> {
  const account = await getAccount(table, 'admin', staffId);
  return { id: staffId, email: account?.email ?? `staff:${staffId}` };
}

/** The audit trail's action of a claim decision by staff. */
export const claimStatusChangedAction = 'claim-status-changed';

/** One decision, one entry: keyed by the claim and the id of the claim's own audit item (data/claims.ts). */
export function claimDecisionAuditKey(claimId: string, claimAuditEntryId: string): string {
  return `${claimStatusChangedAction}:${claimId}:${claimAuditEntryId}`;
}

const claimDecisionsBackfill = 'claim-decisions';

/**
 * The claim decisions staff made before the trail existed, entered once: every claim of every status, and each of
 * its status changes by staff, under the same entry id the decision path writes now (so a decision made while this
 * runs is one entry either way). Runs on the first read of the trail and marks itself done; a run that fails is run
 * again by the next read, writing only what is missing. Answers how many entries it wrote.
 */
export async function backfillClaimDecisions(deps: AuditDependencies): Promise<number> {
  if (await isAuditBackfilled(deps.table, claimDecisionsBackfill)) return 0;
  const actors = new Map<string, Promise<{ id: string; email: string }>>();
  const actorOf = (id: string) => {
    let found = actors.get(id);
    if (!found) {
      found = staffActor(deps.table, id);
      actors.set(id, found);
    }
    return found;
  };
  let written = 0;
  for (const status of claimStatuses) {
    for await (const claims of pagesOfClaimsByStatus(deps.table, status)) {
      await forEachItem(claims, 8, async (claim) => {
        for (const change of await listClaimAuditEntries(deps.table, claim.id)) {
          if (change.actorKind !== 'staff') continue;
          const entry = toEntry(
            {
              actor: await actorOf(change.actorId),
              action: claimStatusChangedAction,
              target: { type: 'claim', id: claim.id },
              before: { status: change.from },
              after: { status: change.to },
              reason:
                change.reason.trim() === '' ? 'No reason was stored with this decision.' : change.reason,
              idempotencyKey: claimDecisionAuditKey(claim.id, change.entryId),
            },
            new Date(change.at),
          );
          if (await putAuditEntry(deps.table, entry)) written += 1;
        }
      });
    }
  }
  await markAuditBackfilled(deps.table, claimDecisionsBackfill, deps.clock.now());
  return written;
}

export interface StaffAuditQuery {
  page: number;
  limit: number;
  action?: string | undefined;
  actorId?: string | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
}

/** The most entries staff's list reads before it pages (staff actions are a handful a day). */
export const staffAuditReadCap = 5000;

/**
 * `GET /api/admin/audit`: the entries newest first, filtered by action, staff member and target, as numbered pages
 * (SPEC §9: 10 a page). Reads the filtered trail through its cursor pages up to the page asked for plus one, so the
 * total is known when the trail is short, and counted up to the cap when it is long.
 */
export async function listAuditForStaff(
  deps: AuditDependencies,
  query: StaffAuditQuery,
): Promise<{ entries: AuditEntry[]; pagination: Pagination }> {
  await backfillClaimDecisions(deps);
  const filter: AuditFilter = {
    action: query.action,
    actorId: query.actorId,
    targetType: query.targetType,
    targetId: query.targetId,
  };
  const all: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await listAuditEntries(deps.table, { filter, limit: 100, cursor });
    all.push(...page.entries);
    cursor = page.cursor;
  } while (cursor && all.length < staffAuditReadCap);
  const { page, limit } = query;
  return {
    entries: all.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: all.length, pages: Math.ceil(all.length / limit) },
  };
}
