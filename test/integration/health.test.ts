import { describe, expect, it } from 'vitest';
import { bodyOf, buildGatewayEvent, testContext } from '../support/gateway-event';

describe('GET /api/health against DynamoDB Local', () => {
  it('reports ok with the version and a reachable table', async () => {
    // Prepare: the per-file table exists (test/support/dynamodb-table-setup.ts)
    const { handler } = await import('../../functions/handlers/health');
    // Act
    const result = await handler(buildGatewayEvent('GET', '/api/health'), testContext);
    // Assess
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({
      success: true,
      data: { status: 'ok', version: process.env.APP_VERSION, table: 'ok' },
    });
  });
});

describe('GET /api/health with a missing table', () => {
  it('answers 503 unhealthy without internals', async () => {
    // Prepare: a fresh module graph whose cold start reads another table name
    const { vi } = await import('vitest');
    vi.resetModules();
    const { resetEnvCache } = await import('../../functions/runtime/env');
    const previous = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'openpie-test-missing-table';
    resetEnvCache();
    try {
      const { handler } = await import('../../functions/handlers/health');
      // Act
      const result = await handler(buildGatewayEvent('GET', '/api/health'), testContext);
      // Assess
      expect(result.statusCode).toBe(503);
      expect(bodyOf(result)).toMatchObject({ success: false, code: 'unhealthy' });
      expect(result.body).not.toContain('ResourceNotFound');
    } finally {
      process.env.TABLE_NAME = previous;
      resetEnvCache();
    }
  });
});
