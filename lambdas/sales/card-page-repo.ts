// The card page's sales reads (decision 0018): a card's latest sales, and a buyer's order revealed.
// - Recent sales: the athlete's latest sale lines (one Query, newest first, CARD_SALES_WINDOW
//   items), the serials each gave this card and the owner's public label. A card sold rarely next
//   to the athlete's other cards may show fewer sales than it has: the read stays bounded.
// - An order revealed: the order item (its buyer must be the caller), then per athlete of its
//   lines the sale line (the serials each unit got) and, once counted, the buyer's holding with the
//   athlete's sets (My Collection's progress), each a GetItem or the athlete's catalog Query.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CardSale, CardSalesResponse, OrderRevealLine, OrderRevealResponse } from '#shared/sales/card-page-api';
import { CARD_SALES_SHOWN, CARD_SALES_WINDOW } from '#shared/sales/card-page-api';
import type { CollectionAthlete } from '#shared/sales/collection-api';
import { rangeCount } from '#shared/cards/editions';
import { remainingUnits } from '#shared/orders/revenue';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { decodeState } from '#lambdas/orders/order-codec';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { collectionOf } from './collection-repo';
import { publicLabels, publicName, type PublicLabel } from '#lambdas/identity/display-names';

type Item = Record<string, unknown>;
type SaleSerial = { cardId: number; from: number; to: number };

/**
 * Who owns a sale's cards, as public screens name them: the display name the buyer chose, else the
 * pseudonym settlement stored with the sale ('Fan 7KQ2MX', lambdas/identity/buyers.ts buyerAlias),
 * never the email or any part of it; a buyer who may not be listed publicly (a minor) is 'A
 * collector'. The one place the card page's owner label comes from.
 */
export function ownerLabel(sale: Item, labels: ReadonlyMap<string, PublicLabel> = new Map()): string {
  return publicName(typeof sale.buyerKey === 'string' ? labels.get(sale.buyerKey) : undefined, sale.buyerAlias);
}

const serialsOf = (sale: Item, cardId: number): Array<[number, number]> =>
  ((sale.serials as SaleSerial[] | undefined) ?? []).filter((s) => Number(s.cardId) === cardId).map((s) => [Number(s.from), Number(s.to)] as [number, number]);

export async function cardSales(athleteId: number, cardId: number): Promise<CardSalesResponse> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sale)',
      ExpressionAttributeValues: { ':pk': keys.athletePartition(athleteId), ':sale': keys.salePrefix },
      ScanIndexForward: false,
      Limit: CARD_SALES_WINDOW,
    }),
  );
  const shown: Array<{ sale: Item; serials: Array<[number, number]> }> = [];
  for (const sale of page.Items ?? []) {
    if (sale.counted === false || sale.test === true) continue;
    const serials = serialsOf(sale, cardId);
    if (serials.length === 0) continue;
    shown.push({ sale, serials });
    if (shown.length === CARD_SALES_SHOWN) break;
  }
  const labels = await publicLabels(shown.flatMap(({ sale }) => (typeof sale.buyerKey === 'string' ? [sale.buyerKey] : [])));
  const items: CardSale[] = shown.map(({ sale, serials }) => ({
    at: String(sale.createdAt),
    serials,
    units: rangeCount(serials),
    owner: ownerLabel(sale, labels),
  }));
  return { items };
}

async function getItem(key: { PK: string; SK: string }): Promise<Item | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

/** The buyer's order with the serials its units got, or null when it is not this buyer's (or not there). */
export async function orderReveal(buyerKey: string, orderId: string): Promise<OrderRevealResponse | null> {
  const item = await getItem(keys.order(orderId));
  if (!item || item.GSI1PK !== keys.buyerPartition(buyerKey)) return null;
  const state = decodeState(item);
  const order = state.order;
  if (!order || state.deletedAt) return null;

  const lines: OrderRevealLine[] = [];
  for (const line of order.lineItems) {
    const attribution = state.lines[line.lineItemId];
    if (attribution?.kind !== 'card' || attribution.cardId === null) continue;
    lines.push({ athleteId: attribution.athleteId, cardId: attribution.cardId, quantity: remainingUnits(line, Object.values(state.refunds)), serials: [] });
  }
  const athleteIds = [...new Set(lines.map((l) => l.athleteId))];
  const sales = new Map(await Promise.all(athleteIds.map(async (id) => [id, await getItem(keys.sale(id, order.createdAt, orderId))] as const)));
  for (const line of lines) {
    const sale = sales.get(line.athleteId);
    if (sale) line.serials = serialsOf(sale, line.cardId);
  }
  // Settled: no group of the order is waiting to be applied, and each athlete has its sale line.
  const pending = item.pending as Set<string> | string[] | undefined;
  const settled = (pending === undefined || [...pending].length === 0) && athleteIds.every((id) => sales.get(id));
  const counted = settled && athleteIds.length > 0 && athleteIds.every((id) => sales.get(id)?.counted === true);

  const athletes: CollectionAthlete[] = [];
  if (counted) {
    const read = await Promise.all(athleteIds.map(async (id) => [await getAthlete(id), await getItem(keys.fan(id, buyerKey))] as const));
    for (const [athlete, fan] of read) {
      if (!athlete) continue;
      athletes.push(
        collectionOf(athlete, (fan?.cards as Record<string, number>) ?? {}, (fan?.serials as Record<string, Array<[number, number]>>) ?? {}, fan?.top === true),
      );
    }
  }
  return { orderId, orderName: order.name, createdAt: order.createdAt, settled, counted, lines, athletes };
}
