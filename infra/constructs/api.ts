// The HTTP API: one Lambda per distinct function of ROUTES (local-only routes excluded), each
// route taken from ROUTES, access-logged, throttled per stage and tighter on the public POSTs.
// Reached through CloudFront only: owner routes need a Cognito token (JWT authorizer), open routes
// need CloudFront's origin header (Lambda authorizer, lambdas/platform/origin-verify.ts), so the
// execute-api URL is no way around the WAF web ACL on CloudFront.
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer, HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '#lambdas/platform/origin-verify';
import { FUNCTION_RUNTIME, FUNCTION_SECRETS, FUNCTION_TABLE_ACCESS, FUNCTION_WRITE_PARTITIONS, ROUTES, functionEntry } from '#lambdas/routes';
import type { FunctionName, RouteDef } from '#lambdas/routes';
import { ApiFunction } from './api-function';

export const DEMO_BUYER_EMAIL = 'demo.fan@example.com';
export const ORIGIN_VERIFY_ENTRY = 'lambdas/platform/origin-verify.handler.ts';

/** Stage-wide throttle (requests per second / burst). */
const STAGE_THROTTLE = { rateLimit: 100, burstLimit: 200 } as const;
/** Unauthenticated POSTs that write to the table get their own limit. The webhook's is for all
 * senders together; WAF limits each sending IP to a fifth of it (infra/constructs/waf.ts), so a
 * few flooding addresses cannot use it all up and crowd Shopify out. */
const TIGHT_ROUTES: Record<string, { rateLimit: number; burstLimit: number }> = {
  'POST /api/webhooks/shopify': { rateLimit: 100, burstLimit: 200 },
  'POST /api/waitlist': { rateLimit: 5, burstLimit: 10 },
};

/** HTTP API context variables (no request bodies, no headers: webhook payloads hold emails). */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
};

export interface ApiProps {
  readonly table: ITable;
  /** GSI names of the table; Query grants are scoped to each index. */
  readonly tableIndexNames: readonly string[];
  readonly webhookSecret: ISecret;
  /** Stripe's secret key and webhook signing secrets (JSON {"secretKey", "webhookSecrets"}): read by FUNCTION_SECRETS' 'stripe' functions only. */
  readonly stripeSecret?: ISecret;
  /** The site's https origin (Stripe onboarding's return pages). */
  readonly siteUrl?: string;
  /** The origin header's secret (JSON {"current"}); open routes accept only requests carrying it. */
  readonly originSecret: ISecret;
  /** Whether Shopify test orders count in the figures (COUNT_TEST_ORDERS). */
  readonly countTestOrders: boolean;
  /** Repository root, where lambdas/ lives. */
  readonly projectRoot: string;
  /** Cognito token issuer and app client ids: every non-public route gets the JWT authorizer. */
  readonly auth: { readonly issuer: string; readonly clientIds: string[] };
  /** Serve the public demo tenant (/api/demo/...) and its accounts. */
  readonly demo: { readonly athleteId: number; readonly collectiveId: number; readonly buyerEmail: string } | undefined;
}

/** Routes without the JWT authorizer: public reads and Shopify's HMAC-signed webhook (they get the
 * origin-header authorizer instead). */
export const isOpenRoute = (r: RouteDef): boolean => r.access === 'public' || r.access === 'webhook';

export const deployedRoutes = (): RouteDef[] => ROUTES.filter((r) => !r.localOnly);

export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** https://{id}.execute-api.{region}.amazonaws.com (no trailing slash). */
  readonly url: string;
  /** The API's host name, for the CloudFront origin. */
  readonly domainName: string;
  readonly functions: ReadonlyMap<FunctionName, ApiFunction>;
  /** The open routes' authorizer (checks CloudFront's origin header). */
  readonly originVerifyFunction: ApiFunction;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const routes = deployedRoutes();

    const functions = new Map<FunctionName, ApiFunction>();
    for (const fn of new Set(routes.map((r) => r.fn))) {
      const runtime = FUNCTION_RUNTIME[fn];
      const f = new ApiFunction(this, fnId(fn), {
        entry: path.join(props.projectRoot, functionEntry(fn)),
        description: `nil-cards ${fn} API`,
        environment: { ...functionEnvironment(fn, props.countTestOrders, props.demo), ...(runtime?.nodeOptions ? { NODE_OPTIONS: runtime.nodeOptions } : {}) },
        ...(runtime?.memoryMb ? { memorySize: runtime.memoryMb } : {}),
      });
      f.bindTable(props.table, FUNCTION_TABLE_ACCESS[fn], props.tableIndexNames, FUNCTION_WRITE_PARTITIONS[fn]);
      if (fn === 'webhook') {
        f.addEnvironment('SHOPIFY_SECRET_ARN', props.webhookSecret.secretArn);
        props.webhookSecret.grantRead(f);
      }
      // The Stripe rail: only the functions FUNCTION_SECRETS names read the Stripe secret.
      if (FUNCTION_SECRETS[fn]?.includes('stripe') && props.stripeSecret) {
        f.addEnvironment('STRIPE_SECRET_ARN', props.stripeSecret.secretArn);
        if (props.siteUrl) f.addEnvironment('SITE_URL', props.siteUrl);
        props.stripeSecret.grantRead(f);
      }
      functions.set(fn, f);
    }
    this.functions = functions;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'nil-cards API (served to browsers through CloudFront under /api/*)',
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', props.auth.issuer, { jwtAudience: props.auth.clientIds });
    this.originVerifyFunction = new ApiFunction(this, 'OriginVerifyFunction', {
      entry: path.join(props.projectRoot, ORIGIN_VERIFY_ENTRY),
      description: 'nil-cards API authorizer: open routes answer only requests forwarded by CloudFront',
      environment: { ORIGIN_SECRET_ARN: props.originSecret.secretArn },
    });
    props.originSecret.grantRead(this.originVerifyFunction);
    // A request without the header is refused by API Gateway itself (401, no invocation); answers
    // are cached per header value, so CloudFront's traffic invokes the function a few times an hour.
    const originAuthorizer = new HttpLambdaAuthorizer('OriginVerifyAuthorizer', this.originVerifyFunction, {
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: Duration.minutes(5),
    });
    const integrations = new Map<FunctionName, HttpLambdaIntegration>();
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    for (const r of routes) {
      let integration = integrations.get(r.fn);
      if (!integration) {
        // One invoke permission per function for this API, not one per route: a permission per route
        // (146 of them) took the stack past CloudFormation's 500 resources.
        integration = new HttpLambdaIntegration(`${fnId(r.fn)}Integration`, functions.get(r.fn)!, { scopePermissionToRoute: false });
        integrations.set(r.fn, integration);
      }
      const [route] = this.httpApi.addRoutes({
        path: r.path,
        methods: [HttpMethod[r.method]],
        integration,
        authorizer: isOpenRoute(r) ? originAuthorizer : authorizer,
      });
      // Route settings name route keys: the stage must be created after those routes.
      if (TIGHT_ROUTES[`${r.method} ${r.path}`]) cfnStage.node.addDependency(route);
    }
    cfnStage.routeSettings = Object.fromEntries(
      Object.entries(TIGHT_ROUTES).map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }]),
    );

    const stack = Stack.of(this);
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.url = `https://${this.domainName}`;
  }
}

function fnId(fn: FunctionName): string {
  const camel = fn.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  return `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Function`;
}

export function functionEnvironment(fn: FunctionName, countTestOrders: boolean, demo: ApiProps['demo']): Record<string, string> {
  const demoEnv: Record<string, string> = demo
    ? { DEMO_MODE: 'true', DEMO_ATHLETE_ID: String(demo.athleteId), DEMO_COLLECTIVE_ID: String(demo.collectiveId), DEMO_BUYER_EMAIL: demo.buyerEmail }
    : { DEMO_MODE: 'false' };
  return fn === 'webhook' ? { COUNT_TEST_ORDERS: String(countTestOrders) } : demoEnv;
}
