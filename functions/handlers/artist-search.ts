// Routes of the 'artist-search' resource (see functions/contracts/routes.ts): the artist area's name search, so an
// artist-side user finds the artist they want to claim and tells apart two artists of one name.
import { artistSearchContracts } from '../contracts/api/artist-search';
import { artistCatalogueDependencies } from '../services/catalogue/artist-catalogue';
import { searchArtistsToClaim } from '../services/catalogue/claim-search';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-search', artistSearchContracts, {
  'GET /api/for-artists/search': async ({ query, log }) => {
    const { artists, pagination } = await searchArtistsToClaim(
      artistCatalogueDependencies(),
      query.search_term,
      { page: query.page, limit: query.limit, log },
    );
    return ok(artists, { pagination });
  },
});
