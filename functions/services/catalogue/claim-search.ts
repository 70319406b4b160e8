// The artist area's claim search: the catalogue's name search (Spotify asked when OpenPie knows too few), each artist
// with what tells two artists of one name apart (picture, genres and followers from the catalogue, OpenPie fans
// listening this month, a top track from Spotify) and what is waiting for them (fans' earnings held until a claim).
import type { ClaimSearchArtist } from '../../contracts/artists';
import type { Pagination } from '../../contracts/envelope';
import { countMonthlyListeners } from '../../data/catalogue/monthly-listeners';
import { sumHeldForArtist } from '../../data/escrow-held';
import { utcMonthOf } from '../../domain/calendar';
import { splitArtistKeyOf } from '../../domain/money/split';
import type { Logger } from '../../runtime/logger';
import type { ArtistCatalogueDependencies } from './artist-catalogue';
import { readArtistTopTracks, searchArtistsEverywhere } from './artist-catalogue';

/** The first of the artist's top tracks (kept a day), or null when Spotify has none or fails with none kept. */
async function readTopTrack(
  deps: ArtistCatalogueDependencies,
  artistId: string,
  log: Logger,
): Promise<ClaimSearchArtist['topTrack']> {
  try {
    const [first] = await readArtistTopTracks(deps, artistId, log);
    if (!first) return null;
    return {
      name: first.name,
      ...(first.albumName ? { albumName: first.albumName } : {}),
      spotifyUrl: first.spotifyUrl,
    };
  } catch (error) {
    // A result without its track still tells the artist apart by picture, genres and followers.
    log.warn('top track for the claim search unavailable', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/** `GET /api/for-artists/search`: a page of matches, each with its listeners, top track and held earnings. */
export async function searchArtistsToClaim(
  deps: ArtistCatalogueDependencies,
  term: string,
  { page, limit, log }: { page: number; limit: number; log: Logger },
): Promise<{ artists: ClaimSearchArtist[]; pagination: Pagination }> {
  const { artists, pagination } = await searchArtistsEverywhere(deps, term, { page, limit, log });
  const month = utcMonthOf(deps.clock.now());
  const described = await Promise.all(
    artists.map(async (artist): Promise<ClaimSearchArtist> => {
      const [fansListeningThisMonth, topTrack, held] = await Promise.all([
        countMonthlyListeners(deps.table, artist.id, month),
        readTopTrack(deps, artist.id, log),
        sumHeldForArtist(deps.table, splitArtistKeyOf({ artistId: artist.id, artistName: artist.name })),
      ]);
      return { ...artist, fansListeningThisMonth, topTrack, held };
    }),
  );
  return { artists: described, pagination };
}
