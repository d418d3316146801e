// Infra layer, operations: the scheduled reconciliation (only with -c shopifyAdminSecretName) and
// monitoring (alarms on the functions' EMF metrics and on errors, to an SSL-only SNS topic), cdk-nag clean.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/app';
import { METRIC_NAMES } from '#lambdas/platform/metric-names';
import { RECONCILE_PARTITIONS } from '#lambdas/platform/key-access';
import { ROUTES } from '#lambdas/routes';

jest.setTimeout(180_000);

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
interface ValidationReport {
  pluginReports: { pluginName: string; violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[] }[];
}

function synth(context: Record<string, string>): { template: Template; app: App; error: unknown } {
  // No bundling: these assertions are about wiring, and stack.test.ts already bundles every function.
  const app = new App({ context: { webBuildDir: 'web/__no_such_build__', 'aws:cdk:bundling-stacks': [], ...context } });
  const { stack } = buildApp(app);
  try {
    return { template: Template.fromStack(stack), app, error: undefined };
  } catch (error) {
    const file = path.join(app.outdir, stack.templateFile);
    return { template: Template.fromJSON(JSON.parse(fs.readFileSync(file, 'utf8'))), app, error };
  }
}

function unsuppressed(app: App): string[] {
  const file = path.join(app.outdir, 'validation-report.json');
  const report = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ValidationReport) : { pluginReports: [] };
  return report.pluginReports
    .filter((p) => p.pluginName === 'AwsSolutions')
    .flatMap((p) => p.violations)
    .flatMap((v) => v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} at ${c.constructPath}`));
}

const deployedFunctions = new Set(ROUTES.filter((r) => !r.localOnly).map((r) => r.fn)).size;

describe('operations with reconciliation configured', () => {
  let template: Template;
  let app: App;
  let error: unknown;

  beforeAll(() => {
    ({ template, app, error } = synth({
      shopifyAdminSecretName: 'nil-cards/shopify-admin',
      shopifyStoreDomain: 'drift-nil.myshopify.com',
      alarmEmail: 'ops@example.com',
    }));
  });

  it('synthesises with zero unsuppressed cdk-nag findings', () => {
    expect(unsuppressed(app)).toEqual([]);
    expect(error).toBeUndefined();
  });

  it('creates the reconcile Lambda with write access, the Admin API secret and the store domain', () => {
    const [[, fn]] = Object.entries(template.findResources('AWS::Lambda::Function') as Resources).filter(([id]) => id.startsWith('ReconcileReconcileFunction'));
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Timeout: 600 });
    const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(vars).toMatchObject({ SHOPIFY_STORE_DOMAIN: 'drift-nil.myshopify.com', TABLE_NAME: expect.anything() });
    expect(JSON.stringify(vars.SHOPIFY_ADMIN_SECRET_ARN)).toContain('secret:nil-cards/shopify-admin');
    const roleRef = (fn.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    const statements = Object.values(template.findResources('AWS::IAM::Policy') as Resources)
      .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === roleRef))
      .flatMap((p) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Condition?: unknown }[] }).Statement);
    const actions = statements.flatMap((s) => s.Action);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'secretsmanager:GetSecretValue']));
    expect(actions).not.toContain('dynamodb:Scan');
    // Item writes only to what ingestion writes plus the checkpoint partition.
    const writes = statements.filter((s) => ([] as string[]).concat(s.Action).includes('dynamodb:PutItem'));
    expect(writes).toHaveLength(1);
    expect(writes[0].Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...RECONCILE_PARTITIONS] } });
    expect(RECONCILE_PARTITIONS).toContain('RECONCILE');
  });

  it('runs it every 30 minutes from an EventBridge rule, with retries', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(30 minutes)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ReconcileReconcileFunction'), 'Arn'] },
          RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
        }),
      ],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', Principal: 'events.amazonaws.com' });
  });

  it('alarms on the reconcile function errors too, and subscribes the alarm e-mail', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: Match.stringLikeRegexp('^ReconcileReconcileFunction') } }],
    });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });
});

describe('operations by default', () => {
  let template: Template;
  let app: App;
  let error: unknown;

  beforeAll(() => {
    ({ template, app, error } = synth({}));
  });

  it('synthesises with zero unsuppressed cdk-nag findings', () => {
    expect(unsuppressed(app)).toEqual([]);
    expect(error).toBeUndefined();
  });

  it('creates no reconcile function and no reconcile schedule without the Admin API secret', () => {
    expect(Object.keys(template.findResources('AWS::Lambda::Function')).filter((id) => id.startsWith('Reconcile'))).toEqual([]);
    // The only schedules are the settle sweep, the drop sweep (the cards function, decision 0022),
    // the outbox's sweep (the notifications' feed, decision 0025) and NIL Go's daily reminders (the
    // compliance function).
    template.resourceCountIs('AWS::Events::Rule', 4);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 13 * * ? *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiComplianceFunction'), 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiCardsFunction'), 'Arn'] } })],
    });
  });

  it('settles accepted orders from the table stream (PENDING markers only), with retries, a dead-letter queue and a sweep', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'KEYS_ONLY' } });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: Match.stringLikeRegexp('^SettleSettleFunction') },
      StartingPosition: 'TRIM_HORIZON',
      // Batched settlement (decision 0021): up to 500 markers per invocation, one batch per shard at a time.
      BatchSize: 500,
      ParallelizationFactor: 1,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 10,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SettleDeadLetters'), 'Arn'] } } },
      FilterCriteria: {
        Filters: [{ Pattern: JSON.stringify({ eventName: ['INSERT', 'MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: 'PENDING#' }] } } } }) }],
      },
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateNumberOfMessagesVisible', Namespace: 'AWS/SQS' });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'OrdersPending', Namespace: 'NilCards', EvaluationPeriods: 3 });
  });

  it('reads the application metrics from the EMF records, with no metric filters on log text', () => {
    template.resourceCountIs('AWS::Logs::MetricFilter', 0);
    // The alarm names exactly what lambdas/platform/metrics.ts publishes: namespace, name, dimension.
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'NilCards',
      MetricName: 'WebhookRetryLater',
      Dimensions: [{ Name: 'service', Value: 'nil-cards' }],
      Statistic: 'Sum',
      Period: 300,
    });
    expect(METRIC_NAMES).toEqual(
      expect.arrayContaining([
        'WebhookAccepted',
        'WebhookDuplicate',
        'WebhookRejectedSignature',
        'IngestConflict',
        'WebhookRetryLater',
        'UnattributedLines',
        'OversoldLines',
        'PayoutsCreated',
      ]),
    );
  });

  it('alarms on the API 5xx rate, unsettled conflicts and every function error, into an SSL-only topic', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({ Id: 'errors', MetricStat: Match.objectLike({ Metric: Match.objectLike({ Namespace: 'AWS/ApiGateway', MetricName: '5xx' }) }) }),
        Match.objectLike({ Id: 'requests', MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'Count' }) }) }),
      ]),
      Threshold: 5,
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^MonitoringAlarmTopic') }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'WebhookRetryLater', Namespace: 'NilCards' });
    const errorAlarms = Object.values(template.findResources('AWS::CloudWatch::Alarm') as Resources).filter((a) => a.Properties.MetricName === 'Errors');
    // Every API function, plus the open routes' authorizer (origin header), the settle function and the
    // notifications' feed, sender and bounce functions.
    expect(errorAlarms).toHaveLength(deployedFunctions + 5);
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    template.hasOutput('AlarmTopicArn', Match.anyValue());
  });
});
