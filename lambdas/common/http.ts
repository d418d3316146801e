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

export function errorResult(error: unknown): Result {
  if (error instanceof HttpError) {
    return json(error.status, { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
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
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new BadRequest(`'${name}' must be a positive whole number`, { [name]: 'must be a positive whole number' });
  return Number(raw);
}

export function limitParam(event: Event, fallback: number, max: number): number {
  const raw = event.queryStringParameters?.limit;
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new BadRequest(`'limit' must be between 1 and ${max}`, { limit: `must be between 1 and ${max}` });
  return Number(raw);
}

/** Cursors are the opaque base64url of DynamoDB's LastEvaluatedKey. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

export function cursorParam(event: Event): Record<string, unknown> | undefined {
  const raw = event.queryStringParameters?.cursor;
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through to the 400 below
  }
  throw new BadRequest("'cursor' is not valid", { cursor: 'is not valid' });
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadRequest('The body must be a JSON object', { body: 'must be a JSON object' });
  return value as Record<string, unknown>;
}

/** Case-insensitive header lookup (API Gateway lowercases; local callers may not). */
export function header(event: Event, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
