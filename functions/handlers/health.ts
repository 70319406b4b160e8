import type { Health } from '../contracts/health';
import { createDocumentClient } from '../data/client';
import { probeTable } from '../data/health';
import { AppError } from '../domain/errors';
import { getEnv } from '../runtime/env';
import { ok } from './lib/http';
import { createResourceHandler, defineRoute } from './lib/resource';

const env = getEnv();
const db = createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT });

export const handler = createResourceHandler('health', {
  'GET /api/health': defineRoute({
    handle: async ({ log }) => {
      try {
        await probeTable(db, env.TABLE_NAME);
      } catch (error) {
        log.error('table probe failed', { error });
        throw new AppError('unavailable', 'OpenPie cannot reach its database right now.', {
          code: 'unhealthy',
        });
      }
      const health: Health = { status: 'ok', version: env.APP_VERSION, table: 'ok' };
      return ok(health);
    },
  }),
});
