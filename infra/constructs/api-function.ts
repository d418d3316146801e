// A NodejsFunction with the project's defaults (Node 22, arm64, the shared esbuild definition of
// infra/bundling.ts with the AWS SDK inside the bundle, a retained log group) and one call that
// binds it to the Orders table with least-privilege grants.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { nodejsBundling } from '../bundling';

export type TableAccess = 'read' | 'write';

/** Readers: single-item and key-condition reads only. Never Scan. */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query'] as const;
/** Item writes, each limited to the writer's declared partitions (dynamodb:LeadingKeys);
 * TransactWriteItems is authorised item by item through these. */
export const ITEM_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchWriteItem',
] as const;
/** A writer's reads: unconditioned, as for readers, plus BatchGetItem (and a reader's that reads in
 * batches: FUNCTION_BATCH_READS in lambdas/routes.ts). */
export const WRITER_READ_ACTIONS = [...READ_ACTIONS, 'dynamodb:BatchGetItem'] as const;

export interface ApiFunctionProps extends Omit<NodejsFunctionProps, 'entry'> {
  /** Absolute path of the entry file exporting `handler`. */
  readonly entry: string;
  /** Log retention of the function's own log group. @default one month */
  readonly logRetention?: RetentionDays;
}

export class ApiFunction extends NodejsFunction {
  /** The function's own log group (metric filters attach here). */
  readonly logs: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const { logRetention, bundling, environment, ...rest } = props;
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      timeout: Duration.seconds(10),
      memorySize: 256,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      // No NODE_OPTIONS=--enable-source-maps: it makes every cold start parse the source map
      // (docs/BENCHMARKS.md, "Lambda bundles"); the .map file ships beside the bundle instead.
      environment,
      ...rest,
      bundling: { ...nodejsBundling(), ...bundling },
    });
    this.logs = logGroup;
    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-L1',
        reason:
          'Node.js 22 is pinned on purpose (DESIGN.md section 3): the bundles target node22 and local mode and CI run the same major; moving to a newer runtime is a deliberate upgrade, not a default.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          "AWSLambdaBasicExecutionRole only allows writing CloudWatch Logs (CreateLogGroup/CreateLogStream/PutLogEvents); the function's log group is created by this stack with a retention.",
      },
    );
  }

  /**
   * Sets TABLE_NAME and grants exactly the actions the access level needs, on the table and
   * on each named index (Query only); never Scan. Writers name the partitions they write
   * (PK patterns, IAM StringLike): the write actions carry a dynamodb:LeadingKeys condition
   * with exactly those patterns, reads stay unconditioned. A reader that reads items in batches
   * (`batchReads`) also gets BatchGetItem.
   */
  bindTable(table: ITable, access: TableAccess, indexNames: readonly string[] = [], writePartitions: readonly string[] = [], batchReads = false): this {
    if (access === 'write' && writePartitions.length === 0) {
      throw new Error(`${this.node.path}: a writer must declare the partitions it writes (FUNCTION_WRITE_PARTITIONS)`);
    }
    if (access === 'read' && writePartitions.length > 0) {
      throw new Error(`${this.node.path}: a reader declares no write partitions`);
    }
    this.addEnvironment('TABLE_NAME', table.tableName);
    const reads = access === 'read' && !batchReads ? READ_ACTIONS : WRITER_READ_ACTIONS;
    this.addToRolePolicy(new PolicyStatement({ actions: [...reads], resources: [table.tableArn] }));
    if (access === 'write') {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: [...ITEM_WRITE_ACTIONS],
          resources: [table.tableArn],
          // ForAllValues: every partition key the request touches (all items of a batch) must match.
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...writePartitions] } },
        }),
      );
    }
    if (indexNames.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: indexNames.map((name) => `${table.tableArn}/index/${name}`),
        }),
      );
    }
    return this;
  }
}
