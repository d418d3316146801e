// Stage 2 of ingestion (lambdas/orders/ingest-core.ts): applies the effects of accepted orders.
// Triggered by the Orders table's stream on every new or changed PENDING marker (the event source
// mapping filters them), and every minute by a schedule that sweeps whatever is still pending (a
// stream retry that gave up, a marker older than the stream's window). Not an HTTP route.
// A batch's orders are settled together, each athlete's in as few transactions as hold them
// (docs/decisions/0021-batched-settlement.md). A record whose order could not be settled
// (contention past the deadline, storage errors) is reported as a batch item failure, so the
// stream retries it; the sweep retries it too.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { Context } from 'aws-lambda';
import { settleMany, settlePending } from './ingest';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';
import { observed } from '#lambdas/platform/observability';
import * as keys from '#lambdas/platform/keys';

/** Leaves this much of the invocation's time unused, so a slow batch never times out midway. */
const SAFETY_MS = 2_000;

const deadlineOf = (context: Context | undefined) => Date.now() + Math.max(1_000, (context?.getRemainingTimeInMillis?.() ?? 30_000) - SAFETY_MS);

function orderIdOfRecord(record: DynamoDBStreamEvent['Records'][number]): string | null {
  return keys.orderIdOfPendingMarker({ PK: record.dynamodb?.Keys?.PK?.S ?? '', SK: record.dynamodb?.Keys?.SK?.S ?? '' });
}

export async function settleStream(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const deadline = deadlineOf(context);
  const records = event.Records.map((record) => ({ record, orderId: record.eventName === 'REMOVE' ? null : orderIdOfRecord(record) }));
  const orderIds = [...new Set(records.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
  let notSettled: Set<string>;
  try {
    const outcome = await settleMany(orderIds, deadline);
    notSettled = new Set(outcome.left);
    if (outcome.error !== undefined)
      log('warn', 'settle failed; the stream retries', {
        orders: outcome.left.length,
        error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
      });
  } catch (error) {
    log('warn', 'settle failed; the stream retries', { orders: orderIds.length, error: error instanceof Error ? error.message : String(error) });
    notSettled = new Set(orderIds);
  }
  const failures = records.filter((r) => r.orderId && notSettled.has(r.orderId)).map((r) => ({ itemIdentifier: r.record.dynamodb?.SequenceNumber ?? '' }));
  return { batchItemFailures: failures };
}

export const handler = observed(async (event: DynamoDBStreamEvent | { source?: string }, context?: Context) => {
  if ('Records' in event && Array.isArray(event.Records)) return settleStream(event, context);
  const result = await settlePending({ deadlineMs: deadlineOf(context) - Date.now() });
  log(result.pending ? 'warn' : 'info', 'settle sweep', result);
  metric('OrdersPending', result.pending);
  return result;
});
