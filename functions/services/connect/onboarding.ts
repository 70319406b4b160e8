// Stripe Connect for offices (DESIGN §5, decision 025): each office has at most one connected
// account, created with controller properties the first time an admin sets up payouts; its state (charges, payouts,
// what Stripe still needs) is kept on the office item as last read from Stripe. Only an admin of the office may
// onboard or open the dashboard (domain/offices/rights.ts: `manage-money`); an accountant reads the state.
import type {
  LoginLinkReply,
  OnboardingLinkReply,
  PayoutAccountReply,
  PayoutAccountStatus,
} from '../../contracts/artist-payments';
import type { OfficeStripeAccount } from '../../data/offices/stripe-account';
import {
  getOfficeStripeAccount,
  getOfficeStripeConnectionGeneration,
  storeOfficeStripeAccount,
} from '../../data/offices/stripe-account';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import { hasOfficeRight, officeMessages } from '../../domain/offices/rights';
import type { ConnectedAccountView, StripeGateway } from '../../integrations/stripe/port';
import type { Clock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import { requireOffice } from '../offices/office-gate';
import { requireSiteOrigin } from '../payments/subscriptions';

export interface ConnectDependencies {
  table: TableRef;
  clock: Clock;
  stripe(): Promise<StripeGateway>;
  /** Stripe sends the person back to the funds screen on this origin. */
  siteOrigin: string | undefined;
}

/**
 * One key per office, so a retried or concurrent first call makes one account at Stripe (24 h replay window); after
 * staff removed the office's connection `generation` times, a key of its own, so onboarding again makes a new account
 * instead of Stripe's replay of the removed one.
 */
export function connectAccountIdempotencyKey(officeId: string, generation = 0): string {
  return generation === 0
    ? `openpie-office-connect-account:${officeId}`
    : `openpie-office-connect-account:${officeId}:${generation}`;
}

function toStoredState(account: ConnectedAccountView, checkedAt: Date): OfficeStripeAccount {
  return {
    accountId: account.id,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    detailsSubmitted: account.detailsSubmitted,
    currentlyDue: account.currentlyDue,
    disabledReason: account.disabledReason,
    checkedAt: checkedAt.toISOString(),
  };
}

/** Reads the account from Stripe now and keeps what it says; the stored state when Stripe no longer knows it. */
async function refreshStoredAccount(
  deps: ConnectDependencies,
  officeId: string,
  accountId: string,
): Promise<OfficeStripeAccount | null> {
  const gateway = await deps.stripe();
  const checkedAt = deps.clock.now();
  const account = await gateway.retrieveConnectedAccount(accountId);
  if (!account) return null;
  const state = toStoredState(account, checkedAt);
  const outcome = await storeOfficeStripeAccount(deps.table, officeId, state);
  if (outcome === 'stored') return state;
  return getOfficeStripeAccount(deps.table, officeId);
}

/**
 * The office's account: the one it holds, or a new one at Stripe under the office's idempotency key. Two first calls
 * at once get the same account from Stripe; the office item's guard keeps one id even past the key's lifetime.
 */
async function ensureConnectedAccount(
  deps: ConnectDependencies,
  officeId: string,
  log: Logger,
): Promise<string> {
  const held = await getOfficeStripeAccount(deps.table, officeId);
  if (held) return held.accountId;
  const generation = await getOfficeStripeConnectionGeneration(deps.table, officeId);
  const gateway = await deps.stripe();
  const checkedAt = deps.clock.now();
  const account = await gateway.createConnectedAccount({
    officeId,
    idempotencyKey: connectAccountIdempotencyKey(officeId, generation),
  });
  const outcome = await storeOfficeStripeAccount(deps.table, officeId, toStoredState(account, checkedAt));
  if (outcome === 'missing') throw new AppError('not_found', officeMessages.notFound);
  if (typeof outcome === 'object') {
    // Only after the key's replay window: Stripe made a second account that no office points to.
    log.warn('connect account created beside the one the office holds; the new one is unused', {
      officeId,
      held: outcome.taken,
      unused: account.id,
    });
    return outcome.taken;
  }
  return account.id;
}

/** `POST stripe/completeOnboarding`: a fresh hosted-onboarding link for the office's account (made on first use). */
export async function completeOnboarding(
  deps: ConnectDependencies,
  userId: string,
  officeId: string,
  log: Logger,
): Promise<OnboardingLinkReply> {
  await requireOffice(deps, userId, officeId, 'manage-money');
  const siteOrigin = requireSiteOrigin(deps);
  const accountId = await ensureConnectedAccount(deps, officeId, log);
  const fundsUrl = `${siteOrigin}/for-artists/funds`;
  const link = await (
    await deps.stripe()
  ).createAccountOnboardingLink({ accountId, refreshUrl: fundsUrl, returnUrl: fundsUrl });
  return { accountLink: { url: link.url } };
}

/** `GET stripe/createLoginLink`: the Express dashboard, once the office's account has finished onboarding. */
export async function createDashboardLink(
  deps: ConnectDependencies,
  userId: string,
  officeId: string,
): Promise<LoginLinkReply> {
  await requireOffice(deps, userId, officeId, 'manage-money');
  let account = await getOfficeStripeAccount(deps.table, officeId);
  // The person may come straight back from onboarding before its webhook: ask Stripe before saying no.
  if (account && !account.detailsSubmitted) {
    account = await refreshStoredAccount(deps, officeId, account.accountId);
  }
  if (!account?.detailsSubmitted) {
    throw new AppError('conflict', undefined, { code: 'payout_account_not_onboarded' });
  }
  const link = await (await deps.stripe()).createLoginLink(account.accountId);
  return { login_url: link.url };
}

export function payoutAccountStatusOf(
  account: Pick<OfficeStripeAccount, 'payoutsEnabled'> | null,
): PayoutAccountStatus {
  if (!account) return 'not_started';
  return account.payoutsEnabled ? 'ready' : 'in_progress';
}

/** `GET stripe/account-status`: where onboarding stands, for those who may read the office's money. */
export async function readPayoutAccount(
  deps: ConnectDependencies,
  userId: string,
  officeId: string,
): Promise<PayoutAccountReply> {
  const office = await requireOffice(deps, userId, officeId, 'read-money');
  const canManage = hasOfficeRight(office.members, userId, 'manage-money');
  let account = await getOfficeStripeAccount(deps.table, officeId);
  if (account && !account.payoutsEnabled) {
    account = (await refreshStoredAccount(deps, officeId, account.accountId)) ?? account;
  }
  return {
    status: payoutAccountStatusOf(account),
    chargesEnabled: account?.chargesEnabled ?? false,
    payoutsEnabled: account?.payoutsEnabled ?? false,
    detailsSubmitted: account?.detailsSubmitted ?? false,
    currentlyDue: account?.currentlyDue ?? [],
    disabledReason: account?.disabledReason ?? null,
    canManage,
  };
}

/**
 * `account.updated`: the account is read from Stripe again (never the event's copy) and its state kept on the office
 * its metadata names, if that office holds this account or none yet. Handled twice or out of order, the latest read
 * stays.
 */
export async function recordConnectedAccountUpdate(
  deps: ConnectDependencies,
  accountId: string,
  log: Logger,
): Promise<void> {
  const gateway = await deps.stripe();
  const checkedAt = deps.clock.now();
  const account = await gateway.retrieveConnectedAccount(accountId);
  const officeId = account?.metadata['officeId'];
  if (!account || !officeId) {
    log.info('connect account unknown or not an office account: nothing to keep', { accountId });
    return;
  }
  const outcome = await storeOfficeStripeAccount(deps.table, officeId, toStoredState(account, checkedAt));
  if (outcome === 'missing' || typeof outcome === 'object') {
    log.warn('connect account names an office that does not hold it', { accountId, officeId });
  }
}
