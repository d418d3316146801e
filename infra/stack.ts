// NilCardsStack: wires the constructs (data, secrets, api, site) and publishes the outputs an
// operator needs after `cdk deploy`. No resources are defined here directly.
import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { Data } from './constructs/data';
import { Secrets } from './constructs/secrets';
import { Site } from './constructs/site';

export interface NilCardsStackProps extends StackProps {
  /** Whether Shopify test orders count in the figures. */
  readonly countTestOrders: boolean;
  /** Secrets Manager name of the webhook signing secret. @default Secrets' default name */
  readonly shopifySecretName?: string;
  /** Absolute path of the web build (Vite dist). */
  readonly webBuildDir: string;
  /** Repository root (where lambdas/ lives). */
  readonly projectRoot: string;
}

export class NilCardsStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly api: Api;
  readonly site: Site;

  constructor(scope: Construct, id: string, props: NilCardsStackProps) {
    super(scope, id, props);

    this.data = new Data(this, 'Data');
    this.secrets = new Secrets(this, 'Secrets', { webhookSecretName: props.shopifySecretName });
    this.api = new Api(this, 'Api', {
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      webhookSecret: this.secrets.webhookSecret,
      countTestOrders: props.countTestOrders,
      projectRoot: props.projectRoot,
    });
    this.site = new Site(this, 'Site', { apiDomainName: this.api.domainName, webBuildDir: props.webBuildDir });

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The web app (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'HTTP API endpoint (routes under /api)' });
    new CfnOutput(this, 'WebhookUrl', {
      value: `${this.site.url}/api/webhooks/shopify`,
      description: 'Register this URL for the Shopify order and refund webhook topics',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'WebhookSecretName', {
      value: this.secrets.webhookSecretName,
      description: 'Put the Shopify webhook signing secret here',
    });
  }
}
