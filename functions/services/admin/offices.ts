// Staff's offices (SPEC §2 offices, offices/:id; decision 037). The list reads the offices' directory (one index
// partition), newest first unless asked; one office's page shows its members, its claims, its funds through the
// same function as the office's own funds screen (so the figures are equal), its payouts and its Connect account as
// last read from Stripe.
import type { StaffOfficeDetail, StaffOfficeSummary, staffOfficeSorts } from '../../contracts/admin-people';
import type { Pagination } from '../../contracts/envelope';
import { listOfficeClaims } from '../../data/claims';
import type { DirectoryOffice } from '../../data/directories';
import { listOfficeDirectory } from '../../data/directories';
import { getOfficeWithMembers } from '../../data/offices/office';
import { getOfficeStripeAccount } from '../../data/offices/stripe-account';
import { listOfficePayouts } from '../../data/payouts';
import { AppError } from '../../domain/errors';
import { readOfficeFunds } from '../connect/balances';
import { toPayoutReply } from '../connect/money';
import { payoutAccountStatusOf } from '../connect/onboarding';
import type { StaffReadDependencies } from './staff-lists';
import { compareBy, matchesSearch, pageOfList } from './staff-lists';

export interface StaffOfficeListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  sortBy?: (typeof staffOfficeSorts)[number] | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

/** What the list and an office's page both say of the office itself. */
function officeFieldsOf(office: Pick<DirectoryOffice, 'id' | 'name' | 'type' | 'memberCount' | 'createdAt'>) {
  return {
    _id: office.id,
    name: office.name,
    type: office.type,
    memberCount: office.memberCount,
    createdAt: office.createdAt,
  };
}

function toSummary(office: DirectoryOffice): StaffOfficeSummary {
  return { ...officeFieldsOf(office), connect: payoutAccountStatusOf(office.stripeAccount) };
}

/**
 * `GET /api/admin/offices`: every office matching the search (a part of its name, or its id), newest first by
 * default, or by name or member count, a page of `limit` (10 by default, SPEC §9).
 */
export async function listOfficesForStaff(
  deps: StaffReadDependencies,
  query: StaffOfficeListQuery,
): Promise<{ offices: StaffOfficeSummary[]; pagination: Pagination }> {
  const sortBy = query.sortBy ?? 'created';
  const order = query.sortOrder ?? (sortBy === 'name' ? 'asc' : 'desc');
  const rows = (await listOfficeDirectory(deps.table))
    .filter((office) => matchesSearch(query.search, office.id, [office.name]))
    .sort(
      compareBy<DirectoryOffice>(
        (office) =>
          sortBy === 'created'
            ? office.createdAt
            : sortBy === 'members'
              ? office.memberCount
              : office.name.toLowerCase(),
        order,
      ),
    );
  const { items, pagination } = pageOfList(rows, query.page, query.limit);
  return { offices: items.map(toSummary), pagination };
}

/** `GET /api/admin/offices/{id}`. */
export async function readOfficeForStaff(
  deps: StaffReadDependencies,
  officeId: string,
): Promise<StaffOfficeDetail> {
  const found = await getOfficeWithMembers(deps.table, officeId);
  if (!found) throw new AppError('not_found', 'There is no office with this id.');
  const [claims, funds, payouts, account] = await Promise.all([
    listOfficeClaims(deps.table, officeId),
    readOfficeFunds(deps, officeId),
    listOfficePayouts(deps.table, officeId),
    getOfficeStripeAccount(deps.table, officeId),
  ]);
  const { office, members } = found;
  return {
    ...officeFieldsOf(office),
    updatedAt: office.updatedAt,
    connect: payoutAccountStatusOf(account),
    members: [...members]
      .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId))
      .map((member) => ({
        userId: member.userId,
        email: member.email,
        role: member.role,
        joinedAt: member.joinedAt,
      })),
    claims: claims.map((claim) => ({
      _id: claim.id,
      artistId: claim.artistId,
      artistName: claim.artistName,
      status: claim.status,
      createdAt: claim.createdAt,
    })),
    funds,
    payouts: payouts.map(toPayoutReply),
    connectAccount: {
      accountId: account?.accountId ?? null,
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      detailsSubmitted: account?.detailsSubmitted ?? false,
      currentlyDue: account?.currentlyDue ?? [],
      disabledReason: account?.disabledReason ?? null,
      checkedAt: account?.checkedAt ?? null,
    },
  };
}
