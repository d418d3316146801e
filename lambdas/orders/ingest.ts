// Production wiring of both stages of ingestion (ingest-engine.ts) on the Orders table: the settle
// function and sweeper, a collective's assignment (applied at once), scripts and tests.
import type { OrderEvent } from '#shared/orders/contribution';
import { contributionOptions } from '#lambdas/identity/buyers';
import { dynamoCatalogReader } from '#lambdas/catalog/catalog-index';
import { createIngestEngine, readOrderState as readState, settlePending as sweep } from './ingest-engine';
import type { IngestResult } from './ingest-engine';
import { dynamoStore } from '#lambdas/platform/store';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';
import { leaderboardWrites, settleEventWrites } from '#lambdas/notifications/settle-hooks';

export { AssignRefused, DEFAULT_SETTLE_MS } from './ingest-engine';
export type { IngestOutcome, IngestResult } from './ingest-engine';
export { hashEmail } from '#lambdas/identity/buyers';
export type IngestEvent = OrderEvent;

// Settlement's hooks (issue 26): its events' notices and the leaderboards, in its transactions.
const engine = createIngestEngine({
  store: dynamoStore,
  catalog: dynamoCatalogReader,
  options: contributionOptions,
  metric,
  log,
  eventWrites: settleEventWrites,
  fanWrites: leaderboardWrites,
});

/** Accepts an event and settles its order before answering. */
export const ingest: (event: OrderEvent, options?: { webhookId?: string; deadline?: number }) => Promise<IngestResult> = engine.ingest;
export const settle = engine.settle;
/** Settles many orders together, each athlete's in batches (the stream's records, the sweep). */
export const settleMany = engine.settleMany;

/** The settle sweeper over the Orders table (the scheduled function, local mode, `npm run settle`). */
export function settlePending(options: { limit?: number; deadlineMs?: number } = {}) {
  return sweep(engine, dynamoStore, options);
}

export function readOrderState(orderId: string) {
  return readState(dynamoStore, orderId);
}
