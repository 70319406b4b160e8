// Routes of the 'health' resource (see functions/contracts/routes.ts): whether the API can read its table.
import { healthContracts } from '../contracts/api/health';
import { createDocumentClient } from '../runtime/dynamodb-client';
import { getEnv } from '../runtime/env';
import { checkHealth } from '../services/health';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

const env = getEnv();
const table = {
  client: createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT }),
  name: env.TABLE_NAME,
};

export const handler = createResourceHandler('health', healthContracts, {
  'GET /api/health': async ({ log }) => ok(await checkHealth({ table, version: env.APP_VERSION }, log)),
});
