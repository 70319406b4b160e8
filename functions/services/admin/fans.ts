// Staff's fans (SPEC §2 fans, fans/:id; decision 037). The list reads the fans' directory (one index partition) and
// sorts by what each fan's cards paid, highest first unless asked; a deleted fan stays, anonymised. One fan's page
// counts the same figure live from the ledger, with the fan's pies, wallet balance (the wallet service's), payments,
// the refunds Stripe made of their charges, the payments a dispute stopped, and the last 30 days of listening.
import type { StaffFanDetail, StaffFanSummary, staffFanSorts } from '../../contracts/admin-people';
import type { Pagination } from '../../contracts/envelope';
import { getAccount } from '../../data/accounts';
import type { DirectoryAccount } from '../../data/directories';
import { listAccountDirectory } from '../../data/directories';
import { getLedgerTransaction, transactionIdOf } from '../../data/ledger';
import { getDailyListening } from '../../data/listening';
import { addUtcDays, utcDateOf } from '../../domain/calendar';
import { AppError, isAppError } from '../../domain/errors';
import { sumArtistDays } from '../../domain/listening/listening-reads';
import { readWalletBalance } from '../wallet/wallet';
import type { FanPayment } from './fan-spend';
import { readFanPayments, spendOf } from './fan-spend';
import type { StaffReadDependencies } from './staff-lists';
import { compareBy, fullNameOf, matchesSearch, pageOfList, staffPersonOf } from './staff-lists';

export interface StaffFanListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  activePie?: boolean | undefined;
  sortBy?: (typeof staffFanSorts)[number] | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** The listening summary's window: the last 30 days, today included. */
const listeningDays = 30;
const topArtistCount = 5;
/** A deleted fan has no name: by name they come after every named fan. */
const deletedLast = '\uffff';

function toSummary(account: DirectoryAccount, now: Date): StaffFanSummary {
  return {
    ...staffPersonOf(account),
    spentCents: account.spentCents,
    payments: account.paymentCount,
    activePie: account.pieEndsAt !== null && Date.parse(account.pieEndsAt) > now.getTime(),
  };
}

/**
 * `GET /api/admin/fans`: every fan matching the search (a part of the name or e-mail, or the id) and the active-pie
 * filter, by what they spent (default, highest first), by sign-up (newest first) or by name (A to Z), a page of
 * `limit` (10 by default, SPEC §9).
 */
export async function listFansForStaff(
  deps: StaffReadDependencies,
  query: StaffFanListQuery,
): Promise<{ fans: StaffFanSummary[]; pagination: Pagination }> {
  const now = deps.clock.now();
  const sortBy = query.sortBy ?? 'spent';
  const order = query.sortOrder ?? (sortBy === 'name' ? 'asc' : 'desc');
  const rows = (await listAccountDirectory(deps.table, 'fan'))
    .filter((account) =>
      matchesSearch(query.search, account.id, [
        fullNameOf(account.firstName, account.lastName),
        account.email,
      ]),
    )
    .map((account) => ({ ...toSummary(account, now), id: account.id }))
    .filter((fan) => query.activePie === undefined || fan.activePie === query.activePie)
    .sort(
      compareBy(
        (fan) =>
          sortBy === 'spent'
            ? fan.spentCents
            : sortBy === 'created'
              ? fan.createdAt
              : (fan.name ?? deletedLast).toLowerCase(),
        order,
      ),
    );
  const { items, pagination } = pageOfList(rows, query.page, query.limit);
  return { fans: items.map(({ id: _id, ...fan }) => fan), pagination };
}

const fanNotFound = () => new AppError('not_found', 'There is no fan with this id.');

/** The refunds of the fan's charges, or null when Stripe does not answer (the rest of the page is the table's). */
async function readRefunds(
  deps: StaffReadDependencies,
  payments: readonly FanPayment[],
): Promise<StaffFanDetail['refunds']> {
  try {
    return await readRefundsFromStripe(deps, payments);
  } catch (error) {
    if (isAppError(error) && error.code === 'payment_provider_unavailable') return null;
    throw error;
  }
}

async function readRefundsFromStripe(
  deps: StaffReadDependencies,
  payments: readonly FanPayment[],
): Promise<NonNullable<StaffFanDetail['refunds']>> {
  const charged = payments.flatMap((payment) => {
    const chargeId = payment.transaction.references['chargeId'];
    return chargeId ? [{ chargeId, pieId: payment.pie.id }] : [];
  });
  if (charged.length === 0) return [];
  const gateway = await deps.stripe();
  const lists = await Promise.all(charged.map(({ chargeId }) => gateway.listRefunds(chargeId)));
  const refunds = charged.flatMap(({ pieId }, index) =>
    (lists[index] ?? []).map((refund) => ({ refund, pieId })),
  );
  const booked = await Promise.all(
    refunds.map(({ refund }) => getLedgerTransaction(deps.table, transactionIdOf(`refund:${refund.id}`))),
  );
  return refunds
    .map(({ refund, pieId }, index) => ({
      refundId: refund.id,
      chargeId: refund.chargeId,
      pieId,
      amountCents: refund.amountCents,
      status: refund.status,
      createdAt: new Date(refund.createdAt * 1000).toISOString(),
      transactionId: booked[index]?.id ?? null,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.refundId.localeCompare(b.refundId));
}

async function readListening(
  deps: StaffReadDependencies,
  fanId: string,
  now: Date,
): Promise<StaffFanDetail['listening']> {
  const today = utcDateOf(now);
  const days = await getDailyListening(deps.table, fanId, addUtcDays(today, 1 - listeningDays), today);
  return {
    days: listeningDays,
    msPlayed: days.reduce((sum, day) => sum + day.msPlayed, 0),
    plays: days.reduce((sum, day) => sum + day.plays, 0),
    daysListened: days.filter((day) => day.plays > 0).length,
    topArtists: sumArtistDays(days)
      .slice(0, topArtistCount)
      .map((artist) => ({
        ...(artist.artistId ? { artistId: artist.artistId } : {}),
        artistName: artist.artistName,
        msPlayed: artist.msPlayed,
        plays: artist.plays,
      })),
  };
}

/** `GET /api/admin/fans/{id}`: the fan (a deleted one anonymised) with everything staff need to answer them. */
export async function readFanForStaff(deps: StaffReadDependencies, fanId: string): Promise<StaffFanDetail> {
  const account = await getAccount(deps.table, 'fan', fanId);
  if (!account) throw fanNotFound();
  const now = deps.clock.now();
  const [{ pies, payments }, wallet, listening] = await Promise.all([
    readFanPayments(deps.table, fanId),
    readWalletBalance(deps, fanId),
    readListening(deps, fanId, now),
  ]);
  const refunds = await readRefunds(deps, payments);
  const spend = spendOf(pies, payments);
  return {
    ...staffPersonOf(account),
    spentCents: spend.spentCents,
    payments: spend.paymentCount,
    activePie: spend.pieEndsAt !== null && Date.parse(spend.pieEndsAt) > now.getTime(),
    usedPromotion: account.usedPromotionCode,
    walletBalanceCents: wallet.balanceCents,
    pies: pies.map((pie) => ({
      _id: pie.id,
      promo: pie.promo,
      status: pie.status,
      inactiveReason: pie.inactiveReason,
      periodStart: pie.periodStart,
      periodEnd: pie.periodEnd,
      amountCents: pie.amountCents,
      processingFeeCents: pie.processingFeeCents,
      platformFeeCents: pie.platformFeeCents,
    })),
    paymentList: payments.map((payment) => ({
      transactionId: payment.transaction.id,
      pieId: payment.pie.id,
      invoiceId: payment.pie.invoiceId,
      chargeId: payment.transaction.references['chargeId'] ?? null,
      grossCents: payment.grossCents,
      at: payment.transaction.at,
    })),
    refunds,
    disputes: payments
      .filter((payment) => payment.pie.inactiveReason === 'disputed')
      .map((payment) => ({
        pieId: payment.pie.id,
        chargeId: payment.transaction.references['chargeId'] ?? null,
        grossCents: payment.grossCents,
      })),
    listening,
  };
}
