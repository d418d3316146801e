// Exactly-once ingestion of Shopify order and refund events.
//
// Shopify delivers at least once, out of order, and retries. Each order is stored once with the
// newest body seen (by updated_at), every refund by id, and a snapshot of what it contributed.
// A delivery computes the new contribution and writes (new - old) in ONE transaction, guarded by
// the order item's version (optimistic concurrency). Counters use ADD, so deliveries of different
// orders for the same athlete never conflict; fan holdings are versioned items. A conflict is
// retried a bounded number of times, then surfaces as RetryLater (503) so Shopify retries.
import { createHash } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { contributionDelta, fanDeltas, holdsAny, holdsFullSet } from '../../shared/aggregation';
import type { FanHolding } from '../../shared/aggregation';
import { indexCatalog } from '../../shared/catalog-types';
import type { CatalogIndex } from '../../shared/catalog-types';
import { contributionOf } from '../../shared/contribution';
import type { OrderContribution, OrderState } from '../../shared/contribution';
import type { NormalizedOrder, NormalizedRefund } from '../../shared/shopify';
import { loadCatalog } from './catalog-repo';
import { config } from './config';
import { ddb, tableName } from './dynamodb';
import { HttpError, RetryLater } from './errors';
import { keys } from './keys';
import { log } from './log';

export type IngestEvent =
  | { kind: 'order'; order: NormalizedOrder }
  | { kind: 'refund'; refund: NormalizedRefund }
  | { kind: 'assign'; orderId: string; lineItemId: string; athleteId: number; cardId: number; at: string };

export type IngestOutcome = 'applied' | 'unchanged' | 'duplicate';

export interface IngestResult {
  outcome: IngestOutcome;
  orderId: string;
  attempts: number;
}

const MAX_ATTEMPTS = 8;
/** DynamoDB's limit on the items of one transaction. */
const MAX_TRANSACTION_ITEMS = 100;

/** An order that touches more athletes than one transaction can hold (about 20): a 422, logged
 * for an operator, instead of a 500 that Shopify would retry for hours. */
export class OrderTooLarge extends HttpError {
  constructor(orderId: string, items: number) {
    super(422, 'order_too_large', `Order ${orderId} would update ${items} items, more than one transaction holds (${MAX_TRANSACTION_ITEMS})`);
  }
}
const WEBHOOK_MARKER_TTL_SECONDS = 7 * 24 * 3600;

export const hashEmail = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 40);

interface StoredOrder {
  state: OrderState;
  contribution: OrderContribution | null;
  version: number;
}

type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function orderIdOf(event: IngestEvent): string {
  if (event.kind === 'order') return event.order.orderId;
  if (event.kind === 'refund') return event.refund.orderId;
  return event.orderId;
}

/** Merges an event into the stored state; returns null when it changes nothing. */
export function mergeEvent(state: OrderState, event: IngestEvent): OrderState | null {
  if (event.kind === 'assign') {
    const current = state.assignments?.[event.lineItemId];
    if (current && current.athleteId === event.athleteId && current.cardId === event.cardId) return null;
    return { ...state, assignments: { ...state.assignments, [event.lineItemId]: { athleteId: event.athleteId, cardId: event.cardId, assignedAt: event.at } } };
  }
  if (event.kind === 'refund') {
    if (state.refunds[event.refund.refundId]) return null;
    return { ...state, refunds: { ...state.refunds, [event.refund.refundId]: event.refund } };
  }
  const current = state.order;
  if (current && Date.parse(event.order.updatedAt) <= Date.parse(current.updatedAt)) return null;
  return { ...state, order: event.order };
}

async function readOrder(orderId: string): Promise<StoredOrder | null> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.order(orderId), ConsistentRead: true }));
  if (!Item) return null;
  return { state: Item.state as OrderState, contribution: (Item.contribution as OrderContribution | null) ?? null, version: Item.version as number };
}

async function readFan(athleteId: number, buyerKey: string): Promise<{ cards: Record<string, number>; version: number } | null> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.fan(athleteId, buyerKey), ConsistentRead: true }));
  return Item ? { cards: Item.cards as Record<string, number>, version: Item.version as number } : null;
}

async function webhookSeen(webhookId: string): Promise<boolean> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: keys.webhook(webhookId), ProjectionExpression: 'PK' }));
  return Boolean(Item);
}

function webhookMarker(webhookId: string, orderId: string): TxItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.webhook(webhookId), orderId, receivedAt: new Date().toISOString(), expiresAt: Math.floor(Date.now() / 1000) + WEBHOOK_MARKER_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Per-athlete counter changes, merged so each total item appears once in the transaction. */
interface TotalUpdate {
  add: Record<string, number>;
}

function totalUpdateItem(athleteId: number, update: TotalUpdate, collectiveId: number | undefined): TxItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':athleteId': athleteId };
  const adds: string[] = [];
  const sets = ['athleteId = :athleteId'];
  let n = 0;
  for (const [attr, delta] of Object.entries(update.add)) {
    names[`#a${n}`] = attr;
    values[`:a${n}`] = delta;
    adds.push(`#a${n} :a${n}`);
    n++;
  }
  if (collectiveId !== undefined) {
    const k = keys.collectiveAthleteTotal(collectiveId, athleteId);
    sets.push('GSI1PK = :gpk', 'GSI1SK = :gsk');
    values[':gpk'] = k.GSI1PK;
    values[':gsk'] = k.GSI1SK;
  }
  const expression = [`SET ${sets.join(', ')}`, adds.length ? `ADD ${adds.join(', ')}` : ''].filter(Boolean).join(' ');
  return {
    Update: {
      TableName: tableName(),
      Key: keys.aggTotal(athleteId),
      UpdateExpression: expression,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

function monthUpdateItem(athleteId: number, month: string, figures: { cardsSold: number; revenueCents: number; orderCount: number }, collectiveId: number | undefined): TxItem {
  const values: Record<string, unknown> = { ':u': figures.cardsSold, ':r': figures.revenueCents, ':o': figures.orderCount, ':athleteId': athleteId, ':month': month };
  const sets = ['athleteId = :athleteId', '#month = :month'];
  if (collectiveId !== undefined) {
    const k = keys.collectiveAthleteMonth(collectiveId, athleteId, month);
    sets.push('GSI1PK = :gpk', 'GSI1SK = :gsk');
    values[':gpk'] = k.GSI1PK;
    values[':gsk'] = k.GSI1SK;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: keys.aggMonth(athleteId, month),
      UpdateExpression: `SET ${sets.join(', ')} ADD cardsSold :u, revenueCents :r, orderCount :o`,
      ExpressionAttributeNames: { '#month': 'month' },
      ExpressionAttributeValues: values,
    },
  };
}

function saleItems(oldC: OrderContribution | null, newC: OrderContribution | null, order: NormalizedOrder | null, index: CatalogIndex): TxItem[] {
  const items: TxItem[] = [];
  const kept = new Set<number>();
  if (newC && order) {
    for (const entry of newC.athletes) {
      kept.add(entry.athleteId);
      const collectiveId = index.collectiveByAthleteId.get(entry.athleteId);
      items.push({
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.sale(entry.athleteId, newC.createdAt, newC.orderId),
            ...(collectiveId !== undefined ? keys.saleTransaction(collectiveId, newC.createdAt, newC.orderId, entry.athleteId) : {}),
            athleteId: entry.athleteId,
            orderId: newC.orderId,
            orderName: order.name,
            createdAt: newC.createdAt,
            buyer: newC.buyerLabel,
            quantity: entry.listedUnits,
            amountCents: entry.listedCents,
            status: newC.status,
            counted: newC.counted,
            test: order.test,
          },
        },
      });
    }
  }
  for (const entry of oldC?.athletes ?? []) {
    if (!kept.has(entry.athleteId) || (newC && newC.createdAt !== oldC?.createdAt)) {
      items.push({ Delete: { TableName: tableName(), Key: keys.sale(entry.athleteId, oldC!.createdAt, oldC!.orderId) } });
    }
  }
  return items;
}

/** One item per order holds its unattributed lines, so an order with many such lines still
 * fits in one transaction. */
function unattributedItems(oldC: OrderContribution | null, newC: OrderContribution | null): TxItem[] {
  const items: TxItem[] = [];
  const sum = (c: OrderContribution | null, field: 'units' | 'revenueCents') => (c?.unattributed ?? []).reduce((total, line) => total + line[field], 0);
  const units = sum(newC, 'units') - sum(oldC, 'units');
  const revenue = sum(newC, 'revenueCents') - sum(oldC, 'revenueCents');
  const hasNew = Boolean(newC && newC.unattributed.length > 0);
  if (hasNew) {
    items.push({ Put: { TableName: tableName(), Item: { ...keys.unattributedOrder(newC!.createdAt, newC!.orderId), orderId: newC!.orderId, createdAt: newC!.createdAt, lines: newC!.unattributed } } });
  }
  if (oldC && oldC.unattributed.length > 0 && (!hasNew || newC!.createdAt !== oldC.createdAt)) {
    items.push({ Delete: { TableName: tableName(), Key: keys.unattributedOrder(oldC.createdAt, oldC.orderId) } });
  }
  if (units !== 0 || revenue !== 0) {
    items.push({
      Update: { TableName: tableName(), Key: keys.unattributedTotal, UpdateExpression: 'ADD units :u, revenueCents :r', ExpressionAttributeValues: { ':u': units, ':r': revenue } },
    });
  }
  return items;
}

async function buildTransaction(orderId: string, stored: StoredOrder | null, newState: OrderState, index: CatalogIndex, webhookId: string | undefined): Promise<{ items: TxItem[]; contribution: OrderContribution | null }> {
  const { countTestOrders } = config();
  const oldC = stored?.contribution ?? null;
  const newC = contributionOf(newState, index, { countTestOrders, hashEmail });
  const items: TxItem[] = [];

  // The order itself, guarded by its version.
  const order = newState.order;
  items.push({
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.order(orderId),
        ...(order?.email ? keys.buyerOrdersIndex(hashEmail(order.email), order.createdAt, order.orderId) : {}),
        orderId,
        state: newState,
        contribution: newC,
        version: (stored?.version ?? 0) + 1,
        updatedAt: order?.updatedAt ?? null,
        test: order?.test ?? false,
        storedAt: new Date().toISOString(),
      },
      ConditionExpression: stored ? 'version = :v' : 'attribute_not_exists(PK)',
      ...(stored ? { ExpressionAttributeValues: { ':v': stored.version } } : {}),
    },
  });
  if (webhookId) items.push(webhookMarker(webhookId, orderId));

  // Athlete totals and months (ADD), fan holdings (versioned), derived unique fans and Top Fans.
  const totals = new Map<number, TotalUpdate>();
  const totalFor = (athleteId: number) => {
    const t = totals.get(athleteId) ?? { add: {} };
    totals.set(athleteId, t);
    return t;
  };
  for (const d of contributionDelta(oldC, newC)) {
    const changed = d.figures.cardsSold !== 0 || d.figures.revenueCents !== 0 || d.figures.orderCount !== 0;
    if (!changed) continue;
    const t = totalFor(d.athleteId);
    t.add.cardsSold = (t.add.cardsSold ?? 0) + d.figures.cardsSold;
    t.add.revenueCents = (t.add.revenueCents ?? 0) + d.figures.revenueCents;
    t.add.orderCount = (t.add.orderCount ?? 0) + d.figures.orderCount;
    for (const [card, units] of Object.entries(d.cards)) if (units !== 0) t.add[`card#${card}`] = (t.add[`card#${card}`] ?? 0) + units;
    items.push(monthUpdateItem(d.athleteId, d.month, d.figures, index.collectiveByAthleteId.get(d.athleteId)));
  }
  const fans: FanHolding[] = fanDeltas(oldC, newC);
  const fanReads = await Promise.all(fans.map((f) => readFan(f.athleteId, f.buyerKey)));
  fans.forEach((delta, i) => {
    const before = fanReads[i];
    const cards: Record<string, number> = { ...(before?.cards ?? {}) };
    for (const [card, units] of Object.entries(delta.cards)) {
      const next = (cards[card] ?? 0) + units;
      if (next === 0) delete cards[card];
      else cards[card] = next;
    }
    const cardIds = index.athleteById.get(delta.athleteId)?.digitalcollectibles.map((c) => c.id) ?? [];
    const t = totalFor(delta.athleteId);
    const wasFan = holdsAny(before?.cards ?? {});
    const isFan = holdsAny(cards);
    if (wasFan !== isFan) t.add.uniqueFans = (t.add.uniqueFans ?? 0) + (isFan ? 1 : -1);
    const wasTop = holdsFullSet(before?.cards ?? {}, cardIds);
    const isTop = holdsFullSet(cards, cardIds);
    // Top Fans are items of their own (not attributes of the total): their number is unbounded.
    if (isTop && !wasTop) {
      t.add.topFanCount = (t.add.topFanCount ?? 0) + 1;
      items.push({ Put: { TableName: tableName(), Item: { ...keys.topFan(delta.athleteId, delta.buyerKey), athleteId: delta.athleteId, buyerLabel: delta.buyerLabel } } });
    } else if (wasTop && !isTop) {
      t.add.topFanCount = (t.add.topFanCount ?? 0) - 1;
      items.push({ Delete: { TableName: tableName(), Key: keys.topFan(delta.athleteId, delta.buyerKey) } });
    }
    const key = keys.fan(delta.athleteId, delta.buyerKey);
    if (!before && Object.keys(cards).length === 0) return;
    items.push({
      Put: {
        TableName: tableName(),
        Item: { ...key, athleteId: delta.athleteId, buyerKey: delta.buyerKey, buyerLabel: delta.buyerLabel, cards, version: (before?.version ?? 0) + 1 },
        ConditionExpression: before ? 'version = :v' : 'attribute_not_exists(PK)',
        ...(before ? { ExpressionAttributeValues: { ':v': before.version } } : {}),
      },
    });
  });
  for (const [athleteId, update] of totals) {
    if (Object.values(update.add).some((v) => v !== 0)) items.push(totalUpdateItem(athleteId, update, index.collectiveByAthleteId.get(athleteId)));
  }

  items.push(...saleItems(oldC, newC, order, index), ...unattributedItems(oldC, newC));
  return { items, contribution: newC };
}

function cancellationReasons(error: unknown): string[] | null {
  if (error && typeof error === 'object' && (error as { name?: string }).name === 'TransactionCanceledException') {
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
    return reasons.map((r) => r.Code ?? 'None');
  }
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Applies one event exactly once. `webhookId` makes a repeated delivery a no-op. */
export async function ingest(event: IngestEvent, options: { webhookId?: string } = {}): Promise<IngestResult> {
  const orderId = orderIdOf(event);
  const { webhookId } = options;
  if (webhookId && (await webhookSeen(webhookId))) return { outcome: 'duplicate', orderId, attempts: 0 };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = await readOrder(orderId);
    const newState = mergeEvent(stored?.state ?? { order: null, refunds: {} }, event);
    if (!newState) return { outcome: 'unchanged', orderId, attempts: attempt };
    const index = indexCatalog(await loadCatalog());
    const { items } = await buildTransaction(orderId, stored, newState, index, webhookId);
    if (items.length > MAX_TRANSACTION_ITEMS) throw new OrderTooLarge(orderId, items.length);
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: undefined }));
      return { outcome: 'applied', orderId, attempts: attempt };
    } catch (error) {
      const reasons = cancellationReasons(error);
      const isConflict = (error as { name?: string })?.name === 'TransactionConflictException';
      if (!reasons && !isConflict) throw error;
      if (webhookId && reasons && reasons[1] === 'ConditionalCheckFailed' && (await webhookSeen(webhookId))) {
        return { outcome: 'duplicate', orderId, attempts: attempt };
      }
      log('warn', 'ingest conflict, retrying', { orderId, attempt, reasons });
      await sleep(Math.min(400, 10 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }
  throw new RetryLater(`order ${orderId}: concurrent updates did not settle after ${MAX_ATTEMPTS} attempts`);
}
