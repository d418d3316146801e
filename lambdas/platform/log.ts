// Structured logs: one top-level JSON line per event (written to stdout or stderr directly, so
// Lambda's JSON log format does not nest it in `message`), with the service, the Lambda context
// and the request's correlation id (`correlation_id`: the X-Shopify-Webhook-Id of a delivery,
// otherwise API Gateway's request id; set per invocation by lambdas/platform/observability.ts) on
// every line. The line's keys are Powertools Logger's (level, message, timestamp, service,
// cold_start, function_name, function_request_id, correlation_id, xray_trace_id, error), so log
// queries written for it keep working; our own writer costs a few hundred bytes where Powertools
// Logger cost every function 16 KiB of its 250 KiB budget (as metrics.ts did for Metrics).
// `log()` and `setCorrelationId()` are the API the handlers and ingestion call.
import type { Context } from 'aws-lambda';
import { SERVICE_NAME } from './metric-names';

type Level = 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function levelOf(value: string | undefined): Level {
  const wanted = (value ?? '').toLowerCase();
  return wanted in RANK ? (wanted as Level) : 'info';
}

/** An error as a log field: its name, message, where it was thrown and its stack. */
function errorField(error: Error): Record<string, unknown> {
  const location = /\((.*:\d+:\d+)\)/.exec(error.stack ?? '')?.[1] ?? '';
  return { name: error.name, location, message: error.message, stack: error.stack };
}

function serialize(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = value instanceof Error ? errorField(value) : value;
  return out;
}

let coldStart = true;

export class JsonLogger {
  private level: Level;
  private context: Record<string, unknown> = {};
  private keys: Record<string, unknown> = {};
  private destination: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } | null = null;

  constructor(private readonly service: string) {
    this.level = levelOf(process.env.LOG_LEVEL);
  }

  /** The Lambda context of this invocation on every following line (cold_start only on the first). */
  addContext(context: Context): void {
    this.context = {
      cold_start: coldStart,
      function_name: context.functionName,
      function_memory_size: Number(context.memoryLimitInMB),
      function_arn: context.invokedFunctionArn,
      function_request_id: context.awsRequestId,
    };
    coldStart = false;
  }

  setCorrelationId(id: string): void {
    this.keys.correlation_id = id;
  }

  removeKeys(names: string[]): void {
    for (const name of names) delete this.keys[name];
  }

  /** Forgets the previous invocation's context and keys. */
  resetKeys(): void {
    this.keys = {};
    this.context = {};
  }

  sendTo(stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): void {
    this.destination = { stdout, stderr };
  }

  debug(message: string, fields: Record<string, unknown> = {}): void {
    this.write('debug', message, fields);
  }
  info(message: string, fields: Record<string, unknown> = {}): void {
    this.write('info', message, fields);
  }
  warn(message: string, fields: Record<string, unknown> = {}): void {
    this.write('warn', message, fields);
  }
  error(message: string, fields: Record<string, unknown> = {}): void {
    this.write('error', message, fields);
  }

  private write(level: Level, message: string, fields: Record<string, unknown>): void {
    if (RANK[level] < RANK[this.level]) return;
    const trace = /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];
    const line = {
      level: level.toUpperCase(),
      message,
      timestamp: new Date().toISOString(),
      service: this.service,
      ...this.context,
      ...this.keys,
      ...(trace ? { xray_trace_id: trace } : {}),
      ...serialize(fields),
    };
    // The stream is looked up at each line (warnings and errors on stderr, as Lambda and local mode expect).
    const stream = level === 'warn' || level === 'error' ? (this.destination?.stderr ?? process.stderr) : (this.destination?.stdout ?? process.stdout);
    stream.write(`${JSON.stringify(line)}\n`);
  }
}

export const logger = new JsonLogger(SERVICE_NAME);

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

/** Local mode only: the structured lines go to these streams instead of the process's stdout and
 * stderr (local mode keeps them in a log file and prints a few human lines). */
export function sendLogsTo(stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream = stdout): void {
  logger.sendTo(stdout, stderr);
}
