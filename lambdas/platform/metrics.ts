// Application metrics as CloudWatch Embedded Metric Format: `metric()` adds to a count,
// `flushMetrics()` (called at the end of every invocation by lambdas/platform/observability.ts) prints
// one EMF JSON line to stdout, which CloudWatch Logs turns into metrics in namespace NilCards with
// the dimension service=nil-cards. No metric filters. The record is written here (AWS documents the
// format: a `_aws` member naming the namespace, dimensions and metrics, and each metric's value as
// a top-level member) rather than through Powertools Metrics, whose ~14 KiB in every bundle bought
// nothing this needs: counts only, one dimension.
import { silenced } from './log';
import { METRIC_NAMESPACE, SERVICE_NAME, type MetricName } from './metric-names';

export type { MetricName } from './metric-names';

const counts = new Map<MetricName, number>();
let destination: NodeJS.WritableStream | null = null;

/** Counts `value` occurrences of `name` in this invocation (published by `flushMetrics()`). */
export function metric(name: MetricName, value = 1): void {
  counts.set(name, (counts.get(name) ?? 0) + value);
}

/** Prints the counted metrics as one EMF line (nothing when none were counted or logs are silenced). */
export function flushMetrics(now = Date.now()): void {
  if (counts.size === 0) return;
  const record = {
    _aws: {
      Timestamp: now,
      CloudWatchMetrics: [{ Namespace: METRIC_NAMESPACE, Dimensions: [['service']], Metrics: [...counts.keys()].map((Name) => ({ Name, Unit: 'Count' })) }],
    },
    service: SERVICE_NAME,
    ...Object.fromEntries(counts),
  };
  counts.clear();
  if (!silenced()) (destination ?? process.stdout).write(`${JSON.stringify(record)}\n`);
}

/** Local mode only: the EMF lines go to `stdout` instead of the process's (see sendLogsTo in log.ts). */
export function sendMetricsTo(stdout: NodeJS.WritableStream): void {
  destination = stdout;
}
