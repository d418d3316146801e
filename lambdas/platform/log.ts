// Structured logs through Powertools Logger: one top-level JSON line per event (Powertools writes
// to stdout itself, so Lambda's JSON log format does not nest it in `message`), with the request's
// correlation id (`correlation_id`: the X-Shopify-Webhook-Id of a delivery, otherwise API Gateway's
// request id; set per invocation by lambdas/platform/observability.ts) on every line.
// `log()` and `setCorrelationId()` are the API the handlers and ingestion call.
import { Console } from 'node:console';
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

/**
 * Local mode only: the structured lines go to these streams instead of the process's stdout and
 * stderr (local mode keeps them in a log file and prints a few human lines). Powertools writes
 * through a Console of its own, bound to the process's streams when the logger is created, and
 * offers no option for another destination, so its Console is replaced (checked, so an upgrade
 * that renames it fails here rather than printing to the terminal again).
 */
export function sendLogsTo(stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream = stdout): void {
  replaceConsole(logger, 'Powertools Logger', stdout, stderr);
}

/** Replaces the private Console a Powertools utility prints through. */
function replaceConsole(utility: object, name: string, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): void {
  const holder = utility as { console?: unknown };
  if (!(holder.console instanceof Console)) throw new Error(`${name} no longer prints through a \`console\` property: cannot send its lines elsewhere`);
  holder.console = new Console({ stdout, stderr });
}
