// The staff list of artists (SPEC §7), built after issue #13.
import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { staffListQuery, textField } from './fields';

export const adminArtistsContracts = {
  'GET /api/admin/artists': {
    query: z.object({ ...staffListQuery(), status: z.optional(textField(32)) }),
    reply: notBuilt('the staff area, after #13'),
  },
} satisfies ResourceContracts<'admin-artists'>;
