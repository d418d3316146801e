// Stage 2 of ingestion (lambdas/orders/ingest-core.ts): the settle function applies the effects of
// the orders the webhook accepted. The Orders table's stream (keys only) triggers it for every new
// or changed PENDING marker (an event filter drops every other record before Lambda is invoked);
// a record it cannot settle is reported as a batch item failure and retried, then sent to a dead-
// letter queue; a schedule sweeps whatever is still pending every minute (a retry that gave up, a
// marker older than the stream's 24-hour window), so an accepted order is always applied.
import * as path from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { INGESTION_PARTITIONS } from '#lambdas/platform/key-access';
import { pendingPrefix } from '#lambdas/platform/keys';
import { ApiFunction } from './api-function';

export const SETTLE_ENTRY = 'lambdas/orders/settle.handler.ts';

export interface SettleProps {
  /** The Orders table; it must have a stream (Data turns it on). */
  readonly table: Table;
  readonly tableIndexNames: readonly string[];
  readonly countTestOrders: boolean;
  readonly projectRoot: string;
  /** Environment shared with the API functions (buyer alias salt, demo settings). */
  readonly environment?: Record<string, string>;
}

export class Settle extends Construct {
  readonly function: ApiFunction;
  readonly deadLetters: Queue;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: SettleProps) {
    super(scope, id);
    this.function = new ApiFunction(this, 'SettleFunction', {
      entry: path.join(props.projectRoot, SETTLE_ENTRY),
      description: 'nil-cards settle: applies accepted orders to the figures, serials and ledger (stream + sweep)',
      // A batch of up to 500 orders, each athlete's in transactions of ~15 orders (a hot athlete's
      // 500 orders: ~35 transactions, a few seconds); the handler keeps 2 s spare.
      timeout: Duration.seconds(60),
      environment: { COUNT_TEST_ORDERS: String(props.countTestOrders), ...props.environment },
    });
    this.function.bindTable(props.table, 'write', props.tableIndexNames, INGESTION_PARTITIONS);

    this.deadLetters = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter destination of the settle stream; what lands here is also swept by the schedule, and the DeadLetters alarm pages an operator (RUNBOOK.md).',
    });

    this.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        // Up to 500 markers per invocation, settled together (docs/decisions/0021-batched-settlement.md):
        // each athlete's orders in as few transactions as hold them, different athletes in
        // parallel inside the invocation. No batching window: Lambda polls a shard four times a
        // second, so under load a batch is what arrived since the last one (bigger when settling
        // falls behind, which is when batching pays most), and a quiet order settles at once.
        batchSize: 500,
        // One batch at a time per shard: the ten PENDING keys already spread over shards, and a
        // hot athlete's orders in several concurrent batches would only contend for its total.
        parallelizationFactor: 1,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          FilterCriteria.filter({ eventName: FilterRule.or('INSERT', 'MODIFY'), dynamodb: { Keys: { PK: { S: FilterRule.beginsWith(pendingPrefix) } } } }),
        ],
      }),
    );

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams (granted by the stream event source) has no resource-level permissions: IAM only accepts "*" for it. Reading the records is granted on this table\'s stream ARN only.',
    });

    this.rule = new Rule(this, 'Sweep', {
      description: 'Settles every order still pending (stream retries that gave up, old markers), every minute',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.function, { retryAttempts: 0, maxEventAge: Duration.minutes(2) })],
    });
  }
}
