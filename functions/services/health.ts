// The health check (GET /api/health): can this function read its table? A failure is the service's to name, so the
// reply says "unhealthy" with a sentence for people and the log keeps the cause.
import type { Health } from '../contracts/health';
import { probeTable } from '../data/health';
import type { TableRef } from '../data/table';
import { AppError } from '../domain/errors';
import type { Logger } from '../runtime/logger';

export interface HealthDependencies {
  table: TableRef;
  version: string;
}

export async function checkHealth(deps: HealthDependencies, log: Logger): Promise<Health> {
  try {
    await probeTable(deps.table);
  } catch (error) {
    log.error('table probe failed', { error });
    throw new AppError('unavailable', 'OpenPie cannot reach its database right now.', { code: 'unhealthy' });
  }
  return { status: 'ok', version: deps.version, table: 'ok' };
}
