// Give-back (docs/decisions/030-give-back-statements-and-artist-stats.md): an admin of an office
// gives part of what the office received for one artist back to the fans who funded that artist in the last 12
// months, pro rata to what each gave, as wallet credit their next pie spends (decision 023's wallet carry). The
// preview and the give-back read the same facts and call the same `planGiveBack`. A give-back is one request id the
// screen sends: its plan is stored first (with the artist's total, version-checked), then posted as ONE `give-back`
// ledger transaction under a key made from the request id (past 999 fans, as parts keyed by the request id and the
// part's number, the first taking the whole amount from the payable), then each fan is mailed once; a retry or a
// second call with the same request id resumes where the first stopped and moves the money once.
import type {
  GiveBackOverviewReply,
  GiveBackPayload,
  GiveBackPreviewReply,
  GiveBackReply,
} from '../../contracts/give-back';
import { giveBackMessages } from '../../contracts/give-back';
import { getAccount } from '../../data/accounts';
import type { StoredClaim } from '../../data/claims';
import { listOfficeClaims } from '../../data/claims';
import type { GiveBackRecord, GiveBackTotal } from '../../data/give-backs';
import {
  finishGiveBack,
  getGiveBack,
  getGiveBackTotal,
  listGiveBacks,
  listGiveBacksOfArtist,
  listReleasedLotsOfOfficeArtist,
  refuseGiveBack,
  startGiveBack,
} from '../../data/give-backs';
import { transactionIdOf } from '../../data/ledger';
import { putOutboxMailOnce } from '../../data/outbox';
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';
import { AppError, isAppError } from '../../domain/errors';
import type { FanContribution, GiveBackBalance, GiveBackRefusal } from '../../domain/money/give-back';
import {
  availableForGiveBack,
  giveBackIdempotencyKey,
  giveBackSince,
  isGiveBackPlan,
  planGiveBack,
  planGiveBackParts,
  remainingContributions,
  sumContributions,
} from '../../domain/money/give-back';
import { accountIdOf } from '../../domain/money/ledger';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';
import { getBalance, postTransaction } from '../ledger';
import { requireOffice } from '../offices/office-gate';
import { buildGiveBackMail } from './give-back-mail';

export interface GiveBackDependencies {
  table: TableRef;
  clock: Clock;
  /** The site's origin for the fans' mail link; without it the mail links to the path alone. */
  siteOrigin: string | undefined;
}

export function giveBackDependencies(): GiveBackDependencies {
  return { table: getTable(), clock: getClock(), siteOrigin: getEnv().SITE_ORIGIN };
}

/** How many fans' shares a preview lists (the count says how many there are). */
const previewedShares = 100;

const artistNotInOffice = () => new AppError('not_found', 'This artist is not one of your office’s artists.');

/** The office's claim of the artist that brought money to it: the successful one, else the latest given up. */
function claimOfArtist(claims: readonly StoredClaim[], artistId: string): StoredClaim | null {
  const ofArtist = claims.filter((claim) => claim.artistId === artistId);
  return (
    ofArtist.find((claim) => claim.status === 'Successful') ??
    ofArtist
      .filter((claim) => claim.status === 'Deleted')
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0] ??
    null
  );
}

interface GiveBackFacts {
  claim: StoredClaim;
  balance: GiveBackBalance;
  total: GiveBackTotal;
  /** What each fan gave in the lookback. */
  given: FanContribution[];
  /** What each fan may still receive: what they gave less what earlier give-backs returned to them. */
  contributions: FanContribution[];
  since: Date;
}

/**
 * Everything the plan is computed from, read now: released lots, the artist's give-back total, what earlier
 * give-backs for the artist returned to each fan, the payable. The total is read before the earlier give-backs: one
 * started after this read changes the total's version, so a plan made without it is refused when it is stored.
 */
async function readGiveBackFacts(
  deps: GiveBackDependencies,
  officeId: string,
  artistId: string,
): Promise<GiveBackFacts> {
  const claim = claimOfArtist(await listOfficeClaims(deps.table, officeId), artistId);
  if (!claim) throw artistNotInOffice();
  const since = giveBackSince(deps.clock.now());
  const total = await getGiveBackTotal(deps.table, officeId, artistId);
  const [lots, earlier, payableCents] = await Promise.all([
    listReleasedLotsOfOfficeArtist(deps.table, officeId, `id:${artistId}`),
    listGiveBacksOfArtist(deps.table, officeId, artistId),
    getBalance(deps, accountIdOf('office-payable', officeId)),
  ]);
  const from = since.toISOString();
  const given = sumContributions(lots.filter((lot) => lot.heldFrom >= from));
  const contributions = remainingContributions(
    given,
    earlier.flatMap((record) => record.shares),
  );
  return {
    claim,
    total,
    since,
    given,
    contributions,
    balance: {
      receivedCents: lots.reduce((sum, lot) => sum + lot.cents, 0),
      givenBackCents: total.givenBackCents,
      payableCents,
      fundedCents: contributions.reduce((sum, contribution) => sum + contribution.cents, 0),
    },
  };
}

function refusalError(refusal: GiveBackRefusal): AppError {
  switch (refusal.reason) {
    case 'nothing_to_give':
      return new AppError('conflict', giveBackMessages.nothingToGive, { code: 'insufficient_balance' });
    case 'over_available':
      return new AppError('validation_failed', undefined, {
        fields: {
          amountCents: `${giveBackMessages.overAvailable} (at most ${refusal.availableCents} cents)`,
        },
      });
    case 'too_many_fans':
      return new AppError('conflict', giveBackMessages.tooManyFans);
  }
}

function toGiveBackReply(record: GiveBackRecord): GiveBackReply {
  return {
    requestId: record.requestId,
    officeId: record.officeId,
    artistId: record.artistId,
    artistName: record.artistName,
    amountCents: record.amountCents,
    fanCount: record.shares.length,
    status: record.status,
    transactionId: record.transactionId,
    createdAt: record.createdAt,
  };
}

/** `GET give-back/preview`: what the office may give back for the artist, and each fan's part of `amountCents`. */
export async function previewGiveBack(
  deps: GiveBackDependencies,
  userId: string,
  query: { officeId: string; artistId: string; amountCents?: number | undefined },
): Promise<GiveBackPreviewReply> {
  await requireOffice(deps, userId, query.officeId, 'manage-money');
  const facts = await readGiveBackFacts(deps, query.officeId, query.artistId);
  const given = new Map(facts.given.map((contribution) => [contribution.fanId, contribution.cents]));
  let shares: GiveBackPreviewReply['shares'] = [];
  if (query.amountCents !== undefined) {
    const plan = planGiveBack({
      amountCents: query.amountCents,
      balance: facts.balance,
      contributions: facts.contributions,
    });
    if (!isGiveBackPlan(plan)) throw refusalError(plan);
    shares = [...plan.shares]
      .sort((a, b) => b.cents - a.cents || (a.fanId < b.fanId ? -1 : 1))
      .slice(0, previewedShares)
      .map((share, index) => ({
        label: `Fan ${index + 1}`,
        gaveCents: given.get(share.fanId) ?? 0,
        receivesCents: share.cents,
      }));
  }
  return {
    officeId: query.officeId,
    artistId: query.artistId,
    artistName: facts.claim.artistName,
    receivedCents: facts.balance.receivedCents,
    givenBackCents: facts.balance.givenBackCents,
    payableCents: facts.balance.payableCents,
    fundedCents: facts.balance.fundedCents,
    availableCents: availableForGiveBack(facts.balance),
    since: facts.since.toISOString(),
    fanCount: facts.contributions.length,
    amountCents: query.amountCents ?? null,
    shares,
  };
}

/** Each fan credited is told once per give-back: the outbox id is made from the transaction and the fan. */
async function mailFans(deps: GiveBackDependencies, record: GiveBackRecord): Promise<void> {
  const siteOrigin = (deps.siteOrigin ?? '').replace(/\/+$/, '');
  await forEachItem(record.shares, 8, async (share) => {
    const account = await getAccount(deps.table, 'fan', share.fanId);
    if (account?.status !== 'active' || !account.email) return;
    const message = buildGiveBackMail({
      to: account.email,
      firstName: account.firstName,
      siteOrigin,
      cents: share.cents,
      artistName: record.artistName,
    });
    await putOutboxMailOnce(deps.table, {
      id: `give-back-${record.transactionId}-${share.fanId}`,
      message,
      createdAt: deps.clock.now(),
    });
  });
}

/**
 * Posts a started give-back's stored plan (one ledger transaction, or parts past 999 fans: `planGiveBackParts`),
 * mails the fans and marks it done; its first part refused by the payable's guard → `refused`.
 */
async function completeGiveBack(
  deps: GiveBackDependencies,
  record: GiveBackRecord,
  log: Logger,
): Promise<void> {
  const [first, ...later] = planGiveBackParts(record);
  if (!first) throw new Error(`The give-back ${record.requestId} of office ${record.officeId} has no shares`);
  try {
    await postTransaction(deps, {
      kind: 'give-back',
      idempotencyKey: first.idempotencyKey,
      postings: first.postings,
      references: first.references,
    });
  } catch (error) {
    if (isAppError(error) && error.code === 'insufficient_balance') {
      // The payable shrank between the plan and the post (a payout): nothing moved; the amount is free again.
      await refuseGiveBack(deps.table, record, deps.clock.now());
      log.warn('give-back refused by the payable guard', {
        officeId: record.officeId,
        requestId: record.requestId,
      });
      throw new AppError('conflict', giveBackMessages.payableWentDown, { code: 'insufficient_balance' });
    }
    throw error;
  }
  // The first part took the whole amount from the payable: the later ones cannot be refused, and a crash between
  // parts leaves a pending record whose next run answers the parts written and writes the rest.
  for (const part of later) {
    await postTransaction(deps, {
      kind: 'give-back',
      idempotencyKey: part.idempotencyKey,
      postings: part.postings,
      references: part.references,
    });
  }
  await mailFans(deps, record);
  await finishGiveBack(deps.table, record.officeId, record.requestId, deps.clock.now());
}

/** `POST give-back`: see the module comment. Answers the give-back as it stands (done, normally). */
export async function giveBack(
  deps: GiveBackDependencies,
  userId: string,
  payload: GiveBackPayload,
  log: Logger,
): Promise<GiveBackReply> {
  const { officeId, artistId, amountCents, requestId } = payload;
  await requireOffice(deps, userId, officeId, 'manage-money');
  let record = await getGiveBack(deps.table, officeId, requestId);
  if (!record) {
    const facts = await readGiveBackFacts(deps, officeId, artistId);
    const plan = planGiveBack({ amountCents, balance: facts.balance, contributions: facts.contributions });
    if (!isGiveBackPlan(plan)) throw refusalError(plan);
    const started = await startGiveBack(
      deps.table,
      {
        officeId,
        requestId,
        artistId,
        artistName: facts.claim.artistName,
        amountCents,
        shares: plan.shares,
        transactionId: transactionIdOf(giveBackIdempotencyKey(officeId, requestId)),
        createdBy: userId,
        createdAt: deps.clock.now().toISOString(),
      },
      facts.total,
    );
    if (started === 'total-changed') throw new AppError('conflict', giveBackMessages.changedMeanwhile);
    record = await getGiveBack(deps.table, officeId, requestId);
    if (!record)
      throw new Error(`The give-back ${requestId} of office ${officeId} was started but cannot be read`);
  }
  if (record.artistId !== artistId || record.amountCents !== amountCents) {
    throw new AppError('conflict', giveBackMessages.requestReused, { code: 'idempotency_key_reused' });
  }
  if (record.status === 'refused') {
    throw new AppError('conflict', giveBackMessages.payableWentDown, { code: 'insufficient_balance' });
  }
  if (record.status === 'pending') await completeGiveBack(deps, record, log);
  const done = await getGiveBack(deps.table, officeId, requestId);
  return toGiveBackReply(done ?? record);
}

/** `GET give-back`: the artists the office may give back for (claims that brought it money) and its give-backs. */
export async function readGiveBackOverview(
  deps: GiveBackDependencies,
  userId: string,
  officeId: string,
): Promise<GiveBackOverviewReply> {
  await requireOffice(deps, userId, officeId, 'read-money');
  const [claims, records] = await Promise.all([
    listOfficeClaims(deps.table, officeId),
    listGiveBacks(deps.table, officeId),
  ]);
  const artistIds = [...new Set(claims.map((claim) => claim.artistId))];
  const artists = artistIds
    .map((artistId) => claimOfArtist(claims, artistId))
    .filter((claim): claim is StoredClaim => claim !== null)
    .map((claim) => ({
      artistId: claim.artistId,
      artistName: claim.artistName,
      claimId: claim.id,
      claimStatus: claim.status,
    }))
    .sort((a, b) => a.artistName.localeCompare(b.artistName));
  return { artists, history: records.map(toGiveBackReply) };
}
