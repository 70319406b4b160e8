import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../functions/handlers/lib/env';
import { findSenderIdentities, OpenPieStack } from '../../infra/openpie-stack';
import { buildName } from '../../infra/stage';
import { createPlaceholderWebAssets } from '../../infra/web-assets';

// The functions that send identity mail get the sender in EMAIL_FROM and ses:SendEmail on that identity only.

const cdkContext = (
  JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

function synthesize(emailFrom: string) {
  const app = new App({
    context: { ...cdkContext, stage: 'dev', emailFrom, 'aws:cdk:bundling-stacks': [] },
  });
  const stack = new OpenPieStack(app, 'OpenPie-dev', {
    stage: 'dev',
    webAssets: createPlaceholderWebAssets(),
  });
  return (Template.fromStack(stack).toJSON() as { Resources: Record<string, CfnResource> }).Resources;
}

function findFunction(resources: Record<string, CfnResource>, name: string): [string, CfnResource] {
  const found = Object.entries(resources).find(
    ([, resource]) =>
      resource.Type === 'AWS::Lambda::Function' && resource.Properties?.['FunctionName'] === name,
  );
  if (!found) throw new Error(`no function ${name}`);
  return found;
}

/** The statements naming an `ses:` action in the policies attached to a function's role. */
function listSesStatements(resources: Record<string, CfnResource>, functionId: string) {
  const role = resources[functionId]?.Properties?.['Role'] as { 'Fn::GetAtt'?: [string, string] } | undefined;
  const roleId = role?.['Fn::GetAtt']?.[0];
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .filter((policy) =>
      ((policy.Properties?.['Roles'] ?? []) as { Ref?: string }[]).some((ref) => ref.Ref === roleId),
    )
    .flatMap(
      (policy) =>
        (policy.Properties?.['PolicyDocument'] as { Statement: Record<string, unknown>[] }).Statement,
    )
    .filter((statement) => JSON.stringify(statement['Action']).includes('ses:'));
}

describe('identity mail in AWS', () => {
  const resources = synthesize('OpenPie <hello@mail.openpie.example>');

  it('gives fan-auth and artist-auth EMAIL_FROM and ses:SendEmail on the sender identities only', () => {
    for (const resource of ['fan-auth', 'artist-auth']) {
      const [id, fn] = findFunction(resources, buildName('dev', resource));
      const variables = (fn.Properties?.['Environment'] as { Variables: Record<string, unknown> }).Variables;
      expect(variables['EMAIL_FROM'], resource).toBe('OpenPie <hello@mail.openpie.example>');
      expect(envSchema.shape.EMAIL_FROM.safeParse(variables['EMAIL_FROM']).success).toBe(true);
      const statements = listSesStatements(resources, id);
      expect(statements, resource).toHaveLength(1);
      expect(statements[0]?.['Action']).toBe('ses:SendEmail');
      const arns = JSON.stringify(statements[0]?.['Resource']);
      expect(arns).toContain(':identity/mail.openpie.example');
      expect(arns).toContain(':identity/hello@mail.openpie.example');
      expect(arns).not.toContain('*');
    }
  });

  it('gives no other API function mail rights', () => {
    for (const resource of ['health', 'fan-user', 'admin-auth']) {
      const [id, fn] = findFunction(resources, buildName('dev', resource));
      const variables = (fn.Properties?.['Environment'] as { Variables: Record<string, unknown> }).Variables;
      expect(variables, resource).not.toHaveProperty('EMAIL_FROM');
      expect(listSesStatements(resources, id), resource).toEqual([]);
    }
  });

  it('reads the address and domain of a sender', () => {
    expect(findSenderIdentities('OpenPie <no-reply@openpie.example>')).toEqual({
      address: 'no-reply@openpie.example',
      domain: 'openpie.example',
    });
    expect(findSenderIdentities('plain@example.com')).toEqual({
      address: 'plain@example.com',
      domain: 'example.com',
    });
    expect(() => findSenderIdentities('nobody')).toThrow(/has no address/);
  });
});
