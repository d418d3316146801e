// Operations: the application metrics the functions publish as CloudWatch Embedded Metric Format
// (lambdas/platform/metrics.ts: namespace NilCards, dimension service=nil-cards; CloudWatch Logs
// extracts them, no metric filters), and alarms on the webhook route's 5xx rate, on unsettled
// conflicts and on every function's Errors, all notifying one SNS topic.
import { Duration, Validations } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC_NAMES, METRIC_NAMESPACE, SERVICE_NAME, type MetricName } from '#lambdas/platform/metric-names';

export { METRIC_NAMESPACE };

/** An application metric exactly as the functions' EMF records publish it (sum over 5 minutes). */
export function applicationMetric(metricName: MetricName, period = Duration.minutes(5)): Metric {
  return new Metric({ namespace: METRIC_NAMESPACE, metricName, dimensionsMap: { service: SERVICE_NAME }, statistic: 'Sum', period });
}

export interface MonitoringProps {
  /** The HTTP API stage the webhook route is served from. */
  readonly stage: HttpStage;
  /** Every function whose Errors should alarm, by a short name. */
  readonly functions: ReadonlyMap<string, IFunction>;
  /** Optional e-mail subscribed to the alarm topic. */
  readonly alarmEmail?: string;
  /** The settle stream's dead-letter queue: any message there is an order the stream gave up on. */
  readonly deadLetters?: IQueue;
  /** The notification sender's dead-letter queue: an outbox item the sender failed on five times. */
  readonly notifyDeadLetters?: IQueue;
}

export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly metrics: ReadonlyMap<MetricName, Metric>;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'nil-cards alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and metric values, no customer data; CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key, and a customer managed KMS key for alarm text is not worth its cost here.',
    });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const action = new SnsAction(this.topic);

    const metrics = new Map(METRIC_NAMES.map((name) => [name, applicationMetric(name)] as const));
    this.metrics = metrics;

    const add = (alarm: Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };

    // The webhook is the API's only high-volume caller; HTTP API metrics are per stage (per-route
    // metrics need detailed metrics, billed per route). 5% of requests failing for 10 of 15 minutes.
    const errors = props.stage.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' });
    const requests = props.stage.metricCount({ period: Duration.minutes(5), statistic: 'Sum' });
    add(
      new Alarm(this, 'Api5xxRate', {
        alarmDescription: 'HTTP API 5xx above 5% of requests: Shopify deliveries are failing and will be retried (RUNBOOK.md "Alarms").',
        metric: new MathExpression({
          expression: 'IF(requests > 0, 100 * errors / requests, 0)',
          usingMetrics: { errors, requests },
          period: Duration.minutes(5),
          label: '5xx %',
        }),
        threshold: 5,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    add(
      new Alarm(this, 'WebhookRetryLater', {
        alarmDescription: 'Deliveries answered 503 because concurrent updates did not settle (RUNBOOK.md "Alarms").',
        metric: metrics.get('WebhookRetryLater')!,
        threshold: 10,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    // Accepted orders whose effects are not applied: the sweep found some it could not finish for
    // 15 minutes (contention that never clears, storage errors), or the stream gave up on one.
    add(
      new Alarm(this, 'OrdersPending', {
        alarmDescription: 'Accepted orders stay unapplied after repeated settle sweeps: figures lag (RUNBOOK.md "Pending orders").',
        metric: metrics.get('OrdersPending')!,
        threshold: 1,
        evaluationPeriods: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    if (props.deadLetters) {
      add(
        new Alarm(this, 'SettleDeadLetters', {
          alarmDescription: 'The settle stream gave up on an order (the minute sweep retries it; RUNBOOK.md "Pending orders").',
          metric: props.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    if (props.notifyDeadLetters) {
      add(
        new Alarm(this, 'NotifyDeadLetters', {
          alarmDescription: 'The notification sender failed on an outbox item five times (RUNBOOK.md "Email").',
          metric: props.notifyDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      add(
        new Alarm(this, 'NotificationEmailFailed', {
          alarmDescription: 'Notification emails given up or unconfirmed (RUNBOOK.md "Email").',
          metric: metrics.get('NotificationEmailFailed')!,
          threshold: 5,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    for (const [name, fn] of props.functions) {
      add(
        new Alarm(this, `${name.charAt(0).toUpperCase()}${name.slice(1)}Errors`, {
          alarmDescription: `The ${name} function failed (uncaught errors, timeouts) (RUNBOOK.md "Alarms").`,
          metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }
  }
}
