// Production wiring of both stages of ingestion (ingest-engine.ts) on the Orders table: the settle
// function and sweeper, a collective's assignment (applied at once), scripts and tests.
import type { OrderEvent } from '../../shared/contribution';
import { contributionOptions } from './buyers';
import { dynamoCatalogReader } from './catalog-index';
import { createIngestEngine, readOrderState as readState, settlePending as sweep } from './ingest-engine';
import type { IngestResult } from './ingest-engine';
import { dynamoIngestStore } from './ingest-store';
import { log } from './log';
import { metric } from './metrics';

export { AssignRefused, DEFAULT_SETTLE_MS } from './ingest-engine';
export type { IngestOutcome, IngestResult } from './ingest-engine';
export { hashEmail } from './buyers';
export type IngestEvent = OrderEvent;

const engine = createIngestEngine({ store: dynamoIngestStore, catalog: dynamoCatalogReader, options: contributionOptions, metric, log });

/** Accepts an event and settles its order before answering. */
export const ingest: (event: OrderEvent, options?: { webhookId?: string; deadline?: number }) => Promise<IngestResult> = engine.ingest;
export const settle = engine.settle;

/** The settle sweeper over the Orders table (the scheduled function, local mode, `npm run settle`). */
export function settlePending(options: { limit?: number; deadlineMs?: number } = {}) {
  return sweep(engine, dynamoIngestStore, options);
}

export function readOrderState(orderId: string) {
  return readState(dynamoIngestStore, orderId);
}
