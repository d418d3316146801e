// Reads of sales: an athlete's sale lines and figures, and a buyer's own orders.
// Each is one Query (or GetItem); the figures come from pre-aggregated items.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AthleteStatsResponse, BuyerOrder, MonthlySales, Page, SaleLine, TopFan } from '../../shared/api';
import { attributeLine } from '../../shared/attribution';
import type { CatalogIndex } from '../../shared/catalog-types';
import type { OrderState } from '../../shared/contribution';
import { displayStatus, remainingUnits } from '../../shared/contribution';
import { athleteShareCents } from '../../shared/money';
import { ddb, tableName } from './dynamodb';
import { encodeCursor } from './http';
import { GSI1, keys } from './keys';

export async function athleteSales(athleteId: number, limit: number, cursor?: Record<string, unknown>): Promise<Page<SaleLine>> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sale)',
      ExpressionAttributeValues: { ':pk': keys.athletePartition(athleteId), ':sale': keys.salePrefix },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  const items = (page.Items ?? []).map(
    (item): SaleLine => ({
      orderId: item.orderId,
      orderName: item.orderName,
      createdAt: item.createdAt,
      buyer: item.buyer,
      quantity: item.quantity,
      amountCents: item.amountCents,
      status: item.status,
    }),
  );
  return { items, nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

export const TOP_FANS_SHOWN = 50;

/** Totals, per-card counts and the monthly series (one Query over the AGG# items) and the first
 * Top Fans (one bounded Query over the TOPFAN# items). */
export async function athleteStats(athleteId: number): Promise<AthleteStatsResponse> {
  const items: Record<string, unknown>[] = [];
  const topFanPage = ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :top)',
      ExpressionAttributeValues: { ':pk': keys.athletePartition(athleteId), ':top': keys.topFanPrefix },
      Limit: TOP_FANS_SHOWN,
    }),
  );
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :agg)',
        ExpressionAttributeValues: { ':pk': keys.athletePartition(athleteId), ':agg': keys.aggPrefix },
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const total = items.find((i) => i.SK === keys.aggTotal(athleteId).SK) ?? {};
  const monthly: MonthlySales[] = items
    .filter((i) => i.SK !== keys.aggTotal(athleteId).SK)
    .map((i) => ({ month: i.month as string, cardsSold: Number(i.cardsSold ?? 0), revenueCents: Number(i.revenueCents ?? 0), orderCount: Number(i.orderCount ?? 0) }))
    .filter((m) => m.cardsSold !== 0 || m.revenueCents !== 0 || m.orderCount !== 0)
    .sort((a, b) => a.month.localeCompare(b.month));
  const cardsSoldByCard: Record<string, number> = {};
  for (const [attr, value] of Object.entries(total)) {
    if (attr.startsWith('card#') && Number(value) !== 0) cardsSoldByCard[attr.slice(5)] = Number(value);
  }
  const fullSet = Object.keys(cardsSoldByCard).filter((c) => c !== '0').length;
  const topFans: TopFan[] = ((await topFanPage).Items ?? []).map((i) => ({ buyer: String(i.buyerLabel), cardsHeld: fullSet })).sort((a, b) => a.buyer.localeCompare(b.buyer));
  const cardsSold = Number(total.cardsSold ?? 0);
  const revenue = Number(total.revenueCents ?? 0);
  return {
    athleteId,
    totalCardsSold: cardsSold,
    totalRevenueCents: revenue,
    averagePriceCents: cardsSold > 0 ? Math.round(revenue / cardsSold) : 0,
    orderCount: Number(total.orderCount ?? 0),
    uniqueFans: Number(total.uniqueFans ?? 0),
    earningsCents: athleteShareCents(revenue),
    cardsSoldByCard,
    monthly,
    topFanCount: Number(total.topFanCount ?? 0),
    topFans,
  };
}

/** A buyer's orders, newest first, from the buyer index (the key holds a hash of the email). */
export async function buyerOrders(buyerKey: string, index: CatalogIndex, limit: number, cursor?: Record<string, unknown>): Promise<Page<BuyerOrder>> {
  const page = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.buyerPartition(buyerKey) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: cursor,
    }),
  );
  const items: BuyerOrder[] = [];
  for (const item of page.Items ?? []) {
    const state = item.state as OrderState;
    const order = state.order;
    if (!order) continue;
    items.push({
      orderId: order.orderId,
      orderName: order.name,
      createdAt: order.createdAt,
      status: displayStatus(order),
      totalCents: order.totalCents,
      lines: order.lineItems.map((line) => {
        const attribution = attributeLine(line, index);
        return {
          athleteId: attribution.kind === 'unattributed' ? null : attribution.athleteId,
          cardId: attribution.kind === 'unattributed' ? null : attribution.cardId,
          title: line.title,
          quantity: remainingUnits(line, Object.values(state.refunds)),
          priceCents: line.priceCents,
        };
      }),
    });
  }
  return { items, nextCursor: encodeCursor(page.LastEvaluatedKey) };
}
