import * as z from 'zod/mini';
import { fanUserSchema } from '../auth';
import {
  fanActivitySchema,
  fanProfileSchema,
  publicFanProfileSchema,
  usernameUpdateSchema,
  visibilityUpdateSchema,
} from '../fan-profile';
import type { ResourceContracts } from './contract';
import { json } from './contract';

export const fanUserContracts = {
  'GET /api/user': { reply: json(fanUserSchema) },
  // Any id that names no visible fan answers 404, whatever its shape, so the id is only bounded here.
  'GET /api/user/details/{id}': {
    params: z.object({ id: z.string().check(z.maxLength(200, 'Use at most 200 characters')) }),
    reply: json(publicFanProfileSchema),
  },
  'GET /api/user/activity': { reply: json(fanActivitySchema) },
  'POST /api/user/joinBeta': { reply: json(fanProfileSchema) },
  'PUT /api/user/username': { body: usernameUpdateSchema, reply: json(fanProfileSchema) },
  'PUT /api/user/visibility': { body: visibilityUpdateSchema, reply: json(fanProfileSchema) },
} satisfies ResourceContracts<'fan-user'>;
