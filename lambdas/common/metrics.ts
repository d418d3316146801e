// Application metrics as CloudWatch Embedded Metric Format through Powertools Metrics: `metric()`
// buffers a count, `flushMetrics()` (called at the end of every invocation by
// lambdas/common/observability.ts) prints one EMF JSON line to stdout, which CloudWatch Logs turns
// into metrics in namespace NilCards with the dimension service=nil-cards. No metric filters.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { replaceConsole, silenced } from './log';
import { METRIC_NAMESPACE, SERVICE_NAME, type MetricName } from './metric-names';

export type { MetricName } from './metric-names';

const metrics = new Metrics({ namespace: METRIC_NAMESPACE, serviceName: SERVICE_NAME });

/** Counts `value` occurrences of `name` in this invocation (published by `flushMetrics()`). */
export function metric(name: MetricName, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/** Prints the buffered metrics as one EMF line (nothing when none were recorded or logs are silenced). */
export function flushMetrics(): void {
  if (!metrics.hasStoredMetrics()) return;
  if (silenced()) metrics.clearMetrics();
  else metrics.publishStoredMetrics();
}

/** Local mode only: the EMF lines go to `stdout` instead of the process's (see sendLogsTo in log.ts). */
export function sendMetricsTo(stdout: NodeJS.WritableStream): void {
  replaceConsole(metrics, 'Powertools Metrics', stdout, stdout);
}
