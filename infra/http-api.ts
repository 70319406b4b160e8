// The HTTP API: one route per manifest entry, each integrated with its resource's Lambda, plus the catch-all that
// turns unknown /api paths into the JSON envelope's 404. Built from functions/contracts/routes.ts, so the local
// server and AWS answer exactly the same calls.
import { Duration, Stack } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Resource } from '../functions/contracts/routes';
import { apiBasePaths, deployedRoutes, fullPathOf } from '../functions/contracts/routes';
import { acknowledge } from './nag';
import type { StageSettings } from './stage';
import { buildName } from './stage';

export const catchAllPath = `${apiBasePaths.fan}/{proxy+}`;

export interface OpenPieHttpApiProps {
  readonly settings: StageSettings;
  readonly functions: ReadonlyMap<Resource, IFunction>;
  /** Steady-state requests per second and burst for the whole stage. */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
}

export class OpenPieHttpApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** `abc123.execute-api.eu-west-1.amazonaws.com`: the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: OpenPieHttpApiProps) {
    super(scope, id);
    const { settings } = props;
    // The stage is created by hand: HttpApi's automatic default stage cannot carry access logs.
    this.api = new HttpApi(this, 'Api', {
      apiName: buildName(settings.stage, 'api'),
      description: 'OpenPie API (fan, for-artists and admin bases), behind CloudFront at /api/*.',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    const throttle = props.throttle ?? { rateLimit: 100, burstLimit: 200 };
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const integrations = new Map<Resource, HttpLambdaIntegration>();
    const integrationFor = (resource: Resource): HttpLambdaIntegration => {
      const existing = integrations.get(resource);
      if (existing) return existing;
      const fn = props.functions.get(resource);
      if (!fn) throw new Error(`No Lambda for resource ${resource}.`);
      // One invoke permission per function instead of one per route: ~150 routes would otherwise add ~150
      // permissions, crowding CloudFormation's 500-resource limit and the functions' policy size limit.
      const integration = new HttpLambdaIntegration(`${resource}Integration`, fn, {
        scopePermissionToRoute: false,
        timeout: Duration.seconds(29),
      });
      integrations.set(resource, integration);
      return integration;
    };

    for (const route of deployedRoutes()) {
      this.api.addRoutes({
        path: fullPathOf(route),
        methods: [HttpMethod[route.method]],
        integration: integrationFor(route.resource),
      });
    }
    this.api.addRoutes({
      path: catchAllPath,
      methods: [HttpMethod.ANY],
      integration: integrationFor('not-found'),
    });

    this.domainName = `${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

    acknowledge(
      this.api,
      'AwsSolutions-APIG4',
      'Sessions are HttpOnly JWT cookies checked by one middleware per API base in the Lambdas (DESIGN §6).',
    );
  }
}
