// An artist heard only by name is payable (docs/decisions/036-name-only-artists.md). A split holds the share of an
// artist an import named, and the catalogue did not know, under `name:<normalised name>` (its money in
// `artist-name-earnings:<name>`). Once the name belongs to one catalogue artist (the catalogue holds exactly one artist
// of that name, or staff chose one), the name's held lots and their money move to the artist: per batch of lots one
// balanced `escrow-hold` transaction (name account −x, `artist-earnings:<id>` +x) written in the same
// TransactWriteItems as the lots leaving the name and being held for the artist, so money and lots move together,
// once. The name's resolution is written first; a crash after it is finished by the next run, and a second or
// concurrent run meets the lots' conditions or the batch's idempotency key and moves nothing twice. When the artist
// is claimed already, the moved lots are released to the claim's office through the claims' release path.
import {
  findCatalogueArtistsOfExactName,
  getCatalogueArtist,
  upsertCatalogueArtists,
} from '../../data/catalogue/artists';
import { getSuccessfulClaimOfArtist } from '../../data/claims';
import { getPie } from '../../data/pies';
import { listHeldLots } from '../../data/escrow-held';
import { buildMoveLotItems, findHeldLotsOfArtist, getEscrowLot } from '../../data/escrow-lots';
import type { NameOnlyArtist } from '../../data/name-only-artists';
import {
  getNameOnlyArtist,
  getNameOnlyArtists,
  noteNameOnlyArtistLooked,
  pagesOfNamesNotedHolding,
  resolveNameOnlyArtistTo,
} from '../../data/name-only-artists';
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';
import { AppError, isAppError } from '../../domain/errors';
import { normalizeArtistName } from '../../domain/listening/rules';
import type { EscrowLot } from '../../domain/money/escrow';
import type { AccountId, Posting } from '../../domain/money/ledger';
import { accountIdOf } from '../../domain/money/ledger';
import type { SpotifyWebApi } from '../../integrations/spotify/web-api';
import type { Clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import * as z from 'zod/mini';
import { catalogueArtistKeyOf, releaseLotsToClaim } from '../claims/release';
import { toCatalogueArtist } from '../catalogue/spotify-catalogue';
import type { LedgerDependencies } from '../ledger';
import { postTransactionAlongside } from '../ledger';

export interface NameOnlyArtistDependencies {
  table: TableRef;
  clock: Clock;
  /** The site's origin, for the artist-joined mail of a release. */
  siteOrigin: string;
  /** Spotify's catalogue calls (client credentials), for the track lookup; without them, names resolve by name only. */
  spotify?: SpotifyWebApi | null;
  /** Tests only: throws before a ledger write, to prove a run stopped half-way is finished by the next. */
  failBeforeChunk?: LedgerDependencies['failBeforeChunk'];
}

/**
 * Lots per move: the ledger's transaction item and two postings take 5 of TransactWriteItems' 100 items, the name's
 * and the artist's held totals 2, each lot two more (the name's lot deleted, the artist's lot put or added to): 45
 * lots make 97.
 */
export const lotsPerMove = 45;

/** How often a batch refused because some of its lots changed meanwhile is re-read and tried again. */
const batchAttempts = 5;

/** The split key of a name heard alone (decision 021). */
export function nameArtistKeyOf(normalisedName: string): string {
  return `name:${normalisedName}`;
}

/** The idempotency key of one batch: the name's lot that opens it (lots are batched in key order). */
export function nameMoveIdempotencyKey(
  firstLot: Pick<EscrowLot, 'pieId' | 'artistKey' | 'accountId'>,
): string {
  const key = `escrow-name-move:${firstLot.pieId}:${firstLot.artistKey}`;
  return key.length <= 300 ? key : `escrow-name-move:${firstLot.pieId}:${firstLot.accountId}`;
}

function lotOrder(a: EscrowLot, b: EscrowLot): number {
  return a.pieId.localeCompare(b.pieId) || a.artistKey.localeCompare(b.artistKey);
}

export interface MoveCounts {
  /** Lots this call moved from the name to the artist (moved before, or by a concurrent call, not counted). */
  movedLots: number;
  movedCents: number;
  transactions: number;
  /** Lots left with the name because their pie's lot of the artist is no longer held (released or returned). */
  blockedLots: number;
  /** Lots left with the name for now because their pie's split has not finished (a later run moves them). */
  unsplitLots: number;
  /** Lots of the artist this call released to its claim's office. */
  releasedLots: number;
}

function noMoves(): MoveCounts {
  return { movedLots: 0, movedCents: 0, transactions: 0, blockedLots: 0, unsplitLots: 0, releasedLots: 0 };
}

/** Adds one name's moves to a run's counts. */
function addMoves(counts: MoveCounts, moved: MoveCounts): void {
  counts.movedLots += moved.movedLots;
  counts.movedCents += moved.movedCents;
  counts.transactions += moved.transactions;
  counts.blockedLots += moved.blockedLots;
  counts.unsplitLots += moved.unsplitLots;
  counts.releasedLots += moved.releasedLots;
}

interface Target {
  artistId: string;
  artistName: string;
  artistKey: string;
  accountId: AccountId;
}

function movePostings(target: Target, lots: readonly EscrowLot[]): Posting[] {
  const byAccount = new Map<AccountId, number>();
  for (const lot of lots) byAccount.set(lot.accountId, (byAccount.get(lot.accountId) ?? 0) + lot.cents);
  return [
    ...[...byAccount].map(([accountId, cents]) => ({ accountId, amountCents: -cents })),
    { accountId: target.accountId, amountCents: lots.reduce((sum, lot) => sum + lot.cents, 0) },
  ];
}

/** Moves one batch; answers the lots this call moved and those it had to leave with the name. */
async function moveBatch(
  deps: NameOnlyArtistDependencies,
  target: Target,
  batch: readonly EscrowLot[],
): Promise<{ moved: EscrowLot[]; blocked: number }> {
  let lots = batch.filter((lot) => lot.status === 'held' && lot.cents > 0);
  let blocked = 0;
  for (let attempt = 0; attempt < batchAttempts && lots.length > 0; attempt += 1) {
    // A pie that paid the artist under both keys has a lot of the artist already: the name's money joins it.
    const existing = await Promise.all(
      lots.map((lot) => getEscrowLot(deps.table, lot.pieId, target.artistKey)),
    );
    const movable = lots.filter((_, index) => {
      const there = existing[index];
      return !there || there.status === 'held';
    });
    blocked = lots.length - movable.length;
    const first = movable[0];
    if (!first) break;
    const at = deps.clock.now();
    try {
      const posted = await postTransactionAlongside(
        deps,
        {
          kind: 'escrow-hold',
          idempotencyKey: nameMoveIdempotencyKey(first),
          postings: movePostings(target, movable),
          references: {
            reason: 'name-resolved',
            artistId: target.artistId,
            artistKey: first.artistKey.slice(0, 200),
          },
        },
        buildMoveLotItems(
          deps.table,
          movable.map((lot) => ({ lot, existing: existing[lots.indexOf(lot)] ?? null })),
          target,
          at,
        ),
      );
      if (posted) return { moved: posted.written ? movable : [], blocked };
    } catch (error) {
      if (!isAppError(error) || error.code !== 'idempotency_key_reused') throw error;
    }
    const now = await Promise.all(lots.map((lot) => getEscrowLot(deps.table, lot.pieId, lot.artistKey)));
    lots = now.filter((lot): lot is EscrowLot => lot?.status === 'held' && lot.cents > 0);
  }
  if (lots.length > blocked) {
    throw new Error(`The lots of ${target.artistKey} kept meeting concurrent changes; run it again`);
  }
  return { moved: [], blocked };
}

/**
 * Moves every lot still held for the name to the artist, in batches of `lotsPerMove`, then, when the artist holds a
 * successful claim, releases the artist's held lots to its office. Only for a name already resolved to the artist.
 */
async function moveNameToArtist(
  deps: NameOnlyArtistDependencies,
  normalisedName: string,
  artist: { id: string; name: string },
): Promise<MoveCounts> {
  const target: Target = {
    artistId: artist.id,
    artistName: artist.name,
    artistKey: catalogueArtistKeyOf(artist.id),
    accountId: accountIdOf('artist-earnings', artist.id),
  };
  const counts = noMoves();
  const held = await findHeldLotsOfArtist(deps.table, nameArtistKeyOf(normalisedName));
  // Only lots of pies marked split: a split that has not finished writes its lots again where none are, so a lot
  // moved under it would come back with no money behind it. Such lots move on a later run.
  const split = new Set<string>();
  await forEachItem([...new Set(held.map((lot) => lot.pieId))], 8, async (pieId) => {
    if ((await getPie(deps.table, pieId))?.status === 'split') split.add(pieId);
  });
  const lots = held.filter((lot) => split.has(lot.pieId)).sort(lotOrder);
  counts.unsplitLots = held.length - lots.length;
  for (let start = 0; start < lots.length; start += lotsPerMove) {
    const { moved, blocked } = await moveBatch(deps, target, lots.slice(start, start + lotsPerMove));
    counts.blockedLots += blocked;
    if (moved.length === 0) continue;
    counts.transactions += 1;
    counts.movedLots += moved.length;
    counts.movedCents += moved.reduce((sum, lot) => sum + lot.cents, 0);
  }
  const holder = await getSuccessfulClaimOfArtist(deps.table, artist.id);
  if (holder) {
    // The artist's held lots, the moved ones among them: a crash after the move is finished here next run.
    const held = await findHeldLotsOfArtist(deps.table, target.artistKey);
    const current = await Promise.all(held.map((lot) => getEscrowLot(deps.table, lot.pieId, lot.artistKey)));
    const released = await releaseLotsToClaim(
      deps,
      { id: holder.claimId, officeId: holder.officeId, artistId: artist.id, artistName: artist.name },
      current.filter((lot): lot is EscrowLot => lot?.status === 'held'),
    );
    counts.releasedLots = released.releasedLots;
  }
  return counts;
}

export interface NameResolutionCounts extends MoveCounts {
  /** Names looked at. */
  names: number;
  /** Names this run resolved to the one catalogue artist of their name. */
  resolved: number;
  /** Names several catalogue artists share: left held, listed for staff. */
  ambiguous: number;
  /** False when the run stopped at its time budget with names left for the next run. */
  complete: boolean;
}

/** How long the name pass starts new pages, so the escrow job keeps time to return aged lots. */
const nameRunBudgetMs = 5 * 60_000;

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Spotify's track lookup for a page of names: each name heard on a track one of whose artists has exactly that
 * (normalised) name belongs to that artist, whom the catalogue then learns. Spotify failing leaves the names to the
 * catalogue's own match: the lookup is tried again on the next run.
 */
async function artistsByTrack(
  deps: NameOnlyArtistDependencies,
  entries: readonly NameOnlyArtist[],
  log: Logger,
): Promise<Map<string, { id: string; name: string }>> {
  const found = new Map<string, { id: string; name: string }>();
  const spotify = deps.spotify;
  const asked = entries.filter((entry) => entry.status !== 'resolved' && entry.sampleTrackId !== null);
  if (!spotify || asked.length === 0) return found;
  try {
    const tracks = new Map(
      (await spotify.tracks([...new Set(asked.map((entry) => entry.sampleTrackId ?? ''))])).map((track) => [
        track.id,
        track,
      ]),
    );
    for (const entry of asked) {
      const track = tracks.get(entry.sampleTrackId ?? '');
      const artist = track?.artists.find((each) => normalizeArtistName(each.name) === entry.normalisedName);
      if (artist) found.set(entry.normalisedName, { id: artist.id, name: artist.name });
    }
    if (found.size === 0) return found;
    const ids = [...new Set([...found.values()].map((artist) => artist.id))];
    const full = new Map((await spotify.artists(ids)).map((artist) => [artist.id, artist]));
    await upsertCatalogueArtists(
      deps.table,
      [...found.values()].map((artist) => {
        const known = full.get(artist.id);
        return known ? toCatalogueArtist(known) : artist;
      }),
      deps.clock.now(),
    );
  } catch (error) {
    log.warn('Spotify track lookup failed; names wait for the catalogue', {
      error: error instanceof Error ? error.message : String(error),
    });
    found.clear();
  }
  return found;
}

async function lookAtName(
  deps: NameOnlyArtistDependencies,
  entry: NameOnlyArtist,
  counts: NameResolutionCounts,
  byTrack: { id: string; name: string } | undefined,
  heldCents: number,
): Promise<void> {
  counts.names += 1;
  let artist: { id: string; name: string };
  if (entry.status === 'resolved' && entry.artistId !== null) {
    const known = await getCatalogueArtist(deps.table, entry.artistId);
    artist = { id: entry.artistId, name: known?.name ?? entry.name };
  } else if (byTrack) {
    const resolved = await resolveNameOnlyArtistTo(
      deps.table,
      entry.normalisedName,
      { artistId: byTrack.id, name: entry.name, resolvedBy: 'spotify-track', candidateIds: [byTrack.id] },
      deps.clock.now(),
    );
    if (resolved.artistId === null) return;
    if (resolved.artistId === byTrack.id) counts.resolved += 1;
    const known = await getCatalogueArtist(deps.table, resolved.artistId);
    artist = { id: resolved.artistId, name: known?.name ?? byTrack.name };
  } else {
    const candidates = await findCatalogueArtistsOfExactName(deps.table, entry.normalisedName);
    const candidateIds = candidates.map((candidate) => candidate.id).sort();
    const only = candidates.length === 1 ? candidates[0] : undefined;
    if (only) {
      const resolved = await resolveNameOnlyArtistTo(
        deps.table,
        entry.normalisedName,
        { artistId: only.id, name: entry.name, resolvedBy: 'exact-name', candidateIds },
        deps.clock.now(),
      );
      if (resolved.artistId === null) return;
      counts.resolved += resolved.artistId === only.id ? 1 : 0;
      artist = resolved.artistId === only.id ? only : { id: resolved.artistId, name: only.name };
    } else {
      const status = candidates.length > 1 ? 'ambiguous' : 'waiting';
      if (status === 'ambiguous') counts.ambiguous += 1;
      const unchanged =
        entry.status === status &&
        sameList(entry.candidateIds, candidateIds) &&
        entry.heldCents === heldCents &&
        // A name noted holding before the index of names noted holding existed joins it.
        (heldCents === 0 || entry.heldIndexed);
      if (!unchanged) {
        await noteNameOnlyArtistLooked(
          deps.table,
          entry.normalisedName,
          { status, candidateIds, heldCents },
          deps.clock.now(),
        );
      }
      return;
    }
  }
  addMoves(counts, await moveNameToArtist(deps, entry.normalisedName, artist));
}

/** What every held lot of a name heard alone holds, by normalised name: one read of the held lots' index. */
async function heldCentsOfNames(table: TableRef): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  const prefix = nameArtistKeyOf('');
  for (const lot of await listHeldLots(table)) {
    if (!lot.artistKey.startsWith(prefix)) continue;
    const name = lot.artistKey.slice(prefix.length);
    held.set(name, (held.get(name) ?? 0) + lot.cents);
  }
  return held;
}

/** The order a pass looks at names in: resolved first, then waiting, then ambiguous; by name within each. */
const statusOrder: Record<NameOnlyArtist['status'], number> = { resolved: 0, waiting: 1, ambiguous: 2 };

/** Names a pass looks up together (the Spotify track lookup takes them a page at a time). */
const namesPerPage = 100;

/**
 * The escrow job's pass over the names heard alone: a waiting or ambiguous name heard on a track one of whose
 * artists bears it (Spotify's track lookup), or that the catalogue now holds exactly one artist of, is resolved to that
 * artist and its held money moves there; a name several catalogue artists share is marked
 * ambiguous, with them, for staff; a resolved name's lots held since (a pie split after the resolution) follow it.
 * Idempotent: run it twice, or twice at once, and each lot moves once.
 *
 * The pass costs what is held, never every name ever imported: the names it looks at are those the held lots' index
 * holds money for (one read of it), and a name whose item still notes cents it no longer holds is found through the
 * sparse index of names noted holding and noted as holding none. A name with nothing held needs no artist yet: it is
 * looked up (catalogue, Spotify) once money waits for it. A name money is held for that no import registered is left
 * to staff (resolveNameOnlyArtist).
 */
export async function resolveNameOnlyArtists(
  deps: NameOnlyArtistDependencies,
  { log, budgetMs = nameRunBudgetMs }: { log: Logger; budgetMs?: number },
): Promise<NameResolutionCounts> {
  const startedAt = performance.now();
  const counts: NameResolutionCounts = { names: 0, resolved: 0, ambiguous: 0, ...noMoves(), complete: true };
  const outOfTime = () => {
    if (performance.now() - startedAt <= budgetMs) return false;
    counts.complete = false;
    return true;
  };
  if (outOfTime()) {
    log.info('name-only artists looked at', { ...counts });
    return counts;
  }
  const heldOfNames = await heldCentsOfNames(deps.table);
  const registered = await getNameOnlyArtists(deps.table, [...heldOfNames.keys()]);
  // Resolved names first: what they hold is known to be payable, and a crash after a resolution is finished here.
  const withMoney = [...registered.values()].sort(
    (a, b) =>
      statusOrder[a.status] - statusOrder[b.status] || a.normalisedName.localeCompare(b.normalisedName),
  );
  for (let start = 0; start < withMoney.length; start += namesPerPage) {
    if (outOfTime()) break;
    const page = withMoney.slice(start, start + namesPerPage);
    const byTrack = await artistsByTrack(deps, page, log);
    for (const entry of page) {
      await lookAtName(
        deps,
        entry,
        counts,
        byTrack.get(entry.normalisedName),
        heldOfNames.get(entry.normalisedName) ?? 0,
      );
    }
  }
  // Names noted as holding money that hold none now (returned to their fans, or moved): noted as holding nothing.
  if (counts.complete) {
    for await (const page of pagesOfNamesNotedHolding(deps.table)) {
      if (outOfTime()) break;
      for (const entry of page) {
        if (entry.status === 'resolved' || (heldOfNames.get(entry.normalisedName) ?? 0) > 0) continue;
        counts.names += 1;
        await noteNameOnlyArtistLooked(
          deps.table,
          entry.normalisedName,
          { status: entry.status, candidateIds: entry.candidateIds, heldCents: 0 },
          deps.clock.now(),
        );
      }
    }
  }
  log.info('name-only artists looked at', { ...counts });
  return counts;
}

const staffResolutionSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(500)),
  artistId: z.string().check(z.minLength(1), z.maxLength(100)),
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)),
  staffId: z.string().check(z.minLength(1)),
});
export type StaffNameResolution = z.infer<typeof staffResolutionSchema>;

export interface StaffNameResolutionResult extends MoveCounts {
  normalisedName: string;
  artistId: string;
  artistName: string;
}

/**
 * Staff give a name heard alone to one catalogue artist (the escrow screen, for an ambiguous name): allowed only for a
 * name the escrow knows, to a catalogue artist whose normalised name is the same (422 `name_does_not_match`), and
 * never to a second artist (409 `name_already_resolved`). Moves the name's held money to the artist and releases it
 * when the artist is claimed. Running it again for the same artist moves what is left (nothing, when all moved).
 */
export async function resolveNameOnlyArtist(
  deps: NameOnlyArtistDependencies,
  input: StaffNameResolution,
): Promise<StaffNameResolutionResult> {
  const parsed = staffResolutionSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'input')] = issue.message;
    throw new AppError('validation_failed', undefined, { fields });
  }
  const { name, artistId, reason, staffId } = parsed.data;
  const normalisedName = normalizeArtistName(name);
  if (normalisedName.length === 0) {
    throw new AppError('validation_failed', undefined, { fields: { name: 'This is not an artist name.' } });
  }
  const [registered, artist, held] = await Promise.all([
    getNameOnlyArtist(deps.table, normalisedName),
    getCatalogueArtist(deps.table, artistId),
    findHeldLotsOfArtist(deps.table, nameArtistKeyOf(normalisedName)),
  ]);
  // A name no import registered (plays stored before names were) still counts when money is held for it.
  const entry =
    registered ?? (held.length > 0 ? { artistId: null, name: held[0]?.artistName ?? name } : null);
  if (!entry) throw new AppError('not_found', 'No money is held for an artist of this name.');
  if (!artist) throw new AppError('not_found', 'There is no catalogue artist with this id.');
  if (entry.artistId !== null && entry.artistId !== artistId) {
    throw new AppError('conflict', undefined, { code: 'name_already_resolved' });
  }
  if (normalizeArtistName(artist.name) !== normalisedName) {
    throw new AppError('validation_failed', undefined, { code: 'name_does_not_match' });
  }
  const candidates = await findCatalogueArtistsOfExactName(deps.table, normalisedName);
  const resolved = await resolveNameOnlyArtistTo(
    deps.table,
    normalisedName,
    {
      artistId,
      name: entry.name,
      resolvedBy: 'staff',
      candidateIds: candidates.map((candidate) => candidate.id).sort(),
      staffReason: reason,
      staffId,
    },
    deps.clock.now(),
  );
  if (resolved.artistId !== artistId) {
    throw new AppError('conflict', undefined, { code: 'name_already_resolved' });
  }
  const moved = await moveNameToArtist(deps, normalisedName, { id: artist.id, name: artist.name });
  return { normalisedName, artistId: artist.id, artistName: artist.name, ...moved };
}
