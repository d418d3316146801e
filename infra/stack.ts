// NilCardsStack: wires the constructs (data, secrets, auth, api, site, reconcile, monitoring) and publishes the outputs an
// operator needs after `cdk deploy`. No resources are defined here directly.
import { CfnOutput, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './constructs/api';
import { Auth, type DemoAccounts, type GoogleSignIn } from './constructs/auth';
import { Data } from './constructs/data';
import { Monitoring } from './constructs/monitoring';
import { Reconcile } from './constructs/reconcile';
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
  /** The public demo tenant and its role-word accounts (off unless the demo flag is given). */
  readonly demo?: DemoAccounts;
  /** Google sign-in through Cognito (only when a Google client id and secret are given). */
  readonly google?: GoogleSignIn;
  /** Scheduled Shopify reconciliation (only when the Admin API secret is named). */
  readonly reconcile?: { readonly adminSecretName: string; readonly storeDomain?: string };
  /** E-mail subscribed to the alarm topic. */
  readonly alarmEmail?: string;
}

export class NilCardsStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly api: Api;
  readonly site: Site;
  readonly auth: Auth;
  readonly reconcile?: Reconcile;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: NilCardsStackProps) {
    super(scope, id, props);

    this.data = new Data(this, 'Data');
    this.secrets = new Secrets(this, 'Secrets', { webhookSecretName: props.shopifySecretName });
    this.auth = new Auth(this, 'Auth', { demo: props.demo, google: props.google });
    this.api = new Api(this, 'Api', {
      auth: { issuer: this.auth.issuer, clientIds: [this.auth.client.userPoolClientId] },
      demo: props.demo,
      table: this.data.table,
      tableIndexNames: this.data.indexNames,
      webhookSecret: this.secrets.webhookSecret,
      countTestOrders: props.countTestOrders,
      projectRoot: props.projectRoot,
    });
    this.site = new Site(this, 'Site', {
      apiDomainName: this.api.domainName,
      webBuildDir: props.webBuildDir,
      runtimeConfig: {
        auth: {
          region: this.region,
          userPoolId: this.auth.userPool.userPoolId,
          clientId: this.auth.client.userPoolClientId,
          endpoint: `https://cognito-idp.${this.region}.amazonaws.com/`,
          googleEnabled: Boolean(props.google),
          ...(this.auth.oauthDomain ? { oauthDomain: this.auth.oauthDomain } : {}),
        },
        demo: { athleteId: props.demo?.athleteId ?? 1, collectiveId: props.demo?.collectiveId ?? 1, enabled: Boolean(props.demo) },
      },
    });

    if (props.reconcile) {
      this.reconcile = new Reconcile(this, 'Reconcile', {
        ...props.reconcile,
        table: this.data.table,
        tableIndexNames: this.data.indexNames,
        countTestOrders: props.countTestOrders,
        projectRoot: props.projectRoot,
      });
    }
    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage: this.api.stage,
      functions: new Map([...this.api.functions, ...(this.reconcile ? [['reconcile', this.reconcile.function] as const] : [])]),
      alarmEmail: props.alarmEmail,
    });

    // Collectives upload profile images through presigned PUTs to the uploads bucket.
    const admin = this.api.functions.get('admin');
    if (admin) {
      admin.addEnvironment('UPLOADS_BUCKET', this.site.uploadsBucket.bucketName);
      admin.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.site.uploadsBucket.arnForObjects('uploads/*')] }));
      Validations.of(admin).acknowledge({
        id: 'AwsSolutions::AwsSolutions-IAM5[Resource::<SiteUploadsBucketECFF07D3.Arn>/uploads/*]',
        reason: 'Uploads get random object keys (uploads/{uuid}.{ext}) chosen by the handler, so the grant covers that prefix; only s3:PutObject, only in the uploads bucket.',
      });
    }

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The web app (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'HTTP API endpoint (routes under /api)' });
    new CfnOutput(this, 'WebhookUrl', {
      value: `${this.site.url}/api/webhooks/shopify`,
      description: 'Register this URL for the Shopify order and refund webhook topics',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId, description: 'Cognito user pool: link users to athletes/collectives with custom:athleteId / custom:collectiveId and the groups' });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn, description: 'Alarms (webhook 5xx rate, unsettled conflicts, function errors) publish here' });
    new CfnOutput(this, 'WebhookSecretName', {
      value: this.secrets.webhookSecretName,
      description: 'Put the Shopify webhook signing secret here',
    });
  }
}
