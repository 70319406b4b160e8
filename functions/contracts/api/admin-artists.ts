// Staff's list of catalogue artists (SPEC §7; decision 037): by name, with search, claimed or not, and what is held
// for each while nobody has claimed it.
import * as z from 'zod/mini';
import { staffArtistStatuses, staffArtistSummarySchema } from '../admin-people';
import type { ResourceContracts } from './contract';
import { paged } from './contract';
import { staffListQuery } from './fields';

export const adminArtistsContracts = {
  'GET /api/admin/artists': {
    query: z.object({
      ...staffListQuery(),
      status: z.optional(z.enum(staffArtistStatuses, 'Choose claimed or unclaimed')),
    }),
    reply: paged(z.array(staffArtistSummarySchema)),
  },
} satisfies ResourceContracts<'admin-artists'>;
