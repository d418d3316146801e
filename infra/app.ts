// The CDK app: NilCardsStack, configured from context (-c key=value) or the environment, checked
// by cdk-nag's AwsSolutions pack on every synth. CloudFront's WAF web ACL must be created in
// us-east-1: in that region (or for an environment-agnostic synth) it is part of NilCardsStack;
// in any other region the app adds NilCardsEdgeStack in us-east-1 for it.
import * as path from 'node:path';
import { Annotations, App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { WAF_REGION } from './constructs/waf';
import { NilCardsEdgeStack } from './edge-stack';
import { NilCardsStack } from './stack';

export const PROJECT_ROOT = path.resolve(__dirname, '..');

export interface AppConfig {
  readonly countTestOrders: boolean;
  readonly shopifySecretName?: string;
  readonly webBuildDir: string;
  readonly demo?: { athleteId: number; collectiveId: number; buyerEmail: string };
  readonly google?: { clientId: string; clientSecretName: string; siteUrl: string; domainPrefix: string };
  /** Scheduled Shopify reconciliation: the Admin API secret's name (and the store, unless in the secret). */
  readonly reconcile?: { adminSecretName: string; storeDomain?: string };
  readonly alarmEmail?: string;
  /** The Buy Button's store: the same VITE_SHOPIFY_STORE_DOMAIN the web build reads, so the CSP matches the build. */
  readonly storefrontDomain?: string;
  /** Rotation stamp of the origin secret (docs/RUNBOOK.md). */
  readonly originSecretRotation?: string;
  /** Notification emails: the sender, the domain to verify, the site's URL for links (docs/RUNBOOK.md "Email"). */
  readonly mail?: { from?: string; domain?: string; siteUrl?: string };
}

/** Context wins over the environment; the web build path is relative to the repository root. */
export function readConfig(app: App, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const read = (key: string, envKey: string): string | undefined => {
    const v: unknown = app.node.tryGetContext(key) ?? env[envKey];
    return v === undefined || v === null || v === '' ? undefined : String(v);
  };
  return {
    countTestOrders: read('countTestOrders', 'COUNT_TEST_ORDERS') === 'true',
    shopifySecretName: read('shopifySecretName', 'SHOPIFY_SECRET_NAME'),
    webBuildDir: path.resolve(PROJECT_ROOT, read('webBuildDir', 'WEB_BUILD_DIR') ?? 'web/dist'),
    demo: read('demo', 'DEMO') === 'true' ? { athleteId: 1, collectiveId: 1, buyerEmail: 'demo.fan@example.com' } : undefined,
    google: googleConfig(read),
    reconcile: reconcileConfig(read),
    alarmEmail: read('alarmEmail', 'ALARM_EMAIL'),
    storefrontDomain: read('storefrontDomain', 'VITE_SHOPIFY_STORE_DOMAIN'),
    originSecretRotation: read('originSecretRotation', 'ORIGIN_SECRET_ROTATION'),
    mail: {
      from: read('mailFrom', 'MAIL_FROM'),
      domain: read('mailDomain', 'MAIL_DOMAIN'),
      siteUrl: read('siteUrl', 'SITE_URL')?.replace(/\/+$/, ''),
    },
  };
}

/** Google sign-in needs the client id, the secret's name and the site URL Google returns to. */
function googleConfig(read: (key: string, envKey: string) => string | undefined): AppConfig['google'] {
  const clientId = read('googleClientId', 'GOOGLE_CLIENT_ID');
  const clientSecretName = read('googleSecretName', 'GOOGLE_SECRET_NAME');
  if (!clientId || !clientSecretName) return undefined;
  const siteUrl = read('siteUrl', 'SITE_URL');
  if (!siteUrl) throw new Error('Google sign-in needs -c siteUrl=https://<your CloudFront domain> (the SiteUrl output of a first deploy)');
  return { clientId, clientSecretName, siteUrl: siteUrl.replace(/\/$/, ''), domainPrefix: read('authDomainPrefix', 'AUTH_DOMAIN_PREFIX') ?? 'drift-nil-cards' };
}

/** Reconciliation runs only when the Admin API secret is named (-c shopifyAdminSecretName=...). */
function reconcileConfig(read: (key: string, envKey: string) => string | undefined): AppConfig['reconcile'] {
  const adminSecretName = read('shopifyAdminSecretName', 'SHOPIFY_ADMIN_SECRET_NAME');
  return adminSecretName ? { adminSecretName, storeDomain: read('shopifyStoreDomain', 'SHOPIFY_STORE_DOMAIN') } : undefined;
}

export function buildApp(app: App = new App(), env: NodeJS.ProcessEnv = process.env): { app: App; stack: NilCardsStack; edge?: NilCardsEdgeStack } {
  const config = readConfig(app, env);
  const account = env.CDK_DEFAULT_ACCOUNT;
  const region = env.CDK_DEFAULT_REGION;
  const edge =
    region && region !== WAF_REGION
      ? new NilCardsEdgeStack(app, 'NilCardsEdgeStack', {
          description: 'NIL cards marketplace: the CloudFront WAF web ACL (us-east-1 only)',
          env: { account, region: WAF_REGION },
          crossRegionReferences: true,
        })
      : undefined;
  const stack = new NilCardsStack(app, 'NilCardsStack', {
    ...config,
    projectRoot: PROJECT_ROOT,
    description: 'NIL cards marketplace: Orders table, HTTP API with Lambdas, S3 + CloudFront site',
    env: { account, region },
    webAclArn: edge?.waf.webAclArn,
    crossRegionReferences: edge !== undefined,
  });
  if (edge) {
    Annotations.of(stack).acknowledgeWarning(
      '@aws-cdk/core:crossStackReferencesDefaultStrong',
      'Strong is what we want: the edge stack cannot delete the web ACL export while the distribution still uses it.',
    );
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, edge };
}

if (require.main === module) {
  buildApp();
}
