// Staff's artist-side users (SPEC §2 user-artists, user-artists/:id; decision 037): the directory of artist-side
// accounts, newest first, with search; one person with their profile, connected sign-ins, the offices they belong to
// (with their role) and those offices' claims. A deleted account stays, anonymised.
import type { StaffUserArtistDetail, StaffUserArtistSummary } from '../../contracts/admin-people';
import type { Pagination } from '../../contracts/envelope';
import { getAccount, listConnections } from '../../data/accounts';
import { listOfficeClaims } from '../../data/claims';
import type { DirectoryAccount } from '../../data/directories';
import { listAccountDirectory } from '../../data/directories';
import { listUserOffices } from '../../data/offices/office';
import { AppError } from '../../domain/errors';
import type { StaffReadDependencies } from './staff-lists';
import { fullNameOf, matchesSearch, pageOfList, staffPersonOf } from './staff-lists';

function toSummary(
  account: Omit<DirectoryAccount, 'spentCents' | 'paymentCount' | 'pieEndsAt'>,
): StaffUserArtistSummary {
  return staffPersonOf(account);
}

/** `GET /api/admin/user-artists`: newest first, a part of the name or e-mail or the id, 10 a page (SPEC §9). */
export async function listUserArtistsForStaff(
  deps: StaffReadDependencies,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ users: StaffUserArtistSummary[]; pagination: Pagination }> {
  const rows = (await listAccountDirectory(deps.table, 'artist')).filter((account) =>
    matchesSearch(query.search, account.id, [fullNameOf(account.firstName, account.lastName), account.email]),
  );
  const { items, pagination } = pageOfList(rows, query.page, query.limit);
  return { users: items.map(toSummary), pagination };
}

/** `GET /api/admin/user-artists/{id}`. */
export async function readUserArtistForStaff(
  deps: StaffReadDependencies,
  userId: string,
): Promise<StaffUserArtistDetail> {
  const account = await getAccount(deps.table, 'artist', userId);
  if (!account) throw new AppError('not_found', 'There is no artist-side user with this id.');
  const [connections, offices] = await Promise.all([
    listConnections(deps.table, 'artist', userId),
    listUserOffices(deps.table, userId),
  ]);
  const claims = (await Promise.all(offices.map(({ office }) => listOfficeClaims(deps.table, office.id))))
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  return {
    ...toSummary(account),
    phoneNumber: account.phoneNumber,
    country: account.country,
    emailVerified: account.emailVerifiedAt !== null,
    connections: connections.map((connection) => connection.provider).sort(),
    offices: offices.map(({ office, members }) => {
      const member = members.find((candidate) => candidate.userId === userId);
      return {
        _id: office.id,
        name: office.name,
        role: member?.role ?? 'member',
        joinedAt: member?.joinedAt ?? office.createdAt,
      };
    }),
    claims: claims.map((claim) => ({
      _id: claim.id,
      officeId: claim.officeId,
      artistId: claim.artistId,
      artistName: claim.artistName,
      status: claim.status,
      createdAt: claim.createdAt,
    })),
  };
}
