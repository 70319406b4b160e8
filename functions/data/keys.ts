// Every key template of the one table (docs/data-model.md), so each partition and sort key is spelled in one place.
// Identity items: one partition per person holds the account, its sessions and its social connections, so
// "everything of this person" is one Query; the fan's listening, profile and sync state live in the same `FAN#<id>`.
import { createHash } from 'node:crypto';
import type { AccountKind } from '../domain/identity/account';

export interface ItemKey {
  pk: string;
  sk: string;
}

const userPrefix: Record<AccountKind, string> = { fan: 'FAN', artist: 'ARTIST_USER', admin: 'STAFF' };

export const accountEntity: Record<AccountKind, string> = {
  fan: 'fan',
  artist: 'artist-user',
  admin: 'staff',
};

// ── identity ──────────────────────────────────────────────────────────────────────────────────────────────────

/** `FAN#<id>`, `ARTIST_USER#<id>`, `STAFF#<id>`. */
export function userPartition(kind: AccountKind, userId: string): string {
  return `${userPrefix[kind]}#${userId}`;
}

/** `FAN#<id>`: a fan's account, profile, plays, day totals and sync state. */
export function fanPartition(fanId: string): string {
  return userPartition('fan', fanId);
}

export function accountKey(kind: AccountKind, userId: string): ItemKey {
  return { pk: userPartition(kind, userId), sk: 'ACCOUNT' };
}

/** One guard per kind and normalised e-mail: the same address may be a fan and an artist-side user. */
export function emailGuardKey(kind: AccountKind, email: string): ItemKey {
  return { pk: `EMAIL#${userPrefix[kind]}#${email}`, sk: 'EMAIL' };
}

export const sessionSortPrefix = 'SESSION#';
export function sessionKey(kind: AccountKind, userId: string, sessionId: string): ItemKey {
  return { pk: userPartition(kind, userId), sk: `${sessionSortPrefix}${sessionId}` };
}

export const connectionSortPrefix = 'CONNECTION#';
export function connectionKey(kind: AccountKind, userId: string, provider: string): ItemKey {
  return { pk: userPartition(kind, userId), sk: `${connectionSortPrefix}${provider}` };
}

/** Which account of a kind a provider identity (e.g. a Spotify account id) is connected to. */
export function connectionGuardKey(kind: AccountKind, provider: string, providerUserId: string): ItemKey {
  return { pk: `CONNECTION#${userPrefix[kind]}#${provider}#${providerUserId}`, sk: 'CONNECTION' };
}

/** A link token is found by the SHA-256 (hex) of its secret; the secret itself is never stored. */
export function linkTokenKey(tokenHash: string): ItemKey {
  return { pk: `LINK_TOKEN#${tokenHash}`, sk: 'LINK_TOKEN' };
}
export const linkTokenIndexPrefix = 'LINK_TOKEN#';

export function rateCounterKey(counter: string, windowStartSeconds: number): ItemKey {
  return { pk: `RATE#${counter}`, sk: `WINDOW#${windowStartSeconds}` };
}

// ── fan profile ───────────────────────────────────────────────────────────────────────────────────────────────

export function fanProfileKey(fanId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: 'PROFILE' };
}

/** `usernameKey` is the lower-case username (data/fan-profiles.ts `usernameKeyOf`). */
export function usernameGuardKey(usernameKey: string): ItemKey {
  return { pk: `USERNAME#${usernameKey}`, sk: 'USERNAME' };
}

// ── listening ─────────────────────────────────────────────────────────────────────────────────────────────────

export const playSortPrefix = 'PLAY#';
/** `PLAY#<endedAt>#<sha256(identity)[0:20]>`: plays sort by time, and the same play always gets the same key. */
export function playSortKey(endedAt: string, identity: string): string {
  return `${playSortPrefix}${endedAt}#${createHash('sha256').update(identity).digest('hex').slice(0, 20)}`;
}
/** `begins_with` of a UTC day's plays. */
export function playsOfDayPrefix(date: string): string {
  return `${playSortPrefix}${date}`;
}
/** '~' sorts after every character of an ISO time and the identity hash, so `PLAY#<date>~` closes a day's plays. */
export function endOfDayPlays(date: string): string {
  return `${playSortPrefix}${date}~`;
}
/** Upper bound of all plays. */
export const endOfAllPlays = `${playSortPrefix}~`;

/**
 * `LISTENED#<end minute>`: the guard of the listening buckets of one end minute (a track each, by id or by names;
 * domain/listening/same-listening.ts), so a synced and an imported play of one listening are counted once.
 */
export function listeningGuardSortKey(minute: string): string {
  return `LISTENED#${minute}`;
}

export function dailyListeningSortKey(date: string): string {
  return `DAY#${date}`;
}

export const dayCountSortPrefix = 'DAYCOUNT#';
export function dayCountSortKey(date: string): string {
  return `${dayCountSortPrefix}${date}`;
}

export function dayTracksSortKey(date: string): string {
  return `DAYTRACKS#${date}`;
}

// ── Spotify sync ──────────────────────────────────────────────────────────────────────────────────────────────

export function spotifySyncStateKey(fanId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: 'SPOTIFY_SYNC' };
}

/** gsi2 partition of one shard of the sync index, and the fan's place in it. */
export function spotifySyncShardPartition(shard: number): string {
  return `SPOTIFY_SYNC#${shard}`;
}

// ── the artist catalogue ──────────────────────────────────────────────────────────────────────────────────────

export function artistPartition(artistId: string): string {
  return `ARTIST#${artistId}`;
}
export const artistSortKey = 'ARTIST';
export function artistKey(artistId: string): ItemKey {
  return { pk: artistPartition(artistId), sk: artistSortKey };
}
export function artistNamePrefixSortKey(prefix: string): string {
  return `NAME_PREFIX#${prefix}`;
}
export function artistTopTracksKey(artistId: string): ItemKey {
  return { pk: artistPartition(artistId), sk: 'TOP_TRACKS' };
}
/** gsi1: the whole catalogue by name. */
export const artistsByNamePartition = 'ARTISTS';
/** gsi2: the whole catalogue by popularity. */
export const artistsByPopularityPartition = 'ARTISTS_BY_POPULARITY';
/** gsi3: artists of one normalised name. */
export function artistExactNamePartition(normalisedName: string): string {
  return `ARTIST_EXACT#${normalisedName}`;
}
/** gsi1 of the name-prefix items. */
export function artistNamePrefixPartition(prefix: string): string {
  return `ARTIST_NAME#${prefix}`;
}
export const catalogueStatsKey: ItemKey = { pk: 'CATALOGUE', sk: 'STATS' };

/** `month` is `YYYY-MM`. */
export function monthlyListenersPartition(artistId: string, month: string): string {
  return `ARTIST_LISTENERS#${artistId}#${month}`;
}
export function monthlyListenerKey(artistId: string, month: string, fanId: string): ItemKey {
  return { pk: monthlyListenersPartition(artistId, month), sk: fanPartition(fanId) };
}

// ── claim reports ─────────────────────────────────────────────────────────────────────────────────────────────

export function claimReportKey(reportId: string): ItemKey {
  return { pk: `CLAIM_REPORT#${reportId}`, sk: 'CLAIM_REPORT' };
}
/** `kind` is the reported target's kind (`artist`). */
export function openClaimReportGuardKey(fanId: string, kind: string, targetId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: `OPEN_CLAIM_REPORT#${kind.toUpperCase()}#${targetId}` };
}
/** gsi1: staff's queue of open reports, oldest first. */
export const openClaimReportsPartition = 'CLAIM_REPORTS#open';
/** gsi2: the reports of one target. */
export function claimReportsOfTargetPartition(kind: string, targetId: string): string {
  return `CLAIM_REPORTS#${kind.toUpperCase()}#${targetId}`;
}

// ── the ledger (docs/decisions/019-ledger.md) ─────────────────────────────────────────────────────────────────

/** `LEDGER_ACCOUNT#<accountId>`: an account's balance item and its entries, newest last by sort key. */
export function ledgerAccountPartition(accountId: string): string {
  return `LEDGER_ACCOUNT#${accountId}`;
}
export function ledgerBalanceKey(accountId: string): ItemKey {
  return { pk: ledgerAccountPartition(accountId), sk: 'BALANCE' };
}
export const ledgerEntrySortPrefix = 'ENTRY#';
/**
 * `ENTRY#<at>#<transactionId>#<chunk>`: entries sort by time; one per account, transaction and chunk (a chunked
 * transaction posts to its clearing account once per chunk).
 */
export function ledgerEntryKey(accountId: string, at: string, transactionId: string, chunk: number): ItemKey {
  return {
    pk: ledgerAccountPartition(accountId),
    sk: `${ledgerEntrySortPrefix}${at}#${transactionId}#${String(chunk).padStart(4, '0')}`,
  };
}
/** The transaction item, also the idempotency guard: its id is derived from the idempotency key. */
export function ledgerTransactionKey(transactionId: string): ItemKey {
  return { pk: `LEDGER_TX#${transactionId}`, sk: 'TX' };
}
/** Marks chunk `index` (from 1; chunk 0 is the transaction item) of a chunked transaction as written. */
export function ledgerChunkKey(transactionId: string, index: number): ItemKey {
  return { pk: `LEDGER_TX#${transactionId}`, sk: `CHUNK#${String(index).padStart(4, '0')}` };
}

// ── money in: pies, subscriptions, Stripe events ──────────────────────────────────────────────────

export function pieKey(pieId: string): ItemKey {
  return { pk: `PIE#${pieId}`, sk: 'PIE' };
}
/** gsi1: a fan's pies, sorted by `<periodStart ISO>#<pieId>` (read newest first). */
export function fanPiesPartition(fanId: string): string {
  return `FAN_PIES#${fanId}`;
}
/** How many partitions the sparse "not split yet" index of pies (and of held lots) is spread over. */
export const dueIndexShards = 8;
/** The shard of an id in a due index: a stable hash, so a pie or lot always sits in the same partition. */
export function dueShardOf(id: string): number {
  let hash = 0;
  for (let index = 0; index < id.length; index += 1) hash = (hash * 31 + id.charCodeAt(index)) >>> 0;
  return hash % dueIndexShards;
}
/**
 * gsi2 (sparse): every pie not split yet, sorted by `<periodEnd ISO>#<pieId>`: the split's fan-out reads each shard up
 * to now, so no pie is ever dropped by a look-back window (decision 031). A pie leaves it when split, refunded or
 * disputed.
 */
export function piesDuePartition(shard: number): string {
  return `PIES_UNSPLIT#${shard}`;
}
/** gsi2: the pies whose split failed too often, raised for staff instead of retried. */
export const piesRaisedPartition = 'PIES_RAISED';
/** The sort key bound of a due index read: every key whose instant is at or before `now`. */
export function dueUpTo(now: Date): string {
  return `${now.toISOString()}#\uffff`;
}
/** The frozen result of a pie's end-of-period split, beside the pie: written once. */
export function pieReceiptKey(pieId: string): ItemKey {
  return { pk: `PIE#${pieId}`, sk: 'RECEIPT' };
}
export const escrowLotSortPrefix = 'ESCROW_LOT#';
/** One lot per pie and paid artist (split key, decision 021), in the pie's partition: a pie's lots are one Query. */
export function escrowLotKey(pieId: string, artistKey: string): ItemKey {
  return { pk: `PIE#${pieId}`, sk: `${escrowLotSortPrefix}${artistKey}` };
}
/** gsi1 (sparse, held lots only): the lots held for one artist, for the claim that releases them. */
export function escrowArtistPartition(artistKey: string): string {
  return `ESCROW_ARTIST#${artistKey}`;
}
/**
 * gsi2 (sparse, held lots only): every held lot, sorted by `<heldUntil ISO>#<pieId>#<artistKey>`, spread over
 * `dueIndexShards` partitions: the escrow-aging job reads each up to now, with no look-back window.
 */
export function escrowDuePartition(shard: number): string {
  return `ESCROW_HELD#${shard}`;
}
/**
 * How many items one artist's held total is spread over: every lot's write adds to one of them (chosen from the lot's
 * key), so no single item takes a write from every split; the artist's total is their sum.
 */
export const heldTotalShards = 8;
/**
 * An artist's held total, one part of it (decision 041): the cents and lots held for the artist (split key, decision
 * 021), in `heldTotalShards` partitions, one item per artist in each: staff's escrow list reads the eight partitions.
 */
export function escrowHeldTotalKey(shard: number, artistKey: string): ItemKey {
  return { pk: escrowHeldTotalPartition(shard), sk: artistKey };
}
export function escrowHeldTotalPartition(shard: number): string {
  return `ESCROW_HELD_TOTAL#${shard}`;
}
/** Marks the held totals backfilled: written once every artist's total was set to its held lots. */
export const escrowHeldTotalsBackfillKey: ItemKey = {
  pk: 'ESCROW_HELD_TOTAL_BACKFILL',
  sk: 'ESCROW_HELD_TOTAL_BACKFILL',
};
export const takeBackSortPrefix = 'TAKE_BACK#';
/** A refund's or dispute's plan of what it takes back from one pie (decision 031), in the pie's partition. */
export function takeBackKey(pieId: string, idempotencyKey: string): ItemKey {
  return { pk: `PIE#${pieId}`, sk: `${takeBackSortPrefix}${idempotencyKey}` };
}
/**
 * gsi3 (sparse, released lots only): the lots released to one office for one artist, by release time — who funded
 * the artist's money in the office, for the give-back (decision 030).
 */
export function escrowReleasedPartition(officeId: string, artistKey: string): string {
  return `ESCROW_RELEASED#${officeId}#${artistKey}`;
}
/**
 * An artist heard only by name (an import's play the catalogue could not match, decision 036): one item per
 * normalised name, saying whether the name waits for a match, is ambiguous, or was resolved to a catalogue artist.
 */
export function nameOnlyArtistKey(normalisedName: string): ItemKey {
  return { pk: `NAME_ONLY_ARTIST#${normalisedName}`, sk: 'NAME_ONLY_ARTIST' };
}
/** gsi1: the name-only artists of one status (`waiting`, `ambiguous`, `resolved`), by name. */
export function nameOnlyArtistsPartition(status: string): string {
  return `NAME_ONLY_ARTISTS#${status}`;
}
/**
 * gsi2 (sparse): the names not resolved whose item notes cents held, by name (`gsi2sk = <normalised name>`); a name
 * noted as holding nothing, or resolved, leaves it.
 */
export const nameOnlyHeldPartition = 'NAME_ONLY_HELD';
/** A fan's pie bans: one item per fan, every ban a key of its `bans` map. */
export function pieBansKey(fanId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: 'PIE_BANS' };
}

export const subscriptionSortPrefix = 'SUBSCRIPTION#';
/** A fan's Stripe subscription, in the fan's partition, as last re-read from Stripe. */
export function fanSubscriptionKey(fanId: string, subscriptionId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: `${subscriptionSortPrefix}${subscriptionId}` };
}

/**
 * The fan's one Checkout session (decision 035): the attempt that reserved it and, once created, its session id, so
 * concurrent checkouts of one fan answer the same session and a new one expires the one before.
 */
export function openCheckoutSessionKey(fanId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: 'CHECKOUT_SESSION' };
}
/** The fan's one subscription (decision 035): which card subscription or promo pie holds the fan; written first wins. */
export function oneSubscriptionKey(fanId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: 'ONE_SUBSCRIPTION' };
}
/** A subscription found to be a fan's second (decision 035): cancelled and refunded, never the fan's one. */
export function secondSubscriptionKey(fanId: string, subscriptionId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: `SECOND_SUBSCRIPTION#${subscriptionId}` };
}

/** Written once a webhook event was handled: a re-delivery of the same event id is answered without work. */
export function stripeEventKey(eventId: string): ItemKey {
  return { pk: `STRIPE_EVENT#${eventId}`, sk: 'STRIPE_EVENT' };
}

// ── the /try promo's code pool (data/promo-codes.ts) ──────────────────────────────────────────────────────────

/** A promo's pool: how many codes were added and claimed, and how many remain (written only by adds and claims). */
export function promoPoolKey(promo: string): ItemKey {
  return { pk: `PROMO_POOL#${promo}`, sk: 'POOL' };
}
/** Code number `sequence` (from 1) of a promo: codes are handed out in order, so a claim knows which to take. */
export function promoCodeKey(promo: string, sequence: number): ItemKey {
  return { pk: `PROMO_CODE#${promo}#${String(sequence).padStart(9, '0')}`, sk: 'PROMO_CODE' };
}
/** Marks chunk `chunk` of an add of codes as written, so the same add run again adds nothing twice. */
export function promoBatchChunkKey(promo: string, batchId: string, chunk: number): ItemKey {
  return { pk: `PROMO_BATCH#${promo}#${batchId}`, sk: `CHUNK#${String(chunk).padStart(4, '0')}` };
}
/** A fan's claim of a promo code: which code, for which pie; its existence means the fan used the promotion. */
export function promoClaimKey(fanId: string): ItemKey {
  return { pk: fanPartition(fanId), sk: 'PROMO_CLAIM' };
}
/** One promotion per Spotify account: the guard holds the fan who used it. */
export function promoSpotifyGuardKey(spotifyAccountId: string): ItemKey {
  return { pk: `PROMO_SPOTIFY#${spotifyAccountId}`, sk: 'PROMO_SPOTIFY' };
}

// ── offices and members (data/offices/) ────────────────────────────────────────────────────────────

/** `OFFICE#<officeId>`: the office item and its member items, so an office with its members is one Query. */
export function officePartition(officeId: string): string {
  return `OFFICE#${officeId}`;
}
export function officeKey(officeId: string): ItemKey {
  return { pk: officePartition(officeId), sk: 'OFFICE' };
}
export const officeMemberSortPrefix = 'MEMBER#';
export function officeMemberKey(officeId: string, userId: string): ItemKey {
  return { pk: officePartition(officeId), sk: `${officeMemberSortPrefix}${userId}` };
}
/** The per-user index of memberships, in the artist-side user's partition: `GET offices` without a Scan. */
export const userOfficeSortPrefix = 'OFFICE#';
export function userOfficeKey(userId: string, officeId: string): ItemKey {
  return { pk: userPartition('artist', userId), sk: `${userOfficeSortPrefix}${officeId}` };
}
/** Written with the personal office a new artist-side user gets, so it is made once, whatever happens to it later. */
export function personalOfficeGuardKey(userId: string): ItemKey {
  return { pk: userPartition('artist', userId), sk: 'PERSONAL_OFFICE' };
}

// ── claims (data/claims.ts) ────────────────────────────────────────────────────────────────────────

/** `CLAIM#<claimId>`: the claim item and its audit entries, so a claim with its history is one Query. */
export function claimPartition(claimId: string): string {
  return `CLAIM#${claimId}`;
}
export function claimKey(claimId: string): ItemKey {
  return { pk: claimPartition(claimId), sk: 'CLAIM' };
}
export const claimAuditSortPrefix = 'AUDIT#';
/** `AUDIT#<at>#<entryId>`: status changes in the order they happened. */
export function claimAuditKey(claimId: string, at: string, entryId: string): ItemKey {
  return { pk: claimPartition(claimId), sk: `${claimAuditSortPrefix}${at}#${entryId}` };
}
/** gsi1: an office's claims, newest first by `<createdAt>#<claimId>`. */
export function officeClaimsPartition(officeId: string): string {
  return `OFFICE_CLAIMS#${officeId}`;
}
/** gsi2: every claim of one catalogue artist, across offices (staff compare competing claims). */
export function artistClaimsPartition(artistId: string): string {
  return `ARTIST_CLAIMS#${artistId}`;
}
/** gsi3: claims by status, oldest first, for staff's queue. */
export function claimsByStatusPartition(status: string): string {
  return `CLAIMS#${status}`;
}
export const claimVerificationSortPrefix = 'VERIFICATION#';
/** `VERIFICATION#<at>#<attemptId>` in the claim's partition: its verification attempts in order (decision 027). */
export function claimVerificationAttemptKey(claimId: string, at: string, attemptId: string): ItemKey {
  return { pk: claimPartition(claimId), sk: `${claimVerificationSortPrefix}${at}#${attemptId}` };
}
/** `SOCIAL_PROFILES#<userId>`: the profiles an artist-side user connected to verify claims, one item each. */
export function socialProfileKey(userId: string, platform: string, profileId: string): ItemKey {
  return { pk: `SOCIAL_PROFILES#${userId}`, sk: `PROFILE#${platform}#${profileId}` };
}
export function socialProfilesPartition(userId: string): string {
  return `SOCIAL_PROFILES#${userId}`;
}
/** One open claim (pending, verified or successful) per office and artist; holds the claim's id. */
export function openOfficeClaimGuardKey(officeId: string, artistId: string): ItemKey {
  return { pk: `OPEN_CLAIM#${officeId}#${artistId}`, sk: 'OPEN_CLAIM' };
}
/** One successful claim per artist across all offices; holds the claim's and the office's ids. */
export function successfulClaimGuardKey(artistId: string): ItemKey {
  return { pk: `SUCCESSFUL_CLAIM#${artistId}`, sk: 'SUCCESSFUL_CLAIM' };
}
/** A verification string belongs to one claim ever, so nobody can copy a string already in an artist's bio. */
export function verificationStringGuardKey(verificationString: string): ItemKey {
  return { pk: `VERIFICATION_STRING#${verificationString}`, sk: 'VERIFICATION_STRING' };
}

// ── outbox, seed markers, health ──────────────────────────────────────────────────────────────────────────────

export function outboxKey(id: string): ItemKey {
  return { pk: `OUTBOX#${id}`, sk: 'OUTBOX' };
}
/** gsi1: every outbox mail, for the local mailbox. */
export const outboxListPartition = 'OUTBOX';
/** gsi1 (sparse): outbox events not yet on the bus; publishing one removes it from here. */
export const pendingOutboxEventsPartition = 'OUTBOX_EVENTS#pending';

export function seedMarkerKey(name: string): ItemKey {
  return { pk: `SEED#${name}`, sk: 'SEED' };
}

/** Never written: `GET /api/health` reads it to prove the table answers. */
export const healthProbeKey: ItemKey = { pk: 'health#probe', sk: 'health#probe' };

// ── payouts of offices (data/payouts.ts, decision 029) ─────────────────────────────────────────────

export function payoutKey(payoutId: string): ItemKey {
  return { pk: `PAYOUT#${payoutId}`, sk: 'PAYOUT' };
}
/** gsi1: an office's payouts, newest first by `<createdAt>#<payoutId>`. */
export function officePayoutsPartition(officeId: string): string {
  return `OFFICE_PAYOUTS#${officeId}`;
}
/** gsi2: the payouts last changed in a month (`YYYY-MM` of `updatedAt`, UTC), by `<updatedAt>#<payoutId>`. */
export function payoutsChangedPartition(month: string): string {
  return `PAYOUTS_CHANGED#${month}`;
}
/** gsi3, sparse: every office's payouts still open (pending or in progress), oldest first by `<createdAt>#<payoutId>`. */
export const openPayoutsPartition = 'PAYOUTS_OPEN';
/** Held by the office's one payout between its booking and its transfer: a second request at once is refused. */
export function payoutOpenGuardKey(officeId: string): ItemKey {
  return { pk: `PAYOUT_OPEN#${officeId}`, sk: 'PAYOUT_OPEN' };
}
/** The payout that paid the office's $2 active-account fee of a month (`YYYY-MM`, UTC). */
export function payoutFeeMonthKey(officeId: string, month: string): ItemKey {
  return { pk: `PAYOUT_FEE_MONTH#${officeId}#${month}`, sk: 'PAYOUT_FEE_MONTH' };
}

// ── staff directories (data/directories.ts, decision 037) ──────────────────────────────────────────────────────

/**
 * gsi2 partition of one kind of account (fans, artist-side users) or of the offices: every item of the kind, newest
 * first by its gsi2 sort key `<createdAt>#<id>`. Read only by staff's lists.
 */
export function directoryPartition(kind: 'fan' | 'artist' | 'office'): string {
  return `DIRECTORY#${{ fan: 'FAN', artist: 'ARTIST_USER', office: 'OFFICE' }[kind]}`;
}
export function directorySortKey(createdAt: string, id: string): string {
  return `${createdAt}#${id}`;
}

// ── the audit trail of staff actions (data/audit.ts) ──────────────────────────────────────────────────────────────

/** `AUDIT#<entryId>`: one staff action; the id is derived from what the action changed, so a retry writes it once. */
export function auditEntryKey(entryId: string): ItemKey {
  return { pk: `AUDIT#${entryId}`, sk: 'AUDIT' };
}
/** gsi1: every audit entry, newest first by `<at>#<entryId>`. */
export const auditEntriesPartition = 'AUDIT';
/** gsi2: the audit entries of one target (`office`, `fan`, `payment`, …), newest first. */
export function auditTargetPartition(targetType: string, targetId: string): string {
  return `AUDIT_TARGET#${targetType}#${targetId}`;
}
/** Written once a backfill of the trail (e.g. the claim decisions stored before it) has finished. */
export function auditBackfillKey(name: string): ItemKey {
  return { pk: `AUDIT_BACKFILL#${name}`, sk: 'AUDIT_BACKFILL' };
}
/** gsi3: the audit entries of one staff member, newest first. */
export function auditActorPartition(actorId: string): string {
  return `AUDIT_ACTOR#${actorId}`;
}
