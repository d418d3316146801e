// The CDK app: one NilCardsStack, configured from context (-c key=value) or the environment,
// checked by cdk-nag's AwsSolutions pack on every synth.
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { NilCardsStack } from './stack';

export const PROJECT_ROOT = path.resolve(__dirname, '..');

export interface AppConfig {
  readonly countTestOrders: boolean;
  readonly shopifySecretName?: string;
  readonly webBuildDir: string;
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
  };
}

export function buildApp(app: App = new App()): { app: App; stack: NilCardsStack } {
  const config = readConfig(app);
  const stack = new NilCardsStack(app, 'NilCardsStack', {
    ...config,
    projectRoot: PROJECT_ROOT,
    description: 'NIL cards marketplace: Orders table, HTTP API with Lambdas, S3 + CloudFront site',
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

if (require.main === module) {
  buildApp();
}
