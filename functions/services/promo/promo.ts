// The /try promo (SPEC §1, §2, §4): a free $5 pie from OpenPie's own promo-funding account, while codes
// last, once per fan and once per Spotify account. The code pool is in data/promo-codes.ts; the money moves through
// the ledger; the pie is opened by services/payments/pies.ts like any other. Because the promo is OpenPie's money,
// it needs a verified e-mail and a connected Spotify account, and its pie is split on synced plays only.
import { createHash } from 'node:crypto';
import { captchaActions } from '../../contracts/auth';
import type { PieSummary } from '../../contracts/payments';
import type { PromoSubscriptionPayload } from '../../contracts/pie';
import { getAccount, listConnections } from '../../data/accounts';
import { buildNewPiePut, getPie } from '../../data/pies';
import type { AddPromoCodesResult, PromoClaim } from '../../data/promo-codes';
import { addPromoCodes, claimPromoCode, getPromoClaim, getPromoPool } from '../../data/promo-codes';
import type { SubscriptionHolder } from '../../data/one-subscription';
import { buildHolderClaim, getSubscriptionHolder } from '../../data/one-subscription';
import { listFanSubscriptions } from '../../data/subscriptions';
import { AppError } from '../../domain/errors';
import { accountIdOf, platformOwner } from '../../domain/money/ledger';
import { postTransaction, postTransactionAlongside } from '../ledger';
import type { OpenPieInput } from '../payments/pies';
import { buildPieRecord, findCurrentPie, openPie, toPieSummary } from '../payments/pies';
import { isFundingSubscription } from '../payments/subscriptions';
import type { PromoDependencies } from './dependencies';

/** SPEC §9: the promo code is 'try'; its prize a free 5 dollar pie. */
export const tryPromo = 'try';
export const promoPieAmountCents = 500;
/** Fans' pies last 30 days; the promo is for fans only. */
export const promoPieDays = 30;
/** Only plays the Spotify sync stored count for a promo pie, never uploaded history. */
export const promoPlaySources: PromoClaim['playSources'] = ['spotify'];

/** The fan's promo pie: one per fan, so its id follows from the fan, and a retry opens that same pie. */
export function promoPieIdOf(fanId: string): string {
  return `pie_promo_${createHash('sha256').update(fanId).digest('hex').slice(0, 24)}`;
}

/** `GET /stripe/promoAvailability`: after the human check, whether codes are left and how many. */
export async function getPromoAvailability(
  deps: PromoDependencies,
  { recaptchaToken, clientAddress }: { recaptchaToken: string | undefined; clientAddress: string | null },
): Promise<{ available: boolean; remaining: number }> {
  const humanCheck = await deps.humanCheck();
  if (
    !(await humanCheck.verify(recaptchaToken, captchaActions.promoAvailability, clientAddress ?? undefined))
  ) {
    throw new AppError('bad_request', 'We could not confirm that you are a person. Please try again.', {
      code: 'captcha_failed',
    });
  }
  const { remaining } = await getPromoPool(deps.table, tryPromo);
  return { available: remaining > 0, remaining: Math.max(0, remaining) };
}

/**
 * `GET /stripe/promoEligibility` (SPEC §4): usable only if the account is promo-eligible, has not used a code, and
 * codes are left. `used` says whether this fan used the promotion.
 */
export async function getPromoEligibility(
  deps: PromoDependencies,
  fanId: string,
): Promise<{ available: boolean; used: boolean }> {
  const [account, claim, pool] = await Promise.all([
    getAccount(deps.table, 'fan', fanId),
    getPromoClaim(deps.table, fanId),
    getPromoPool(deps.table, tryPromo),
  ]);
  const used = account?.usedPromotionCode === true || claim !== null;
  return { available: account?.promoEligible === true && !used && pool.remaining > 0, used };
}

const alreadyUsed = () =>
  new AppError(
    'conflict',
    'You have already used the free promotion. Each user can only use this offer once.',
    {
      code: 'promotion_already_used',
    },
  );

const activePieExists = () => new AppError('conflict', undefined, { code: 'active_pie_exists' });

/**
 * The fan's one-subscription holder (decision 035) that the claim replaces: none, or a card subscription that ended.
 * A card subscription Stripe still charges (as last read from Stripe) holds the fan even while no pie of it runs (a
 * renewal being retried): a 409. A Checkout session still open is no obstacle: if it is paid after the claim, the
 * payment finds the promo pie holding the fan and is refunded at once.
 */
async function holderToReplace(deps: PromoDependencies, fanId: string): Promise<SubscriptionHolder | null> {
  const [held, subscriptions] = await Promise.all([
    getSubscriptionHolder(deps.table, fanId),
    listFanSubscriptions(deps.table, fanId),
  ]);
  if (subscriptions.some(isFundingSubscription)) throw activePieExists();
  return held?.holder ?? null;
}

/**
 * `POST /stripe/createPromoSubscription`: claims a code, funds the fan's wallet from promo-funding and opens the
 * promo pie. The claim is written first and names the pie; the ledger transaction (keyed by the fan) and the pie
 * (its id derived from the fan) are idempotent, so a retry after a crash between the steps finishes them with the
 * code already claimed and claims no second one.
 */
export async function createPromoSubscription(
  deps: PromoDependencies,
  fanId: string,
  settings: PromoSubscriptionPayload,
): Promise<PieSummary> {
  const account = await getAccount(deps.table, 'fan', fanId);
  if (!account || account.status !== 'active') throw new AppError('unauthorized');
  if (!account.emailVerifiedAt) throw new AppError('forbidden', undefined, { code: 'email_not_verified' });
  if (!account.promoEligible) throw new AppError('forbidden', undefined, { code: 'promo_not_eligible' });
  const connections = await listConnections(deps.table, 'fan', fanId);
  const spotify = connections.find((connection) => connection.provider === 'spotify');
  if (!spotify) throw new AppError('forbidden', undefined, { code: 'promo_spotify_required' });

  let claim = await getPromoClaim(deps.table, fanId);
  if (claim) {
    // Claimed before: finished then (the pie exists), or interrupted, and this call finishes it.
    if (await getPie(deps.table, claim.pieId)) throw alreadyUsed();
  } else {
    if (account.usedPromotionCode) throw alreadyUsed();
    if (await findCurrentPie(deps, fanId))
      throw new AppError('conflict', undefined, { code: 'active_pie_exists' });
    const replacing = await holderToReplace(deps, fanId);
    const pieId = promoPieIdOf(fanId);
    const holder = buildHolderClaim(deps.table, fanId, { kind: 'promo', pieId }, deps.clock.now(), replacing);
    const result = await claimPromoCode(
      deps.table,
      {
        fanId,
        promo: tryPromo,
        spotifyAccountId: spotify.providerUserId,
        pieId,
        settings: {
          artistLimit: settings.artistLimit,
          artistPopularity: settings.artistPopularity,
          excludeNonActive: settings.excludeNonActive,
        },
        playSources: promoPlaySources,
        claimedAt: deps.clock.now().toISOString(),
      },
      { alongside: [holder] },
    );
    switch (result.outcome) {
      case 'unavailable':
        throw new AppError('conflict', undefined, { code: 'promo_unavailable' });
      case 'fan-used':
        throw alreadyUsed();
      case 'spotify-used':
        throw new AppError(
          'conflict',
          'This Spotify account has already been used for the free promotion. Each person can only use this offer once.',
          { code: 'promotion_already_used' },
        );
      case 'alongside-refused':
        // A card payment took the fan between the read and the claim.
        throw activePieExists();
      case 'claimed':
        claim = result.claim;
    }
  }
  return toPieSummary(await fundPromoPie(deps, claim), { now: deps.clock.now(), cancelAtPeriodEnd: false });
}

/**
 * The claim's money and pie, written together (the pie's money is its own account, decision 031), then opened (which
 * finds it); every step answers what it did before when run again.
 */
async function fundPromoPie(deps: PromoDependencies, claim: PromoClaim) {
  const pie: OpenPieInput = {
    pieId: claim.pieId,
    fanId: claim.fanId,
    promo: true,
    // From the claim, so a finished retry opens the pie the claim promised.
    periodStart: new Date(claim.claimedAt),
    pieDays: promoPieDays,
    amountCents: promoPieAmountCents,
    processingFeeCents: 0,
    settings: claim.settings,
    subscriptionId: null,
    invoiceId: null,
  };
  const funding = {
    kind: 'promo-funding' as const,
    idempotencyKey: `promo-funding:${claim.fanId}`,
    postings: [
      { accountId: accountIdOf('promo-funding', platformOwner), amountCents: -promoPieAmountCents },
      { accountId: accountIdOf('pie-funds', claim.pieId), amountCents: promoPieAmountCents },
    ],
    references: { pieId: claim.pieId, promoCode: claim.code },
  };
  const posted = await postTransactionAlongside(deps, funding, [
    buildNewPiePut(deps.table, buildPieRecord(deps, pie)),
  ]);
  // Null: the pie was there already (a retry after the money and the pie were written): the money answers as before.
  if (!posted) await postTransaction(deps, funding);
  return openPie(deps, pie);
}

/**
 * `npm run promo:add` and the local seed: adds `count` codes to the /try pool. A `batchId` run again adds nothing
 * twice (the seed passes a fixed one).
 */
export function addTryPromoCodes(
  deps: Pick<PromoDependencies, 'table' | 'clock'>,
  { count, batchId }: { count: number; batchId: string },
): Promise<AddPromoCodesResult> {
  return addPromoCodes(deps.table, tryPromo, { batchId, count, at: deps.clock.now() });
}
