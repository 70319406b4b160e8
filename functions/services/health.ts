// The health check (GET /api/health): can this function read its table? A failure is the service's to name, so the
// reply says "unhealthy" with a sentence for people and the log keeps the cause.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Health } from '../contracts/health';
import { probeTable } from '../data/health';
import { AppError } from '../domain/errors';
import type { Logger } from '../runtime/logger';

export interface HealthDependencies {
  db: DynamoDBDocumentClient;
  tableName: string;
  version: string;
}

export async function checkHealth(deps: HealthDependencies, log: Logger): Promise<Health> {
  try {
    await probeTable(deps.db, deps.tableName);
  } catch (error) {
    log.error('table probe failed', { error });
    throw new AppError('unavailable', 'OpenPie cannot reach its database right now.', { code: 'unhealthy' });
  }
  return { status: 'ok', version: deps.version, table: 'ok' };
}
