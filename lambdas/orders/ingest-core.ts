// Ingestion of Shopify order events, exactly once, in two stages (see docs/ARCHITECTURE.md):
//
// 1. Accept (ingest-accept.ts): merge the event into the order's stored state (shared/orders/contribution.ts:
//    the newest body by a total order, refunds by id, a deletion is final, each line's attribution
//    decided once) and write it in ONE small transaction guarded by the order's version, with the
//    webhook id marker and the list of groups whose effects changed (`pending`, plus a PENDING
//    marker item). From here the order is stored: nothing can be lost. The webhook answers here.
// 2. Settle (ingest-settle.ts): each pending group (one per athlete, one per school's unattributed
//    list) is brought from what was applied to what the current version says in its own
//    transaction, guarded by the group's applied snapshot (versioned, never deleted, so a stale step
//    can tell) and, for an athlete, by the version of the athlete's total item (figures, card
//    counts, serials, unlocks and the ledger head move together under it). The pure plan is
//    shared/orders/settlement.ts. The settle function runs it on every new PENDING marker (the table's
//    stream), a scheduled sweep catches anything left, local mode does both in-process.
//
// So an order touching any number of athletes is applied in full, each effect exactly once,
// whatever duplicates, retries, reorderings or concurrent deliveries happen. Both stages are
// written over the store port (lambdas/platform/store.ts), so production (DynamoDB), the property
// tests and the benchmark loader (in memory) run this very code.
import type { AssignRefusal, ContributionOptions, OrderEvent, OrderState } from '#shared/orders/contribution';
import type { CatalogReader } from '#lambdas/catalog/catalog-reader';
import { jitteredBackoff, keyString } from '#lambdas/platform/store';
import type { Store, Item, Key } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import type { MetricName } from '#lambdas/platform/metric-names';
import type { EventWrites, FanWrites } from '#lambdas/cards/event-writes';
import { decodeState } from './order-codec';

export type IngestOutcome = 'applied' | 'unchanged' | 'duplicate';

export interface IngestResult {
  outcome: IngestOutcome;
  orderId: string;
  attempts: number;
  /** Groups not applied yet (the sweeper finishes them); 0 when the figures are final. */
  pending: number;
}

/** A collective's assignment the exactly-once path refused (the line changed since it was read);
 * the assignment route maps the reason to its HTTP answer. */
export class AssignRefused extends Error {
  constructor(readonly reason: AssignRefusal) {
    super(reason);
    this.name = 'AssignRefused';
  }
}

export interface IngestDeps {
  store: Store;
  /** What ingestion reads of the catalog: each line's product, and the title rule's and one
   * athlete's parts only when needed (catalog-reader.ts). */
  catalog: CatalogReader;
  options: () => ContributionOptions;
  now?: () => string;
  metric?: (name: MetricName, value?: number) => void;
  log?: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
  /** The wait of the backoff between attempts (tests pass a no-op or a random yield). */
  sleep?: (ms: number) => Promise<void>;
  /** The settle transaction's hook: items to write with each event a settle step causes (a card
   * unlocked, a new Top Fan, an edition sold out), in the same transaction (lambdas/cards/
   * event-writes.ts). Default: none. */
  eventWrites?: EventWrites;
  /** The settle transaction's second hook: items to write with each fan whose holding a batch
   * changed (leaderboards). Default: none. */
  fanWrites?: FanWrites;
}

/** How long an inline settle runs before it leaves the rest to the sweeper. */
export const DEFAULT_SETTLE_MS = 3_000;
/** An athlete's part of one order may hold at most this many lines: its applied snapshot (serial
 * numbers per line) must fit one item. Larger orders are refused as unstorable (422, parked). */
export const MAX_LINES_PER_ATHLETE = 2_000;

export interface StoredOrder {
  state: OrderState;
  version: number;
  pending: string[];
  /** The counting rule the order was first stored with (null: stored before orders kept it). */
  countTestOrders: boolean | null;
}

/** The counting rule recorded on an order item (`countTestOrders`), or null when it has none. */
export const recordedCountTestOrders = (item: Item): boolean | null => (typeof item.countTestOrders === 'boolean' ? item.countTestOrders : null);

export function toStored(item: Item): StoredOrder {
  const pending = item.pending as Set<string> | string[] | undefined;
  return {
    state: decodeState(item),
    version: Number(item.version),
    pending: pending ? [...pending].sort() : [],
    countTestOrders: recordedCountTestOrders(item),
  };
}

/**
 * The options an order is counted with: the process's (COUNT_TEST_ORDERS) with the counting rule
 * the order was first stored with, when it has one. The rule travels with the order, so whoever
 * settles or verifies it later (another function, a CLI in another shell) counts it exactly as
 * the writer did, and a changed setting applies to orders first stored after the change, never
 * retroactively (serials and ledger entries of a stored test order are never re-decided).
 */
export function orderOptions(base: ContributionOptions, recorded: boolean | null): ContributionOptions {
  return recorded === null || recorded === base.countTestOrders ? base : { ...base, countTestOrders: recorded };
}

export function orderIdOf(event: OrderEvent): string {
  if (event.kind === 'order') return event.order.orderId;
  if (event.kind === 'refund') return event.refund.orderId;
  return event.orderId;
}

/** What both stages need from their dependencies, with defaults. */
export function runtimeOf(deps: IngestDeps) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date().toISOString());
  const metric = deps.metric ?? (() => undefined);
  const log = deps.log ?? (() => undefined);
  const backoff = jitteredBackoff(5, 250, deps.sleep);
  const getOne = async (key: Key) => (await store.get([key])).get(keyString(key));
  async function readOrder(orderId: string): Promise<StoredOrder | null> {
    const item = await getOne(keys.order(orderId));
    return item ? toStored(item) : null;
  }
  return { store, deps, now, metric, log, backoff, getOne, readOrder };
}

/** The stored state of an order (the assignment route reads it before asking to assign). */
export async function readOrderState(store: Store, orderId: string): Promise<OrderState | null> {
  const item = (await store.get([keys.order(orderId)])).get(keyString(keys.order(orderId)));
  return item ? decodeState(item) : null;
}
