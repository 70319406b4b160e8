// The whole product in one stack (DESIGN §1), derived from the route manifest, the table definition and the event
// definitions, so a route, an index or a job added there is deployed without touching this file.
import type { StackProps } from 'aws-cdk-lib';
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Alias, Key } from 'aws-cdk-lib/aws-kms';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { Resource } from '../functions/contracts/routes';
import { deployedResources, deployedRoutes } from '../functions/contracts/routes';
import { Alarms } from './alarms';
import { BackgroundWork } from './background-work';
import { DataTable } from './data-table';
import { OpenPieHttpApi } from './http-api';
import type { CreateFunction, FunctionAccess } from './lambda-function';
import { createOpenPieFunction } from './lambda-function';
import { Messaging } from './messaging';
import { acknowledge } from './nag';
import { Site } from './site';
import type { Stage } from './stage';
import { buildName, getStageSettings } from './stage';
import type { WebAssets } from './web-assets';
import { defaultWebAssetsPath } from './web-assets';

/** Keys of the app secret. Values are set by hand after the first deploy; only the JWT key is generated. */
export const appSecretKeys = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'JWT_SIGNING_KEY',
  'GOOGLE_CLIENT_SECRET',
  'SPOTIFY_CLIENT_SECRET',
  'X_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'RECAPTCHA_SECRET_KEY',
] as const;
const generatedSecretKey = 'JWT_SIGNING_KEY';

// Resources whose calls raise domain events on the bus (claim verified, payout requested, reconciliation failed).
// The manifest does not say which resources publish, so the list lives here; see docs/decisions/002.
const eventPublishingResources: ReadonlySet<Resource> = new Set<Resource>([
  'webhooks-stripe',
  'artist-claims',
  'admin-claims',
  'artist-payments',
  'admin-finances',
  'admin-reconciliation',
]);

// Resources that store or read provider tokens (Spotify …), sealed under the token key (docs/decisions/006): the
// sign-in and connect calls, and the listening calls. Jobs and workers say so in events/definitions.ts.
const tokenEncryptingResources: ReadonlySet<Resource> = new Set<Resource>([
  'fan-social',
  'fan-listening-sync',
]);

// Resources that call a provider: social sign-in and connections, the fan's Spotify syncs, and the catalogue's
// Spotify lookups (client credentials). Jobs and workers say so in events/definitions.ts.
const providerCallingResources: ReadonlySet<Resource> = new Set<Resource>([
  'fan-social',
  'admin-auth',
  'fan-listening-sync',
  'fan-artists',
  'artist-search',
]);

/**
 * The encryption context kms-data-key-provider.ts sends with every GenerateDataKey and Decrypt; the grant requires
 * it, so the token key's permissions cannot be used to wrap or unwrap keys for anything else.
 */
export const tokenEncryptionContext = { purpose: 'openpie-token-encryption' } as const;

// Sign-in derives a scrypt key at OWASP's parameters: CPU-bound, and Lambda's CPU share grows with memory.
const passwordHashingResources: ReadonlySet<Resource> = new Set<Resource>([
  'fan-auth',
  'artist-auth',
  'admin-auth',
]);
const passwordHashingMemorySize = 1024;

/** Context keys → environment variables of the functions that call providers (`callsProviders`). */
const oauthContextVariables = [
  ['spotifyClientId', 'SPOTIFY_CLIENT_ID'],
  ['googleClientId', 'GOOGLE_CLIENT_ID'],
  ['xClientId', 'X_CLIENT_ID'],
  ['facebookClientId', 'FACEBOOK_CLIENT_ID'],
  ['staffEmailDomain', 'STAFF_EMAIL_DOMAIN'],
] as const;

/**
 * The sender of product mail (`-c emailFrom="OpenPie <no-reply@your.domain>"`): it must be an SES identity verified
 * in the stack's account and region (the address or its domain). The default only names the shape. Only the
 * mail-sender worker sends (events/definitions.ts); request handlers queue mail in the table outbox.
 */
export const defaultEmailFrom = 'OpenPie <no-reply@openpie.example>';

/** The address inside `Name <address>`, and its domain: the two SES identities a sender may be verified as. */
export function findSenderIdentities(emailFrom: string): { address: string; domain: string } {
  const address = (/<([^<>]+)>\s*$/.exec(emailFrom)?.[1] ?? emailFrom).trim();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  if (!address.includes('@') || domain === '') {
    throw new Error(`emailFrom ${JSON.stringify(emailFrom)} has no address`);
  }
  return { address, domain };
}

const apiTimeoutSeconds = 10;
// API Gateway cuts integrations at 30 s. Stripe waits up to 30 s for a webhook reply; a 5,000-record history import
// (fan-tracks) and an on-demand Spotify sync, which may wait out a short Retry-After, need more than the default.
const slowResourceTimeoutSeconds: Partial<Record<Resource, number>> = {
  'webhooks-stripe': 29,
  'fan-tracks': 29,
  'fan-listening-sync': 29,
};

/** The Lambda timeout of an API resource, in seconds (the benchmark runs handlers under the same limit). */
export function apiTimeoutSecondsOf(resource: Resource): number {
  return slowResourceTimeoutSeconds[resource] ?? apiTimeoutSeconds;
}

function chooseAccess(resource: Resource): FunctionAccess {
  const none: FunctionAccess = { table: 'none', secret: false, publishesEvents: false, fansOut: false };
  if (resource === 'health') return { ...none, table: 'probe' };
  // The catch-all only shapes 404/405 replies from the manifest.
  if (resource === 'not-found') return none;
  return {
    ...none,
    table: 'read-write',
    secret: true,
    publishesEvents: eventPublishingResources.has(resource),
    encryptsTokens: tokenEncryptingResources.has(resource),
    callsProviders: providerCallingResources.has(resource),
  };
}

export interface OpenPieStackProps extends StackProps {
  readonly stage: Stage;
  /** The built SPA: a folder (default `dist/web`) or sources (tests pass `createPlaceholderWebAssets()`). */
  readonly webAssets?: WebAssets;
  /** Reported by GET /api/health. */
  readonly appVersion?: string;
  readonly alarmEmail?: string;
}

export class OpenPieStack extends Stack {
  readonly apiFunctions = new Map<Resource, NodejsFunction>();
  readonly allFunctions: NodejsFunction[] = [];
  readonly data: DataTable;
  readonly messaging: Messaging;
  readonly httpApi: OpenPieHttpApi;
  readonly site: Site;
  readonly backgroundWork: BackgroundWork;
  readonly alarms: Alarms;
  readonly appSecret: Secret;
  /** Wraps the data keys that encrypt provider tokens at rest (docs/decisions/006). */
  readonly tokenKey: Key;

  constructor(scope: Construct, id: string, props: OpenPieStackProps) {
    super(scope, id, props);
    const settings = getStageSettings(props.stage);
    const contextEmailFrom: unknown = this.node.tryGetContext('emailFrom');
    const emailFrom =
      typeof contextEmailFrom === 'string' && contextEmailFrom !== '' ? contextEmailFrom : defaultEmailFrom;
    const sender = findSenderIdentities(emailFrom);

    this.data = new DataTable(this, 'Data', settings);
    this.messaging = new Messaging(this, 'Messaging', settings);
    this.appSecret = new Secret(this, 'AppSecret', {
      secretName: `openpie/${settings.stage}/app`,
      description: 'OpenPie credentials and signing keys. Fill in the empty values after the first deploy.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify(
          Object.fromEntries(
            appSecretKeys.filter((key) => key !== generatedSecretKey).map((key) => [key, '']),
          ),
        ),
        generateStringKey: generatedSecretKey,
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: settings.removalPolicy,
    });
    acknowledge(
      this.appSecret,
      'AwsSolutions-SMG4',
      'Third-party keys (Stripe, OAuth clients) are rotated in their dashboards, then here; no rotation Lambda fits.',
    );

    this.tokenKey = new Key(this, 'TokenKey', {
      description: 'OpenPie: wraps the data keys that encrypt provider tokens (Spotify …) at rest.',
      enableKeyRotation: true,
      // A deleted key makes every token sealed under it unreadable, so prod keeps it even without the stack.
      removalPolicy: settings.removalPolicy,
    });
    new Alias(this, 'TokenKeyAlias', {
      aliasName: `alias/${buildName(settings.stage, 'tokens')}`,
      targetKey: this.tokenKey,
      removalPolicy: settings.removalPolicy,
    });

    const fanWork = this.messaging.workQueues.get('fan-work');
    if (!fanWork)
      throw new Error('events/definitions.ts must define the fan-work queue that jobs fan out to.');

    const createFunction: CreateFunction = (functionScope, spec) => {
      const environment: Record<string, string> = {
        STAGE: settings.stage,
        TABLE_NAME: this.data.table.tableName,
        APP_VERSION: props.appVersion ?? '0.0.0',
        LOG_LEVEL: settings.logLevel,
        // Empty: the browser reaches the API through the site's own origin, so no cross-origin caller is allowed.
        CORS_ALLOWED_ORIGINS: '',
      };
      if (spec.access.secret) environment['APP_SECRET_ARN'] = this.appSecret.secretArn;
      if (spec.access.publishesEvents) environment['EVENT_BUS_NAME'] = this.messaging.bus.eventBusName;
      if (spec.access.fansOut) environment['FAN_WORK_QUEUE_URL'] = fanWork.queue.queueUrl;
      if (spec.access.sendsEmail) environment['EMAIL_FROM'] = emailFrom;
      if (spec.access.encryptsTokens) environment['TOKEN_ENCRYPTION_KMS_KEY_ID'] = this.tokenKey.keyArn;
      // Social sign-in's public settings come from context (`-c spotifyClientId=… -c staffEmailDomain=…`); the
      // client secrets live in the app secret. A provider without both is not offered (functions/integrations/oauth).
      if (spec.access.callsProviders) {
        for (const [contextKey, variable] of oauthContextVariables) {
          const value: unknown = this.node.tryGetContext(contextKey);
          if (typeof value === 'string' && value !== '') environment[variable] = value;
        }
      }

      const fn = createOpenPieFunction(functionScope, spec.id, { ...spec, settings, environment });
      this.data.grant(fn, spec.access.table);
      if (spec.access.secret) this.appSecret.grantRead(fn);
      if (spec.access.publishesEvents) this.messaging.bus.grantPutEventsTo(fn);
      if (spec.access.fansOut) fanWork.queue.grantSendMessages(fn);
      if (spec.access.sendsEmail) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [sender.domain, sender.address].map((identity) =>
              this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
            ),
          }),
        );
      }
      if (spec.access.encryptsTokens) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
            resources: [this.tokenKey.keyArn],
            conditions: {
              StringEquals: Object.fromEntries(
                Object.entries(tokenEncryptionContext).map(([key, value]) => [
                  `kms:EncryptionContext:${key}`,
                  value,
                ]),
              ),
            },
          }),
        );
      }
      this.allFunctions.push(fn);
      return fn;
    };

    const apiFunctionsScope = new Construct(this, 'ApiFunctions');
    for (const resource of deployedResources()) {
      const routeCount = deployedRoutes().filter((route) => route.resource === resource).length;
      const fn = createFunction(apiFunctionsScope, {
        id: resource,
        name: resource,
        entry: `functions/handlers/${resource}.ts`,
        description:
          resource === 'not-found'
            ? 'OpenPie API catch-all: 404/405 in the JSON envelope for unknown /api calls.'
            : `OpenPie API resource ${resource} (${routeCount} routes).`,
        timeout: Duration.seconds(apiTimeoutSecondsOf(resource)),
        ...(passwordHashingResources.has(resource) ? { memorySize: passwordHashingMemorySize } : {}),
        access: chooseAccess(resource),
      });
      this.apiFunctions.set(resource, fn);
    }

    this.httpApi = new OpenPieHttpApi(this, 'Http', { settings, functions: this.apiFunctions });
    this.backgroundWork = new BackgroundWork(this, 'Background', {
      settings,
      messaging: this.messaging,
      data: this.data,
      createFunction,
    });
    this.site = new Site(this, 'Site', {
      settings,
      apiDomainName: this.httpApi.domainName,
      webAssets: props.webAssets ?? defaultWebAssetsPath,
    });

    const siteUrl = `https://${this.site.distribution.distributionDomainName}`;
    for (const fn of this.allFunctions) fn.addEnvironment('SITE_ORIGIN', siteUrl);

    this.alarms = new Alarms(this, 'Alarms', {
      settings,
      deadLetterQueues: this.messaging.deadLetterQueues(),
      httpApi: this.httpApi.api,
      functions: this.allFunctions,
      alertLogGroups: [...this.backgroundWork.consumerFunctions.values()].map((fn) => fn.logGroup),
      ...(props.alarmEmail ? { email: props.alarmEmail } : {}),
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The site (CloudFront).' });
    new CfnOutput(this, 'ApiUrl', { value: `${siteUrl}/api`, description: 'The API, through CloudFront.' });
    new CfnOutput(this, 'ApiGatewayUrl', {
      value: this.httpApi.api.apiEndpoint,
      description: 'The HTTP API endpoint behind CloudFront (for diagnostics).',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'EventBusName', { value: this.messaging.bus.eventBusName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
    new CfnOutput(this, 'AppSecretArn', {
      value: this.appSecret.secretArn,
      description: 'Fill in the third-party keys here after the first deploy.',
    });
  }
}
