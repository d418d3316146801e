// Per-invocation logging and metrics plumbing: before a handler runs, the Lambda context and the
// correlation id (the X-Shopify-Webhook-Id header of a delivery, otherwise API Gateway's request
// id) go on every log line; after it, successful or not, the buffered EMF metrics are flushed.
// `observe()` is the middy middleware (lambdas/platform/http.ts); `observed()` wraps a plain handler.
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger, setCorrelationId } from './log';
import { flushMetrics } from './metrics';

interface MaybeHttpEvent {
  headers?: Record<string, string | undefined>;
  requestContext?: { requestId?: string };
}

/** The id that ties an invocation's lines together: a webhook delivery's id, else the API request id. */
export function correlationIdOf(event: unknown): string | undefined {
  const e = (event ?? {}) as MaybeHttpEvent;
  for (const [key, value] of Object.entries(e.headers ?? {})) if (key.toLowerCase() === 'x-shopify-webhook-id' && value?.trim()) return value.trim();
  return e.requestContext?.requestId || undefined;
}

export function beginInvocation(event: unknown, context: Context | undefined): void {
  logger.resetKeys();
  if (context) logger.addContext(context);
  setCorrelationId(correlationIdOf(event));
}

export function observe<E, R>(): MiddlewareObj<E, R> {
  return {
    before: (request) => beginInvocation(request.event, request.context),
    after: () => flushMetrics(),
    onError: () => flushMetrics(),
  };
}

/** For handlers that are not middy routes (the scheduled reconcile function). */
export function observed<E, R>(handler: (event: E, context?: Context) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  return async (event, context) => {
    beginInvocation(event, context);
    try {
      return await handler(event, context);
    } finally {
      flushMetrics();
    }
  };
}
