// The web front door: a private S3 bucket behind CloudFront (origin access control), /api/*
// routed to the HTTP API on the same origin, SPA deep links rewritten to /index.html by a
// CloudFront Function on the default behavior only (so /api errors are never masked).
import * as fs from 'node:fs';
import { DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

/** Viewer-request rewrite: any path whose last segment has no extension is an app route. */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

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
}

export class Site extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  /** Profile images uploaded by collectives (presigned PUT), served under /uploads/*. */
  readonly uploadsBucket: Bucket;
  readonly distribution: Distribution;
  readonly deployment: BucketDeployment;
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
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve /index.html for extension-less paths (SPA deep links)',
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'nil-cards web app and /api',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        '/uploads/*': {
          origin: S3BucketOrigin.withOriginAccessControl(this.uploadsBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        },
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          // A redirect would drop POST bodies (webhooks): refuse plain HTTP instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: ResponseHeadersPolicy.SECURITY_HEADERS,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-CFR1',
        reason: 'Fans buy cards from anywhere; no country is excluded by the product, so no geo restriction applies.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-CFR2',
        reason: 'No WAF web ACL yet (fixed monthly cost for a small launch); abuse is bounded by HTTP API stage and per-route throttling and by HMAC verification of webhooks.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-CFR4',
        reason: 'The distribution uses the default *.cloudfront.net certificate, where CloudFront fixes the security policy (TLSv1); a minimum TLS version needs a custom domain and ACM certificate, which this stack does not have yet.',
      },
    );

    this.url = `https://${this.distribution.distributionDomainName}`;

    const source: ISource = fs.existsSync(props.webBuildDir)
      ? Source.asset(props.webBuildDir)
      : Source.data('index.html', PLACEHOLDER_HTML);
    this.deployment = new BucketDeployment(this, 'Deploy', {
      sources: props.runtimeConfig ? [source, Source.jsonData('config.json', props.runtimeConfig)] : [source],
      destinationBucket: this.bucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 256,
    });
    this.acknowledgeDeploymentHandler();
  }

  /** BucketDeployment's handler is a CDK-provided singleton at stack level, outside this scope. */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('BucketDeployment handler not found: cdk-nag acknowledgements would not apply');
    const show = (v: string, placeholder: string) => (Token.isUnresolved(v) ? placeholder : v);
    const qualifier: string =
      this.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
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
        reason: `CDK-generated BucketDeployment grant (${action}): it reads the CDK asset bucket and replaces (syncs and prunes) every object of the web bucket; the actions are scoped to those two buckets.`,
      })),
      {
        id: `${iam5}[Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*]`,
        reason: 'CDK-generated BucketDeployment grant: reads the uploaded web build from the CDK bootstrap asset bucket (object keys are content hashes).',
      },
      {
        id: `${iam5}[Resource::<${webBucketId}.Arn>/*]`,
        reason: 'CDK-generated BucketDeployment grant: it writes and prunes all objects of the web bucket, which holds nothing but the web build.',
      },
      {
        id: `${iam5}[Resource::*]`,
        reason: 'CDK-generated BucketDeployment grant for cloudfront:CreateInvalidation/GetInvalidation after each deployment; granted by aws-cdk-lib without a distribution ARN.',
      },
    );
  }
}
