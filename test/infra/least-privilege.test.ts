import { describe, expect, it } from 'vitest';
import { jobs, queues, rules, tableStreamWorkers } from '../../events/definitions';
import type { Capabilities, SecretName, TableAccess } from '../../functions/contracts/capabilities';
import { backgroundCapabilities, resourceCapabilities } from '../../functions/contracts/capabilities';
import { deployedResources, resources, routes } from '../../functions/contracts/routes';
import { securityHeaders } from '../../functions/handlers/lib/http';
import { originVerifyHeader as handlerOriginVerifyHeader } from '../../functions/handlers/lib/origin-secret';
import { appSecretKeys, stripeSecretKeys } from '../../infra/openpie-stack';
import { originSecretVariable, originVerifyHeader } from '../../infra/site';
import { buildSiteContentSecurityPolicy, permissionsPolicy } from '../../infra/site-headers';
import { buildName } from '../../infra/stage';
import type { CfnResource, Resources, Statement } from './synth';
import { listOpenPieFunctions, listResources, listStatements, readVariables, synthesize } from './synth';

// The capability table (functions/contracts/capabilities.ts) against the synthesized template: every function's
// IAM statements and environment are exactly what its row says, plus the plumbing its kind needs (traces, its
// dead-letter queue, its event source), and nothing else. docs/decisions/013-least-privilege.md.

const dev = synthesize('dev');
const prod = synthesize('prod');

// Spelled out here rather than read from infra/, so a change to the grants has to change this test too.
const readActions = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
const writeActions = [
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DeleteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
];
const expectedTableActions: Record<TableAccess, string[]> = {
  none: [],
  probe: ['dynamodb:GetItem'],
  read: readActions,
  'read-put': [...readActions, 'dynamodb:PutItem'],
  'get-update': ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
  'read-write': [...readActions, ...writeActions],
};
// Writes a read-only function must never have (TransactWriteItems is authorized as its parts, but is named too).
const forbiddenWrites = [...writeActions, 'dynamodb:TransactWriteItems', 'dynamodb:PartiQLInsert'];

const stripeReaders = [
  'fan-payments',
  'webhooks-stripe',
  'artist-payments',
  'admin-reconciliation',
  // Staff's page of a fan lists the refunds Stripe made of the fan's charges (decision 037).
  'admin-fans',
  // Staff's drill-down reads the Stripe object a ledger transaction came from (decision 039).
  'admin-ledger',
  'job-reconciliation',
  // A pie with nothing to split stops its subscription at Stripe.
  'consumer-pie-renewal-stops',
  // A deleted fan is never charged again: their subscriptions are canceled at Stripe.
  'consumer-deleted-fan-payments',
];

type Kind = 'api' | 'job' | 'consumer' | 'queue-worker' | 'stream-worker';
interface DeployedFunction {
  name: string;
  kind: Kind;
  capabilities: Capabilities;
}

/** Every deployed function with its row, named as the stack names it. */
const deployedFunctions: DeployedFunction[] = [
  ...deployedResources().map((resource) => ({
    name: resource as string,
    kind: 'api' as const,
    capabilities: resourceCapabilities[resource],
  })),
  ...Object.entries(backgroundCapabilities.jobs).map(([name, capabilities]) => ({
    name: `job-${name}`,
    kind: 'job' as const,
    capabilities,
  })),
  ...Object.entries(backgroundCapabilities.consumers).map(([name, capabilities]) => ({
    name: `consumer-${name}`,
    kind: 'consumer' as const,
    capabilities,
  })),
  ...Object.entries(backgroundCapabilities.queueWorkers).map(([name, capabilities]) => ({
    name: `worker-${name}`,
    kind: 'queue-worker' as const,
    capabilities,
  })),
  ...Object.entries(backgroundCapabilities.streamWorkers).map(([name, capabilities]) => ({
    name: `worker-${name}`,
    kind: 'stream-worker' as const,
    capabilities,
  })),
];

interface Targets {
  table: string;
  secrets: Record<SecretName | 'origin', string>;
  tokenKey: string;
  bus: string;
  fanWorkQueue: string;
  jobsDeadLetterQueue: string;
  eventsDeadLetterQueue: string;
  streamDeadLetterQueue: (worker: string) => string;
}

function findId(resources: Resources, type: string, matches: (resource: CfnResource) => boolean): string {
  const found = listResources(resources, type).filter(([, resource]) => matches(resource));
  if (found.length !== 1) throw new Error(`expected one ${type}, found ${found.length}`);
  return (found[0] as [string, CfnResource])[0];
}

function findTargets(resources: Resources): Targets {
  const named = (type: string, property: string, value: string) =>
    findId(resources, type, (resource) => resource.Properties?.[property] === value);
  const queue = (...parts: string[]) => named('AWS::SQS::Queue', 'QueueName', buildName('dev', ...parts));
  const alias = listResources(resources, 'AWS::KMS::Alias').find(
    ([, candidate]) => candidate.Properties?.['AliasName'] === 'alias/openpie-dev-tokens',
  );
  return {
    table: findId(resources, 'AWS::DynamoDB::Table', () => true),
    secrets: {
      app: named('AWS::SecretsManager::Secret', 'Name', 'openpie/dev/app'),
      stripe: named('AWS::SecretsManager::Secret', 'Name', 'openpie/dev/stripe'),
      origin: named('AWS::SecretsManager::Secret', 'Name', 'openpie/dev/origin'),
    },
    tokenKey: (alias?.[1].Properties?.['TargetKeyId'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
    bus: findId(resources, 'AWS::Events::EventBus', () => true),
    fanWorkQueue: queue('fan-work'),
    jobsDeadLetterQueue: queue('jobs', 'dlq'),
    eventsDeadLetterQueue: queue('events', 'dlq'),
    streamDeadLetterQueue: (worker) => queue(worker, 'dlq'),
  };
}

/** A statement's resource as a short name: a logical id, `<id>/index/*`, `<id>.StreamArn`, `ses:<identity>` or `*`. */
function nameResource(resource: unknown): string {
  if (resource === '*') return '*';
  const record = resource as Record<string, unknown>;
  const getAtt = record['Fn::GetAtt'] as [string, string] | undefined;
  if (getAtt) return getAtt[1] === 'Arn' ? getAtt[0] : `${getAtt[0]}.${getAtt[1]}`;
  if (typeof record['Ref'] === 'string') return record['Ref'];
  const join = record['Fn::Join'] as [string, unknown[]] | undefined;
  if (join) {
    const parts = join[1];
    const last = parts[parts.length - 1];
    if (typeof last === 'string' && last.startsWith('/index/')) return `${nameResource(parts[0])}${last}`;
    const identity = parts.find((part) => typeof part === 'string' && part.includes(':identity/'));
    if (typeof identity === 'string') return `ses:${identity.slice(identity.indexOf(':identity/') + 10)}`;
  }
  throw new Error(`unexpected resource ${JSON.stringify(resource)}`);
}

/** Every (action, resource) pair a function's role allows, as `action on resource`. */
function listGrants(statements: readonly Statement[]): string[] {
  const grants = new Set<string>();
  for (const statement of statements) {
    expect(statement.Effect).toBe('Allow');
    const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
    const targets = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
    for (const action of actions)
      for (const target of targets) grants.add(`${action} on ${nameResource(target)}`);
  }
  return [...grants].sort();
}

/** What a function's role must allow: its row of the table, plus what its kind needs to run at all. */
function expectGrants(fn: DeployedFunction, targets: Targets, senderIdentities: readonly string[]): string[] {
  const grants: string[] = [];
  const add = (actions: readonly string[], resourceNames: readonly string[]) => {
    for (const action of actions)
      for (const resource of resourceNames) grants.push(`${action} on ${resource}`);
  };
  const { capabilities } = fn;
  add(['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], ['*']);
  add(expectedTableActions[capabilities.table], [targets.table, `${targets.table}/index/*`]);
  for (const secret of capabilities.secrets) {
    add(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'], [targets.secrets[secret]]);
  }
  if (capabilities.tokenKey) add(['kms:Decrypt', 'kms:GenerateDataKey'], [targets.tokenKey]);
  if (capabilities.sendsEmail)
    add(
      ['ses:SendEmail'],
      senderIdentities.map((identity) => `ses:${identity}`),
    );
  if (capabilities.fanWorkQueue === 'send' || capabilities.fanWorkQueue === 'consume-and-send') {
    add(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'], [targets.fanWorkQueue]);
  }
  if (capabilities.fanWorkQueue === 'consume' || capabilities.fanWorkQueue === 'consume-and-send') {
    add(
      [
        'sqs:ChangeMessageVisibility',
        'sqs:DeleteMessage',
        'sqs:GetQueueAttributes',
        'sqs:GetQueueUrl',
        'sqs:ReceiveMessage',
      ],
      [targets.fanWorkQueue],
    );
  }
  if (capabilities.publishesEvents) add(['events:PutEvents'], [targets.bus]);
  // Plumbing: asynchronous invocations that fail land in a dead-letter queue; a stream worker reads its stream.
  if (fn.kind === 'job') add(['sqs:SendMessage'], [targets.jobsDeadLetterQueue]);
  if (fn.kind === 'consumer') add(['sqs:SendMessage'], [targets.eventsDeadLetterQueue]);
  if (fn.kind === 'stream-worker') {
    add(['dynamodb:ListStreams'], ['*']);
    add(
      ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
      [`${targets.table}.StreamArn`],
    );
    add(
      ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'],
      [targets.streamDeadLetterQueue(fn.name.replace(/^worker-/, ''))],
    );
  }
  return [...new Set(grants)].sort();
}

function findDeployed(resources: Resources, name: string): [string, CfnResource] {
  const found = listOpenPieFunctions(resources, 'dev').find(
    ([, fn]) => fn.Properties?.['FunctionName'] === buildName('dev', name),
  );
  if (!found) throw new Error(`no function ${name}`);
  return found;
}

function grantsOf(resources: Resources, name: string): string[] {
  return listGrants(listStatements(resources, findDeployed(resources, name)[0]));
}

describe('the capability table', () => {
  it('has a row for every resource of the manifest and for exactly the jobs, consumers and workers defined', () => {
    expect(Object.keys(resourceCapabilities).sort()).toEqual([...resources].sort());
    expect(Object.keys(backgroundCapabilities.jobs).sort()).toEqual(jobs.map((job) => job.name).sort());
    expect(Object.keys(backgroundCapabilities.consumers).sort()).toEqual(
      rules.map((rule) => rule.name).sort(),
    );
    expect(Object.keys(backgroundCapabilities.queueWorkers).sort()).toEqual(
      queues.map((queue) => queue.name).sort(),
    );
    expect(Object.keys(backgroundCapabilities.streamWorkers).sort()).toEqual(
      tableStreamWorkers.map((worker) => worker.name).sort(),
    );
  });

  it('covers every deployed function, and only those', () => {
    const names = listOpenPieFunctions(dev, 'dev').map(([, fn]) => String(fn.Properties?.['FunctionName']));
    expect(names.sort()).toEqual(deployedFunctions.map((fn) => buildName('dev', fn.name)).sort());
  });
});

describe('every function', () => {
  const targets = findTargets(dev);
  const senderIdentities = ['openpie.example', 'no-reply@openpie.example'];

  it.each(deployedFunctions.map((fn) => [fn.name, fn] as const))(
    '%s is granted exactly its row of the table',
    (_name, fn) => {
      // Act
      const actual = grantsOf(dev, fn.name);

      // Assess
      expect(actual).toEqual(expectGrants(fn, targets, senderIdentities));
    },
  );

  it('learns only the names its grants imply', () => {
    const implied: [string, (capabilities: Capabilities) => boolean][] = [
      ['APP_SECRET_ARN', (capabilities) => capabilities.secrets.includes('app')],
      ['STRIPE_SECRET_ARN', (capabilities) => capabilities.secrets.includes('stripe')],
      ['TOKEN_ENCRYPTION_KMS_KEY_ID', (capabilities) => capabilities.tokenKey === true],
      [
        'FAN_WORK_QUEUE_URL',
        (capabilities) =>
          capabilities.fanWorkQueue === 'send' || capabilities.fanWorkQueue === 'consume-and-send',
      ],
      ['EVENT_BUS_NAME', (capabilities) => capabilities.publishesEvents === true],
      ['EMAIL_FROM', (capabilities) => capabilities.sendsEmail === true],
    ];
    for (const fn of deployedFunctions) {
      const variables = readVariables(findDeployed(dev, fn.name)[1]);
      for (const [variable, granted] of implied) {
        expect(variable in variables, `${fn.name} ${variable}`).toBe(granted(fn.capabilities));
      }
    }
  });

  it('names each secret by the ARN its grant is on', () => {
    for (const fn of deployedFunctions) {
      const variables = readVariables(findDeployed(dev, fn.name)[1]);
      if ('APP_SECRET_ARN' in variables)
        expect(variables['APP_SECRET_ARN']).toEqual({ Ref: targets.secrets.app });
      if ('STRIPE_SECRET_ARN' in variables) {
        expect(variables['STRIPE_SECRET_ARN']).toEqual({ Ref: targets.secrets.stripe });
      }
    }
  });
});

describe("Stripe's secret", () => {
  it('is readable by the payment, webhook, payout and reconciliation functions and no other', () => {
    // Prepare
    const { secrets } = findTargets(dev);

    // Act
    const readers = listOpenPieFunctions(dev, 'dev')
      .filter(([id]) =>
        listGrants(listStatements(dev, id)).includes(`secretsmanager:GetSecretValue on ${secrets.stripe}`),
      )
      .map(([, fn]) => String(fn.Properties?.['FunctionName']));

    // Assess
    expect(readers.sort()).toEqual(stripeReaders.map((name) => buildName('dev', name)).sort());
  });

  it('is its own secret, openpie/<stage>/stripe, created without any value and kept in prod', () => {
    const [, secret] =
      listResources(prod, 'AWS::SecretsManager::Secret').find(
        ([, candidate]) => candidate.Properties?.['Name'] === 'openpie/prod/stripe',
      ) ?? [];
    expect(secret?.Properties).toBeDefined();
    expect(secret?.Properties).not.toHaveProperty('SecretString');
    expect(secret?.Properties).not.toHaveProperty('GenerateSecretString');
    for (const key of stripeSecretKeys) expect(String(secret?.Properties?.['Description'])).toContain(key);
    expect(secret?.DeletionPolicy).toBe('Retain');
  });

  it('holds the only Stripe keys: the app secret, which every session check reads, has none', () => {
    expect(stripeSecretKeys).toEqual(['STRIPE_API_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(appSecretKeys.filter((key) => key.startsWith('STRIPE'))).toEqual([]);
    const [, appSecret] =
      listResources(prod, 'AWS::SecretsManager::Secret').find(
        ([, candidate]) => candidate.Properties?.['Name'] === 'openpie/prod/app',
      ) ?? [];
    expect(JSON.stringify(appSecret?.Properties)).not.toContain('STRIPE');
  });
});

describe('read-only functions', () => {
  it('fan-wallet, a fan-facing read, may not write the table in any way', () => {
    const actual = grantsOf(dev, 'fan-wallet').filter((grant) => grant.startsWith('dynamodb:'));
    expect(actual.length).toBeGreaterThan(0);
    for (const action of forbiddenWrites) {
      expect(
        actual.some((grant) => grant.startsWith(`${action} `)),
        action,
      ).toBe(false);
    }
  });

  it('fan-artists writes nothing but its cache of top tracks (PutItem): no update, delete or batch write', () => {
    const actual = grantsOf(dev, 'fan-artists').filter((grant) => grant.startsWith('dynamodb:'));
    const writes = forbiddenWrites.filter((action) => actual.some((grant) => grant.startsWith(`${action} `)));
    expect(writes).toEqual(['dynamodb:PutItem']);
  });

  it('the jobs whose work only reads write nothing but their run record (PutItem): no update, delete or batch write', () => {
    for (const job of ['job-listening-sync', 'job-reconciliation']) {
      const actual = grantsOf(dev, job).filter((grant) => grant.startsWith('dynamodb:'));
      const writes = forbiddenWrites.filter((action) =>
        actual.some((grant) => grant.startsWith(`${action} `)),
      );
      expect(writes, job).toEqual(['dynamodb:PutItem']);
    }
  });

  it('no fan-facing function declared read-only has a write it does not declare', () => {
    // Prepare: the resources that serve fan routes and read only (or keep a cache)
    const fanFacing = new Set<string>(
      routes.filter((route) => route.base === 'fan').map((route) => route.resource),
    );
    const readers = deployedResources().filter(
      (resource) =>
        fanFacing.has(resource) &&
        ['probe', 'read', 'read-put'].includes(resourceCapabilities[resource].table),
    );

    // Act + Assess
    expect(readers).toEqual(expect.arrayContaining(['health', 'fan-wallet', 'fan-artists']));
    for (const resource of readers) {
      const allowed = resourceCapabilities[resource].table === 'read-put' ? ['dynamodb:PutItem'] : [];
      const writes = forbiddenWrites.filter((action) =>
        grantsOf(dev, resource).some((grant) => grant.startsWith(`${action} `)),
      );
      expect(writes, resource).toEqual(allowed);
    }
  });

  it('no function may Scan the table or read its description', () => {
    for (const [id, fn] of listOpenPieFunctions(dev, 'dev')) {
      const actions = listGrants(listStatements(dev, id));
      const name = String(fn.Properties?.['FunctionName']);
      expect(
        actions.filter((grant) => /^dynamodb:(Scan|DescribeTable) /.test(grant)),
        name,
      ).toEqual([]);
    }
  });
});

describe('the API behind CloudFront', () => {
  function readApiOrigin(resources: Resources) {
    const [, distribution] = listResources(resources, 'AWS::CloudFront::Distribution')[0] ?? [];
    const config = distribution?.Properties?.['DistributionConfig'] as {
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    };
    const behaviour = config.CacheBehaviors.find((candidate) => candidate.PathPattern === '/api/*');
    return config.Origins.find((origin) => origin.Id === behaviour?.TargetOriginId);
  }

  it('sends the origin secret to the API with every request, as a deploy-time reference only', () => {
    // Prepare
    const { secrets } = findTargets(dev);

    // Act
    const headers = readApiOrigin(dev)?.OriginCustomHeaders ?? [];

    // Assess: the header the API checks (functions/handlers/lib/origin-secret.ts), resolved by CloudFormation
    expect(headers).toHaveLength(1);
    expect(headers[0]?.HeaderName).toBe(originVerifyHeader);
    expect(handlerOriginVerifyHeader).toBe(originVerifyHeader);
    expect(headers[0]?.HeaderValue).toEqual(resolvedSecretReference(secrets.origin));
  });

  it('gives every API function, and no background function, the value to compare with', () => {
    const { secrets } = findTargets(dev);
    for (const fn of deployedFunctions) {
      const variables = readVariables(findDeployed(dev, fn.name)[1]);
      if (fn.kind === 'api') {
        expect(variables[originSecretVariable], fn.name).toEqual(resolvedSecretReference(secrets.origin));
      } else {
        expect(variables, fn.name).not.toHaveProperty(originSecretVariable);
      }
      // Nobody reads it at run time: the value arrives at deploy time.
      expect(
        grantsOf(dev, fn.name).some((grant) => grant.endsWith(` on ${secrets.origin}`)),
        fn.name,
      ).toBe(false);
    }
  });

  it('generates the origin secret in the template, with no value written there', () => {
    const { secrets } = findTargets(dev);
    const secret = dev[secrets.origin];
    expect(secret?.Properties).not.toHaveProperty('SecretString');
    expect(secret?.Properties?.['GenerateSecretString']).toMatchObject({ PasswordLength: 64 });
  });
});

describe('response headers at the edge', () => {
  function findPolicy(resources: Resources, name: string) {
    const [, policy] =
      listResources(resources, 'AWS::CloudFront::ResponseHeadersPolicy').find(
        ([, candidate]) =>
          (candidate.Properties?.['ResponseHeadersPolicyConfig'] as { Name: string }).Name === name,
      ) ?? [];
    return policy?.Properties?.['ResponseHeadersPolicyConfig'] as {
      CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
      SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: string } };
    };
  }

  it('adds Permissions-Policy and Cross-Origin-Opener-Policy to the SPA, over anything the bucket sends', () => {
    const policy = findPolicy(dev, 'openpie-dev-security-headers');
    expect(policy.CustomHeadersConfig.Items).toEqual(
      expect.arrayContaining([
        { Header: 'Permissions-Policy', Value: permissionsPolicy, Override: true },
        { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
      ]),
    );
    expect(permissionsPolicy).toMatch(/camera=\(\)/);
    expect(permissionsPolicy).toMatch(/geolocation=\(\)/);
    expect(permissionsPolicy).toMatch(/microphone=\(\)/);
    const csp = policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(csp).toBe(buildSiteContentSecurityPolicy({ https: true }));
    expect(csp).not.toMatch(/\b(ws|wss):/);
  });

  it("fills the same into API replies API Gateway writes itself, without overriding the handlers' own", () => {
    const policy = findPolicy(dev, 'openpie-dev-api-security-headers');
    const api = securityHeaders(false);
    expect(policy.CustomHeadersConfig.Items).toEqual(
      expect.arrayContaining([
        { Header: 'Permissions-Policy', Value: api['permissions-policy'], Override: false },
        { Header: 'Cross-Origin-Opener-Policy', Value: api['cross-origin-opener-policy'], Override: false },
      ]),
    );
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
      api['content-security-policy'],
    );
  });
});

/** How CDK writes a secret's value into a property: a dynamic reference CloudFormation resolves at deploy time. */
function resolvedSecretReference(secretId: string): unknown {
  return { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
}
