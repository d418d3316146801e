// A NodejsFunction with the project's defaults (Node 22, arm64, esbuild with the AWS SDK inside
// the bundle, a retained log group) and one call that binds it to the Orders table with
// least-privilege grants.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export type TableAccess = 'read' | 'write';

/** Readers: single-item and key-condition reads only. Never Scan. */
export const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:Query'] as const;
/** Writers: reads plus item writes; TransactWriteItems is authorised through these. Never Scan. */
export const WRITE_ACTIONS = [
  ...READ_ACTIONS,
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchGetItem',
  'dynamodb:BatchWriteItem',
] as const;

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
      environment: { NODE_OPTIONS: '--enable-source-maps', ...environment },
      ...rest,
      bundling: {
        forceDockerBundling: false,
        minify: true,
        sourceMap: true,
        target: 'node22',
        format: OutputFormat.CJS,
        // Bundle the AWS SDK v3 too: a pinned, tree-shaken client starts faster than the runtime's.
        externalModules: [],
        ...bundling,
      },
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
   * on each named index (Query only); never Scan.
   */
  bindTable(table: ITable, access: TableAccess, indexNames: readonly string[] = []): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    const actions = access === 'read' ? READ_ACTIONS : WRITE_ACTIONS;
    this.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [table.tableArn] }));
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
