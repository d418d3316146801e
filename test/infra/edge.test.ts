// Infra layer, the edge: the WAF web ACL (rules, limits, association, the us-east-1 placement),
// CloudFront's origin header to the API, the security headers policy and the two web deployments
// that keep earlier builds' hashed assets (issue #15). Synthesised without bundling (wiring only).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { DEFAULT_RATE_LIMITS, RATE_WINDOW_SECONDS, SHOPIFY_HMAC_HEADER_LENGTH } from '../../infra/constructs/waf';
import { NilCardsStack } from '../../infra/stack';
import { ORIGIN_VERIFY_HEADER } from '#lambdas/platform/origin-verify';

jest.setTimeout(120_000);

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }>;
interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
    suppressedViolations?: { ruleName: string }[];
  }[];
}

function synth(context: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) {
  const app = new App({ context: { webBuildDir: 'web/__no_such_build__', 'aws:cdk:bundling-stacks': [], ...context } });
  const built = buildApp(app, env);
  const assembly = app.synth();
  const template = (stack: { artifactId: string }) => Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template);
  const reportFile = path.join(app.outdir, 'validation-report.json');
  const report: ValidationReport = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) : { pluginReports: [] };
  return { ...built, template, report };
}

const unsuppressed = (report: ValidationReport) =>
  report.pluginReports.flatMap((p) => p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} at ${c.constructPath}`)));

const only = (template: Template, type: string) => {
  const found = Object.entries(template.findResources(type) as Resources);
  expect(found).toHaveLength(1);
  return found[0];
};

type Rule = { Name: string; Priority: number; Action?: Record<string, unknown>; OverrideAction?: unknown; Statement: Record<string, any> };

describe('WAF web ACL, same stack (us-east-1 or an environment-agnostic synth)', () => {
  let template: Template;
  let report: ValidationReport;
  let rules: Rule[];

  beforeAll(() => {
    const result = synth({});
    template = result.template(result.stack);
    report = result.report;
    expect(result.edge).toBeUndefined();
    rules = (only(template, 'AWS::WAFv2::WebACL')[1].Properties.Rules as Rule[]).sort((a, b) => a.Priority - b.Priority);
  });

  it('is a CLOUDFRONT web ACL attached to the distribution, and the template refuses regions other than us-east-1', () => {
    const [aclId, acl] = only(template, 'AWS::WAFv2::WebACL');
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [aclId, 'Arn'] } }) });
    const rule = (template.toJSON().Rules as Record<string, { Assertions: { Assert: unknown }[] }>).WebAclNeedsUsEast1;
    expect(rule.Assertions[0].Assert).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] });
  });

  it('blocks webhook requests without a signature-shaped X-Shopify-Hmac-Sha256 first', () => {
    const [unsigned] = rules;
    expect(unsigned).toMatchObject({ Name: 'WebhookUnsigned', Priority: 0, Action: { Block: {} } });
    const [path, notSigned] = unsigned.Statement.AndStatement.Statements;
    // Shopify's path only: Stripe's webhook (/api/webhooks/stripe) carries Stripe-Signature instead.
    expect(path.ByteMatchStatement).toMatchObject({
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      SearchString: '/api/webhooks/shopify',
    });
    expect(path.ByteMatchStatement.TextTransformations.map((t: { Type: string }) => t.Type)).toEqual(['URL_DECODE', 'LOWERCASE']);
    expect(notSigned.NotStatement.Statement.SizeConstraintStatement).toMatchObject({
      FieldToMatch: { SingleHeader: { Name: 'x-shopify-hmac-sha256' } },
      ComparisonOperator: 'EQ',
      Size: SHOPIFY_HMAC_HEADER_LENGTH,
    });
    // Base64 of an HMAC-SHA256 is always 44 characters, the length the rule requires.
    expect(Buffer.alloc(32).toString('base64')).toHaveLength(SHOPIFY_HMAC_HEADER_LENGTH);
  });

  it('limits per IP: generous for signed-looking webhooks, strict for the waiting list, moderate for the rest of /api', () => {
    const byName = Object.fromEntries(rules.map((r) => [r.Name, r]));
    const rate = (name: string) => byName[name].Statement.RateBasedStatement;
    expect(rate('WebhookPerIp')).toMatchObject({ AggregateKeyType: 'IP', Limit: DEFAULT_RATE_LIMITS.webhookPerIp, EvaluationWindowSec: RATE_WINDOW_SECONDS });
    expect(rate('WebhookPerIp').ScopeDownStatement.ByteMatchStatement.SearchString).toBe('/api/webhooks/');
    expect(rate('WaitlistPerIp')).toMatchObject({ AggregateKeyType: 'IP', Limit: DEFAULT_RATE_LIMITS.waitlistPerIp });
    const [method, waitlist] = rate('WaitlistPerIp').ScopeDownStatement.AndStatement.Statements;
    expect([method.ByteMatchStatement.SearchString, waitlist.ByteMatchStatement.SearchString]).toEqual(['POST', '/api/waitlist']);
    expect(rate('ApiPerIp')).toMatchObject({ AggregateKeyType: 'IP', Limit: DEFAULT_RATE_LIMITS.apiPerIp });
    const [api, notWebhook] = rate('ApiPerIp').ScopeDownStatement.AndStatement.Statements;
    expect([api.ByteMatchStatement.SearchString, notWebhook.NotStatement.Statement.ByteMatchStatement.SearchString]).toEqual(['/api/', '/api/webhooks/']);
    // Shopify's pool gets far more room per address than a browser; the waiting list the least.
    expect(DEFAULT_RATE_LIMITS.webhookPerIp).toBeGreaterThan(DEFAULT_RATE_LIMITS.apiPerIp);
    expect(DEFAULT_RATE_LIMITS.apiPerIp).toBeGreaterThan(DEFAULT_RATE_LIMITS.waitlistPerIp);
    for (const name of ['WebhookPerIp', 'WaitlistPerIp', 'ApiPerIp']) {
      expect(byName[name].Action).toEqual({
        Block: { CustomResponse: { ResponseCode: 429, ResponseHeaders: [{ Name: 'retry-after', Value: String(RATE_WINDOW_SECONDS) }] } },
      });
    }
  });

  it('applies the AWS managed rule groups everywhere except the webhook (large signed JSON bodies pass)', () => {
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([
      'AWSManagedRulesAmazonIpReputationList',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const r of managed) {
      expect(r.OverrideAction).toEqual({ None: {} });
      expect(r.Statement.ManagedRuleGroupStatement.ScopeDownStatement.NotStatement.Statement.ByteMatchStatement.SearchString).toBe('/api/webhooks/');
    }
    expect(rules.map((r) => r.Priority)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('fixes AwsSolutions-CFR2 instead of acknowledging it, with zero unsuppressed findings', () => {
    expect(unsuppressed(report)).toEqual([]);
    const suppressed = report.pluginReports.flatMap((p) => p.suppressedViolations ?? []).map((v) => v.ruleName);
    expect(suppressed).not.toContain('AwsSolutions-CFR2');
  });
});

describe('WAF web ACL for a site outside us-east-1', () => {
  it('lives in NilCardsEdgeStack (us-east-1), referenced across regions by the distribution', () => {
    const result = synth({}, { CDK_DEFAULT_REGION: 'eu-west-1', CDK_DEFAULT_ACCOUNT: '123456789012' });
    expect(unsuppressed(result.report)).toEqual([]);
    expect(result.edge?.region).toBe('us-east-1');
    expect(result.stack.region).toBe('eu-west-1');
    const edge = result.template(result.edge!);
    const site = result.template(result.stack);
    edge.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    site.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(site.toJSON().Rules?.WebAclNeedsUsEast1).toBeUndefined();
    const [readerId] = only(site, 'Custom::CrossRegionExportReader');
    const config = only(site, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as { WebACLId: { 'Fn::GetAtt': [string, string] } };
    expect(config.WebACLId['Fn::GetAtt'][0]).toBe(readerId);
  });

  it('keeps it in NilCardsStack in us-east-1, without the region rule', () => {
    const result = synth({}, { CDK_DEFAULT_REGION: 'us-east-1', CDK_DEFAULT_ACCOUNT: '123456789012' });
    expect(result.edge).toBeUndefined();
    const site = result.template(result.stack);
    site.resourceCountIs('AWS::WAFv2::WebACL', 1);
    expect(site.toJSON().Rules?.WebAclNeedsUsEast1).toBeUndefined();
  });

  it('refuses to create the web ACL in the site stack of another region', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    expect(
      () =>
        new NilCardsStack(app, 'Elsewhere', {
          env: { region: 'eu-west-1' },
          countTestOrders: false,
          webBuildDir: '/nonexistent',
          projectRoot: path.resolve(__dirname, '../..'),
        }),
    ).toThrow(/us-east-1/);
  });
});

describe('CloudFront to the API', () => {
  let template: Template;
  beforeAll(() => {
    const result = synth({});
    template = result.template(result.stack);
  });

  it('adds the origin secret as a header to /api requests, from the generated Secrets Manager value', () => {
    const [secretId, secret] = Object.entries(template.findResources('AWS::SecretsManager::Secret') as Resources).find(([id]) =>
      id.startsWith('SecretsOriginVerifySecret'),
    )!;
    expect(secret.Properties.GenerateSecretString).toMatchObject({ GenerateStringKey: 'current', PasswordLength: 48, ExcludePunctuation: true });
    const config = only(template, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as {
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    };
    const apiOriginId = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!.TargetOriginId;
    const apiOrigin = config.Origins.find((o) => o.Id === apiOriginId)!;
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:current::}}']] } },
    ]);
    // The S3 origins do not get it.
    expect(config.Origins.filter((o) => o.OriginCustomHeaders)).toHaveLength(1);
  });

  it('lets only the authorizer read the origin secret, and points ApiUrl and WebhookUrl through CloudFront', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources).filter((p) =>
      JSON.stringify(p.Properties).includes('SecretsOriginVerifySecret'),
    );
    expect(policies).toHaveLength(1);
    expect(JSON.stringify(policies[0].Properties.Roles)).toContain('ApiOriginVerifyFunction');
    for (const name of ['ApiUrl', 'WebhookUrl']) {
      const value = JSON.stringify(template.toJSON().Outputs[name].Value);
      expect([name, value.includes('SiteDistribution') && !value.includes('execute-api')]).toEqual([name, true]);
    }
  });

  it('caps the webhook route for all senders together at five times the per-IP WAF limit', () => {
    const stage = only(template, 'AWS::ApiGatewayV2::Stage')[1].Properties as { RouteSettings: Record<string, { ThrottlingRateLimit: number }> };
    const routeRate = stage.RouteSettings['POST /api/webhooks/shopify'].ThrottlingRateLimit;
    expect(routeRate * RATE_WINDOW_SECONDS).toBe(5 * DEFAULT_RATE_LIMITS.webhookPerIp);
  });
});

describe('security headers', () => {
  it('attaches one policy with the CSP, HSTS, nosniff, SAMEORIGIN and referrer policy to every behavior', () => {
    const result = synth({});
    const template = result.template(result.stack);
    const [policyId, policy] = only(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const security = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, any> }).SecurityHeadersConfig;
    expect(security).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'SAMEORIGIN', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    // The policy with its references shown as <LogicalId>.
    const parts = security.ContentSecurityPolicy.ContentSecurityPolicy['Fn::Join'][1] as (string | { Ref: string })[];
    const csp = parts.map((p) => (typeof p === 'string' ? p : `<${p.Ref}>`)).join('');
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Cognito's user-pool API and the uploads bucket's presigned-PUT host, nothing else.
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/cognito-idp\.<AWS::Region>\.amazonaws\.com https:\/\/<SiteUploadsBucket\w+>\.s3\.<AWS::Region>\.<AWS::URLSuffix>;/,
    );
    expect(csp).not.toContain('shopify');
    expect(csp).not.toContain('unsafe');
    const config = only(template, 'AWS::CloudFront::Distribution')[1].Properties.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
      CacheBehaviors: { ResponseHeadersPolicyId: unknown }[];
    };
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
  });

  it('allows the Buy Button origins only when a store is configured, and the Google sign-in domain when Google is', () => {
    const result = synth({ storefrontDomain: 'drift-cards.myshopify.com', googleClientId: 'g', googleSecretName: 'google', siteUrl: 'https://d.example' });
    const csp = JSON.stringify(result.template(result.stack).findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(csp).toContain("script-src 'self' https://sdks.shopifycdn.com 'unsafe-eval'");
    expect(csp).toContain('https://drift-cards.myshopify.com');
    expect(csp).toContain('https://cdn.shopify.com');
    expect(csp).toMatch(/https:\/\/drift-nil-cards\.auth\./);
  });
});

describe('web deployments (deploys never break an open tab)', () => {
  let template: Template;
  let buildDir: string;

  beforeAll(() => {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
    fs.mkdirSync(path.join(buildDir, 'assets'));
    fs.writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc12345.js"></script>');
    fs.writeFileSync(path.join(buildDir, 'assets', 'index-abc12345.js'), 'export {};');
    const result = synth({ webBuildDir: buildDir });
    template = result.template(result.stack);
  });
  afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

  it('deploys hashed assets without pruning, immutable for a year, and never invalidates for them', () => {
    const deployments = Object.entries(template.findResources('Custom::CDKBucketDeployment') as Resources);
    expect(deployments).toHaveLength(2);
    const [, assets] = deployments.find(([id]) => id.startsWith('SiteDeployAssets'))!;
    expect(assets.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'assets/',
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(assets.Properties.DistributionId).toBeUndefined();
  });

  it('deploys index.html and config.json with no-cache after the assets, pruning everything but assets/', () => {
    const deployments = Object.entries(template.findResources('Custom::CDKBucketDeployment') as Resources);
    const [assetsId] = deployments.find(([id]) => id.startsWith('SiteDeployAssets'))!;
    const [, shell] = deployments.find(([id]) => id.startsWith('SiteDeployCustomResource'))!;
    expect(shell.Properties).toMatchObject({ Prune: true, Exclude: ['assets/*'], SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/*'] });
    expect(shell.Properties.DestinationBucketKeyPrefix).toBeUndefined();
    expect((shell.Properties.SourceObjectKeys as unknown[]).length).toBe(2); // the build and config.json
    expect(shell.DependsOn).toContain(assetsId);
  });

  it('keeps the SPA deep-link rewrite on the default behavior', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({ FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })] }),
      }),
    });
  });
});
