// Both stages of ingestion together (ingest-core.ts says how they fit): `ingest` accepts an event
// and settles its order at once, for callers that want final figures before they answer (a
// collective's assignment, tests, the benchmark loader).
import type { OrderEvent } from '#shared/orders/contribution';
import { createAcceptor } from './ingest-accept';
import { DEFAULT_SETTLE_MS } from './ingest-core';
import type { IngestDeps, IngestResult } from './ingest-core';
import { createSettler } from './ingest-settle';

export * from './ingest-core';
export { settlePending } from './ingest-settle';

export function createIngestEngine(deps: IngestDeps) {
  const acceptor = createAcceptor(deps);
  const settler = createSettler(deps);
  /** Applies one event exactly once. `webhookId` makes a repeated delivery a no-op (it still
   * finishes work an earlier delivery left pending). */
  async function ingest(event: OrderEvent, options: { webhookId?: string; deadline?: number } = {}): Promise<IngestResult> {
    const accepted = await acceptor.accept(event, { webhookId: options.webhookId });
    const pending = await settler.settle(accepted.orderId, options.deadline ?? Date.now() + DEFAULT_SETTLE_MS);
    if (pending > 0) deps.log?.('warn', 'order left pending for the sweeper', { orderId: accepted.orderId, pending });
    return { ...accepted, pending };
  }

  return { ingest, accept: acceptor.accept, settle: settler.settle, settleMany: settler.settleMany };
}

export type IngestEngine = ReturnType<typeof createIngestEngine>;
