// The whole product in one stack (DESIGN §1), derived from the route manifest, the table definition and the event
// definitions, so a route, an index or a job added there is deployed without touching this file.
import type { StackProps } from 'aws-cdk-lib';
import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alias, Key } from 'aws-cdk-lib/aws-kms';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { CfnSecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { resourceCapabilities } from '../functions/contracts/capabilities';
import type { Resource } from '../functions/contracts/routes';
import { deployedResources, deployedRoutes } from '../functions/contracts/routes';
import { Alarms } from './alarms';
import { BackgroundWork } from './background-work';
import type { CapabilityTargets } from './capabilities';
import { buildCapabilityEnvironment, grantCapabilities } from './capabilities';
import type { RestoredTable } from './data-table';
import { DataTable } from './data-table';
import { OpenPieHttpApi } from './http-api';
import type { CreateFunction } from './lambda-function';
import { createOpenPieFunction } from './lambda-function';
import { Messaging } from './messaging';
import { acknowledge } from './nag';
import { originSecretVariable, Site } from './site';
import type { Stage } from './stage';
import { buildName, getStageSettings } from './stage';
import type { WebAssets } from './web-assets';
import { defaultWebAssetsPath } from './web-assets';

/**
 * Keys of the app secret, which every function that signs or checks a session reads. Values are set by hand after
 * the first deploy; only the JWT key is generated. Stripe's keys have a secret of their own (`stripeSecretKeys`).
 * Changing this list changes the secret's generation template, and CloudFormation then generates a new value,
 * replacing whatever was filled in: after the first deploy, add keys by hand instead.
 */
export const appSecretKeys = [
  'JWT_SIGNING_KEY',
  'GOOGLE_CLIENT_SECRET',
  'SPOTIFY_CLIENT_SECRET',
  'X_CLIENT_SECRET',
  'FACEBOOK_CLIENT_SECRET',
  'RECAPTCHA_SECRET_KEY',
] as const;
const generatedSecretKey = 'JWT_SIGNING_KEY';

/**
 * Keys of the Stripe secret `openpie/<stage>/stripe` (JSON), readable only by the payment, webhook, payout and
 * reconciliation functions (the `stripe` secret of functions/contracts/capabilities.ts). It is created empty: put
 * the JSON in by hand after the first deploy, so no value is ever in the template.
 */
export const stripeSecretKeys = ['STRIPE_API_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export { tokenEncryptionContext } from './capabilities';

// Sign-in derives a scrypt key at OWASP's parameters: CPU-bound, and Lambda's CPU share grows with memory.
const passwordHashingResources: ReadonlySet<Resource> = new Set<Resource>([
  'fan-auth',
  'artist-auth',
  'admin-auth',
]);
const passwordHashingMemorySize = 1024;

/** Context keys → environment variables of the functions that call providers (`providers` in the capability table). */
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
 * mail-sender worker sends (`sendsEmail` in the capability table); request handlers queue mail in the table outbox.
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

/**
 * The staff address (`-c staffAlertEmail=…`), a bare address: a typo fails synth here rather than every cold start of
 * the functions that read it (functions/runtime/env.ts checks it again with zod; infra/ may not import it).
 */
export function readStaffAlertEmail(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>.]+$/.test(value)) {
    throw new Error(`staffAlertEmail ${JSON.stringify(value)} is not an e-mail address`);
  }
  return value;
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

export interface OpenPieStackProps extends StackProps {
  readonly stage: Stage;
  /** The built SPA: a folder (default `dist/web`) or sources (tests pass `createPlaceholderWebAssets()`). */
  readonly webAssets?: WebAssets;
  /** Reported by GET /api/health. */
  readonly appVersion?: string;
  readonly alarmEmail?: string;
  /**
   * Where the product mails staff when the daily reconciliation finds problems (`-c staffAlertEmail=…`, decision
   * 038); only the functions that mail staff learn it. Without it staff are paged through `alarmEmail` only, and the
   * reconciliation job says on its run record that nobody is mailed.
   */
  readonly staffAlertEmail?: string;
  /** A table restored from point-in-time recovery that the stack adopts instead of creating its own (operating.md). */
  readonly restoredTable?: RestoredTable;
}

export class OpenPieStack extends Stack {
  readonly apiFunctions = new Map<Resource, LambdaFunction>();
  readonly allFunctions: LambdaFunction[] = [];
  readonly data: DataTable;
  readonly messaging: Messaging;
  readonly httpApi: OpenPieHttpApi;
  readonly site: Site;
  readonly backgroundWork: BackgroundWork;
  readonly alarms: Alarms;
  readonly appSecret: Secret;
  /** Stripe's API key and webhook signing secret: the payment, webhook, payout and reconciliation functions only. */
  readonly stripeSecret: Secret;
  /**
   * The value CloudFront adds to every API request (`originVerifyHeader`) and the API checks, so a caller of the
   * execute-api endpoint cannot pose as CloudFront (and forge CloudFront-Viewer-Address): docs/decisions/013.
   */
  readonly originSecret: Secret;
  /** Wraps the data keys that encrypt provider tokens at rest (docs/decisions/006). */
  readonly tokenKey: Key;

  constructor(scope: Construct, id: string, props: OpenPieStackProps) {
    super(scope, id, props);
    const settings = getStageSettings(props.stage);
    const contextEmailFrom: unknown = this.node.tryGetContext('emailFrom');
    const emailFrom =
      typeof contextEmailFrom === 'string' && contextEmailFrom !== '' ? contextEmailFrom : defaultEmailFrom;

    this.data = new DataTable(this, 'Data', settings, props.restoredTable);
    this.messaging = new Messaging(this, 'Messaging', settings);
    this.appSecret = new Secret(this, 'AppSecret', {
      secretName: `openpie/${settings.stage}/app`,
      description:
        'OpenPie session signing key and OAuth/reCAPTCHA credentials. Fill in the empty values after the first deploy.',
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
      'Third-party keys (OAuth clients, reCAPTCHA) are rotated in their dashboards, then here; no rotation Lambda fits.',
    );

    this.stripeSecret = new Secret(this, 'StripeSecret', {
      secretName: `openpie/${settings.stage}/stripe`,
      description: `OpenPie's Stripe keys: put JSON with ${stripeSecretKeys.join(' and ')} here after the first deploy.`,
      removalPolicy: settings.removalPolicy,
    });
    // No generated value and no template: the secret starts without a version, so nothing of Stripe's is ever in
    // the template, and a function that reads it before the keys are put in fails loudly instead of using blanks.
    (this.stripeSecret.node.defaultChild as CfnSecret).addPropertyDeletionOverride('GenerateSecretString');
    acknowledge(
      this.stripeSecret,
      'AwsSolutions-SMG4',
      "Stripe's keys are rolled in Stripe's dashboard (with an overlap for the webhook secret), then put here.",
    );

    this.originSecret = new Secret(this, 'OriginSecret', {
      secretName: `openpie/${settings.stage}/origin`,
      description: 'OpenPie: the header value CloudFront adds to API requests and the API checks.',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // Nothing is lost with it: the next deploy generates another and hands it to both sides.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.originSecret,
      'AwsSolutions-SMG4',
      'CloudFront and the API read it at deploy time; a rotation is a new value and a deploy.',
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

    const providerSettings: Record<string, string> = {};
    for (const [contextKey, variable] of oauthContextVariables) {
      const value: unknown = this.node.tryGetContext(contextKey);
      if (typeof value === 'string' && value !== '') providerSettings[variable] = value;
    }
    const targets: CapabilityTargets = {
      stack: this,
      data: this.data,
      secrets: { app: this.appSecret, stripe: this.stripeSecret },
      tokenKey: this.tokenKey,
      bus: this.messaging.bus,
      fanWorkQueue: fanWork.queue,
      emailFrom,
      senderIdentities: findSenderIdentities(emailFrom),
      providerSettings,
      staffAlertEmail: readStaffAlertEmail(props.staffAlertEmail),
    };

    const createFunction: CreateFunction = (functionScope, spec) => {
      const environment: Record<string, string> = {
        STAGE: settings.stage,
        // Every function validates it at cold start (functions/runtime/env.ts), table rights or not.
        TABLE_NAME: this.data.table.tableName,
        APP_VERSION: props.appVersion ?? '0.0.0',
        LOG_LEVEL: settings.logLevel,
        // Empty: the browser reaches the API through the site's own origin, so no cross-origin caller is allowed.
        CORS_ALLOWED_ORIGINS: '',
        ...buildCapabilityEnvironment(spec.capabilities, targets),
      };
      const fn = createOpenPieFunction(functionScope, spec.id, { ...spec, settings, environment });
      grantCapabilities(fn, spec.capabilities, targets);
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
        capabilities: resourceCapabilities[resource],
      });
      // Only CloudFront knows it (site.ts adds it to every API request); a direct caller of execute-api does not.
      fn.addEnvironment(originSecretVariable, this.originSecret.secretValue.unsafeUnwrap());
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
      apiOriginSecret: this.originSecret.secretValue.unsafeUnwrap(),
      webAssets: props.webAssets ?? defaultWebAssetsPath,
    });

    const siteUrl = `https://${this.site.distribution.distributionDomainName}`;
    for (const fn of this.allFunctions) fn.addEnvironment('SITE_ORIGIN', siteUrl);

    this.alarms = new Alarms(this, 'Alarms', {
      settings,
      deadLetterQueues: this.messaging.deadLetterQueues(),
      httpApi: this.httpApi.api,
      functions: this.allFunctions,
      // Every background function that may log an alert: consumers (reconciliation), workers (a pie's split), jobs.
      alertLogGroups: [
        ...this.backgroundWork.consumerFunctions.values(),
        ...this.backgroundWork.workerFunctions.values(),
        ...this.backgroundWork.jobFunctions.values(),
      ].map((fn) => fn.logGroup),
      ...(props.alarmEmail ? { email: props.alarmEmail } : {}),
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The site (CloudFront).' });
    new CfnOutput(this, 'ApiUrl', { value: `${siteUrl}/api`, description: 'The API, through CloudFront.' });
    new CfnOutput(this, 'ApiGatewayUrl', {
      value: this.httpApi.api.apiEndpoint,
      description: 'The HTTP API endpoint behind CloudFront: it answers 403 to anyone but CloudFront.',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'EventBusName', { value: this.messaging.bus.eventBusName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
    new CfnOutput(this, 'AppSecretArn', {
      value: this.appSecret.secretArn,
      description: 'Fill in the OAuth and reCAPTCHA keys here after the first deploy.',
    });
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.stripeSecret.secretArn,
      description: `Put JSON with ${stripeSecretKeys.join(' and ')} here after the first deploy.`,
    });
  }
}
