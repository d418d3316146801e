// The web front door: a private S3 bucket behind CloudFront (origin access control), /api/*
// routed to the HTTP API on the same origin, SPA deep links rewritten by a CloudFront Function on
// the default behavior only (so /api errors are never masked): the routes the build prerendered
// (web/build-tools/prerender.ts, listed in prerender-routes.json) to their own HTML, every other
// route to /index.html; the data pages (an athlete, a school, a search) to the render function
// (infra/constructs/page-renderer.ts), which answers them with their HTML. The WAF web
// ACL (infra/constructs/waf.ts) is attached here, CloudFront proves itself to the API with the
// origin header, and every response carries the security headers of infra/security-headers.ts.
//
// Deploys never break an open tab (issue #15): a tab loaded before a deploy still asks for the
// previous build's lazy chunks, so hashed files under assets/ are never pruned. Two deployments:
// assets/ first (added, never deleted, `immutable` for a year), then the rest of the build
// (index.html, config.json, images, the pitch PDF: `no-cache`, so browsers revalidate and pick up
// a deploy at once), which prunes what is gone from the build except assets/.
// Old hashed assets are never expired, on purpose: an age rule (S3 lifecycle on assets/) would
// also delete files of the CURRENT build, because a sync does not re-upload unchanged files, so a
// current chunk can be as old as any stale one; a cleanup that keeps the last N builds needs the
// history of every build and delete rights on assets/, a risk for no real gain. A build's assets
// are about 0.9 MB (49 files), so even a deploy a day adds ~330 MB a year at worst (most chunks
// keep their hash between builds), under one cent a month in S3. The stated period is "forever".
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { HeadersReferrerPolicy, ICachePolicy, IOrigin } from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { FRAME_OPTIONS, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY, contentSecurityPolicy } from '../security-headers';
import type { SecurityHeaderInputs } from '../security-headers';

/** The build's list of routes with prerendered HTML of their own (web/build-tools/prerender.ts). */
export const PRERENDER_LIST = 'prerender-routes.json';

const ROUTE = /^\/[A-Za-z0-9._~\-/]*$/;

/** The prerendered routes of a build (none when there is no build or no list). */
export function prerenderedRoutes(webBuildDir: string): string[] {
  const file = path.join(webBuildDir, PRERENDER_LIST);
  if (!fs.existsSync(file)) return [];
  const list: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(list) || !list.every((r) => typeof r === 'string' && ROUTE.test(r) && r !== '/')) {
    throw new Error(`${file} must list route paths such as "/demo"`);
  }
  return list as string[];
}

/**
 * Viewer-request rewrite. A path whose last segment has no extension is an app route: a route the
 * build prerendered gets its own HTML (<route>/index.html, trailing slash or not), every other route
 * the SPA shell /index.html (which is also the prerendered landing for /). Files pass unchanged.
 */
export function spaRewriteCode(prerendered: readonly string[]): string {
  const table = JSON.stringify(Object.fromEntries(prerendered.map((route) => [route, 1])));
  return `var PRERENDERED = ${table};
function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    var route = request.uri.replace(/\\/+$/, '');
    request.uri = PRERENDERED[route] === 1 ? route + '/index.html' : '/index.html';
  }
  return request;
}`;
}

/** The rewrite without prerendered routes: every extension-less path is the SPA's /index.html. */
export const SPA_REWRITE_CODE = spaRewriteCode([]);

/** Hashed build output (Vite's assets/): content-addressed, so cacheable forever. */
export const ASSETS_PREFIX = 'assets/';
export const IMMUTABLE_CACHE_CONTROL = [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()];
/** Everything else (index.html, config.json, images): revalidated on every use. */
export const REVALIDATE_CACHE_CONTROL = [CacheControl.noCache()];

const PLACEHOLDER_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>NIL Cards</title></head>' +
  '<body><p>The web app has not been built yet: run <code>npm run build:web</code> and deploy again.</p></body></html>';

export interface SiteProps {
  /** Host name of the HTTP API (no scheme), routed under /api/*. */
  readonly apiDomainName: string;
  /** Absolute path of the Vite build; a placeholder page is deployed when it does not exist. */
  readonly webBuildDir: string;
  /** Runtime settings for the web app, deployed as /config.json (public values only, no secrets). */
  readonly runtimeConfig?: Record<string, unknown>;
  /** ARN of the WAF web ACL (scope CLOUDFRONT, in us-east-1). */
  readonly webAclArn: string;
  /** The header CloudFront adds to every /api request, and its value (a secret the API checks). */
  readonly apiOriginHeader: { readonly name: string; readonly value: string };
  /** What the Content-Security-Policy must allow besides the site itself (the uploads bucket is added here). */
  readonly contentSecurity: Omit<SecurityHeaderInputs, 'uploadHost'>;
  /**
   * CloudFront reads the origin header's secret only when the distribution changes; a new value
   * here changes its comment and so makes it re-read the secret (rotation, docs/RUNBOOK.md).
   */
  readonly originSecretRotation?: string;
  /** The data pages rendered on request (infra/constructs/page-renderer.ts): their path patterns go to the render function. */
  readonly pages?: { readonly origin: IOrigin; readonly cachePolicy: ICachePolicy; readonly pathPatterns: readonly string[] };
}

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  /** Profile images uploaded by collectives (presigned PUT), served under /uploads/*. */
  readonly uploadsBucket: Bucket;
  readonly distribution: Distribution;
  /** The hashed assets of the build (never pruned); absent when there is no build. */
  readonly assetsDeployment?: BucketDeployment;
  /** index.html, config.json and the other unhashed files, deployed after the assets. */
  readonly deployment: BucketDeployment;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  /** https://{distribution domain} */
  readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    // Receives S3 server access logs and CloudFront standard logs (which need ACLs enabled).
    this.logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions::AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop and another bucket would only move the finding.',
    });

    this.bucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3-web/',
      // The content is a build output, re-deployable at any time.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Kept apart from the web bucket: each web deployment prunes everything not in the build.
    this.uploadsBucket = new Bucket(this, 'UploadsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3-uploads/',
      removalPolicy: RemovalPolicy.RETAIN,
      // Browsers PUT straight to S3 with a presigned URL (signed content type and length, 5 minutes).
      cors: [{ allowedMethods: [HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['content-type', 'content-length'], maxAge: 3000 }],
    });

    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(spaRewriteCode(prerenderedRoutes(props.webBuildDir))),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Prerendered routes to their own HTML, other extension-less paths to /index.html (SPA deep links)',
    });

    const stack = Stack.of(this);
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'nil-cards: CSP, HSTS, nosniff, same-origin framing, referrer policy (infra/security-headers.ts)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          // The presigned upload URLs name the bucket's regional host (lambdas/platform/aws-lite.ts).
          contentSecurityPolicy: contentSecurityPolicy({
            ...props.contentSecurity,
            uploadHost: `${this.uploadsBucket.bucketName}.s3.${stack.region}.${stack.urlSuffix}`,
          }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: FRAME_OPTIONS === 'SAMEORIGIN' ? HeadersFrameOption.SAMEORIGIN : HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
      },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: props.originSecretRotation ? `nil-cards web app and /api (origin secret ${props.originSecretRotation})` : 'nil-cards web app and /api',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/uploads/*': {
          origin: S3BucketOrigin.withOriginAccessControl(this.uploadsBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
        // A data page (an athlete, a school, a search) rendered with its data; whatever the render
        // function does not render, it answers with the same index.html as S3.
        ...Object.fromEntries(
          (props.pages?.pathPatterns ?? []).map((pattern) => [
            pattern,
            {
              origin: props.pages!.origin,
              viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
              allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
              cachePolicy: props.pages!.cachePolicy,
              responseHeadersPolicy: this.responseHeadersPolicy,
              compress: true,
            },
          ]),
        ),
        '/api/*': {
          // CloudFront replaces a viewer's header of the same name, so a viewer cannot forge it.
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            customHeaders: { [props.apiOriginHeader.name]: props.apiOriginHeader.value },
          }),
          // A redirect would drop POST bodies (webhooks): refuse plain HTTP instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-CFR1',
        reason: 'Fans buy cards from anywhere; no country is excluded by the product, so no geo restriction applies.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, where CloudFront fixes the security policy (TLSv1); a minimum TLS version needs a custom domain and ACM certificate, which this stack does not have yet.',
      },
    );

    this.url = `https://${this.distribution.distributionDomainName}`;

    const built = fs.existsSync(props.webBuildDir);
    const assetsDir = path.join(props.webBuildDir, ASSETS_PREFIX);
    if (built && fs.existsSync(assetsDir)) {
      this.assetsDeployment = new BucketDeployment(this, 'DeployAssets', {
        sources: [Source.asset(assetsDir)],
        destinationBucket: this.bucket,
        destinationKeyPrefix: ASSETS_PREFIX,
        // Earlier builds' chunks stay: open tabs still load them (see the header comment).
        prune: false,
        cacheControl: IMMUTABLE_CACHE_CONTROL,
        memoryLimit: 256,
      });
    }
    const shell: ISource = built
      ? Source.asset(props.webBuildDir, { exclude: [ASSETS_PREFIX.replace(/\/$/, '')] })
      : Source.data('index.html', PLACEHOLDER_HTML);
    this.deployment = new BucketDeployment(this, 'Deploy', {
      sources: props.runtimeConfig ? [shell, Source.jsonData('config.json', props.runtimeConfig)] : [shell],
      destinationBucket: this.bucket,
      // Prunes files gone from the build, but the filter keeps the sync (and so the pruning) off assets/.
      exclude: [`${ASSETS_PREFIX}*`],
      cacheControl: REVALIDATE_CACHE_CONTROL,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 256,
    });
    // The new index.html goes live only once the chunks it names are in the bucket.
    if (this.assetsDeployment) this.deployment.node.addDependency(this.assetsDeployment);
    this.acknowledgeDeploymentHandler();
  }

  /** BucketDeployment's handler is a CDK-provided singleton at stack level, outside this scope. */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found: cdk-nag acknowledgements would not apply');
    const show = (v: string, placeholder: string) => (Token.isUnresolved(v) ? placeholder : v);
    const qualifier: string = this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetBucket = `cdk-${qualifier}-assets-${show(stack.account, '<AWS::AccountId>')}-${show(stack.region, '<AWS::Region>')}`;
    const webBucketId = stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    const iam5 = 'AwsSolutions::AwsSolutions-IAM5';
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-L1',
        reason: 'CDK-provided BucketDeployment singleton handler: its runtime is chosen and upgraded by aws-cdk-lib, not by this stack.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'CDK-provided BucketDeployment handler: the managed policy only lets it write its own CloudWatch logs.',
      },
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `${iam5}[Action::${action}]`,
        reason: `CDK-generated BucketDeployment grant (${action}): it reads the CDK asset bucket and syncs the web bucket (pruning unhashed files gone from the build; assets/ is excluded from pruning by the sync filter); the actions are scoped to those two buckets.`,
      })),
      {
        id: `${iam5}[Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*]`,
        reason: 'CDK-generated BucketDeployment grant: reads the uploaded web build from the CDK bootstrap asset bucket (object keys are content hashes).',
      },
      {
        id: `${iam5}[Resource::<${webBucketId}.Arn>/*]`,
        reason:
          'CDK-generated BucketDeployment grant: it writes the web build into the web bucket, which holds nothing but web builds, and prunes stale unhashed files (never assets/).',
      },
      {
        id: `${iam5}[Resource::*]`,
        reason:
          'CDK-generated BucketDeployment grant for cloudfront:CreateInvalidation/GetInvalidation after each deployment; granted by aws-cdk-lib without a distribution ARN.',
      },
    );
  }
}
