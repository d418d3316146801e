// Structured logs through Powertools Logger: one top-level JSON line per event (Powertools writes
// to stdout itself, so Lambda's JSON log format does not nest it in `message`), with the request's
// correlation id (`correlation_id`: the X-Shopify-Webhook-Id of a delivery, otherwise API Gateway's
// request id; set per invocation by lambdas/common/observability.ts) on every line.
// `log()` and `setCorrelationId()` are the API the handlers and ingestion call.
import { Logger } from '@aws-lambda-powertools/logger';
import { SERVICE_NAME } from './metric-names';

type Level = 'debug' | 'info' | 'warn' | 'error';

const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'];

function initialLevel(): string {
  const wanted = (process.env.LOG_LEVEL ?? '').toUpperCase();
  return LEVELS.includes(wanted) ? wanted : 'INFO';
}

export const logger = new Logger({ serviceName: SERVICE_NAME, logLevel: initialLevel() as 'INFO' });

/** `LOG_LEVEL=silent` (tests, benchmarks, CLIs) is read on every call: tests set it after import. */
export const silenced = (): boolean => process.env.LOG_LEVEL === 'silent';

/** Sets the correlation id of every following line of this invocation; `undefined` removes it. */
export function setCorrelationId(id: string | undefined): void {
  if (id) logger.setCorrelationId(id);
  else logger.removeKeys(['correlation_id']);
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (silenced()) return;
  logger[level](message, fields);
}
