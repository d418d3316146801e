// Production wiring of stage 1 of ingestion (ingest-accept.ts) on the Orders table: what the
// webhook and the reconciliation run. The settle function applies the accepted orders' effects.
import type { OrderEvent } from '#shared/orders/contribution';
import { contributionOptions } from '#lambdas/identity/buyers';
import { dynamoCatalogReader } from '#lambdas/catalog/catalog-index';
import { createAcceptor } from './ingest-accept';
import type { AcceptResult } from './ingest-accept';
import { dynamoStore } from '#lambdas/platform/store';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';

export type { AcceptResult } from './ingest-accept';

const acceptor = createAcceptor({ store: dynamoStore, catalog: dynamoCatalogReader, options: contributionOptions, metric, log });

export const acceptEvent: (event: OrderEvent, options?: { webhookId?: string }) => Promise<AcceptResult> = acceptor.accept;
