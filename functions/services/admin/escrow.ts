// Staff's escrow (SPEC §2 /admin/escrow, §7 `escrow`, `escrow/process-payouts`; decisions 023, 036 and 041): the
// money held for artists nobody has claimed yet, per artist, with how long it has been held and the day it starts
// going back to the fans; the names heard alone that wait for their catalogue artist; what escrow aging would touch
// now; escrow aging run now by staff (the same work as the daily job's: the sweep that releases claimed artists'
// lots, then the return of aged lots, each lot once however often or concurrently it runs); and a name heard alone
// given to one catalogue artist by staff, through the same service the job resolves names with. The list reads each
// artist's held total (cents and lots, kept in the same write as every lot's), and only the page's artists' lots for
// their fans, oldest lot, first return and due lots; the preview reads the lots due now and the totals. Sorting by age
// or by first return reads every held lot (data/escrow-held.ts, the sharded held index). Never a Scan.
import type {
  EscrowDue,
  ProcessPayoutsResult,
  ResolveNameResult,
  StaffEscrowArtist,
  staffEscrowKinds,
  staffEscrowSorts,
} from '../../contracts/admin-escrow';
import type { Pagination } from '../../contracts/envelope';
import { findCatalogueArtistsOfExactName } from '../../data/catalogue/artists';
import type { HeldLotSummary, HeldTotal, HeldTotalsRepair } from '../../data/escrow-held';
import {
  isHeldTotalsBackfilled,
  listHeldLots,
  listHeldLotsOfArtist,
  listHeldTotals,
  markHeldTotalsBackfilled,
  repairHeldTotals,
} from '../../data/escrow-held';
import { getNameOnlyArtist } from '../../data/name-only-artists';
import { normalizeArtistName } from '../../domain/listening/rules';
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';
import { releaseLotsLeftHeld } from '../claims/release';
import { returnAgedLots } from '../pie/escrow-aging';
import { resolveNameOnlyArtist } from '../pie/name-only-artists';
import { recordStaffAction, requireReason, staffActor } from './audit';
import { matchesSearch, pageOfList } from './staff-lists';

export interface StaffEscrowDependencies {
  table: TableRef;
  clock: Clock;
  /** The site's origin, for the mails a release or a return sends. */
  siteOrigin: string;
}

export function staffEscrowDependencies(): StaffEscrowDependencies {
  const env = getEnv();
  if (!env.SITE_ORIGIN) throw new Error('SITE_ORIGIN is not set: the mails cannot link to the site.');
  return { table: getTable(), clock: getClock(), siteOrigin: env.SITE_ORIGIN.replace(/\/+$/, '') };
}

const dayMs = 24 * 60 * 60 * 1000;
const namePrefix = 'name:';

export interface StaffEscrowListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  kind?: (typeof staffEscrowKinds)[number] | undefined;
  sortBy?: (typeof staffEscrowSorts)[number] | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

type HeldArtist = Omit<StaffEscrowArtist, 'nameOnly'>;

/** The held lots grouped by artist key: cents, lots, fans, the oldest lot and the first return. */
function groupByArtist(lots: readonly HeldLotSummary[], now: Date): HeldArtist[] {
  const groups = new Map<string, { row: HeldArtist; fans: Set<string> }>();
  for (const lot of lots) {
    const due = Date.parse(lot.heldUntil) <= now.getTime();
    const group = groups.get(lot.artistKey);
    if (!group) {
      groups.set(lot.artistKey, {
        fans: new Set([lot.fanId]),
        row: {
          artistKey: lot.artistKey,
          kind: lot.artistKey.startsWith(namePrefix) ? 'name-only' : 'catalogue',
          artistId: lot.artistId,
          artistName: lot.artistName,
          heldCents: lot.cents,
          lots: 1,
          fans: 0,
          oldestHeldFrom: lot.heldFrom,
          oldestAgeDays: 0,
          returnsAt: lot.heldUntil,
          dueLots: due ? 1 : 0,
          dueCents: due ? lot.cents : 0,
        },
      });
      continue;
    }
    const { row } = group;
    group.fans.add(lot.fanId);
    row.heldCents += lot.cents;
    row.lots += 1;
    if (lot.heldFrom < row.oldestHeldFrom) row.oldestHeldFrom = lot.heldFrom;
    if (lot.heldUntil < row.returnsAt) row.returnsAt = lot.heldUntil;
    if (due) {
      row.dueLots += 1;
      row.dueCents += lot.cents;
    }
  }
  return [...groups.values()].map(({ row, fans }) => ({
    ...row,
    fans: fans.size,
    oldestAgeDays: Math.max(0, Math.floor((now.getTime() - Date.parse(row.oldestHeldFrom)) / dayMs)),
  }));
}

/** A held total as a row before its lots are read: only what the total knows. */
function rowOfTotal(total: HeldTotal): HeldArtist {
  return {
    artistKey: total.artistKey,
    kind: total.artistKey.startsWith(namePrefix) ? 'name-only' : 'catalogue',
    artistId: total.artistId,
    artistName: total.artistName,
    heldCents: total.heldCents,
    lots: total.lots,
    fans: 0,
    oldestHeldFrom: '',
    oldestAgeDays: 0,
    returnsAt: '',
    dueLots: 0,
    dueCents: 0,
  };
}

/** A page row from its total, completed from the artist's held lots: fans, the oldest lot, the first return, due. */
async function withLotsOf(deps: StaffEscrowDependencies, row: HeldArtist, now: Date): Promise<HeldArtist> {
  const [fromLots] = groupByArtist(await listHeldLotsOfArtist(deps.table, row.artistKey), now);
  if (!fromLots) return { ...row, oldestHeldFrom: now.toISOString(), returnsAt: now.toISOString() };
  return {
    ...fromLots,
    artistId: row.artistId,
    artistName: row.artistName,
    heldCents: row.heldCents,
    lots: row.lots,
  };
}

/**
 * The backfill of the held totals (decision 041): the first read after they were introduced sets every artist's
 * total to its held lots, then marks it done; a read while it runs, or after it failed, runs it again, which changes
 * only what still differs.
 */
export async function backfillHeldTotals(
  deps: Pick<StaffEscrowDependencies, 'table' | 'clock'>,
): Promise<HeldTotalsRepair | null> {
  if (await isHeldTotalsBackfilled(deps.table)) return null;
  const repair = await repairHeldTotals(deps.table);
  await markHeldTotalsBackfilled(deps.table, deps.clock.now());
  return repair;
}

function sortKeyOf(sortBy: (typeof staffEscrowSorts)[number]): (row: HeldArtist) => string | number {
  switch (sortBy) {
    case 'held':
      return (row) => row.heldCents;
    case 'age':
      return (row) => row.oldestAgeDays;
    case 'returns':
      return (row) => row.returnsAt;
    case 'name':
      return (row) => row.artistName.toLowerCase();
  }
}

/** What the screen says of a name heard alone: its item's status, and the catalogue artists that bear it now. */
async function describeName(deps: StaffEscrowDependencies, row: HeldArtist): Promise<StaffEscrowArtist> {
  if (row.kind !== 'name-only') return { ...row, nameOnly: null };
  const normalisedName = row.artistKey.slice(namePrefix.length);
  const [entry, candidates] = await Promise.all([
    getNameOnlyArtist(deps.table, normalisedName),
    findCatalogueArtistsOfExactName(deps.table, normalisedName),
  ]);
  return {
    ...row,
    nameOnly: {
      normalisedName,
      status: entry ? entry.status : 'unregistered',
      candidates: candidates.map((candidate) => ({ artistId: candidate.id, name: candidate.name })),
      artistId: entry?.artistId ?? null,
      checkedAt: entry?.checkedAt ?? null,
    },
  };
}

/**
 * `GET /api/admin/escrow`: every artist (or name heard alone) money is held for, matching the search (a part of the
 * name, the artist id or the split key) and the kind, by cents held (default, highest first), by the oldest lot's age,
 * by the first return or by name, a page of `limit` (10 by default, SPEC §9). A name's row says whether it waits,
 * which catalogue artists bear it, and whom it was resolved to.
 */
export async function listEscrowForStaff(
  deps: StaffEscrowDependencies,
  query: StaffEscrowListQuery,
): Promise<{ artists: StaffEscrowArtist[]; pagination: Pagination }> {
  const now = deps.clock.now();
  const sortBy = query.sortBy ?? 'held';
  const order = query.sortOrder ?? (sortBy === 'name' || sortBy === 'returns' ? 'asc' : 'desc');
  const direction = order === 'asc' ? 1 : -1;
  const key = sortKeyOf(sortBy);
  await backfillHeldTotals(deps);
  // Age and first return are the least of each artist's lots, which no sum keeps: those sorts read every held lot.
  const byLots = sortBy === 'age' || sortBy === 'returns';
  const all = byLots
    ? groupByArtist(await listHeldLots(deps.table), now)
    : (await listHeldTotals(deps.table)).map(rowOfTotal);
  const rows = all
    .filter((row) => query.kind === undefined || row.kind === query.kind)
    .filter((row) =>
      matchesSearch(query.search, row.artistId ?? row.artistKey, [row.artistName, row.artistKey]),
    )
    .sort((a, b) => {
      const left = key(a);
      const right = key(b);
      if (left !== right) return (left < right ? -1 : 1) * direction;
      return a.artistKey.localeCompare(b.artistKey);
    });
  const { items, pagination } = pageOfList(rows, query.page, query.limit);
  const artists: StaffEscrowArtist[] = new Array<StaffEscrowArtist>(items.length);
  await forEachItem(
    items.map((row, index) => ({ row, index })),
    8,
    async ({ row, index }) => {
      artists[index] = await describeName(deps, byLots ? row : await withLotsOf(deps, row, now));
    },
  );
  return { artists, pagination };
}

/** `GET /api/admin/escrow/due`: what escrow aging would return if run now, per artist, and all that is held. */
export async function readEscrowDue(deps: StaffEscrowDependencies): Promise<EscrowDue> {
  const now = deps.clock.now();
  await backfillHeldTotals(deps);
  const [due, held] = await Promise.all([
    listHeldLots(deps.table, { dueBy: now }),
    listHeldTotals(deps.table),
  ]);
  const byArtist = new Map<string, EscrowDue['artists'][number]>();
  for (const lot of due) {
    const row = byArtist.get(lot.artistKey) ?? {
      artistKey: lot.artistKey,
      artistName: lot.artistName,
      lots: 0,
      cents: 0,
    };
    row.lots += 1;
    row.cents += lot.cents;
    byArtist.set(lot.artistKey, row);
  }
  return {
    asOf: now.toISOString(),
    lots: due.length,
    cents: due.reduce((sum, lot) => sum + lot.cents, 0),
    fans: new Set(due.map((lot) => lot.fanId)).size,
    artists: [...byArtist.values()].sort(
      (a, b) => b.cents - a.cents || a.artistKey.localeCompare(b.artistKey),
    ),
    heldLots: held.reduce((sum, total) => sum + total.lots, 0),
    heldCents: held.reduce((sum, total) => sum + total.heldCents, 0),
  };
}

/** How long staff's run starts new pages of due lots: a request has API Gateway's 29 seconds. */
export const staffRunBudgetMs = 20_000;

/**
 * `POST /api/admin/escrow/process-payouts`: escrow aging now, as the daily job runs it (names are left to the job and
 * to staff's resolution): first the lots still held for artists a claim already won go to the claim's office, then
 * every lot whose holding ended goes back to its fan. Each lot moves in the same write as its ledger transaction,
 * under an idempotency key of its own, so a second run, or two at once, moves nothing twice. A run that reaches its
 * time budget says so (`complete: false`); running it again returns the rest. The run is one audit entry with staff's
 * reason, what was due before and what the run moved.
 */
export async function processEscrowPayouts(
  deps: StaffEscrowDependencies,
  staffId: string,
  input: { reason: string },
  { log, budgetMs = staffRunBudgetMs }: { log: Logger; budgetMs?: number },
): Promise<ProcessPayoutsResult> {
  const reason = requireReason(input.reason);
  const ranAt = deps.clock.now();
  const before = await readEscrowDue(deps);
  const swept = await releaseLotsLeftHeld(deps);
  const counts = await returnAgedLots(deps, { log, now: ranAt, budgetMs });
  const result: Omit<ProcessPayoutsResult, 'auditEntryId'> = {
    ranAt: ranAt.toISOString(),
    due: counts.due,
    returnedLots: counts.returned,
    returnedCents: counts.returnedCents,
    releasedLots: swept.sweptLots,
    releasedCents: swept.sweptCents,
    fansMailed: counts.fansMailed + swept.fansMailed,
    complete: counts.complete,
  };
  const entry = await recordStaffAction(deps, {
    actor: await staffActor(deps.table, staffId),
    action: 'escrow-aging-run',
    target: { type: 'escrow', id: 'held-lots' },
    before: {
      dueLots: before.lots,
      dueCents: before.cents,
      heldLots: before.heldLots,
      heldCents: before.heldCents,
    },
    after: result,
    reason,
    idempotencyKey: `escrow-aging-run:${staffId}:${result.ranAt}`,
  });
  return { ...result, auditEntryId: entry.id };
}

/**
 * `POST /api/admin/escrow/name-only/{name}/resolve`: staff give a name heard alone to one catalogue artist of the
 * same name (decision 036's `resolveNameOnlyArtist`: 404 for a name nothing is held for or an artist that does not
 * exist, 409 `name_already_resolved` for a name given to another artist, 422 `name_does_not_match`); its held money
 * moves to the artist once, and to the artist's office when a claim won it. The same call again moves what is left
 * and leaves the one audit entry of the resolution as it is.
 */
export async function resolveNameForStaff(
  deps: StaffEscrowDependencies,
  staffId: string,
  name: string,
  body: { artistId: string; reason: string },
): Promise<ResolveNameResult> {
  const reason = requireReason(body.reason);
  const before = await getNameOnlyArtist(deps.table, normalizeArtistName(name));
  const moved = await resolveNameOnlyArtist(deps, { name, artistId: body.artistId, reason, staffId });
  const result: Omit<ResolveNameResult, 'auditEntryId'> = {
    normalisedName: moved.normalisedName,
    artistId: moved.artistId,
    artistName: moved.artistName,
    movedLots: moved.movedLots,
    movedCents: moved.movedCents,
    releasedLots: moved.releasedLots,
    waitingLots: moved.blockedLots + moved.unsplitLots,
  };
  const entry = await recordStaffAction(deps, {
    actor: await staffActor(deps.table, staffId),
    action: 'name-only-artist-resolved',
    target: { type: 'name-only-artist', id: moved.normalisedName },
    before: before
      ? { status: before.status, artistId: before.artistId, candidateIds: before.candidateIds }
      : { status: 'unregistered', artistId: null },
    after: result,
    reason,
    idempotencyKey: `name-only-artist-resolved:${moved.normalisedName}:${moved.artistId}`,
  });
  return { ...result, auditEntryId: entry.id };
}
