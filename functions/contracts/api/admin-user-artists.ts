// Staff's artist-side users (SPEC §7; decision 037): the list, newest first, with search, and one person with their
// offices and those offices' claims.
import * as z from 'zod/mini';
import { staffUserArtistDetailSchema, staffUserArtistSummarySchema } from '../admin-people';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { idParams, staffListQuery } from './fields';

export const adminUserArtistsContracts = {
  'GET /api/admin/user-artists': {
    query: z.object(staffListQuery()),
    reply: paged(z.array(staffUserArtistSummarySchema)),
  },
  'GET /api/admin/user-artists/{id}': { params: idParams('id'), reply: json(staffUserArtistDetailSchema) },
} satisfies ResourceContracts<'admin-user-artists'>;
