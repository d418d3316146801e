// Fast loading of benchmark orders: the stored items ingestion would leave behind (order with its
// contribution, sale lines, unattributed lines, athlete totals and months with their GSI1 tags,
// fan holdings, Top Fans), computed with the same shared contribution and aggregation code and
// written with BatchWrite. `compareWithIngest` proves the equivalence on a small size by feeding
// the same orders through ingest() into a second table and comparing every item.
// Also builds the spec's own orders table (one item per order) for the baseline.
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { aggregate, holdsFullSet } from '../../shared/aggregation';
import type { Catalog } from '../../shared/catalog-types';
import { indexCatalog } from '../../shared/catalog-types';
import { contributionOf } from '../../shared/contribution';
import type { OrderContribution, OrderState } from '../../shared/contribution';
import { normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '../../shared/shopify';
import type { NormalizedOrder, NormalizedRefund } from '../../shared/shopify';
import { orderPayload, refundPayload } from '../../shared/shopify-payloads';
import { config } from '../../lambdas/common/config';
import { ddb, tableName } from '../../lambdas/common/dynamodb';
import { hashEmail, ingest } from '../../lambdas/common/ingest';
import type { IngestEvent } from '../../lambdas/common/ingest';
import { keys } from '../../lambdas/common/keys';
import type { BenchOrder } from './dataset';
import { pool } from './util';

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

/** Every item ingestion stores for these orders (webhook markers aside). */
export function itemsFor(orders: BenchOrder[], catalog: Catalog): Item[] {
  const index = indexCatalog(catalog);
  const options = { countTestOrders: config().countTestOrders, hashEmail };
  const items: Item[] = [];
  const contributions: OrderContribution[] = [];
  const storedAt = new Date().toISOString();
  for (const o of orders) {
    const order = parseOrder(o.order);
    const refunds = Object.fromEntries(o.refunds.map((r) => parseRefund(r)).map((r) => [r.refundId, r]));
    const state: OrderState = { order, refunds };
    const c = contributionOf(state, index, options)!;
    contributions.push(c);
    items.push({
      ...keys.order(order.orderId),
      ...(order.email ? keys.buyerOrdersIndex(hashEmail(order.email), order.createdAt, order.orderId) : {}),
      orderId: order.orderId,
      state,
      contribution: c,
      version: (o.earlier ? 1 : 0) + 1 + o.refunds.length,
      updatedAt: order.updatedAt,
      test: order.test,
      storedAt,
    });
    for (const entry of c.athletes) {
      const collectiveId = index.collectiveByAthleteId.get(entry.athleteId);
      items.push({
        ...keys.sale(entry.athleteId, c.createdAt, c.orderId),
        ...(collectiveId !== undefined ? keys.saleTransaction(collectiveId, c.createdAt, c.orderId, entry.athleteId) : {}),
        athleteId: entry.athleteId,
        orderId: c.orderId,
        orderName: order.name,
        createdAt: c.createdAt,
        buyer: c.buyerLabel,
        quantity: entry.listedUnits,
        amountCents: entry.listedCents,
        status: c.status,
        counted: c.counted,
        test: order.test,
      });
    }
    if (c.unattributed.length > 0) items.push({ ...keys.unattributedOrder(c.createdAt, c.orderId), orderId: c.orderId, createdAt: c.createdAt, lines: c.unattributed });
  }

  const agg = aggregate(contributions);
  const cardTotals = new Map<number, Record<string, number>>();
  for (const c of contributions) {
    for (const entry of c.athletes) {
      const cards = cardTotals.get(entry.athleteId) ?? {};
      for (const [card, units] of Object.entries(entry.cards)) cards[card] = (cards[card] ?? 0) + units;
      cardTotals.set(entry.athleteId, cards);
    }
  }
  const fansByAthlete = new Map<number, { unique: number; top: number }>();
  for (const fan of agg.fans.values()) {
    const cards = Object.fromEntries(Object.entries(fan.cards).filter(([, u]) => u !== 0));
    if (Object.keys(cards).length === 0) continue;
    items.push({ ...keys.fan(fan.athleteId, fan.buyerKey), athleteId: fan.athleteId, buyerKey: fan.buyerKey, buyerLabel: fan.buyerLabel, cards, version: 1 });
    const f = fansByAthlete.get(fan.athleteId) ?? { unique: 0, top: 0 };
    f.unique++;
    const cardIds = index.athleteById.get(fan.athleteId)?.digitalcollectibles.map((card) => card.id) ?? [];
    if (holdsFullSet(cards, cardIds)) {
      f.top++;
      items.push({ ...keys.topFan(fan.athleteId, fan.buyerKey), athleteId: fan.athleteId, buyerLabel: fan.buyerLabel });
    }
    fansByAthlete.set(fan.athleteId, f);
  }
  for (const [athleteId, a] of agg.athletes) {
    const collectiveId = index.collectiveByAthleteId.get(athleteId);
    for (const [month, figures] of a.months) {
      if (figures.cardsSold === 0 && figures.revenueCents === 0 && figures.orderCount === 0) continue;
      items.push({
        ...keys.aggMonth(athleteId, month),
        ...(collectiveId !== undefined ? keys.collectiveAthleteMonth(collectiveId, athleteId, month) : {}),
        athleteId,
        month,
        ...figures,
      });
    }
    const fans = fansByAthlete.get(athleteId);
    const cards = Object.fromEntries(Object.entries(cardTotals.get(athleteId) ?? {}).map(([card, units]) => [`card#${card}`, units]));
    if (a.total.cardsSold === 0 && a.total.revenueCents === 0 && a.total.orderCount === 0) continue;
    items.push({
      ...keys.aggTotal(athleteId),
      ...(collectiveId !== undefined ? keys.collectiveAthleteTotal(collectiveId, athleteId) : {}),
      athleteId,
      ...a.total,
      ...cards,
      uniqueFans: fans?.unique ?? 0,
      ...(fans?.top ? { topFanCount: fans.top } : {}),
    });
  }
  if (agg.unattributed.units !== 0 || agg.unattributed.revenueCents !== 0) items.push({ ...keys.unattributedTotal, ...agg.unattributed });
  return items;
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

/** Feeds the orders' events through ingest() (the webhook's code path) into the current table. */
export async function ingestOrders(orders: BenchOrder[], concurrency = 4): Promise<void> {
  await pool(orders, concurrency, async (o) => {
    for (const event of eventsOf(o)) await ingest(event);
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

/** Canonical form for comparison: DynamoDB maps have no key order, ADD leaves zero counters
 * behind, and the volatile fields (storedAt, fan versions) record history, not figures. */
function normalize(item: Item): Item | null {
  const sk = String(item.SK);
  const out: Item = { ...item };
  delete out.storedAt;
  if (sk.startsWith('AGG') || (item.PK === keys.unattributedTotal.PK && sk === keys.unattributedTotal.SK)) {
    for (const [k, v] of Object.entries(out)) if (v === 0 && k !== 'athleteId') delete out[k];
    const figures = Object.keys(out).filter((k) => /^(cardsSold|revenueCents|orderCount|units|uniqueFans|card#|topFanCount)/.test(k));
    if (figures.length === 0) return null;
  }
  if (sk.startsWith('FAN#')) {
    delete out.version;
    if (Object.keys((out.cards as Item) ?? {}).length === 0) return null;
  }
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
  for (const [key, value] of a) if (b.get(key) !== value) diffs.push(b.has(key) ? `${key}: differs\n  loaded   ${value}\n  ingested ${b.get(key)}` : `${key}: only in the loaded table`);
  for (const key of b.keys()) if (!a.has(key)) diffs.push(`${key}: only in the ingested table`);
  return diffs;
}

// ---------------------------------------------------------------------------------------------
// The spec's orders table (SPEC section 3, "Order (from the orders service)"): one item per order.

export async function createBaselineTable(name: string): Promise<void> {
  const client = ddb();
  await client.send(
    new CreateTableCommand({ TableName: name, BillingMode: 'PAY_PER_REQUEST', AttributeDefinitions: [{ AttributeName: 'orderId', AttributeType: 'S' }], KeySchema: [{ AttributeName: 'orderId', KeyType: 'HASH' }] }),
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
