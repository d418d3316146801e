// HTTP plumbing shared by every function: a middy handler that dispatches on the route key,
// maps typed errors to JSON `{ error: { code, message } }`, and small request parsers.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { BadRequest, HttpError, PayloadTooLarge } from './errors';
import { log } from './log';
import { observe } from './observability';

export type Event = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims?: Record<string, string | number | boolean | string[]>; scopes?: string[] | null } };
  };
};
export type Result = APIGatewayProxyStructuredResultV2;
export type RouteHandler = (event: Event, context: Context) => Promise<Result>;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): Result {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export const noContent = (): Result => ({ statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' });

const STORAGE_UNAVAILABLE = new Set([
  'ServiceUnavailable',
  'InternalServerError',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TimeoutError',
  'RequestTimeout',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET']);

/** The table or the network to it failed (not our bug): a 503, so the caller retries later. */
export function isStorageUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; cause?: unknown };
  if (e.name && STORAGE_UNAVAILABLE.has(e.name)) return true;
  if (e.code && NETWORK_CODES.has(e.code)) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return e.cause !== undefined && e.cause !== error && isStorageUnavailable(e.cause);
}

export function errorResult(error: unknown): Result {
  if (error instanceof HttpError) {
    return json(error.status, { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
  }
  if (isStorageUnavailable(error)) {
    log('error', 'storage unavailable', { error: error instanceof Error ? { name: error.name, message: error.message } : String(error) });
    return json(
      503,
      { error: { code: 'storage_unavailable', message: 'The service is temporarily unavailable; try again in a moment' } },
      { 'retry-after': '5' },
    );
  }
  log('error', 'unhandled error', { error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error) });
  return json(500, { error: { code: 'internal', message: 'Internal error' } });
}

/** Builds a Lambda handler serving the given route keys ("GET /api/athletes/{id}/stats"). */
export function routes(table: Record<string, RouteHandler>) {
  const base = async (event: Event, context: Context): Promise<Result> => {
    const route = table[event.routeKey];
    if (!route) return json(404, { error: { code: 'not_found', message: `No route ${event.routeKey}` } });
    return route(event, context);
  };
  // observe() first: its onError runs after the error mapping below, so metrics flush last.
  return middy<Event, Result>(base)
    .use(observe<Event, Result>())
    .use({
      onError: async (request) => {
        request.response = errorResult(request.error);
      },
    });
}

/** A positive integer path parameter (athlete, collective, post ids). */
export function intParam(event: Event, name: string): number {
  const raw = event.pathParameters?.[name];
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1)
    throw new BadRequest(`'${name}' must be a positive whole number`, { [name]: 'must be a positive whole number' });
  return Number(raw);
}

export function limitParam(event: Event, fallback: number, max: number): number {
  const raw = event.queryStringParameters?.limit;
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw new BadRequest(`'limit' must be between 1 and ${max}`, { limit: `must be between 1 and ${max}` });
  return Number(raw);
}

/**
 * Cursors: the base64url JSON of the position fields of DynamoDB's LastEvaluatedKey, without the
 * partition (which always comes from the request). A cursor is checked against the spec of its
 * route (exact field set, each field's shape), so a tampered cursor is a 400, never a 500 and
 * never a key into another partition. Specs live in keys.ts (the module that knows key shapes).
 */
export interface CursorSpec {
  /** Position fields and the shape each must have. */
  fields: Record<string, RegExp>;
  /** Fields set from the request, never from the cursor (the partition being read). */
  partition: Record<string, string>;
}

export function encodeCursor(key: Record<string, unknown> | undefined, spec: CursorSpec): string | null {
  if (!key) return null;
  const position = Object.fromEntries(Object.keys(spec.fields).map((field) => [field, key[field]]));
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

export function cursorParam(event: Event, spec: CursorSpec): Record<string, unknown> | undefined {
  const raw = event.queryStringParameters?.cursor;
  if (!raw) return undefined;
  const invalid = () => new BadRequest("'cursor' is not valid", { cursor: 'is not valid' });
  if (raw.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  const entries = Object.entries(value as Record<string, unknown>);
  const expected = Object.keys(spec.fields);
  if (entries.length !== expected.length) throw invalid();
  for (const [field, v] of entries) {
    const shape = spec.fields[field];
    if (!shape || typeof v !== 'string' || v.length > 256 || !shape.test(v)) throw invalid();
  }
  return { ...(value as Record<string, string>), ...spec.partition };
}

export const MAX_JSON_BODY = 64 * 1024;

/** The body's raw bytes (API Gateway may hand them base64-encoded). */
export function rawBody(event: Event): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

export function jsonBody(event: Event, limit = MAX_JSON_BODY): Record<string, unknown> {
  const bytes = rawBody(event);
  if (bytes.length > limit) throw new PayloadTooLarge(limit);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BadRequest('The body must be JSON', { body: 'must be JSON' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new BadRequest('The body must be a JSON object', { body: 'must be a JSON object' });
  return value as Record<string, unknown>;
}

/** Case-insensitive header lookup (API Gateway lowercases; local callers may not). */
export function header(event: Event, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
