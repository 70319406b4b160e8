// Routes of the 'dev' resource (see functions/contracts/routes.ts): local-mode helpers, never deployed. Even if
// this handler ran elsewhere, it answers 404 outside local mode.
import { devContracts } from '../contracts/api/dev';
import { getEnv, isLocalStage } from '../runtime/env';
import { HttpError, ok } from './lib/http';
import { createResourceHandler } from './lib/resource';
import { getTable } from '../runtime/table';
import { readQueuedMail } from '../services/dev-outbox';

export const handler = createResourceHandler('dev', devContracts, {
  'GET /api/dev/outbox': async () => {
    if (!isLocalStage(getEnv())) {
      throw new HttpError('not_found', 'There is no API call at GET /api/dev/outbox.');
    }
    return ok(await readQueuedMail(getTable()));
  },
  // The time machine lives in the local server (local/dev-time-routes.ts), which answers these before this handler;
  // here, as anywhere else, they do not exist.
  'GET /api/dev/time': () => Promise.reject(noSuchCall('GET /api/dev/time')),
  'POST /api/dev/time/advance': () => Promise.reject(noSuchCall('POST /api/dev/time/advance')),
});

function noSuchCall(routeKey: string): HttpError {
  return new HttpError('not_found', `There is no API call at ${routeKey}.`);
}
