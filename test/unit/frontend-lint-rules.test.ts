// The SPA's feature boundary as ESLint enforces it (eslint.config.js, frontend/lint/feature-boundaries.js): code is
// linted through ESLint's own API with the project's config, at paths inside frontend/src.
import { describe, expect, it } from 'vitest';
import { lintMessages } from '../support/lint-probe';

const ruleId = 'openpie-frontend/no-cross-feature-imports';

/** The boundary rule's messages for `code` as if it were the file at `filePath`. */
async function lintBoundaries(code: string, filePath: string): Promise<string[]> {
  return (await lintMessages(filePath, code))
    .filter((message) => message.ruleId === ruleId)
    .map((m) => m.message);
}

describe('no imports between features', () => {
  it('flags a feature importing another feature’s component', async () => {
    // Prepare
    const code = "export { FormAlert } from '../../auth/components/form-alert';\n";

    // Act
    const messages = await lintBoundaries(
      code,
      'frontend/src/features/fan-profile/components/username-section.tsx',
    );

    // Assess
    expect(messages).toEqual([
      'features/fan-profile may not import features/auth: move what both need to components/ or lib/, or join them in app/.',
    ]);
  });

  it('flags every kind of import, however the path climbs', async () => {
    // Prepare
    const code = [
      "import { logOut } from '../../auth/api/log-out';",
      "import type { SelfServiceArea } from '../../../features/auth/api/auth-area';",
      "export * from '../../history/lib/listening-summary';",
      "const chart = () => import('../../history/components/daily-listening-chart');",
      'export const used = [logOut, chart] as const;',
      'export type Area = SelfServiceArea;',
    ].join('\n');

    // Act
    const messages = await lintBoundaries(code, 'frontend/src/features/listening-dashboard/lib/summary.ts');

    // Assess
    expect(messages).toHaveLength(4);
  });

  it('flags shared code that imports a feature', async () => {
    // Prepare
    const code = "export { LogoutButton } from '../features/auth/components/logout-button';\n";

    // Act
    const messages = await lintBoundaries(code, 'frontend/src/components/account-menu.tsx');

    // Assess
    expect(messages).toEqual([
      'components/ is shared by every feature and may not import features/auth: pass it in from app/ instead.',
    ]);
  });

  it('lets a feature import itself, the shared folders, the contracts and packages', async () => {
    // Prepare
    const code = [
      "import { useState } from 'react';",
      "import type { RegisterReply } from '../../../../../functions/contracts/auth';",
      "import { FormAlert } from '../../../components/form/form-alert';",
      "import { useServerForm } from '../../../lib/use-server-form';",
      "import { registerAccount } from '../api/register';",
      'export const used = [useState, FormAlert, useServerForm, registerAccount] as const;',
      'export type Reply = RegisterReply;',
    ].join('\n');

    // Act
    const messages = await lintBoundaries(
      code,
      'frontend/src/features/auth/components/registration-form.tsx',
    );

    // Assess
    expect(messages).toEqual([]);
  });

  it('lets app/ put features together', async () => {
    // Prepare
    const code = [
      "import { LogoutButton } from '../../../features/auth/components/logout-button';",
      "import { HistoryImportSection } from '../../../features/history-import';",
      'export const used = [LogoutButton, HistoryImportSection] as const;',
    ].join('\n');

    // Act
    const messages = await lintBoundaries(code, 'frontend/src/app/routes/fan/fan-area.tsx');

    // Assess
    expect(messages).toEqual([]);
  });
});
