// The staff list of artist-side users (SPEC §7), built after issue #13.
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { idParams } from './fields';

const later = 'the staff area, after #13';

export const adminUserArtistsContracts = {
  'GET /api/admin/user-artists': { reply: notBuilt(later) },
  'GET /api/admin/user-artists/{id}': { params: idParams('id'), reply: notBuilt(later) },
} satisfies ResourceContracts<'admin-user-artists'>;
