import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { officeGateModule, officeReadsWithoutRight } from '../../lint/office-gate.js';
import { loadLintOnce, ruleIdsFor } from '../support/lint-probe';

// The lint rule that keeps office rights in one gate (lint/office-gate.js), tried on code that breaks it and on code
// that keeps to it. The files need not exist: ESLint lints the text as if it were at that path.
const rule = 'openpie-offices/one-office-gate';

loadLintOnce();

// The helper each office service used to keep a copy of: read the office, 404 a stranger, check the right.
const handWrittenGate = `
import { getOfficeWithMembers } from '../../data/offices/office';
import type { TableRef } from '../../data/table';
import { requireOfficeRight } from '../../domain/offices/rights';

export async function renameOffice(deps: { table: TableRef }, userId: string, officeId: string): Promise<string> {
  const found = await getOfficeWithMembers(deps.table, officeId);
  if (!found) throw new Error('not found');
  requireOfficeRight(found.members, userId, 'manage-office');
  return found.office.name;
}
`;

const throughTheGate = `
import type { TableRef } from '../../data/table';
import { requireOffice } from './office-gate';

export async function renameOffice(deps: { table: TableRef }, userId: string, officeId: string): Promise<string> {
  const found = await requireOffice(deps, userId, officeId, 'manage-office');
  return found.office.name;
}
`;

describe('one gate for office rights (openpie-offices/one-office-gate)', () => {
  it('refuses a service that reads an office and checks a right by hand', async () => {
    // Act
    const ids = await ruleIdsFor('functions/services/offices/example.ts', handWrittenGate);
    // Assess: the read and the check, each
    expect(ids.filter((id) => id === rule)).toHaveLength(2);
  });

  it('lets a service ask the gate', async () => {
    // Act
    const ids = await ruleIdsFor('functions/services/offices/example.ts', throughTheGate);
    // Assess
    expect(ids).toEqual([]);
  });

  it('refuses the read however it is reached, in events/ too', async () => {
    // Act
    const dynamic = await ruleIdsFor(
      'functions/services/connect/example.ts',
      [
        'export async function read(table: never, officeId: string): Promise<unknown> {',
        "  const offices = await import('../../data/offices/office');",
        '  return offices.getOfficeWithMembers(table, officeId);',
        '}',
      ].join('\n'),
    );
    const worker = await ruleIdsFor(
      'events/workers/example.ts',
      "import { requireOfficeRight } from '../../functions/domain/offices/rights';\nexport const check = requireOfficeRight;\n",
    );
    // Assess
    expect(dynamic.filter((id) => id === rule)).toHaveLength(1);
    expect(worker).toContain(rule);
  });

  it('leaves the gate itself, data/ (which defines the read) and domain/ (which defines the rights) alone', async () => {
    // Act
    const gate = await ruleIdsFor(officeGateModule, handWrittenGate);
    const domain = await ruleIdsFor(
      'functions/domain/offices/example.ts',
      "import { requireOfficeRight } from './rights';\nexport const check = requireOfficeRight;\n",
    );
    // Assess
    expect(gate.filter((id) => id === rule)).toEqual([]);
    expect(domain.filter((id) => id === rule)).toEqual([]);
  });

  it('lets a listed read through, in its folder or in its one function only', async () => {
    // Act
    const staff = await ruleIdsFor(
      'functions/services/admin/example.ts',
      handWrittenGate.replace(/.*requireOfficeRight\(.*\n/, ''),
    );
    const claimRead = (name: string) =>
      ruleIdsFor(
        'functions/services/claims/claims.ts',
        [
          "import { getOfficeWithMembers } from '../../data/offices/office';",
          `export async function ${name}(table: never, officeId: string): Promise<unknown> {`,
          '  return getOfficeWithMembers(table, officeId);',
          '}',
        ].join('\n'),
      );
    const listed = await claimRead('readVisibleClaim');
    const other = await claimRead('listClaimsForUser');
    // Assess
    expect(staff.filter((id) => id === rule)).toEqual([]);
    expect(listed.filter((id) => id === rule)).toEqual([]);
    expect(other.filter((id) => id === rule)).toHaveLength(1);
  });

  it('lists only reads that still exist, each with its reason', () => {
    // Act
    const stale = officeReadsWithoutRight.filter((entry) => {
      if (!existsSync(entry.path)) return true;
      if (entry.function === undefined) return false;
      const source = statSync(entry.path).isFile() ? readFileSync(entry.path, 'utf8') : '';
      return !new RegExp(`function ${entry.function}\\b[\\s\\S]*?getOfficeWithMembers\\(`).test(source);
    });
    // Assess
    expect(stale).toEqual([]);
    expect(officeReadsWithoutRight.every((entry) => entry.reason.length > 0)).toBe(true);
  });
});
