// One way to call the API in the SPA (frontend/lint/typed-api-calls.js, eslint.config.js): outside frontend/src/lib a
// type argument on apiClient's low-level methods is refused in every file, features and shared components alike. Code
// is linted through ESLint's own API with the project's config.
import { describe, expect, it } from 'vitest';
import { lintMessages, loadLintOnce } from '../support/lint-probe';

loadLintOnce();

async function lintApiCalls(code: string, filePath: string): Promise<string[]> {
  return (await lintMessages(filePath, code))
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const handTypedCalls = [
  "import { apiClient } from '../../../lib/api-client';",
  "export const checkout = () => apiClient.post<{ url: string }>('/api/payments/checkout', {});",
  "export const rows = () => apiClient.send<string[]>('/api/admin/fans');",
  'export const fetchOne = apiClient.get<{ id: string }>;',
].join('\n');

describe('no hand-typed API calls outside lib/', () => {
  it('flags a type argument on the low-level methods, called or passed on, in a new feature file', async () => {
    // Act
    const messages = await lintApiCalls(handTypedCalls, 'frontend/src/features/new-feature/api/new-call.ts');

    // Assess
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/apiClient\.call\('METHOD \/api\/…'/);
  });

  it('flags them in shared components too', async () => {
    // Act
    const messages = await lintApiCalls(handTypedCalls, 'frontend/src/components/new-table/new-list.ts');

    // Assess
    expect(messages).toHaveLength(3);
  });

  it('lets a call by route key pass, and the client itself in lib/', async () => {
    // Prepare
    const byKey = [
      "import { apiClient } from '../../../lib/api-client';",
      "export const fan = (id: string) => apiClient.call('GET /api/admin/fans/{id}', { params: { id } });",
    ].join('\n');

    // Act
    const feature = await lintApiCalls(byKey, 'frontend/src/features/new-feature/api/get-fan.ts');
    const lib = await lintApiCalls(handTypedCalls, 'frontend/src/lib/new-helper.ts');

    // Assess
    expect(feature).toEqual([]);
    expect(lib).toEqual([]);
  });
});
