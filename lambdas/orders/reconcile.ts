// Reconciliation with the Shopify Admin API: Shopify does not guarantee webhook delivery, so the
// orders updated since a checkpoint are read back and fed through the same acceptance as the
// webhook (accept.ts), idempotently: an order is keyed by a synthetic webhook id that includes its
// updated_at, a refund by its id, and acceptance ignores what it already holds; the settle function
// applies what it stored, as for a webhook. The checkpoint lives in the table and only moves
// forward after a run without failures.
// Two ways to read the window (docs/decisions/0020-bulk-reconcile.md), chosen by its size:
// - REST pages of full orders (Link-header pagination), for an ordinary window;
// - for a drop-sized window (more than BULK_THRESHOLD orders, counted by one GraphQL call), one
//   bulk operation lists every order's id and updatedAt as JSONL; the orders Drift already holds at
//   that update are skipped, and only the others are read in full, 250 per REST call by id. The
//   GraphQL calls are cost-aware (admin-graphql.ts).
// Used by `npm run reconcile` (scripts/reconcile.ts) and the scheduled reconcile Lambda.
import { PayloadError, UnsupportedOrder, normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import type { OrderEvent } from '#shared/orders/contribution';
import { ADMIN_API_VERSION } from '#lambdas/platform/shopify-admin';
import type { AdminCredentials } from '#lambdas/platform/shopify-admin';
import { RetryLater } from '#lambdas/platform/errors';
import { acceptEvent } from './accept';
import type { AcceptResult } from './accept';
import type { IngestOutcome } from './ingest-core';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, dynamoStore, keyString } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';
import { park } from './parked';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';
import { AdminApiError, createGraphqlClient } from './admin-graphql';
import type { GraphqlStats } from './admin-graphql';
import { countOrdersSince, listedOrders, runBulkOrders } from './bulk-orders';
import type { ListedOrder } from './bulk-orders';

export { AdminApiError } from './admin-graphql';

const PAGE_SIZE = 250;
/** A rerun starts this much before the previous run began: clock skew and orders updated mid-run. */
const OVERLAP_MS = 10 * 60_000;
/** Without a checkpoint or --since: the last day (Shopify retries a webhook for about 4 hours). */
const DEFAULT_LOOKBACK_MS = 24 * 3600_000;
const MAX_HTTP_ATTEMPTS = 5;
/** A window with more orders than this is read through a bulk operation (10 REST pages). */
export const BULK_THRESHOLD = 2_500;
/** Orders read per REST call by id (the Admin API's page limit). */
const IDS_PER_CALL = 250;
/** Order items read per held-check (BatchGetItem's limit). */
const HELD_CHECK_SLICE = 100;

export type ReconcileMode = 'auto' | 'rest' | 'bulk';

export interface ReconcileOptions extends AdminCredentials {
  /** ISO-8601; overrides the stored checkpoint. */
  since?: string;
  now?: Date;
  fetch?: typeof fetch;
  /** auto (default): bulk when the window holds more than BULK_THRESHOLD orders. */
  mode?: ReconcileMode;
  sleep?: (ms: number) => Promise<void>;
  /** Virtual time for the GraphQL throttle and the bulk poll (tests); real time otherwise. */
  clock?: () => number;
}

/** What reconciliation writes through: the table and the webhook's acceptance (tests pass an
 * in-memory store and an engine over it). */
export interface ReconcileDeps {
  store: Store;
  accept: (event: OrderEvent, options: { webhookId?: string }) => Promise<AcceptResult>;
}

export interface ReconcileEntry {
  kind: 'order' | 'refund';
  orderId: string;
  id: string;
  outcome: IngestOutcome | 'malformed' | 'retry-later';
  detail?: string;
}

export interface ReconcileReport {
  since: string;
  sinceSource: 'option' | 'checkpoint' | 'default';
  mode: 'rest' | 'bulk';
  /** Bulk: orders the bulk operation listed, and those skipped as already held at that update. */
  listed: number;
  held: number;
  /** REST calls that read orders (pages, or batches by id). */
  pages: number;
  graphql: GraphqlStats | null;
  orders: number;
  refunds: number;
  counts: Record<ReconcileEntry['outcome'], number>;
  entries: ReconcileEntry[];
  /** The checkpoint stored at the end, or null when failures kept the old one. */
  checkpoint: string | null;
}

export async function readCheckpoint(store: Store = dynamoStore): Promise<string | null> {
  const item = (await store.get([keys.reconcileCheckpoint])).get(keyString(keys.reconcileCheckpoint));
  return typeof item?.since === 'string' ? item.since : null;
}

/** Moves the checkpoint forward only (a concurrent or older run never moves it back). */
async function writeCheckpoint(store: Store, since: string, report: Pick<ReconcileReport, 'orders' | 'refunds'>): Promise<void> {
  try {
    await store.write({
      put: { ...keys.reconcileCheckpoint, since, runAt: new Date().toISOString(), orders: report.orders, refunds: report.refunds },
      condition: { or: [{ notExists: true }, { field: 'since', below: since }] },
    });
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
  }
}

/** The URL of Link: <...>; rel="next", if any. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (match) return match[1];
  }
  return null;
}

const sleepReal = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function getPage(url: string, token: string, fetchImpl: typeof fetch, sleep = sleepReal): Promise<{ orders: unknown[]; next: string | null }> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: { 'X-Shopify-Access-Token': token, accept: 'application/json' } });
    } catch (error) {
      // A GET is safe to repeat: a connection reset (a keep-alive socket the server closed as it was
      // reused) or a dropped connection is retried like a 5xx.
      if (!(error instanceof TypeError) || attempt >= MAX_HTTP_ATTEMPTS) throw error;
      await sleep(250 * 2 ** attempt);
      continue;
    }
    if (response.ok) {
      const body = parseJsonPreservingBigInts(await response.text()) as { orders?: unknown };
      if (!Array.isArray(body.orders)) throw new AdminApiError(`GET ${new URL(url).pathname}: the answer has no orders list`, response.status);
      return { orders: body.orders, next: nextLink(response.headers.get('link')) };
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (!retryable || attempt >= MAX_HTTP_ATTEMPTS) {
      throw new AdminApiError(`GET ${new URL(url).pathname} answered ${response.status}: ${(await response.text()).slice(0, 200)}`, response.status);
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 10) * 1000 : 250 * 2 ** attempt);
  }
}

/** A malformed or uncountable order (another currency, unstorable) is reported and parked for an
 * operator, as the webhook does; contention is retried by the next run. */
async function ingestOutcome(error: unknown, orderId: string, raw: unknown): Promise<ReconcileEntry['outcome']> {
  if (error instanceof PayloadError || error instanceof UnsupportedOrder) {
    const body = JSON.stringify(raw) ?? '';
    await park({
      reason: error instanceof UnsupportedOrder ? error.reason : 'malformed',
      message: error.message,
      topic: 'reconcile',
      orderId: /^\d+$/.test(orderId) ? orderId : null,
      webhookId: null,
      bytes: body.length,
      bodyStart: body.slice(0, 2048),
    });
    return 'malformed';
  }
  if (error instanceof RetryLater) return 'retry-later';
  throw error;
}

/** The orders of `listed` that Drift holds at (or after) the update Shopify lists: their stored
 * updatedAt is not older. Consistent reads of the order items, 100 at a time. */
export async function heldOrders(store: Store, listed: ListedOrder[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (let i = 0; i < listed.length; i += HELD_CHECK_SLICE) {
    const slice = listed.slice(i, i + HELD_CHECK_SLICE);
    const got = await store.get(slice.map((l) => keys.order(l.orderId)));
    for (const l of slice) {
      const stored = got.get(keyString(keys.order(l.orderId)))?.updatedAt;
      if (typeof stored === 'string' && Date.parse(stored) >= Date.parse(l.updatedAt)) held.add(l.orderId);
    }
  }
  return held;
}

export async function reconcile(options: ReconcileOptions, deps: ReconcileDeps = { store: dynamoStore, accept: acceptEvent }): Promise<ReconcileReport> {
  const { store, accept } = deps;
  const now = options.now ?? new Date();
  const fetchImpl = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepReal;
  const stored = options.since ? null : await readCheckpoint(store);
  const sinceSource: ReconcileReport['sinceSource'] = options.since ? 'option' : stored ? 'checkpoint' : 'default';
  const sinceDate = new Date(options.since ?? stored ?? now.getTime() - DEFAULT_LOOKBACK_MS);
  if (Number.isNaN(sinceDate.getTime())) throw new Error(`'${options.since}' is not an ISO-8601 date`);
  const since = sinceDate.toISOString();

  const origin = (options.baseUrl ?? `https://${options.storeDomain}`).replace(/\/+$/, '');
  const ordersUrl = `${origin}/admin/api/${ADMIN_API_VERSION}/orders.json`;
  const report: ReconcileReport = {
    since,
    sinceSource,
    mode: 'rest',
    listed: 0,
    held: 0,
    pages: 0,
    graphql: null,
    orders: 0,
    refunds: 0,
    counts: { applied: 0, unchanged: 0, duplicate: 0, malformed: 0, 'retry-later': 0 },
    entries: [],
    checkpoint: null,
  };
  const record = (entry: ReconcileEntry) => {
    report.entries.push(entry);
    report.counts[entry.outcome]++;
  };

  /** One order as the Admin API wrote it, and its refunds, through the webhook's acceptance. */
  const ingestRaw = async (raw: unknown) => {
    report.orders++;
    const rawId = (raw as { id?: unknown })?.id;
    let orderId = typeof rawId === 'string' || typeof rawId === 'number' || typeof rawId === 'bigint' ? String(rawId) : '?';
    try {
      const order = normalizeOrder(raw);
      orderId = order.orderId;
      const result = await accept({ kind: 'order', order }, { webhookId: keys.reconcileOrderDelivery(order.orderId, order.updatedAt) });
      record({ kind: 'order', orderId, id: orderId, outcome: result.outcome });
    } catch (error) {
      record({ kind: 'order', orderId, id: orderId, outcome: await ingestOutcome(error, orderId, raw), detail: (error as Error).message });
      return;
    }
    const refunds = (raw as { refunds?: unknown }).refunds;
    for (const rawRefund of Array.isArray(refunds) ? refunds : []) {
      report.refunds++;
      const withOrder = { order_id: orderId, ...(rawRefund as Record<string, unknown>) };
      const refundId = String((rawRefund as { id?: unknown })?.id ?? '?');
      try {
        const refund = normalizeRefund(withOrder);
        const result = await accept({ kind: 'refund', refund }, { webhookId: keys.reconcileRefundDelivery(refund.refundId) });
        record({ kind: 'refund', orderId, id: refund.refundId, outcome: result.outcome });
      } catch (error) {
        record({ kind: 'refund', orderId, id: refundId, outcome: await ingestOutcome(error, orderId, rawRefund), detail: (error as Error).message });
      }
    }
  };

  const mode = options.mode ?? 'auto';
  const client = mode === 'rest' ? null : createGraphqlClient({ origin, accessToken: options.accessToken, fetch: fetchImpl, sleep, now: options.clock });
  if (client) report.graphql = client.stats;
  report.mode = client && (mode === 'bulk' || (await countOrdersSince(client, since)) > BULK_THRESHOLD) ? 'bulk' : 'rest';

  if (report.mode === 'rest') {
    const query = new URLSearchParams({ status: 'any', updated_at_min: since, limit: String(PAGE_SIZE) });
    let url: string | null = `${ordersUrl}?${query.toString()}`;
    while (url) {
      // The token only ever goes to the store's own origin, whatever a Link header says.
      if (new URL(url).origin !== new URL(origin).origin)
        throw new AdminApiError(`refusing to follow a next link to another origin: ${new URL(url).origin}`, 0);
      const page = await getPage(url, options.accessToken, fetchImpl, sleep);
      report.pages++;
      for (const raw of page.orders) await ingestRaw(raw);
      url = page.next;
    }
  } else {
    const bulk = await runBulkOrders(client!, since, { fetch: fetchImpl, sleep, now: options.clock });
    /** Reads in full the listed orders Drift does not hold at that update. */
    const readMissing = async (chunk: ListedOrder[]) => {
      const held = await heldOrders(store, chunk);
      report.held += held.size;
      const missing = chunk.filter((l) => !held.has(l.orderId));
      if (!missing.length) return;
      const query = new URLSearchParams({ ids: missing.map((l) => l.orderId).join(','), status: 'any', limit: String(IDS_PER_CALL) });
      const page = await getPage(`${ordersUrl}?${query.toString()}`, options.accessToken, fetchImpl, sleep);
      report.pages++;
      for (const raw of page.orders) await ingestRaw(raw);
    };
    let chunk: ListedOrder[] = [];
    for await (const listed of bulk.url ? listedOrders(bulk.url, { fetch: fetchImpl }) : []) {
      report.listed++;
      chunk.push(listed);
      if (chunk.length === IDS_PER_CALL) {
        await readMissing(chunk);
        chunk = [];
      }
    }
    if (chunk.length) await readMissing(chunk);
  }

  if (report.counts['retry-later'] === 0) {
    const next = new Date(Math.max(sinceDate.getTime(), now.getTime() - OVERLAP_MS)).toISOString();
    await writeCheckpoint(store, next, report);
    report.checkpoint = next;
  }
  metric('ReconcileRun');
  log(report.counts['retry-later'] ? 'warn' : 'info', 'reconcile finished', {
    since,
    mode: report.mode,
    listed: report.listed,
    held: report.held,
    pages: report.pages,
    orders: report.orders,
    refunds: report.refunds,
    ...report.counts,
    checkpoint: report.checkpoint,
  });
  return report;
}
