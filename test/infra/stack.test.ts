// Infra layer: assertions on the synthesised NilCardsStack and the cdk-nag AwsSolutions gate.
// The app is built once (bundling seven functions takes a while) and shared by every test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { SPA_REWRITE_CODE } from '../../infra/constructs/site';
import type { NilCardsStack } from '../../infra/stack';
import { ITEM_WRITE_ACTIONS } from '../../infra/constructs/api-function';
import { ORIGIN_VERIFY_HEADER } from '#lambdas/platform/origin-verify';
import { readNagReport, unsuppressedNagFindings } from '../support/nag';
import { FUNCTION_BATCH_READS, FUNCTION_RUNTIME, FUNCTION_SECRETS, FUNCTION_TABLE_ACCESS, FUNCTION_WRITE_PARTITIONS, ROUTES } from '#lambdas/routes';
import type { FunctionName } from '#lambdas/routes';

jest.setTimeout(120_000);

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

const deployed = ROUTES.filter((r) => !r.localOnly);
const deployedFns = [...new Set(deployed.map((r) => r.fn))];

let app: App;
let stack: NilCardsStack;
let template: Template;
let synthError: unknown;

beforeAll(() => {
  // Prepare: an app with the nag plugin, as infra/app.ts builds it; no web build directory, so the
  // placeholder page path is exercised too.
  app = new App({ context: { webBuildDir: 'web/__no_such_build__', countTestOrders: 'true', demo: 'true' } });
  ({ stack } = buildApp(app));
  try {
    template = Template.fromStack(stack);
  } catch (e) {
    // Validation failures (cdk-nag findings) abort synthesis after the template is written: the
    // nag tests report them, the assertions below still run on the written template.
    synthError = e;
    const file = path.join(app.outdir, stack.templateFile);
    if (fs.existsSync(file)) template = Template.fromJSON(JSON.parse(fs.readFileSync(file, 'utf8')));
  }
});

function resourcesOf(type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The Lambda function whose path (construct id) contains `Api/{Fn}Function/`. */
function functionResource(fn: FunctionName): [string, Resources[string]] {
  const camel = fn.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  const id = `${camel.charAt(0).toUpperCase()}${camel.slice(1)}Function`;
  const found = Object.entries(template.findResources('AWS::Lambda::Function') as Resources).filter(([logicalId]) => logicalId.startsWith(`Api${id}`));
  expect(found).toHaveLength(1);
  return found[0];
}

interface Statement {
  Action: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
}

/** The IAM statements of the role of one API function. */
function statementsOf(fn: FunctionName): Statement[] {
  const [, lambda] = functionResource(fn);
  const roleRef = (lambda.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const policies = Object.values(resourcesOf('AWS::IAM::Policy')).filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleRef));
  return policies.flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionList = (s: Statement): string[] => (Array.isArray(s.Action) ? s.Action : [s.Action]);

/** All IAM actions granted to the role of one API function. */
function actionsOf(fn: FunctionName): string[] {
  return statementsOf(fn).flatMap(actionList);
}

describe('NilCardsStack', () => {
  it('synthesises without validation errors', () => {
    expect(synthError).toBeUndefined();
  });

  describe('Orders table', () => {
    it('is built from TABLE_DEFINITION: keys, GSI1, TTL, PITR, on-demand, retained', () => {
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          BillingMode: 'PAY_PER_REQUEST',
          KeySchema: [
            { AttributeName: 'PK', KeyType: 'HASH' },
            { AttributeName: 'SK', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            Match.objectLike({
              IndexName: 'GSI1',
              KeySchema: [
                { AttributeName: 'GSI1PK', KeyType: 'HASH' },
                { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            }),
          ],
          TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      });
    });
  });

  describe('functions', () => {
    it('creates one Lambda per deployed function, Node 22 on arm64 (plus the CDK deployment handler)', () => {
      for (const fn of deployedFns) {
        const [, lambda] = functionResource(fn);
        expect(lambda.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Timeout: 10,
          MemorySize: FUNCTION_RUNTIME[fn]?.memoryMb ?? 256,
        });
      }
      const apiFunctions = Object.values(resourcesOf('AWS::Lambda::Function')).filter((f) => f.Properties.Runtime === 'nodejs22.x');
      // Plus the open routes' authorizer (CloudFront's origin header), the settle function, the
      // user pool's two age-screen triggers and the notifications' feed, sender and bounces.
      expect(apiFunctions).toHaveLength(deployedFns.length + 7);
      expect(deployedFns).not.toContain('checkout');
    });

    it('sets TABLE_NAME on every function and the function-specific settings', () => {
      for (const fn of deployedFns) {
        const [, lambda] = functionResource(fn);
        const vars = (lambda.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(vars.TABLE_NAME).toBeDefined();
      }
      const webhookVars = (functionResource('webhook')[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(webhookVars).toMatchObject({ COUNT_TEST_ORDERS: 'true' });
      expect(webhookVars.SHOPIFY_SECRET_ARN).toEqual({ Ref: expect.stringMatching(/^SecretsShopifyWebhookSecret/) });
      // The search function (its blocks in memory, all read on a cold start): 512 MB for the CPU, Node's defaults.
      const search = functionResource('search')[1].Properties;
      expect(search).toMatchObject({ MemorySize: 512 });
      expect((search.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS).toBeUndefined();
      const meVars = (functionResource('me')[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(meVars).toMatchObject({ DEMO_MODE: 'true', DEMO_BUYER_EMAIL: 'demo.fan@example.com', DEMO_ATHLETE_ID: '1', DEMO_COLLECTIVE_ID: '1' });
    });

    it('grants readers only GetItem and Query (and BatchGetItem to those that read in batches), never Scan or writes', () => {
      const readers = deployedFns.filter((fn) => FUNCTION_TABLE_ACCESS[fn] === 'read');
      expect(readers.length).toBeGreaterThan(0);
      expect(FUNCTION_BATCH_READS).toEqual(['search']);
      for (const fn of readers) {
        const dynamo = actionsOf(fn).filter((a) => a.startsWith('dynamodb:'));
        const batch = FUNCTION_BATCH_READS.includes(fn) ? ['dynamodb:BatchGetItem'] : [];
        expect([fn, new Set(dynamo)]).toEqual([fn, new Set(['dynamodb:GetItem', 'dynamodb:Query', ...batch])]);
        expect(dynamo).not.toContain('dynamodb:Scan');
        expect(dynamo).not.toContain('dynamodb:PutItem');
      }
    });

    it('grants writers item writes but never Scan', () => {
      for (const fn of deployedFns.filter((f) => FUNCTION_TABLE_ACCESS[f] === 'write')) {
        const actions = actionsOf(fn);
        expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem']));
        expect(actions).not.toContain('dynamodb:Scan');
        expect(actions.some((a) => a.includes('*'))).toBe(false);
      }
    });

    it("limits every writer's item writes to its declared partitions (dynamodb:LeadingKeys), reads unconditioned", () => {
      const writers = deployedFns.filter((f) => FUNCTION_TABLE_ACCESS[f] === 'write');
      expect(writers).toEqual(expect.arrayContaining(['webhook', 'waitlist', 'posts', 'admin', 'unattributed']));
      for (const fn of writers) {
        const statements = statementsOf(fn);
        const writing = statements.filter((s) => actionList(s).some((a) => (ITEM_WRITE_ACTIONS as readonly string[]).includes(a)));
        // Exactly one statement grants the item writes, and it carries the condition.
        expect([fn, writing.length]).toEqual([fn, 1]);
        expect(new Set(actionList(writing[0]))).toEqual(new Set(ITEM_WRITE_ACTIONS));
        expect([fn, writing[0].Condition]).toEqual([fn, { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...FUNCTION_WRITE_PARTITIONS[fn]] } }]);
        const reads = statements.filter((s) => actionList(s).includes('dynamodb:GetItem'));
        expect(reads.map((s) => s.Condition)).toEqual([undefined]);
      }
      expect(FUNCTION_WRITE_PARTITIONS.waitlist).toEqual(['WAITLIST#*']);
    });

    it('lets only the webhook function read the signing secret, and only the Stripe functions (FUNCTION_SECRETS) the Stripe secret', () => {
      expect(actionsOf('webhook')).toEqual(expect.arrayContaining(['secretsmanager:GetSecretValue']));
      const stripeFns = deployedFns.filter((f) => FUNCTION_SECRETS[f]?.includes('stripe'));
      expect(stripeFns.sort()).toEqual(['payments', 'stripe-webhook', 'support']);
      // The notifications function verifies unsubscribe links with the notifications' signing secret, and no other.
      for (const fn of deployedFns.filter((f) => f !== 'webhook' && f !== 'notifications' && !stripeFns.includes(f))) {
        expect(actionsOf(fn).filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
      }
      const notifySecretId = Object.keys(resourcesOf('AWS::SecretsManager::Secret')).find((id) => id.includes('NotificationsSigningSecret'))!;
      const notifyReads = statementsOf('notifications').filter((st) => actionList(st).some((a) => a.startsWith('secretsmanager:')));
      expect(notifyReads.map((st) => JSON.stringify((st as { Resource?: unknown }).Resource))).toEqual([JSON.stringify({ Ref: notifySecretId })]);
      const stripeSecretId = Object.keys(resourcesOf('AWS::SecretsManager::Secret')).find((id) => id.includes('StripeSecret'))!;
      for (const fn of stripeFns) {
        const [, resource] = functionResource(fn);
        expect((resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables.STRIPE_SECRET_ARN).toEqual({ Ref: stripeSecretId });
        expect(JSON.stringify(statementsOf(fn).filter((st) => actionList(st).includes('secretsmanager:GetSecretValue')))).toContain(stripeSecretId);
      }
      const [, webhookFn] = functionResource('webhook');
      expect((webhookFn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.STRIPE_SECRET_ARN).toBeUndefined();
      template.hasResourceProperties('AWS::SecretsManager::Secret', {
        Name: 'nil-cards/shopify-webhook-secret',
        GenerateSecretString: Match.anyValue(),
      });
      template.hasResourceProperties('AWS::SecretsManager::Secret', { Name: 'nil-cards/stripe', GenerateSecretString: Match.anyValue() });
    });
  });

  describe('HTTP API', () => {
    it('has a route for every deployed ROUTES entry and none for local-only ones', () => {
      const keys = Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
      expect(keys.sort()).toEqual(deployed.map((r) => `${r.method} ${r.path}`).sort());
      expect(keys.some((k) => String(k).includes('/api/checkout'))).toBe(false);
    });

    it('logs access and throttles the stage, tighter on the public POSTs', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
        DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
        RouteSettings: {
          'POST /api/webhooks/shopify': { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
          'POST /api/waitlist': { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
        },
      });
    });
  });

  describe('site', () => {
    it('keeps the web bucket private: Block Public Access, SSL only, encrypted, access-logged', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: Match.anyValue(),
        LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
      });
      for (const bucket of Object.values(resourcesOf('AWS::S3::Bucket'))) {
        expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
      }
      // One origin access control per private bucket origin: the web build and the uploads.
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    });

    it('routes /api/* to the HTTP API uncached and rewrites SPA deep links on the default behavior', () => {
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
          CacheBehaviors: Match.arrayWith([
            Match.objectLike({ PathPattern: '/uploads/*', ViewerProtocolPolicy: 'redirect-to-https' }),
            Match.objectLike({
              PathPattern: '/api/*',
              AllowedMethods: Match.arrayWith(['PUT', 'PATCH', 'POST', 'DELETE']),
              CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
              OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
            }),
          ]),
          Logging: Match.objectLike({ Bucket: Match.anyValue() }),
        }),
      });
      const [distribution] = Object.values(resourcesOf('AWS::CloudFront::Distribution'));
      // Distribution-wide error responses would turn /api 403/404 into index.html.
      expect((distribution.Properties.DistributionConfig as Record<string, unknown>).CustomErrorResponses).toBeUndefined();
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionCode: Match.stringLikeRegexp('/index.html'),
      });
    });

    it('rewrites extension-less paths to /index.html and leaves files alone', () => {
      // Prepare: the CloudFront Function source as a plain function.
      const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
      const rewrite = (uri: string) => handler({ request: { uri } }).uri;
      // Act + Assess
      expect(rewrite('/athlete/3')).toBe('/index.html');
      expect(rewrite('/collective/dashboard/')).toBe('/index.html');
      expect(rewrite('/')).toBe('/index.html');
      expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
      expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    });

    it('deploys the web build (or a placeholder) and invalidates the distribution', () => {
      template.hasResourceProperties('Custom::CDKBucketDeployment', {
        DistributionId: Match.anyValue(),
        DistributionPaths: ['/*'],
      });
    });
  });

  it('publishes the operator outputs', () => {
    for (const name of ['SiteUrl', 'ApiUrl', 'WebhookUrl', 'TableName', 'WebhookSecretName']) {
      template.hasOutput(name, Match.anyValue());
    }
    template.hasOutput('WebhookUrl', {
      Value: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('/api/webhooks/shopify$')])] },
    });
  });
});

describe('cdk-nag AwsSolutions', () => {
  const readReport = () => readNagReport(app.outdir);

  it('has zero unsuppressed errors and warnings', () => {
    expect(unsuppressedNagFindings(app.outdir, stack)).toEqual([]);
    expect(synthError).toBeUndefined();
  });

  it('gives every acknowledged finding a written reason', () => {
    const suppressed = (readReport()?.pluginReports ?? []).filter((p) => p.pluginName === 'AwsSolutions').flatMap((p) => p.suppressedViolations ?? []);
    expect(suppressed.length).toBeGreaterThan(0);
    for (const v of suppressed) {
      expect(v.reason?.trim().length ?? 0).toBeGreaterThan(30);
    }
  });

  describe('sign-in', () => {
    it('puts the Cognito JWT authorizer on every owner route and the origin-header authorizer on the public routes and the webhook', () => {
      const authorizers = Object.entries(resourcesOf('AWS::ApiGatewayV2::Authorizer'));
      expect(authorizers).toHaveLength(2);
      const [jwtId] = authorizers.find(([, a]) => a.Properties.AuthorizerType === 'JWT')!;
      const [originId, origin] = authorizers.find(([, a]) => a.Properties.AuthorizerType === 'REQUEST')!;
      expect(resourcesOf('AWS::ApiGatewayV2::Authorizer')[jwtId].Properties).toMatchObject({ IdentitySource: ['$request.header.Authorization'] });
      // Without the header API Gateway answers 401 itself; answers are cached per header value.
      expect(origin.Properties).toMatchObject({
        IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
        EnableSimpleResponses: true,
        AuthorizerResultTtlInSeconds: 300,
      });
      const routes = Object.values(resourcesOf('AWS::ApiGatewayV2::Route')).map(
        (r) => r.Properties as { RouteKey: string; AuthorizationType?: string; AuthorizerId?: { Ref: string } },
      );
      for (const r of deployed) {
        const route = routes.find((x) => x.RouteKey === `${r.method} ${r.path}`);
        expect(route).toBeDefined();
        const open = r.access === 'public' || r.access === 'webhook';
        expect([r.path, route!.AuthorizationType, route!.AuthorizerId]).toEqual([r.path, open ? 'CUSTOM' : 'JWT', { Ref: open ? originId : jwtId }]);
      }
    });

    it('has a user pool with email verification, the four groups (operator: the platform console) and a public web client that cannot write the links', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', { AutoVerifiedAttributes: ['email'], UsernameConfiguration: { CaseSensitive: false } });
      expect(
        Object.values(resourcesOf('AWS::Cognito::UserPoolGroup'))
          .map((g) => g.Properties.GroupName)
          .sort(),
      ).toEqual(['athlete', 'buyer', 'collective', 'operator']);
      const client = Object.values(resourcesOf('AWS::Cognito::UserPoolClient'))[0].Properties;
      expect(client.GenerateSecret).toBe(false);
      // SRP only (the password never leaves the browser), refresh tokens, and no user-existence errors.
      expect([...(client.ExplicitAuthFlows as string[])].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
      expect(client.PreventUserExistenceErrors).toBe('ENABLED');
      // The age band only, written once at sign-up (immutable) and checked by the pre sign-up trigger.
      expect([...(client.WriteAttributes as string[])].sort()).toEqual(['custom:ageBand', 'email']);
      expect(client.SupportedIdentityProviders).toEqual(['COGNITO']);
    });

    it('screens ages at sign-up: an immutable band, a pre sign-up trigger without table access, a post-confirmation trigger writing only people', () => {
      const pool = Object.values(resourcesOf('AWS::Cognito::UserPool'))[0].Properties;
      expect(pool.Schema).toEqual(expect.arrayContaining([expect.objectContaining({ Name: 'ageBand', Mutable: false, AttributeDataType: 'String' })]));
      const config = pool.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
      const [pre, post] = [config.PreSignUp['Fn::GetAtt'][0], config.PostConfirmation['Fn::GetAtt'][0]];
      expect(pre).toMatch(/^AuthPreSignUpFunction/);
      expect(post).toMatch(/^AuthPostConfirmationFunction/);
      const policies = Object.values(resourcesOf('AWS::IAM::Policy'));
      const statementsOfFn = (logicalId: string) => {
        const role = (resourcesOf('AWS::Lambda::Function')[logicalId].Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
        return policies
          .filter((p) => JSON.stringify(p.Properties.Roles).includes(role))
          .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
      };
      expect(
        statementsOfFn(pre)
          .flatMap(actionList)
          .filter((a) => a.startsWith('dynamodb:')),
      ).toEqual([]);
      const writes = statementsOfFn(post).filter((st) => actionList(st).includes('dynamodb:PutItem'));
      expect(writes.map((st) => st.Condition)).toEqual([{ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['PERSON#*'] } }]);
    });

    it('creates the demo accounts only with the demo flag, and deploys the runtime config', () => {
      const calls = Object.values(template.findResources('Custom::AWS') as Resources).map((r) => JSON.stringify(r.Properties));
      expect(calls.filter((c) => c.includes('adminCreateUser'))).toHaveLength(3);
      expect(calls.filter((c) => c.includes('adminAddUserToGroup'))).toHaveLength(3);
      const deployment = Object.values(template.findResources('Custom::CDKBucketDeployment') as Resources)[0];
      expect((deployment.Properties.SourceObjectKeys as unknown[]).length).toBe(2);
    });
  });
});
