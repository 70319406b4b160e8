// Staff's list of catalogue artists (SPEC §2 artists; decision 037): the catalogue by name (its own index, or its
// name search), all, claimed (the successful claims' artists) or unclaimed; each row with the office that claimed
// the artist, the claims still open, and what is held in escrow for it. Unclaimed artists are found among the first
// 2,000 of the catalogue by name (the listing's depth) or the 500 a search reads: a search narrows further.
import type { StaffArtistSummary, staffArtistStatuses } from '../../contracts/admin-people';
import type { ArtistSummary } from '../../contracts/artists';
import type { Pagination } from '../../contracts/envelope';
import {
  countCatalogueArtists,
  getCatalogueArtists,
  listCatalogueArtists,
  maxListingDepth,
  maxSearchMatches,
  searchCatalogueArtists,
} from '../../data/catalogue/artists';
import { listArtistClaims, listClaimsByStatus } from '../../data/claims';
import { findHeldLotsOfArtist } from '../../data/escrow-lots';
import { getOfficeWithMembers } from '../../data/offices/office';
import { catalogueArtistKeyOf } from '../claims/release';
import type { StaffReadDependencies } from './staff-lists';
import { matchesSearch, pageOfList } from './staff-lists';

export interface StaffArtistListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: (typeof staffArtistStatuses)[number] | undefined;
}

const byName = (a: ArtistSummary, b: ArtistSummary) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** The page's artists, and how many match, for the query's status. */
async function findArtists(
  deps: StaffReadDependencies,
  query: StaffArtistListQuery,
): Promise<{ artists: ArtistSummary[]; pagination: Pagination }> {
  const search = query.search?.trim() ?? '';
  if (query.status === 'claimed') {
    const claims = await listClaimsByStatus(deps.table, 'Successful');
    const artists = (await getCatalogueArtists(deps.table, [...new Set(claims.map((c) => c.artistId))]))
      .filter((artist) => matchesSearch(search, artist.id, [artist.name]))
      .sort(byName);
    const { items, pagination } = pageOfList(artists, query.page, query.limit);
    return { artists: items, pagination };
  }
  if (query.status === 'unclaimed') {
    const [read, claimedCount] = await Promise.all([
      search
        ? searchCatalogueArtists(deps.table, search, { page: 1, limit: maxSearchMatches })
        : listCatalogueArtists(deps.table, {
            page: 1,
            limit: maxListingDepth,
            sort: 'name',
            direction: 'asc',
          }),
      search ? Promise.resolve(0) : listClaimsByStatus(deps.table, 'Successful').then((c) => c.length),
    ]);
    const unclaimed = read.artists.filter((artist) => !artist.claimed);
    const { items, pagination } = pageOfList(unclaimed, query.page, query.limit);
    // Without a search the whole catalogue counts: every artist not claimed, even past the listing's depth.
    const total = search ? pagination.total : Math.max(read.total - claimedCount, unclaimed.length);
    return { artists: items, pagination: { ...pagination, total, pages: Math.ceil(total / query.limit) } };
  }
  const found = search
    ? await searchCatalogueArtists(deps.table, search, { page: query.page, limit: query.limit })
    : await listCatalogueArtists(deps.table, {
        page: query.page,
        limit: query.limit,
        sort: 'name',
        direction: 'asc',
      });
  const total = search ? found.total : await countCatalogueArtists(deps.table);
  return {
    artists: found.artists,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

async function toRow(deps: StaffReadDependencies, artist: ArtistSummary): Promise<StaffArtistSummary> {
  const [claims, held] = await Promise.all([
    listArtistClaims(deps.table, artist.id),
    findHeldLotsOfArtist(deps.table, catalogueArtistKeyOf(artist.id)),
  ]);
  const successful = claims.find((claim) => claim.status === 'Successful') ?? null;
  const office = successful ? await getOfficeWithMembers(deps.table, successful.officeId) : null;
  return {
    _id: artist.id,
    name: artist.name,
    ...(artist.imageUrl === undefined ? {} : { imageUrl: artist.imageUrl }),
    ...(artist.popularity === undefined ? {} : { popularity: artist.popularity }),
    status: successful ? 'claimed' : 'unclaimed',
    claim: successful
      ? { claimId: successful.id, officeId: successful.officeId, officeName: office?.office.name ?? null }
      : null,
    openClaims: claims.filter((claim) => claim.status === 'Pending' || claim.status === 'Verified').length,
    heldCents: held.reduce((sum, lot) => sum + lot.cents, 0),
    heldLots: held.length,
  };
}

/** `GET /api/admin/artists`: a page of artists by name (10 by default, SPEC §9), with search and status. */
export async function listArtistsForStaff(
  deps: StaffReadDependencies,
  query: StaffArtistListQuery,
): Promise<{ artists: StaffArtistSummary[]; pagination: Pagination }> {
  const { artists, pagination } = await findArtists(deps, query);
  return { artists: await Promise.all(artists.map((artist) => toRow(deps, artist))), pagination };
}
