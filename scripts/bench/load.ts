// Fast loading of benchmark orders: the stored items ingestion would leave behind, produced by the
// ingestion engine itself (lambdas/orders/ingest-engine.ts) running over an in-memory store, then
// written with BatchWrite. `compareTables` proves the equivalence on a small size by feeding the
// same orders through ingest() into a second table (DynamoDB Local) and comparing every item.
// Also builds the spec's own orders table (one item per order) for the baseline.
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { Catalog } from '#shared/catalog/catalog-types';
import { normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import type { NormalizedOrder, NormalizedRefund } from '#shared/orders/shopify';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { contributionOptions } from '#lambdas/identity/buyers';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { ingest } from '#lambdas/orders/ingest';
import type { IngestEvent } from '#lambdas/orders/ingest';
import { memoryCatalogReader } from '#lambdas/catalog/catalog-reader';
import { createIngestEngine } from '#lambdas/orders/ingest-engine';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import type { BenchOrder } from './dataset';
import { pool } from './util';
import * as keys from '#lambdas/platform/keys';

type Item = Record<string, unknown>;

const parseOrder = (o: BenchOrder['order']): NormalizedOrder => normalizeOrder(parseJsonPreservingBigInts(orderPayload(o)));
const parseRefund = (r: BenchOrder['refunds'][number]): NormalizedRefund => normalizeRefund(parseJsonPreservingBigInts(refundPayload(r)));

/** The events Shopify would deliver for one order, in a natural order. */
export function eventsOf(o: BenchOrder): IngestEvent[] {
  return [
    ...(o.earlier ? [{ kind: 'order' as const, order: parseOrder(o.earlier) }] : []),
    { kind: 'order' as const, order: parseOrder(o.order) },
    ...o.refunds.map((r) => ({ kind: 'refund' as const, refund: parseRefund(r) })),
  ];
}

/** Every item ingestion stores for these orders, fed one order after the other through the
 * engine in memory (the same order `ingestOrders` uses, so serials and ledger sequences match). */
export async function itemsFor(orders: BenchOrder[], catalog: Catalog): Promise<Item[]> {
  const store = createMemoryStore();
  let clock = Date.parse('2026-11-01T00:00:00.000Z');
  const engine = createIngestEngine({
    store,
    catalog: memoryCatalogReader(catalog),
    options: contributionOptions,
    now: () => new Date((clock += 1)).toISOString(),
  });
  for (const o of orders) for (const event of eventsOf(o)) await engine.ingest(event, { deadline: Number.POSITIVE_INFINITY });
  return store.all();
}

/** BatchWrite with a few batches in flight and unprocessed items retried. */
export async function batchWrite(table: string, items: Item[], concurrency = 6): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await pool(batches, concurrency, async (batch) => {
    let pending = batch.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 10) throw new Error(`BatchWrite to ${table}: items still unprocessed after 10 attempts`);
      const result = await ddb().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (result.UnprocessedItems?.[table] ?? []) as typeof pending;
      if (pending.length) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
    }
  });
}

/** Feeds the orders' events through ingest() (the webhook's code path) into the current table;
 * with concurrency 1 the result is item for item what `itemsFor` builds. Each order is settled
 * before the next, however long that takes (as `itemsFor` does): with the webhook's deadline, a busy
 * machine leaves an order to the sweep and the next one takes its serials. */
export async function ingestOrders(orders: BenchOrder[], concurrency = 1): Promise<void> {
  await pool(orders, concurrency, async (o) => {
    for (const event of eventsOf(o)) await ingest(event, { deadline: Number.POSITIVE_INFINITY });
  });
}

export async function scanTable(table: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Canonical form for comparison: DynamoDB maps have no key order, and times record when an item
 * was written (storedAt, ledger times, unlock times), not what it holds. */
function normalize(item: Item): Item | null {
  const sk = String(item.SK);
  const out: Item = { ...item };
  for (const field of ['storedAt', 'since', 'receivedAt', 'ledgerAt', 'at']) delete out[field];
  if (sk.startsWith(keys.ledgerPrefix)) out.SK = `${keys.ledgerPrefix}${item.seq}`;
  if (out.ledger && typeof out.ledger === 'object') {
    const head = out.ledger as Item;
    out.ledger = { ...head, at: 'set' };
  }
  if (out.unlockedAt && typeof out.unlockedAt === 'object') out.unlockedAt = Object.fromEntries(Object.keys(out.unlockedAt as Item).map((k) => [k, 'set']));
  return out;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Item).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

/** Differences between two tables' items (after normalisation), as readable lines. */
export async function compareTables(loaded: string, ingested: string, skipPk: (pk: string) => boolean = () => false): Promise<string[]> {
  const load = async (t: string) =>
    new Map(
      (await scanTable(t))
        .filter((i) => !skipPk(String(i.PK)))
        .map(normalize)
        .filter((i): i is Item => i !== null)
        .map((i) => [`${i.PK}|${i.SK}`, canonical(i)]),
    );
  const [a, b] = await Promise.all([load(loaded), load(ingested)]);
  const diffs: string[] = [];
  for (const [key, value] of a)
    if (b.get(key) !== value) diffs.push(b.has(key) ? `${key}: differs\n  loaded   ${value}\n  ingested ${b.get(key)}` : `${key}: only in the loaded table`);
  for (const key of b.keys()) if (!a.has(key)) diffs.push(`${key}: only in the ingested table`);
  return diffs;
}

// ---------------------------------------------------------------------------------------------
// The spec's orders table (SPEC section 3, "Order (from the orders service)"): one item per order.

export async function createBaselineTable(name: string): Promise<void> {
  const client = ddb();
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'orderId', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'orderId', KeyType: 'HASH' }],
    }),
  );
  for (let i = 0; i < 100; i++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The spec's order shape: orderId, createdAt, customerEmail, totalPrice, financialStatus, products. */
export function baselineItems(orders: BenchOrder[]): Item[] {
  return orders.map((o) => {
    const order = parseOrder(o.order);
    return {
      orderId: order.orderId,
      createdAt: order.createdAt,
      customerEmail: order.email ?? '',
      totalPrice: order.totalCents / 100,
      financialStatus: order.cancelledAt ? 'voided' : (order.financialStatus ?? 'paid'),
      products: order.lineItems.map((l) => ({ id: l.productId ?? l.lineItemId, title: l.title, quantity: l.quantity, price: l.priceCents / 100 })),
    };
  });
}

export { tableName };
