// Production wiring of stage 1 of ingestion (ingest-accept.ts) on the Orders table: what the
// webhook and the reconciliation run. The settle function applies the accepted orders' effects.
import type { OrderEvent } from '../../shared/contribution';
import { contributionOptions } from './buyers';
import { dynamoCatalogReader } from './catalog-index';
import { createAcceptor } from './ingest-accept';
import type { AcceptResult } from './ingest-accept';
import { dynamoIngestStore } from './ingest-store';
import { log } from './log';
import { metric } from './metrics';

export type { AcceptResult } from './ingest-accept';

const acceptor = createAcceptor({ store: dynamoIngestStore, catalog: dynamoCatalogReader, options: contributionOptions, metric, log });

export const acceptEvent: (event: OrderEvent, options?: { webhookId?: string }) => Promise<AcceptResult> = acceptor.accept;
