// Claims of catalogue artists by offices (docs/data-model.md "Claims", decision 024). A claim's partition
// holds the claim item and an audit entry per change of status. Three guard items keep the rules in the table, not
// in a read before a write: one open claim per office and artist (two clicks of "Claim" make one claim), one
// successful claim per artist across every office (competing pending claims are all kept; staff decide), and one
// claim per verification string ever (nobody can copy a string already visible in an artist's bio).
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { claimStatuses, verificationMethods, verificationPlatforms } from '../contracts/claims';
import type { ClaimActorKind, ClaimStatus } from '../domain/claims/claim-status';
import { isOpenClaimStatus } from '../domain/claims/claim-status';
import {
  artistClaimsPartition,
  artistKey,
  claimAuditKey,
  claimAuditSortPrefix,
  claimKey,
  claimPartition,
  claimsByStatusPartition,
  officeClaimsPartition,
  officeMemberKey,
  openOfficeClaimGuardKey,
  successfulClaimGuardKey,
  verificationStringGuardKey,
} from './keys';
import { readStored, storedSortKeySchema } from './stored-item';
import type { NamedTransactionItems, TableRef, TransactionItem } from './table';
import {
  batchGetAll,
  cancelledTransaction,
  indexPartitionQuery,
  putNewItem,
  queryAll,
  queryPages,
  queryUpTo,
  transact,
} from './table';

const claimVersion = 1;

type Item = Record<string, NativeAttributeValue>;

const storedClaimSchema = z.object({
  id: z.string(),
  officeId: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  artistImageUrl: z.optional(z.string()),
  status: z.enum(claimStatuses),
  verificationMethod: z.enum(verificationMethods),
  selectedPlatform: z.enum(verificationPlatforms),
  verificationString: z.string(),
  agreedAt: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredClaim = z.infer<typeof storedClaimSchema>;

const claimAuditSchema = z.object({
  /** Null for the entry that opened the claim. */
  from: z._default(z.nullable(z.enum(claimStatuses)), null),
  to: z.enum(claimStatuses),
  reason: z.string(),
  actorKind: z.enum(['office', 'verification', 'staff']),
  actorId: z.string(),
  at: z.string(),
});
export type ClaimAuditEntry = z.infer<typeof claimAuditSchema>;

/** An artist's successful-claim guard, as far as it is read back: which claim of which office holds it. */
const successfulClaimGuardSchema = z.object({ claimId: z.string(), officeId: z.string() });

/** The same guard as a BatchGet of several artists' guards reads it, with the key that says whose it is. */
const storedGuardWithKeySchema = z.extend(successfulClaimGuardSchema, { pk: z.string() });

/** Who made a change, as the audit log keeps it. */
export interface ClaimActor {
  kind: ClaimActorKind;
  /** The user, staff member or verification run. */
  id: string;
}

function toClaim(item: Item): StoredClaim {
  return readStored('claim', storedClaimSchema, item);
}

function toAuditEntry(item: Item): ClaimAuditEntry {
  return readStored('claim audit entry', claimAuditSchema, item);
}

function auditItem(
  table: TableRef,
  claimId: string,
  entryId: string,
  entry: ClaimAuditEntry,
): TransactionItem {
  return putNewItem(table, {
    ...claimAuditKey(claimId, entry.at, entryId),
    entity: 'claim-audit',
    v: claimVersion,
    claimId,
    ...entry,
  });
}

function statusIndexKeys(status: ClaimStatus, createdAt: string, claimId: string) {
  return { gsi3pk: claimsByStatusPartition(status), gsi3sk: `${createdAt}#${claimId}` };
}

export type CreateClaimOutcome =
  | 'created'
  /** The caller is no longer an admin of the office (or the office is gone). */
  | 'not-admin'
  /** Another office's claim on the artist became successful. */
  | 'artist-claimed'
  /** This office already has a pending, verified or successful claim on the artist. */
  | 'office-has-open-claim'
  | 'string-taken';

/**
 * createClaim: `POST claims`. In one transaction: the caller is still an admin of the office (condition on their
 * member item), no successful claim on the artist exists, the office's open-claim guard and the string's guard are
 * new, the claim and its first audit entry are written.
 */
export async function createClaim(
  table: TableRef,
  claim: Omit<StoredClaim, 'status' | 'updatedAt'>,
  auditEntryId: string,
): Promise<CreateClaimOutcome> {
  const at = claim.createdAt;
  const operations: NamedTransactionItems = {
    adminMember: {
      ConditionCheck: {
        TableName: table.name,
        Key: officeMemberKey(claim.officeId, claim.createdBy),
        ConditionExpression: '#role = :admin',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':admin': 'admin' },
      },
    },
    noSuccessfulClaim: {
      ConditionCheck: {
        TableName: table.name,
        Key: successfulClaimGuardKey(claim.artistId),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    openClaimGuard: putNewItem(table, {
      ...openOfficeClaimGuardKey(claim.officeId, claim.artistId),
      entity: 'open-claim-guard',
      v: claimVersion,
      claimId: claim.id,
      createdAt: at,
    }),
    stringGuard: putNewItem(table, {
      ...verificationStringGuardKey(claim.verificationString),
      entity: 'verification-string-guard',
      v: claimVersion,
      claimId: claim.id,
      createdAt: at,
    }),
    claim: putNewItem(table, {
      ...claimKey(claim.id),
      entity: 'claim',
      v: claimVersion,
      ...claim,
      status: 'Pending',
      updatedAt: at,
      gsi1pk: officeClaimsPartition(claim.officeId),
      gsi1sk: `${at}#${claim.id}`,
      gsi2pk: artistClaimsPartition(claim.artistId),
      gsi2sk: `${at}#${claim.id}`,
      ...statusIndexKeys('Pending', at, claim.id),
    }),
    audit: auditItem(table, claim.id, auditEntryId, {
      from: null,
      to: 'Pending',
      reason: 'Claimed by an admin of the office',
      actorKind: 'office',
      actorId: claim.createdBy,
      at,
    }),
  };
  try {
    await transact(table, operations);
    return 'created';
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (cancelled?.failed('adminMember')) return 'not-admin';
    if (cancelled?.failed('noSuccessfulClaim')) return 'artist-claimed';
    if (cancelled?.failed('openClaimGuard')) return 'office-has-open-claim';
    if (cancelled?.failed('stringGuard')) return 'string-taken';
    throw error;
  }
}

/** getClaim: one claim (consistent), or null. */
export async function getClaim(table: TableRef, claimId: string): Promise<StoredClaim | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: claimKey(claimId), ConsistentRead: true }),
  );
  return Item ? toClaim(Item) : null;
}

/** getClaimWithHistory: the claim and its audit entries, oldest first, in one consistent Query of its partition. */
export async function getClaimWithHistory(
  table: TableRef,
  claimId: string,
): Promise<{ claim: StoredClaim; history: ClaimAuditEntry[] } | null> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': claimPartition(claimId) },
    ConsistentRead: true,
  });
  const sortKeyOf = (item: Item) => readStored('claim', storedSortKeySchema, item).sk;
  const claimItem = items.find((item) => sortKeyOf(item) === claimKey(claimId).sk);
  if (!claimItem) return null;
  const history = items.filter((item) => sortKeyOf(item).startsWith(claimAuditSortPrefix)).map(toAuditEntry);
  return { claim: toClaim(claimItem), history };
}

/**
 * listClaimAuditEntries: a claim's status changes in order, each with the id its audit item was written under (the
 * staff audit trail derives its entry's id from it, so a decision stored before the trail existed is entered once).
 */
export async function listClaimAuditEntries(
  table: TableRef,
  claimId: string,
): Promise<(ClaimAuditEntry & { entryId: string })[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': claimPartition(claimId), ':prefix': claimAuditSortPrefix },
  });
  return items.map((item) => {
    const entry = toAuditEntry(item);
    const { sk } = readStored('claim audit entry', storedSortKeySchema, item);
    return {
      ...entry,
      entryId: sk.slice(`${claimAuditSortPrefix}${entry.at}#`.length),
    };
  });
}

/** The most claims one office listing reads; far above what an office holds. */
export const maxOfficeClaimsListed = 500;

/** listOfficeClaims: `GET claims`, an office's claims newest first (gsi1; eventually consistent). */
export async function listOfficeClaims(table: TableRef, officeId: string): Promise<StoredClaim[]> {
  const items = await queryUpTo(
    table,
    {
      ...indexPartitionQuery('gsi1', officeClaimsPartition(officeId)),
      ScanIndexForward: false,
      Limit: maxOfficeClaimsListed,
    },
    maxOfficeClaimsListed,
  );
  return items.map(toClaim);
}

/** listArtistClaims: every claim on one artist across offices, oldest first (gsi2), for staff and tests. */
export async function listArtistClaims(table: TableRef, artistId: string): Promise<StoredClaim[]> {
  const items = await queryAll(table, indexPartitionQuery('gsi2', artistClaimsPartition(artistId)));
  return items.map(toClaim);
}

/** getSuccessfulClaimOfArtist: the claim holding the artist's successful-claim guard, if any. */
export async function getSuccessfulClaimOfArtist(
  table: TableRef,
  artistId: string,
): Promise<{ claimId: string; officeId: string } | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: successfulClaimGuardKey(artistId), ConsistentRead: true }),
  );
  return Item ? readStored('successful-claim guard', successfulClaimGuardSchema, Item) : null;
}

export type ClaimStatusChangeOutcome =
  | 'changed'
  /** The claim was no longer in the status read (another change came first). */
  | 'stale'
  /** Another claim on the artist is successful already. */
  | 'artist-claimed';

/**
 * changeClaimStatus: every move of the state machine (domain/claims/claim-status.ts checks it is legal first). One
 * transaction: the claim (condition: still in `from`), its audit entry, and the guards the move touches: leaving the
 * open statuses frees the office's open-claim guard; becoming successful takes the artist's successful-claim guard
 * and marks the catalogue artist `claimed`; leaving successful gives both back.
 */
export async function changeClaimStatus(
  table: TableRef,
  claim: StoredClaim,
  to: ClaimStatus,
  change: {
    reason: string;
    actor: ClaimActor;
    at: string;
    auditEntryId: string;
    /** Written in the same transaction, after the claim's own items (staff's audit-trail entry). */
    alongside?: readonly TransactionItem[];
  },
): Promise<ClaimStatusChangeOutcome> {
  const from = claim.status;
  const claimed = to === 'Successful';
  const unclaimed = from === 'Successful';
  const artistClaimedUpdate = (value: boolean): TransactionItem => ({
    Update: {
      TableName: table.name,
      Key: artistKey(claim.artistId),
      UpdateExpression: 'SET claimed = :claimed',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':claimed': value },
    },
  });
  try {
    await transact(table, {
      claim: {
        Update: {
          TableName: table.name,
          Key: claimKey(claim.id),
          UpdateExpression: 'SET #status = :to, updatedAt = :at, gsi3pk = :gsi3pk, gsi3sk = :gsi3sk',
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':to': to,
            ':from': from,
            ':at': change.at,
            ':gsi3pk': statusIndexKeys(to, claim.createdAt, claim.id).gsi3pk,
            ':gsi3sk': statusIndexKeys(to, claim.createdAt, claim.id).gsi3sk,
          },
        },
      },
      audit: auditItem(table, claim.id, change.auditEntryId, {
        from,
        to,
        reason: change.reason,
        actorKind: change.actor.kind,
        actorId: change.actor.id,
        at: change.at,
      }),
      freeOpenClaimGuard:
        isOpenClaimStatus(from) && !isOpenClaimStatus(to)
          ? {
              Delete: {
                TableName: table.name,
                Key: openOfficeClaimGuardKey(claim.officeId, claim.artistId),
                ConditionExpression: 'claimId = :id',
                ExpressionAttributeValues: { ':id': claim.id },
              },
            }
          : null,
      takeSuccessfulClaimGuard: claimed
        ? putNewItem(table, {
            ...successfulClaimGuardKey(claim.artistId),
            entity: 'successful-claim-guard',
            v: claimVersion,
            claimId: claim.id,
            officeId: claim.officeId,
            at: change.at,
          })
        : null,
      markArtistClaimed: claimed ? artistClaimedUpdate(true) : null,
      freeSuccessfulClaimGuard: unclaimed
        ? {
            Delete: {
              TableName: table.name,
              Key: successfulClaimGuardKey(claim.artistId),
              ConditionExpression: 'claimId = :id',
              ExpressionAttributeValues: { ':id': claim.id },
            },
          }
        : null,
      markArtistUnclaimed: unclaimed ? artistClaimedUpdate(false) : null,
      alongside: change.alongside,
    });
    return 'changed';
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (cancelled?.failed('takeSuccessfulClaimGuard')) return 'artist-claimed';
    if (cancelled?.failed('claim')) return 'stale';
    throw error;
  }
}

/** hasOpenOfficeClaims: whether an office still has pending, verified or successful claims (office deletion). */
export async function hasOpenOfficeClaims(table: TableRef, officeId: string): Promise<boolean> {
  const claims = await listOfficeClaims(table, officeId);
  return claims.some((claim) => isOpenClaimStatus(claim.status));
}

/** The most claims of one status staff's list reads before it filters and pages (decision 028). */
export const maxStaffClaimsPerStatus = 2000;

/**
 * listClaimsByStatus: staff's queue, the claims of one status oldest first (gsi3 `CLAIMS#<status>`; eventually
 * consistent), at most `maxStaffClaimsPerStatus`. Staff's list filters these by artist name and pages them.
 */
export async function listClaimsByStatus(table: TableRef, status: ClaimStatus): Promise<StoredClaim[]> {
  const items = await queryUpTo(
    table,
    indexPartitionQuery('gsi3', claimsByStatusPartition(status)),
    maxStaffClaimsPerStatus,
  );
  return items.map(toClaim);
}

/**
 * pagesOfClaimsByStatus: every claim of one status, oldest first, a page at a time (gsi3 `CLAIMS#<status>`; eventually
 * consistent; no cap): the daily sweep reads the successful ones to release lots a release left behind.
 */
export async function* pagesOfClaimsByStatus(
  table: TableRef,
  status: ClaimStatus,
  pageSize = 100,
): AsyncGenerator<StoredClaim[]> {
  for await (const page of queryPages(table, {
    ...indexPartitionQuery('gsi3', claimsByStatusPartition(status)),
    Limit: pageSize,
  })) {
    yield (page.Items ?? []).map(toClaim);
  }
}

/**
 * getSuccessfulClaimsOfArtists: of these catalogue artists, those with a successful claim, by artist id (BatchGet of
 * their guards, consistent). The split asks it once for all the artists it pays (decision 028).
 */
export async function getSuccessfulClaimsOfArtists(
  table: TableRef,
  artistIds: readonly string[],
): Promise<Map<string, { claimId: string; officeId: string }>> {
  const unique = [...new Set(artistIds)];
  const items = await batchGetAll(
    table,
    unique.map((artistId) => successfulClaimGuardKey(artistId)),
    { projection: 'pk, claimId, officeId', consistent: true, parallel: 4 },
  );
  const byPk = new Map(
    items.map((item) => {
      const { pk, claimId, officeId } = readStored('successful-claim guard', storedGuardWithKeySchema, item);
      return [pk, { claimId, officeId }];
    }),
  );
  const claimed = new Map<string, { claimId: string; officeId: string }>();
  for (const artistId of unique) {
    const guard = byPk.get(successfulClaimGuardKey(artistId).pk);
    if (guard) claimed.set(artistId, guard);
  }
  return claimed;
}
