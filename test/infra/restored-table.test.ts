// After a point-in-time restore (docs/operating.md, "Restoring the table"), the stack adopts the restored table by name
// instead of creating one: every function, grant, stream worker and output points at it, and the AWS Solutions checks
// still pass.
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenPieStack } from '../../infra/openpie-stack';
import type { Resources } from './synth';
import {
  buildStack,
  listOpenPieFunctions,
  listResources,
  listStatements,
  readVariables,
  resourcesOf,
} from './synth';

const restoredTable = {
  tableName: 'openpie-prod-restored-20261127',
  tableStreamArn:
    'arn:aws:dynamodb:eu-west-1:123456789012:table/openpie-prod-restored-20261127/stream/2026-11-27T10:00:00.000',
};

let stack: OpenPieStack;
let resources: Resources;

beforeAll(() => {
  stack = buildStack('prod', {}, { restoredTable });
  resources = resourcesOf(stack);
});

describe('a stack adopting a restored table', () => {
  it('creates no table and gives every function the restored one', () => {
    // Assess
    expect(listResources(resources, 'AWS::DynamoDB::Table')).toEqual([]);
    const functions = listOpenPieFunctions(resources, 'prod');
    expect(functions.length).toBeGreaterThan(10);
    for (const [, fn] of functions) expect(readVariables(fn)['TABLE_NAME']).toBe(restoredTable.tableName);
  });

  it("reads the restored table's stream and grants its indexes", () => {
    // Assess
    const mappings = listResources(resources, 'AWS::Lambda::EventSourceMapping')
      .map(([, mapping]) => mapping.Properties?.['EventSourceArn'])
      .filter((arn) => typeof arn === 'string' && arn.includes(':dynamodb:'));
    expect(mappings.length).toBeGreaterThan(0);
    expect(new Set(mappings)).toEqual(new Set([restoredTable.tableStreamArn]));
    const granted = JSON.stringify(
      listOpenPieFunctions(resources, 'prod').flatMap(([id]) => listStatements(resources, id)),
    );
    expect(granted).toContain(`table/${restoredTable.tableName}/index/*`);
  });

  it('passes the AWS Solutions checks', () => {
    // Act
    const report = new AwsSolutionsChecks().validateScope(stack);
    // Assess
    const errors = report.violations
      .filter((violation) => violation.severity === 'error')
      .map(
        (violation) => `${violation.ruleName} at ${violation.violatingResources[0]?.constructPath ?? '?'}`,
      );
    expect(errors).toEqual([]);
  });
});
