// Reconciliation with the Shopify Admin API: Shopify does not guarantee webhook delivery, so the
// orders updated since a checkpoint are read back (REST, paginated by Link headers) and fed through
// the same acceptance as the webhook (accept.ts), idempotently: an order is keyed by a synthetic
// webhook id that includes its updated_at, a refund by its id, and acceptance ignores what it
// already holds; the settle function applies what it stored, as for a webhook. The
// checkpoint lives in the table and only moves forward after a run without failures.
// Used by `npm run reconcile` (scripts/reconcile.ts) and the scheduled reconcile Lambda.
import { PayloadError, UnsupportedOrder, normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { ADMIN_API_VERSION } from '#lambdas/platform/shopify-admin';
import type { AdminCredentials } from '#lambdas/platform/shopify-admin';
import { RetryLater } from '#lambdas/platform/errors';
import { acceptEvent } from './accept';
import type { IngestOutcome } from './ingest-core';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, dynamoStore as store, keyString } from '#lambdas/platform/store';
import { park } from './parked';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';

const PAGE_SIZE = 250;
/** A rerun starts this much before the previous run began: clock skew and orders updated mid-run. */
const OVERLAP_MS = 10 * 60_000;
/** Without a checkpoint or --since: the last day (Shopify retries a webhook for about 4 hours). */
const DEFAULT_LOOKBACK_MS = 24 * 3600_000;
const MAX_HTTP_ATTEMPTS = 5;

export interface ReconcileOptions extends AdminCredentials {
  /** ISO-8601; overrides the stored checkpoint. */
  since?: string;
  now?: Date;
  fetch?: typeof fetch;
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
  pages: number;
  orders: number;
  refunds: number;
  counts: Record<ReconcileEntry['outcome'], number>;
  entries: ReconcileEntry[];
  /** The checkpoint stored at the end, or null when failures kept the old one. */
  checkpoint: string | null;
}

export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

export async function readCheckpoint(): Promise<string | null> {
  const item = (await store.get([keys.reconcileCheckpoint])).get(keyString(keys.reconcileCheckpoint));
  return typeof item?.since === 'string' ? item.since : null;
}

/** Moves the checkpoint forward only (a concurrent or older run never moves it back). */
async function writeCheckpoint(since: string, report: Pick<ReconcileReport, 'orders' | 'refunds'>): Promise<void> {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function getPage(url: string, token: string, fetchImpl: typeof fetch): Promise<{ orders: unknown[]; next: string | null }> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetchImpl(url, { headers: { 'X-Shopify-Access-Token': token, accept: 'application/json' } });
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

export async function reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const fetchImpl = options.fetch ?? fetch;
  const stored = options.since ? null : await readCheckpoint();
  const sinceSource: ReconcileReport['sinceSource'] = options.since ? 'option' : stored ? 'checkpoint' : 'default';
  const sinceDate = new Date(options.since ?? stored ?? now.getTime() - DEFAULT_LOOKBACK_MS);
  if (Number.isNaN(sinceDate.getTime())) throw new Error(`'${options.since}' is not an ISO-8601 date`);
  const since = sinceDate.toISOString();

  const origin = (options.baseUrl ?? `https://${options.storeDomain}`).replace(/\/+$/, '');
  const query = new URLSearchParams({ status: 'any', updated_at_min: since, limit: String(PAGE_SIZE) });
  let url: string | null = `${origin}/admin/api/${ADMIN_API_VERSION}/orders.json?${query.toString()}`;
  const report: ReconcileReport = {
    since,
    sinceSource,
    pages: 0,
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

  while (url) {
    // The token only ever goes to the store's own origin, whatever a Link header says.
    if (new URL(url).origin !== new URL(origin).origin) throw new AdminApiError(`refusing to follow a next link to another origin: ${new URL(url).origin}`, 0);
    const page = await getPage(url, options.accessToken, fetchImpl);
    report.pages++;
    for (const raw of page.orders) {
      report.orders++;
      const rawId = (raw as { id?: unknown })?.id;
      let orderId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : '?';
      try {
        const order = normalizeOrder(raw);
        orderId = order.orderId;
        const result = await acceptEvent({ kind: 'order', order }, { webhookId: keys.reconcileOrderDelivery(order.orderId, order.updatedAt) });
        record({ kind: 'order', orderId, id: orderId, outcome: result.outcome });
      } catch (error) {
        record({ kind: 'order', orderId, id: orderId, outcome: await ingestOutcome(error, orderId, raw), detail: (error as Error).message });
        continue;
      }
      const refunds = (raw as { refunds?: unknown }).refunds;
      for (const rawRefund of Array.isArray(refunds) ? refunds : []) {
        report.refunds++;
        const withOrder = { order_id: orderId, ...(rawRefund as Record<string, unknown>) };
        const refundId = String((rawRefund as { id?: unknown })?.id ?? '?');
        try {
          const refund = normalizeRefund(withOrder);
          const result = await acceptEvent({ kind: 'refund', refund }, { webhookId: keys.reconcileRefundDelivery(refund.refundId) });
          record({ kind: 'refund', orderId, id: refund.refundId, outcome: result.outcome });
        } catch (error) {
          record({ kind: 'refund', orderId, id: refundId, outcome: await ingestOutcome(error, orderId, rawRefund), detail: (error as Error).message });
        }
      }
    }
    url = page.next;
  }

  if (report.counts['retry-later'] === 0) {
    const next = new Date(Math.max(sinceDate.getTime(), now.getTime() - OVERLAP_MS)).toISOString();
    await writeCheckpoint(next, report);
    report.checkpoint = next;
  }
  metric('ReconcileRun');
  log(report.counts['retry-later'] ? 'warn' : 'info', 'reconcile finished', {
    since,
    pages: report.pages,
    orders: report.orders,
    refunds: report.refunds,
    ...report.counts,
    checkpoint: report.checkpoint,
  });
  return report;
}
