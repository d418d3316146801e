// Stage 1 of ingestion: accept an event (see ingest-core.ts). What the webhook runs.
import { attributeLine } from '#shared/orders/attribution';
import type { AttributableLine, LineAttribution } from '#shared/orders/attribution';
import { changedGroups, contributionOf, emptyOrderState, mergeEvent } from '#shared/orders/contribution';
import type { OrderEvent } from '#shared/orders/contribution';
import { UnsupportedOrder } from '#shared/orders/shopify';
import { indexForLines } from '#lambdas/catalog/catalog-reader';
import { RetryLater } from '#lambdas/platform/errors';
import { AssignRefused, MAX_LINES_PER_ATHLETE, orderIdOf, orderOptions, runtimeOf } from './ingest-core';
import type { IngestDeps, IngestOutcome } from './ingest-core';
import { StoreConflict, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Write } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { encodeState } from './order-codec';

const MAX_ACCEPT_ATTEMPTS = 8;
const WEBHOOK_MARKER_TTL_SECONDS = 7 * 24 * 3600;

export interface AcceptResult {
  outcome: IngestOutcome;
  orderId: string;
  attempts: number;
}

export function createAcceptor(deps: IngestDeps) {
  const { store, now, metric, log, backoff, getOne, readOrder } = runtimeOf(deps);

  async function webhookSeen(webhookId: string): Promise<boolean> {
    return Boolean(await getOne(keys.webhook(webhookId)));
  }

  async function attributorFor(event: OrderEvent): Promise<(line: AttributableLine) => LineAttribution> {
    if (event.kind !== 'order') return () => ({ kind: 'other' });
    const index = await indexForLines(deps.catalog, event.order.lineItems);
    return (line) => attributeLine(line, index);
  }

  async function accept(
    orderId: string,
    event: OrderEvent,
    webhookId: string | undefined,
    first: { attribute: Promise<(line: AttributableLine) => LineAttribution>; stored: Promise<Awaited<ReturnType<typeof readOrder>>> },
  ): Promise<{ outcome: IngestOutcome; attempts: number }> {
    const attribute = await first.attribute;
    const processOptions = deps.options();
    return retryOnConflict(
      async (attempt) => {
        // The first attempt's order was read with the webhook marker and the products; a retry reads it again.
        const stored = attempt === 1 ? await first.stored : await readOrder(orderId);
        // An order keeps the counting rule it was first stored with; a new order takes this process's.
        const options = orderOptions(processOptions, stored?.countTestOrders ?? null);
        const merged = mergeEvent(stored?.state ?? emptyOrderState(), event, attribute);
        if (merged.kind === 'refused') throw new AssignRefused(merged.reason);
        if (merged.kind === 'unchanged') return { outcome: 'unchanged' as const, attempts: attempt };
        const state = merged.state;
        const version = (stored?.version ?? 0) + 1;
        const contribution = contributionOf(state, options);
        const crowded = contribution?.athletes.find((a) => a.lines.length > MAX_LINES_PER_ATHLETE);
        if (crowded)
          throw new UnsupportedOrder(
            `order ${orderId} has ${crowded.lines.length} lines for athlete ${crowded.athleteId}; at most ${MAX_LINES_PER_ATHLETE} can be stored`,
            'size',
          );
        const changed = changedGroups(stored ? contributionOf(stored.state, options) : null, contribution);
        const pending = [...new Set([...(stored?.pending ?? []), ...changed])].sort();
        const order = state.order;
        const at = now();
        const writes: Write[] = [
          {
            put: {
              ...keys.order(orderId),
              ...(order?.email ? keys.buyerOrdersIndex(options.hashEmail(order.email), order.createdAt, order.orderId) : {}),
              orderId,
              ...encodeState(orderId, state),
              version,
              ...(pending.length ? { pending: new Set(pending) } : {}),
              updatedAt: order?.updatedAt ?? null,
              test: order?.test ?? false,
              countTestOrders: options.countTestOrders,
              storedAt: at,
            },
            condition: stored ? versionIs(stored.version) : { notExists: true },
          },
        ];
        if (webhookId) {
          writes.push({
            put: { ...keys.webhook(webhookId), orderId, receivedAt: at, expiresAt: Math.floor(Date.parse(at) / 1000) + WEBHOOK_MARKER_TTL_SECONDS },
            condition: { notExists: true },
          });
        }
        if (pending.length) writes.push({ put: { ...keys.pendingOrder(orderId), orderId, since: at } });
        try {
          await store.transact(writes);
          return { outcome: 'applied' as const, attempts: attempt };
        } catch (error) {
          // The webhook marker's condition failed: this delivery was stored already.
          if (error instanceof StoreConflict && webhookId && error.failed.includes(1) && (await webhookSeen(webhookId)))
            return { outcome: 'duplicate' as const, attempts: attempt };
          throw error;
        }
      },
      {
        attempts: MAX_ACCEPT_ATTEMPTS,
        backoff,
        onConflict: (_conflict, attempt) => {
          metric('IngestConflict');
          log('warn', 'ingest conflict, retrying', { orderId, attempt, stage: 'accept' });
        },
        onExhausted: () => new RetryLater(`order ${orderId}: concurrent updates did not settle after ${MAX_ACCEPT_ATTEMPTS} attempts`),
      },
    );
  }

  /** Stores one event exactly once. `webhookId` makes a repeated delivery a no-op. */
  async function acceptEvent(event: OrderEvent, options: { webhookId?: string } = {}): Promise<AcceptResult> {
    const orderId = orderIdOf(event);
    const { webhookId } = options;
    // The marker, the order and the lines' products are asked for together: the store sends reads
    // asked for in the same turn as one call (Store.get), so a delivery costs one read and one write.
    const seen = webhookId ? webhookSeen(webhookId) : Promise.resolve(false);
    const first = { attribute: attributorFor(event), stored: readOrder(orderId) };
    // Settled either way (a duplicate does not wait for them, and their failure is the accept's).
    first.attribute.catch(() => undefined);
    first.stored.catch(() => undefined);
    const accepted = (await seen) ? { outcome: 'duplicate' as const, attempts: 0 } : await accept(orderId, event, webhookId, first);
    return { ...accepted, orderId };
  }

  return { accept: acceptEvent };
}
