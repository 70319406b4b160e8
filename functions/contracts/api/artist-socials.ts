// Social profiles for claim verification (SPEC §7 "(body)"; issue #13 states no body fields yet).
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';

export const artistSocialsContracts = {
  'POST /api/for-artists/artist/socials/fetch': { reply: notBuilt('#13') },
  'POST /api/user-artist/artist/socials/fetch': { reply: notBuilt('#13') },
} satisfies ResourceContracts<'artist-socials'>;
