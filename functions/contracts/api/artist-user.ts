import { artistUserSchema, profileUpdateSchema } from '../auth';
import type { ResourceContracts } from './contract';
import { json } from './contract';

export const artistUserContracts = {
  'GET /api/for-artists/user': { reply: json(artistUserSchema) },
  'PATCH /api/for-artists/user/profile': { body: profileUpdateSchema, reply: json(artistUserSchema) },
} satisfies ResourceContracts<'artist-user'>;
