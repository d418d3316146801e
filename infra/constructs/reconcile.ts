// Scheduled reconciliation with the Shopify Admin API (Shopify does not guarantee webhook
// delivery): a Lambda that replays the orders updated since its checkpoint through ingest(), run by
// an EventBridge schedule. Created only when the Admin API secret is configured
// (-c shopifyAdminSecretName=...); the secret is the operator's, not created here.
import * as path from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { RECONCILE_PARTITIONS } from '#lambdas/platform/key-access';
import { ApiFunction } from './api-function';

export const RECONCILE_ENTRY = 'lambdas/orders/reconcile.handler.ts';

export interface ReconcileProps {
  readonly table: ITable;
  readonly tableIndexNames: readonly string[];
  /** Secrets Manager name of the Admin API token: the bare token, or JSON {"storeDomain", "accessToken"}. */
  readonly adminSecretName: string;
  /** The shop's domain (my-shop.myshopify.com) when the secret holds only the token. */
  readonly storeDomain?: string;
  readonly countTestOrders: boolean;
  readonly projectRoot: string;
  /** @default every 30 minutes */
  readonly every?: Duration;
}

export class Reconcile extends Construct {
  readonly function: ApiFunction;
  readonly rule: Rule;
  readonly adminSecret: ISecret;

  constructor(scope: Construct, id: string, props: ReconcileProps) {
    super(scope, id);
    this.adminSecret = Secret.fromSecretNameV2(this, 'AdminSecret', props.adminSecretName);
    this.function = new ApiFunction(this, 'ReconcileFunction', {
      entry: path.join(props.projectRoot, RECONCILE_ENTRY),
      description: 'nil-cards reconcile: replays Shopify orders updated since the checkpoint through ingestion',
      // Pages of 250 orders, each ingested in one transaction: minutes, not seconds, after an outage.
      timeout: Duration.minutes(10),
      environment: {
        COUNT_TEST_ORDERS: String(props.countTestOrders),
        SHOPIFY_ADMIN_SECRET_ARN: this.adminSecret.secretArn,
        ...(props.storeDomain ? { SHOPIFY_STORE_DOMAIN: props.storeDomain } : {}),
      },
    });
    this.function.bindTable(props.table, 'write', props.tableIndexNames, RECONCILE_PARTITIONS);
    this.adminSecret.grantRead(this.function);

    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the Shopify reconciliation (missed webhooks) every 30 minutes',
      schedule: Schedule.rate(props.every ?? Duration.minutes(30)),
      targets: [new LambdaFunction(this.function, { retryAttempts: 2, maxEventAge: Duration.minutes(25) })],
    });

    const stack = Stack.of(this);
    Validations.of(this.function).acknowledge({
      id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${props.adminSecretName}-??????]`,
      reason: `The Admin API secret is referenced by name (${stack.resolve(props.adminSecretName)}); Secrets Manager appends a random 6-character suffix to every secret ARN, so the grant names the secret and wildcards only that suffix.`,
    });
  }
}
