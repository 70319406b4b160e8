// The one public origin: CloudFront serves the SPA from a private bucket and forwards /api/* to the HTTP API, so the
// browser sees one site (same-origin cookies, no CORS) and one set of security headers.
import { Annotations, DefaultStackSynthesizer, Duration, Stack, Token } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { prerenderedFilesByPath, spaShellFile } from '../frontend/prerender/pages';
import { apiBasePaths } from '../functions/contracts/routes';
import { acknowledge, basicExecutionRoleFinding, renderPartition } from './nag';
import { buildSiteContentSecurityPolicy, crossOriginOpenerPolicy, permissionsPolicy } from './site-headers';
import type { StageSettings } from './stage';
import { buildName } from './stage';
import type { WebAssetSources, WebAssets } from './web-assets';
import { createPlaceholderWebAssets, createWebAssetsFromFolder, hasWebBuild } from './web-assets';

/** The SPA's policy as CloudFront serves it (HTTPS): the same as the local server's but for the upgrade. */
export const contentSecurityPolicy = buildSiteContentSecurityPolicy({ https: true });

/** API replies are JSON: nothing may load or frame them. Handlers send this themselves; CloudFront fills gaps. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";
/** A JSON reply uses no browser feature at all (functions/handlers/lib/http.ts sends the same). */
export const apiPermissionsPolicy = permissionsPolicy;

export const hashedAssetsCacheControl = 'public, max-age=31536000, immutable';

/**
 * CloudFront adds this header to every request it forwards to the API, with the origin secret's value; the API
 * refuses requests without it (functions/handlers/lib/origin-secret.ts, the same name). The execute-api endpoint
 * stays on because CloudFront reaches the API through it: an HTTP API can turn it off only behind a custom domain.
 */
export const originVerifyHeader = 'x-openpie-origin-verify';
/** The API functions' environment variable holding the value the header must carry. */
export const originSecretVariable = 'ORIGIN_VERIFY_SECRET';

/**
 * What CloudFront passes on to the API: AWS's managed AllViewerExceptHostHeader, made for API Gateway origins. It
 * forwards every viewer header but Host (API Gateway routes by its own domain and refuses the site's), so Cookie,
 * Authorization, Origin and Stripe-Signature arrive, plus CloudFront's viewer headers, among them
 * CloudFront-Viewer-Address: the per-client-address rate limit trusts that header and nothing else in AWS
 * (functions/services/rate-limit.ts), which is safe because the API answers only requests that carry
 * `originVerifyHeader`. No custom policy can say the same: `allExcept` cannot add a CloudFront
 * header, `allViewerAndWhitelistCloudFront` forwards Host, and an allow-list cannot carry Authorization.
 */
export const apiOriginRequestPolicy = OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER;

// Viewer-request rewrite of client-side routes (no file extension): a prerendered public page to its own file
// (frontend/prerender/pages.ts: `/login` and `/login/` to /pages/login.html), every other route to the SPA shell.
// Done here rather than with distribution error responses, which would also turn the API's own 403/404 replies into
// index.html. CloudFront Functions run a small JavaScript: the page table goes in as a literal.
export const spaFallbackCode = `var pages = ${JSON.stringify(
  Object.fromEntries(Object.entries(prerenderedFilesByPath).map(([path, file]) => [path, `/${file}`])),
)};
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    var path = request.uri.length > 1 ? request.uri.replace(/\\/+$/, '') || '/' : request.uri;
    request.uri = Object.prototype.hasOwnProperty.call(pages, path) ? pages[path] : '/${spaShellFile}';
  }
  return request;
}`;

export interface SiteProps {
  readonly settings: StageSettings;
  /** Domain of the HTTP API's execute-api endpoint. */
  readonly apiDomainName: string;
  /** The value of `originVerifyHeader` (a deploy-time reference to the origin secret, never the value itself). */
  readonly apiOriginSecret: string;
  readonly webAssets: WebAssets;
}

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  readonly apiResponseHeadersPolicy: ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const { settings } = props;
    const disposable = settings.stage === 'dev';

    // CloudFront standard logs need ACLs, hence BUCKET_OWNER_PREFERRED on this bucket only.
    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: settings.accessLogExpiry }],
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: disposable,
    });
    acknowledge(
      this.logBucket,
      'AwsSolutions-S1',
      'This is the access-log bucket; logging it into itself would loop.',
    );

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      // Versioning keeps what a deploy replaced; a month is enough to roll back by hand.
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: settings.removalPolicy,
      autoDeleteObjects: disposable,
    });

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: buildName(settings.stage, 'security-headers'),
      comment: 'OpenPie: CSP, HSTS and the other security headers on every response.',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: permissionsPolicy, override: true },
          { header: 'Cross-Origin-Opener-Policy', value: crossOriginOpenerPolicy, override: true },
        ],
      },
    });

    // The handlers set stricter headers than the SPA's (CSP default-src 'none', no-referrer), so on /api/* nothing is
    // overridden; the policy only fills in replies API Gateway writes itself (429 throttling, 5xx).
    this.apiResponseHeadersPolicy = new ResponseHeadersPolicy(this, 'ApiSecurityHeaders', {
      responseHeadersPolicyName: buildName(settings.stage, 'api-security-headers'),
      comment: 'OpenPie API: security headers for replies that do not carry their own.',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: apiContentSecurityPolicy, override: false },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: false,
        },
        contentTypeOptions: { override: false },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: false },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: false },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: apiPermissionsPolicy, override: false },
          { header: 'Cross-Origin-Opener-Policy', value: crossOriginOpenerPolicy, override: false },
        ],
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      functionName: buildName(settings.stage, 'spa-fallback'),
      comment: 'Rewrites prerendered pages to their files, other client-side routes to /index.html.',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaFallbackCode),
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `OpenPie ${settings.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${apiBasePaths.fan}/*`]: {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Replaces a viewer's header of the same name, so a visitor cannot bring their own.
            customHeaders: { [originVerifyHeader]: props.apiOriginSecret },
          }),
          // A redirect would turn a POST into a GET, so plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Host must stay the execute-api domain, or API Gateway cannot route the request.
          originRequestPolicy: apiOriginRequestPolicy,
          responseHeadersPolicy: this.apiResponseHeadersPolicy,
        },
      },
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'No custom domain yet: the default *.cloudfront.net certificate cannot set a minimum TLS version.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'OpenPie serves fans and artists worldwide; no country is excluded.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'No WAF yet: API Gateway stage throttling bounds abuse; add a web ACL with a custom domain.',
    );

    this.deployWebAssets(this.resolveWebAssets(props.webAssets, settings));
  }

  private resolveWebAssets(webAssets: WebAssets, settings: StageSettings): WebAssetSources {
    if (typeof webAssets !== 'string') return webAssets;
    if (hasWebBuild(webAssets)) return createWebAssetsFromFolder(webAssets);
    const message = `${webAssets}/index.html is missing: the site gets a placeholder page. Run \`npm run build:web\` first.`;
    // A placeholder would replace the live site's index.html, so prod refuses rather than warns.
    if (settings.stage === 'prod') throw new Error(message);
    Annotations.of(this).addWarningV2('openpie:web-build-missing', message);
    return createPlaceholderWebAssets();
  }

  /**
   * Hashed assets go first and are never pruned, so a browser still holding the previous index.html can load its
   * chunks; index.html follows with no-cache, so the next visit picks up the new build.
   */
  private deployWebAssets(sources: WebAssetSources): void {
    const assetsDeployment =
      sources.assets.length > 0
        ? new BucketDeployment(this, 'DeployHashedAssets', {
            sources: [...sources.assets],
            destinationBucket: this.bucket,
            destinationKeyPrefix: 'assets/',
            prune: false,
            cacheControl: [CacheControl.fromString(hashedAssetsCacheControl)],
            memoryLimit: 512,
          })
        : undefined;
    const rootDeployment = new BucketDeployment(this, 'DeployIndex', {
      sources: [...sources.root],
      destinationBucket: this.bucket,
      // Keeps the root sync from pruning (or re-uploading) what the hashed-assets deployment owns.
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      memoryLimit: 512,
    });
    if (assetsDeployment) rootDeployment.node.addDependency(assetsDeployment);
    acknowledgeDeploymentHandler(this);
  }
}

/** BucketDeployment's Lambda is a singleton at stack level, outside this construct, so it is found by id. */
function acknowledgeDeploymentHandler(site: Site): void {
  const stack = Stack.of(site);
  const siteBucketId = stack.resolve((site.bucket.node.defaultChild as CfnBucket).logicalId) as string;
  const literal = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value);
  const partition = renderPartition(site);
  const qualifier = stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const assetBucket = `cdk-${qualifier}-assets-${literal(stack.account, '<AWS::AccountId>')}-${literal(stack.region, '<AWS::Region>')}`;
  const wildcardFindings = [
    'Action::s3:GetBucket*',
    'Action::s3:GetObject*',
    'Action::s3:List*',
    'Action::s3:Abort*',
    'Action::s3:DeleteObject*',
    `Resource::<${siteBucketId}.Arn>/*`,
    `Resource::arn:${partition}:s3:::${assetBucket}/*`,
  ];
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    acknowledge(child, 'AwsSolutions-L1', "CDK's BucketDeployment handler pins its own runtime.");
    acknowledge(
      child,
      basicExecutionRoleFinding,
      "CDK's BucketDeployment handler writes only its own logs with the basic execution role.",
    );
    for (const finding of wildcardFindings) {
      acknowledge(
        child,
        `AwsSolutions-IAM5[${finding}]`,
        "CDK's BucketDeployment syncs whole prefixes: object wildcards on the CDK asset bucket and the site bucket.",
      );
    }
  }
}
