import { readFileSync } from 'node:fs';
import type { Environment } from 'aws-cdk-lib';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventSource, jobs, queues, rules, tableStreamWorkers } from '../../events/definitions';
import { jobEventSchema } from '../../events/schemas';
import { deployedResources, deployedRoutes, routeKeyOf, routes } from '../../functions/contracts/routes';
import { tableDefinition } from '../../functions/data/table-definition';
import { envSchema } from '../../functions/runtime/env';
import { catchAllPath } from '../../infra/http-api';
import { jobCapabilities } from '../../infra/capabilities';
import { appSecretKeys, OpenPieStack } from '../../infra/openpie-stack';
import { contentSecurityPolicy, hashedAssetsCacheControl } from '../../infra/site';
import type { Stage } from '../../infra/stage';
import { buildName, parseStage } from '../../infra/stage';
import { createPlaceholderWebAssets } from '../../infra/web-assets';
import { prerenderedPages } from '../../frontend/prerender/pages';

// CDK template assertions over both stages, synthesized once each with bundling skipped (TOOLCHAIN.md) and
// placeholder web assets, so the suite needs neither esbuild runs nor a web build.

interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
type Entry = [logicalId: string, resource: CfnResource];

interface Synthesized {
  stack: OpenPieStack;
  template: Template;
  resources: Record<string, CfnResource>;
  outputs: Record<string, unknown>;
  ms: number;
}

// The CLI applies cdk.json's context (feature flags); a bare `new App()` would not, so the tests read it too.
const cdkContext = (
  JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

// Cache policies and origin request policies AWS manages (their IDs are fixed).
const cachingDisabledPolicyId = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const allViewerExceptHostHeaderPolicyId = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

function synthesize(stage: Stage, env?: Environment): Synthesized {
  const started = performance.now();
  const app = new App({ context: { ...cdkContext, stage, 'aws:cdk:bundling-stacks': [] } });
  const stack = new OpenPieStack(app, `OpenPie-${stage}`, {
    stage,
    webAssets: createPlaceholderWebAssets(),
    appVersion: '1.2.3-test',
    ...(env ? { env } : {}),
  });
  const template = Template.fromStack(stack);
  const json = template.toJSON() as {
    Resources: Record<string, CfnResource>;
    Outputs: Record<string, unknown>;
  };
  return {
    stack,
    template,
    resources: json.Resources,
    outputs: json.Outputs,
    ms: performance.now() - started,
  };
}

function findResources(synth: Synthesized, type: string): Entry[] {
  return Object.entries(synth.resources).filter(([, resource]) => resource.Type === type);
}

function getProps(resource: CfnResource): Record<string, unknown> {
  return resource.Properties ?? {};
}

function expectOne<T>(items: readonly T[], what: string): T {
  if (items.length !== 1) throw new Error(`Expected exactly one ${what}, found ${items.length}.`);
  return items[0] as T;
}

/** `{ "Fn::GetAtt": ["Id", "Arn"] }` or `{ Ref: "Id" }` → `Id`. */
function readReferencedId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const getAtt = record['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  return typeof record['Ref'] === 'string' ? record['Ref'] : undefined;
}

function findFunctionId(synth: Synthesized, name: string): string {
  const matches = findResources(synth, 'AWS::Lambda::Function').filter(
    ([, resource]) => getProps(resource)['FunctionName'] === name,
  );
  return expectOne(matches, `function named ${name}`)[0];
}

function readFunctionName(synth: Synthesized, logicalId: string): unknown {
  const resource = synth.resources[logicalId];
  return resource ? getProps(resource)['FunctionName'] : undefined;
}

function readEnvironment(resource: CfnResource): Record<string, unknown> {
  const environment = getProps(resource)['Environment'] as
    { Variables?: Record<string, unknown> } | undefined;
  return environment?.Variables ?? {};
}

interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** Every IAM statement attached to a function's role (inline policies CDK generates for grants). */
function collectStatements(synth: Synthesized, functionId: string): PolicyStatement[] {
  const fn = synth.resources[functionId];
  const roleId = fn ? readReferencedId(getProps(fn)['Role']) : undefined;
  return findResources(synth, 'AWS::IAM::Policy')
    .filter(([, policy]) => {
      const roles = (getProps(policy)['Roles'] as unknown[] | undefined) ?? [];
      return roles.some((role) => readReferencedId(role) === roleId);
    })
    .flatMap(
      ([, policy]) => (getProps(policy)['PolicyDocument'] as { Statement: PolicyStatement[] }).Statement,
    );
}

function listActions(statements: readonly PolicyStatement[]): string[] {
  return statements.flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  );
}

/** The OpenPie functions (BucketDeployment and auto-delete add CDK's own Lambdas to the template). */
function listOpenPieFunctions(synth: Synthesized, stage: Stage): Entry[] {
  return findResources(synth, 'AWS::Lambda::Function').filter(([, resource]) => {
    const name = getProps(resource)['FunctionName'];
    return typeof name === 'string' && name.startsWith(`${buildName(stage)}-`);
  });
}

const backgroundFunctionNames = [
  ...jobs.map((job) => `job-${job.name}`),
  ...rules.map((rule) => `consumer-${rule.name}`),
  ...queues.map((queue) => `worker-${queue.name}`),
  ...tableStreamWorkers.map((worker) => `worker-${worker.name}`),
];

// scrypt at OWASP's parameters is CPU-bound, and Lambda's CPU share grows with memory.
const passwordHashingFunctionNames = ['fan-auth', 'artist-auth', 'admin-auth'];

let dev: Synthesized;
let prod: Synthesized;

beforeAll(() => {
  dev = synthesize('dev');
  prod = synthesize('prod');
  console.log(`infra: synthesized dev in ${dev.ms.toFixed(0)} ms, prod in ${prod.ms.toFixed(0)} ms`);
});

describe('stage', () => {
  it('defaults to dev and rejects anything but dev or prod', () => {
    expect(parseStage(undefined)).toBe('dev');
    expect(parseStage('prod')).toBe('prod');
    expect(() => parseStage('qa')).toThrow(/Unknown stage/);
  });

  it('stays under the CloudFormation limit of 500 resources per stack', () => {
    const count = Object.keys(dev.resources).length;
    console.log(`infra: ${count} resources in the dev stack (limit 500)`);
    expect(count).toBeLessThan(500);
  });
});

describe('HTTP API', () => {
  it('has a route per deployed manifest entry, integrated with its resource function', () => {
    const routeEntries = findResources(dev, 'AWS::ApiGatewayV2::Route');
    for (const route of deployedRoutes()) {
      const [, resource] = expectOne(
        routeEntries.filter(([, entry]) => getProps(entry)['RouteKey'] === routeKeyOf(route)),
        `route ${routeKeyOf(route)}`,
      );
      const target = getProps(resource)['Target'] as { 'Fn::Join': [string, unknown[]] };
      const integrationId = readReferencedId(target['Fn::Join'][1][1]);
      const integration = integrationId ? dev.resources[integrationId] : undefined;
      expect(integration?.Type, routeKeyOf(route)).toBe('AWS::ApiGatewayV2::Integration');
      const functionId = readReferencedId(getProps(integration as CfnResource)['IntegrationUri']);
      expect(readFunctionName(dev, functionId ?? ''), routeKeyOf(route)).toBe(
        buildName('dev', route.resource),
      );
    }
    expect(routeEntries).toHaveLength(deployedRoutes().length + 1);
  });

  it('sends every other /api path to the not-found function', () => {
    const [, catchAll] = expectOne(
      findResources(dev, 'AWS::ApiGatewayV2::Route').filter(
        ([, route]) => getProps(route)['RouteKey'] === `ANY ${catchAllPath}`,
      ),
      'catch-all route',
    );
    const target = getProps(catchAll)['Target'] as { 'Fn::Join': [string, unknown[]] };
    const integration = dev.resources[readReferencedId(target['Fn::Join'][1][1]) ?? ''] as CfnResource;
    const functionId = readReferencedId(getProps(integration)['IntegrationUri']) ?? '';
    expect(readFunctionName(dev, functionId)).toBe(buildName('dev', 'not-found'));
  });

  it('never deploys a local-only route', () => {
    const localOnly = routes.filter((route) => 'localOnly' in route && route.localOnly);
    expect(localOnly.length).toBeGreaterThan(0);
    const keys = findResources(dev, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => getProps(route)['RouteKey'],
    );
    for (const route of localOnly) expect(keys).not.toContain(routeKeyOf(route));
  });

  it('throttles and logs the default stage', () => {
    dev.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });
});

describe('Lambda functions', () => {
  it('has one function per deployed resource plus one per job, consumer and worker', () => {
    const names = listOpenPieFunctions(dev, 'dev').map(([, fn]) => getProps(fn)['FunctionName']);
    const expected = [...deployedResources(), ...backgroundFunctionNames].map((name) =>
      buildName('dev', name),
    );
    expect([...names].sort()).toEqual([...expected].sort());
    expect(names).not.toContain(buildName('dev', 'dev'));
  });

  it('runs every function on Node 22, arm64, 512 MB (1024 where passwords are hashed), traced, with a retained log group', () => {
    for (const [id, fn] of listOpenPieFunctions(dev, 'dev')) {
      const props = getProps(fn);
      const hashesPasswords = passwordHashingFunctionNames.some(
        (name) => props['FunctionName'] === buildName('dev', name),
      );
      expect(props['Runtime'], id).toBe('nodejs22.x');
      expect(props['Architectures'], id).toEqual(['arm64']);
      expect(props['MemorySize'], id).toBe(hashesPasswords ? 1024 : 512);
      expect(props['TracingConfig'], id).toEqual({ Mode: 'Active' });
      const logGroupId = readReferencedId((props['LoggingConfig'] as { LogGroup: unknown }).LogGroup) ?? '';
      expect(getProps(dev.resources[logGroupId] as CfnResource)['RetentionInDays'], id).toBeGreaterThan(0);
    }
  });

  it('gives API functions 10 s, the Stripe webhook, imports and on-demand syncs 29 s, jobs their own', () => {
    const slow = new Set(['webhooks-stripe', 'fan-tracks', 'fan-listening-sync']);
    for (const resource of deployedResources()) {
      const fn = dev.resources[findFunctionId(dev, buildName('dev', resource))] as CfnResource;
      expect(getProps(fn)['Timeout'], resource).toBe(slow.has(resource) ? 29 : 10);
    }
    for (const job of jobs) {
      const fn = dev.resources[findFunctionId(dev, buildName('dev', `job-${job.name}`))] as CfnResource;
      expect(getProps(fn)['Timeout'], job.name).toBe(job.timeoutSeconds);
    }
  });

  it('sets the environment the handlers validate at cold start, and no AWS_REGION', () => {
    const shape = envSchema.shape;
    const required = [
      'STAGE',
      'TABLE_NAME',
      'APP_VERSION',
      'SITE_ORIGIN',
      'LOG_LEVEL',
      'CORS_ALLOWED_ORIGINS',
    ];
    for (const [id, fn] of listOpenPieFunctions(prod, 'prod')) {
      const variables = readEnvironment(fn);
      for (const key of required) expect(Object.keys(variables), `${id} ${key}`).toContain(key);
      expect(variables, id).not.toHaveProperty('AWS_REGION');
      expect(variables, id).not.toHaveProperty('DYNAMODB_ENDPOINT');
      for (const [key, value] of Object.entries(variables)) {
        if (typeof value !== 'string' || !(key in shape)) continue;
        const parsed = shape[key as keyof typeof shape].safeParse(value);
        expect(parsed.success, `${id} ${key}=${value}`).toBe(true);
      }
      expect(variables['STAGE']).toBe('prod');
      expect(variables['SITE_ORIGIN']).toEqual({
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.any(String), 'DomainName'] }]],
      });
    }
  });

  it('grants health one GetItem, not-found nothing, and the others read/write without wildcards', () => {
    const healthId = findFunctionId(dev, buildName('dev', 'health'));
    expect(
      listActions(collectStatements(dev, healthId)).filter((action) => action.startsWith('dynamodb:')),
    ).toEqual(['dynamodb:GetItem']);
    const notFoundId = findFunctionId(dev, buildName('dev', 'not-found'));
    expect(
      listActions(collectStatements(dev, notFoundId)).filter((action) => action.startsWith('dynamodb:')),
    ).toEqual([]);
    const fanAuthId = findFunctionId(dev, buildName('dev', 'fan-auth'));
    expect(listActions(collectStatements(dev, fanAuthId))).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query', 'secretsmanager:GetSecretValue']),
    );
    for (const [id] of listOpenPieFunctions(dev, 'dev')) {
      const statements = collectStatements(dev, id);
      for (const action of listActions(statements)) {
        expect(action, id).not.toBe('*');
        expect(action, id).not.toMatch(/^[a-z0-9-]+:\*$/);
      }
      // The only unscoped resources are X-Ray's and, for a table-stream worker, dynamodb:ListStreams: neither has
      // resource-level permissions.
      const streamWorker = tableStreamWorkers.some(
        (worker) => readFunctionName(dev, id) === buildName('dev', `worker-${worker.name}`),
      );
      const unscoped = statements.filter((statement) => statement.Resource === '*');
      expect(
        listActions(unscoped).every(
          (action) => action.startsWith('xray:') || (streamWorker && action === 'dynamodb:ListStreams'),
        ),
        id,
      ).toBe(true);
    }
  });

  it('names the queue and bus only to the jobs that send or publish (the capability table)', () => {
    // Prepare: what the table says of each job
    const senders = jobs.filter((job) => jobCapabilities[job.name].fanWorkQueue === 'send');
    const publishers = jobs.filter((job) => jobCapabilities[job.name].publishesEvents);

    // Act
    const variablesOf = (name: string) =>
      readEnvironment(dev.resources[findFunctionId(dev, buildName('dev', `job-${name}`))] as CfnResource);

    // Assess: the listening sync fans out, the reconciliation raises its alert, and nobody else learns either
    expect(senders.map((job) => job.name)).toContain('listening-sync');
    expect(publishers.map((job) => job.name)).toEqual(['reconciliation']);
    for (const job of jobs) {
      const variables = variablesOf(job.name);
      expect('FAN_WORK_QUEUE_URL' in variables, job.name).toBe(senders.includes(job));
      expect('EVENT_BUS_NAME' in variables, job.name).toBe(publishers.includes(job));
    }
    const healthVariables = readEnvironment(
      dev.resources[findFunctionId(dev, buildName('dev', 'health'))] as CfnResource,
    );
    expect(healthVariables).not.toHaveProperty('FAN_WORK_QUEUE_URL');
    expect(healthVariables).not.toHaveProperty('EVENT_BUS_NAME');
    expect(healthVariables).not.toHaveProperty('APP_SECRET_ARN');
  });
});

describe('table', () => {
  it('is the one table of the definition, on demand, with its GSIs, TTL and PITR', () => {
    const [, table] = expectOne(findResources(dev, 'AWS::DynamoDB::Table'), 'table');
    expect(getProps(table)).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      // SSEEnabled without a key is the AWS-managed KMS key (aws/dynamodb).
      SSESpecification: { SSEEnabled: true },
    });
    const indexes = getProps(table)['GlobalSecondaryIndexes'] as { IndexName: string; KeySchema: unknown }[];
    expect(indexes.map((index) => ({ IndexName: index.IndexName, KeySchema: index.KeySchema }))).toEqual(
      tableDefinition.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
      })),
    );
  });

  it('is deletion-protected and retained in prod, disposable in dev', () => {
    const [, prodTable] = expectOne(findResources(prod, 'AWS::DynamoDB::Table'), 'table');
    expect(getProps(prodTable)['DeletionProtectionEnabled']).toBe(true);
    expect(prodTable.DeletionPolicy).toBe('Retain');
    expect(prodTable.UpdateReplacePolicy).toBe('Retain');
    const [, devTable] = expectOne(findResources(dev, 'AWS::DynamoDB::Table'), 'table');
    expect(getProps(devTable)['DeletionProtectionEnabled']).toBe(false);
    expect(devTable.DeletionPolicy).toBe('Delete');
  });
});

describe('site', () => {
  it('has one distribution: the bucket through OAC by default, /api/* to the HTTP API uncached', () => {
    const [, distribution] = expectOne(findResources(dev, 'AWS::CloudFront::Distribution'), 'distribution');
    expectOne(findResources(dev, 'AWS::CloudFront::OriginAccessControl'), 'origin access control');
    const config = getProps(distribution)['DistributionConfig'] as {
      Origins: {
        Id: string;
        DomainName: unknown;
        OriginAccessControlId?: unknown;
        S3OriginConfig?: unknown;
      }[];
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
      CustomErrorResponses?: unknown;
      Logging?: unknown;
    };
    const s3Origin = expectOne(
      config.Origins.filter((origin) => origin.OriginAccessControlId !== undefined),
      'S3 origin with OAC',
    );
    const apiBehaviour = expectOne(
      config.CacheBehaviors.filter((behaviour) => behaviour['PathPattern'] === '/api/*'),
      '/api/* behaviour',
    );
    expect(apiBehaviour).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: cachingDisabledPolicyId,
      OriginRequestPolicyId: allViewerExceptHostHeaderPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    const apiOrigin = expectOne(
      config.Origins.filter((origin) => origin.Id === apiBehaviour['TargetOriginId']),
      'API origin',
    );
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('.execute-api.');
    expect(config.DefaultCacheBehavior['TargetOriginId']).toBe(s3Origin.Id);
    expect(config.DefaultCacheBehavior['ResponseHeadersPolicyId']).toBeDefined();
    expect(config.DefaultCacheBehavior['FunctionAssociations']).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
    // Error-response rewrites would turn the API's own 403/404 into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.Logging).toBeDefined();
  });

  it('rewrites the prerendered public pages to their files, other extension-less paths to /index.html, and leaves files alone', () => {
    const [, cloudFrontFunction] = expectOne(
      findResources(dev, 'AWS::CloudFront::Function'),
      'CloudFront function',
    );
    const code = getProps(cloudFrontFunction)['FunctionCode'] as string;
    const run = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => {
      uri: string;
    };
    const rewrite = (uri: string) => run({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/pages/home.html');
    expect(rewrite('/login')).toBe('/pages/login.html');
    expect(rewrite('/login/')).toBe('/pages/login.html');
    expect(rewrite('/try')).toBe('/pages/try.html');
    expect(rewrite('/for-artists')).toBe('/pages/for-artists.html');
    for (const page of prerenderedPages) expect(rewrite(page.path)).toBe(`/${page.file}`);
    expect(rewrite('/pie')).toBe('/index.html');
    expect(rewrite('/for-artists/login')).toBe('/index.html');
    expect(rewrite('/login/extra')).toBe('/index.html');
    expect(rewrite('/constructor')).toBe('/index.html');
    expect(rewrite('/pages/login.html')).toBe('/pages/login.html');
    expect(rewrite('/artists/details/abc')).toBe('/index.html');
    expect(rewrite('/for-artists/claims/')).toBe('/index.html');
    expect(rewrite('/assets/index-3f2a1b.js')).toBe('/assets/index-3f2a1b.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('sends a strict CSP, two-year HSTS, nosniff, frame DENY and a strict referrer policy', () => {
    dev.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy, Override: true },
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63_072_000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
      },
    });
    expect(contentSecurityPolicy).toContain("default-src 'self'");
    expect(contentSecurityPolicy).toMatch(/connect-src 'self';/);
    expect(contentSecurityPolicy).not.toMatch(/\b(ws|wss):/);
    expect(contentSecurityPolicy).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy).toMatch(
      /script-src 'self' https:\/\/js\.stripe\.com https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
    );
    expect(contentSecurityPolicy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  });

  it('keeps the bucket private, encrypted, versioned and TLS-only', () => {
    dev.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    const policies = findResources(dev, 'AWS::S3::BucketPolicy').map(([, policy]) => JSON.stringify(policy));
    expect(policies.every((policy) => policy.includes('"aws:SecureTransport":"false"'))).toBe(true);
  });

  it('uploads index.html with no-cache and hashed assets with a year of immutable caching', () => {
    const deployments = findResources(dev, 'Custom::CDKBucketDeployment').map(([, deployment]) =>
      getProps(deployment),
    );
    expect(deployments).toHaveLength(2);
    const index = expectOne(
      deployments.filter((deployment) => deployment['DestinationBucketKeyPrefix'] === undefined),
      'index deployment',
    );
    const assets = expectOne(
      deployments.filter((deployment) => deployment['DestinationBucketKeyPrefix'] === 'assets/'),
      'assets deployment',
    );
    expect(index['SystemMetadata']).toMatchObject({ 'cache-control': 'no-cache' });
    expect(index['Exclude']).toEqual(['assets/*']);
    expect(assets['SystemMetadata']).toMatchObject({ 'cache-control': hashedAssetsCacheControl });
    expect(assets['Prune']).toBe(false);
  });
});

describe('jobs, events and queues', () => {
  it('has one enabled schedule per job, with its expression, the job event input, retries and a DLQ', () => {
    const schedules = findResources(dev, 'AWS::Scheduler::Schedule').map(([, schedule]) =>
      getProps(schedule),
    );
    expect(schedules).toHaveLength(jobs.length);
    for (const job of jobs) {
      const schedule = expectOne(
        schedules.filter((candidate) => candidate['Name'] === buildName('dev', job.name)),
        `schedule for ${job.name}`,
      );
      expect(schedule['ScheduleExpression']).toBe(job.schedule);
      expect(schedule['State']).toBe('ENABLED');
      const target = schedule['Target'] as Record<string, unknown>;
      expect(readFunctionName(dev, readReferencedId(target['Arn']) ?? '')).toBe(
        buildName('dev', `job-${job.name}`),
      );
      const input = JSON.parse(target['Input'] as string) as unknown;
      expect(input).toEqual({
        job: job.name,
        scheduledAt: '<aws.scheduler.scheduled-time>',
        runId: '<aws.scheduler.execution-id>',
      });
      expect(jobEventSchema.safeParse(input).success).toBe(true);
      expect(target['RetryPolicy']).toMatchObject({ MaximumRetryAttempts: 3 });
      expect(target['DeadLetterConfig']).toBeDefined();
    }
  });

  it('has one bus and one rule per rule definition, targeting its consumer with a DLQ', () => {
    const [busId, bus] = expectOne(findResources(dev, 'AWS::Events::EventBus'), 'event bus');
    expect(getProps(bus)['Name']).toBe('openpie-dev');
    const ruleEntries = findResources(dev, 'AWS::Events::Rule').map(([, rule]) => getProps(rule));
    expect(ruleEntries).toHaveLength(rules.length);
    for (const definition of rules) {
      const rule = expectOne(
        ruleEntries.filter((candidate) => candidate['Name'] === buildName('dev', definition.name)),
        `rule ${definition.name}`,
      );
      expect(readReferencedId(rule['EventBusName'])).toBe(busId);
      expect(rule['EventPattern']).toEqual({
        source: [eventSource],
        'detail-type': [...definition.detailTypes],
      });
      const [target] = rule['Targets'] as Record<string, unknown>[];
      expect(readFunctionName(dev, readReferencedId(target?.['Arn']) ?? '')).toBe(
        buildName('dev', `consumer-${definition.name}`),
      );
      expect(target?.['DeadLetterConfig']).toBeDefined();
      expect(target?.['RetryPolicy']).toBeDefined();
    }
  });

  it('has each work queue with an encrypted DLQ, a redrive policy and a batch-failure-reporting worker', () => {
    for (const definition of queues) {
      const [queueId, queue] = expectOne(
        findResources(dev, 'AWS::SQS::Queue').filter(
          ([, candidate]) => getProps(candidate)['QueueName'] === buildName('dev', definition.name),
        ),
        `queue ${definition.name}`,
      );
      const [dlqId] = expectOne(
        findResources(dev, 'AWS::SQS::Queue').filter(
          ([, candidate]) => getProps(candidate)['QueueName'] === buildName('dev', definition.name, 'dlq'),
        ),
        `DLQ of ${definition.name}`,
      );
      expect(getProps(queue)).toMatchObject({
        VisibilityTimeout: definition.visibilityTimeoutSeconds,
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: definition.maxReceiveCount,
        },
      });
      const [, mapping] = expectOne(
        findResources(dev, 'AWS::Lambda::EventSourceMapping').filter(
          ([, candidate]) => readReferencedId(getProps(candidate)['EventSourceArn']) === queueId,
        ),
        `event source of ${definition.name}`,
      );
      expect(getProps(mapping)).toMatchObject({
        BatchSize: definition.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: definition.maxConcurrency },
      });
      expect(readFunctionName(dev, readReferencedId(getProps(mapping)['FunctionName']) ?? '')).toBe(
        buildName('dev', `worker-${definition.name}`),
      );
    }
    for (const [, queue] of findResources(dev, 'AWS::SQS::Queue')) {
      expect(getProps(queue)['SqsManagedSseEnabled']).toBe(true);
    }
    const queuePolicies = findResources(dev, 'AWS::SQS::QueuePolicy').map(([, policy]) =>
      JSON.stringify(policy),
    );
    expect(queuePolicies).toHaveLength(findResources(dev, 'AWS::SQS::Queue').length);
    expect(queuePolicies.every((policy) => policy.includes('"aws:SecureTransport":"false"'))).toBe(true);
  });
});

describe('secrets', () => {
  it('generates the app secret and keeps every value out of the template', () => {
    const [, secret] = expectOne(
      findResources(prod, 'AWS::SecretsManager::Secret').filter(
        ([, candidate]) => getProps(candidate)['Name'] === 'openpie/prod/app',
      ),
      'app secret',
    );
    const props = getProps(secret);
    expect(props['Name']).toBe('openpie/prod/app');
    expect(props).not.toHaveProperty('SecretString');
    const generate = props['GenerateSecretString'] as {
      SecretStringTemplate: string;
      GenerateStringKey: string;
    };
    const keys = [
      ...Object.keys(JSON.parse(generate.SecretStringTemplate) as object),
      generate.GenerateStringKey,
    ];
    expect(keys.sort()).toEqual([...appSecretKeys].sort());
    expect(
      Object.values(JSON.parse(generate.SecretStringTemplate) as object).every((value) => value === ''),
    ).toBe(true);
    expect(secret.DeletionPolicy).toBe('Retain');
    const text = JSON.stringify(prod.template.toJSON());
    expect(text).not.toMatch(/\b(sk|rk|pk)_(live|test)_/);
    expect(text).not.toMatch(/whsec_/);
  });
});

describe('alarms', () => {
  it('alarms on every DLQ, API 5xx, throttles of every function and consumer alerts, all to one topic', () => {
    const [topicId, topic] = expectOne(findResources(dev, 'AWS::SNS::Topic'), 'alarm topic');
    expect(getProps(topic)['TopicName']).toBe('openpie-dev-alarms');
    expect(getProps(topic)['KmsMasterKeyId']).toBeDefined();
    const alarms = findResources(dev, 'AWS::CloudWatch::Alarm').map(([, alarm]) => getProps(alarm));
    for (const alarm of alarms) {
      expect((alarm['AlarmActions'] as unknown[]).map(readReferencedId)).toEqual([topicId]);
    }
    const dlqAlarms = alarms.filter((alarm) => alarm['MetricName'] === 'ApproximateNumberOfMessagesVisible');
    const dlqCount = findResources(dev, 'AWS::SQS::Queue').filter(([, queue]) =>
      String(getProps(queue)['QueueName']).endsWith('-dlq'),
    ).length;
    expect(dlqAlarms).toHaveLength(dlqCount);
    for (const alarm of dlqAlarms) {
      expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
    expect(alarms.filter((alarm) => alarm['MetricName'] === '5xx')).toHaveLength(1);
    const throttled = alarms
      .flatMap(
        (alarm) =>
          (alarm['Metrics'] as { MetricStat?: { Metric: { MetricName: string } } }[] | undefined) ?? [],
      )
      .filter((query) => query.MetricStat?.Metric.MetricName === 'Throttles');
    expect(throttled).toHaveLength(listOpenPieFunctions(dev, 'dev').length);
    expect(alarms.filter((alarm) => alarm['MetricName'] === 'Alerts')).toHaveLength(1);
    expect(alarms.filter((alarm) => alarm['MetricName'] === 'PiesPastTheirEnd')).toHaveLength(1);
  });

  it("pages on a pie past its end from the log of the worker that splits it, not only the consumers' logs", () => {
    // Arrange
    const logGroupNames = new Map(
      findResources(dev, 'AWS::Logs::LogGroup').map(([id, group]) => [id, getProps(group)['LogGroupName']]),
    );
    const watchedBy = (metricName: string): unknown[] =>
      findResources(dev, 'AWS::Logs::MetricFilter')
        .map(([, filter]) => getProps(filter))
        .filter(
          (filter) =>
            (filter['MetricTransformations'] as { MetricName?: string }[] | undefined)?.[0]?.MetricName ===
            metricName,
        )
        .map((filter) => logGroupNames.get(readReferencedId(filter['LogGroupName']) ?? ''));
    // Assess: the fan-work worker splits pies and logs `alert: true` with the pie's id when one cannot be split
    const fanWorkLogs = `/aws/lambda/${buildName('dev', 'worker-fan-work')}`;
    expect(watchedBy('PiesPastTheirEnd')).toContain(fanWorkLogs);
    expect(watchedBy('Alerts')).toContain(
      `/aws/lambda/${buildName('dev', 'consumer-reconciliation-alerts')}`,
    );
  });

  it('names in every alarm the section of docs/operating.md that says what to do, and the section exists', () => {
    // Arrange
    const guide = readFileSync(new URL('../../docs/operating.md', import.meta.url), 'utf8');
    const anchors = new Set(
      [...guide.matchAll(/^#{2,4} (.+)$/gm)].map((heading) =>
        (heading[1] ?? '')
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .trim()
          .replace(/ /g, '-'),
      ),
    );
    const descriptions = findResources(dev, 'AWS::CloudWatch::Alarm').map(([, alarm]) =>
      String(getProps(alarm)['AlarmDescription']),
    );
    // Assess
    for (const description of descriptions) {
      const runbook = /What to do: docs\/operating\.md#([a-z0-9-]+)$/.exec(description)?.[1];
      expect(runbook, description).toBeDefined();
      expect(anchors, `docs/operating.md has no heading for #${runbook ?? ''}`).toContain(runbook);
    }
  });
});

describe('outputs', () => {
  it('exports the site URL, API URL, table name and bus name', () => {
    expect(Object.keys(dev.outputs)).toEqual(
      expect.arrayContaining(['SiteUrl', 'ApiUrl', 'TableName', 'EventBusName']),
    );
  });
});

describe('cdk-nag AwsSolutions', () => {
  function listNagErrors(synth: Synthesized): string[] {
    const report = new AwsSolutionsChecks().validateScope(synth.stack);
    const warnings = report.violations.filter((violation) => violation.severity !== 'error');
    if (warnings.length > 0)
      console.log(`infra: cdk-nag warnings: ${warnings.map((w) => w.ruleName).join(', ')}`);
    return report.violations
      .filter((violation) => violation.severity === 'error')
      .map(
        (violation) => `${violation.ruleName} at ${violation.violatingResources[0]?.constructPath ?? '?'}`,
      );
  }

  it('has no unacknowledged errors in dev or prod', () => {
    expect(listNagErrors(dev)).toEqual([]);
    expect(listNagErrors(prod)).toEqual([]);
  });

  it('has none either once the stack knows its account and region (a real deploy)', () => {
    const located = synthesize('prod', { account: '123456789012', region: 'eu-west-1' });
    expect(listNagErrors(located)).toEqual([]);
  });
});

describe('web assets', () => {
  it('falls back to a placeholder page with a warning in dev when the build folder is missing', () => {
    const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
    const stack = new OpenPieStack(app, 'OpenPie-dev', { stage: 'dev', webAssets: 'dist/no-such-build' });
    const warnings = stack.site.node.metadata.filter((entry) => entry.type === 'aws:cdk:warning');
    expect(JSON.stringify(warnings.map((entry) => entry.data))).toContain('npm run build:web');
  });

  it('refuses to deploy a placeholder over the prod site', () => {
    const app = new App({ context: { ...cdkContext, 'aws:cdk:bundling-stacks': [] } });
    expect(
      () => new OpenPieStack(app, 'OpenPie-prod', { stage: 'prod', webAssets: 'dist/no-such-build' }),
    ).toThrow(/npm run build:web/);
  });
});
