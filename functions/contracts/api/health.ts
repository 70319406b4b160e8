import { healthSchema } from '../health';
import type { ResourceContracts } from './contract';
import { json } from './contract';

export const healthContracts = {
  'GET /api/health': { reply: json(healthSchema) },
} satisfies ResourceContracts<'health'>;
