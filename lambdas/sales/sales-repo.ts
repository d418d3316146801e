// Reads of sales: an athlete's sale lines and figures, and a buyer's own orders.
// Each is one Query (or GetItem); the figures come from pre-aggregated items.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AthleteStatsResponse, BuyerOrder, CardSaleState, MonthlySales, SaleLine, TopFan } from '#shared/sales/sales-api';
import type { Page } from '#shared/platform/http-api';
import { displayStatus } from '#shared/orders/contribution';
import { remainingUnits } from '#shared/orders/revenue';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import { encodeCursor } from '#lambdas/platform/http';
import * as keys from '#lambdas/platform/keys';
import { GSI1, cursorSpecs } from '#lambdas/platform/keys';
import { decodeState } from '#lambdas/orders/order-codec';
import { publicLabels, publicName } from '#lambdas/identity/display-names';

/** Who reads: the athlete's own panel sees buyers' email local parts; public views a pseudonym. */
export type BuyerView = 'owner' | 'public';

export async function athleteSales(athleteId: number, limit: number, cursor: Record<string, unknown> | undefined, view: BuyerView): Promise<Page<SaleLine>> {
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
  // The public demo names buyers as public lists do (their display name, else the pseudonym; a minor unnamed).
  const labels = view === 'public' ? await publicLabels((page.Items ?? []).flatMap((i) => (typeof i.buyerKey === 'string' ? [i.buyerKey] : []))) : new Map();
  const publicBuyer = (item: Record<string, unknown>) => publicName(typeof item.buyerKey === 'string' ? labels.get(item.buyerKey) : undefined, item.buyerAlias);
  const items = (page.Items ?? []).map((item): SaleLine => ({
    orderId: item.orderId,
    orderName: item.orderName,
    createdAt: item.createdAt,
    buyer: view === 'owner' ? item.buyer : publicBuyer(item),
    quantity: item.quantity,
    amountCents: item.amountCents,
    status: item.status,
    serials: item.serials ?? [],
    oversoldUnits: Number(item.oversoldUnits ?? 0),
    whileLockedUnits: Number(item.whileLockedUnits ?? 0),
  }));
  return { items, nextCursor: encodeCursor(page.LastEvaluatedKey, cursorSpecs.athleteSales(athleteId)) };
}

export const TOP_FANS_SHOWN = 50;

/** Totals, card states and the monthly series (the total item and one Query over the AGG#M#
 * items) and the first Top Fans (one bounded Query over the TOPFAN# items), read together. */
export async function athleteStats(athleteId: number): Promise<AthleteStatsResponse> {
  const monthItems: Record<string, unknown>[] = [];
  const readMonths = async () => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :month)',
          ExpressionAttributeValues: { ':pk': keys.athletePartition(athleteId), ':month': keys.aggMonthPrefix },
          ExclusiveStartKey: startKey,
        }),
      );
      monthItems.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  };
  const [totalResult, topFanPage] = await Promise.all([
    ddb().send(new GetCommand({ TableName: tableName(), Key: keys.aggTotal(athleteId) })),
    ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :top)',
        ExpressionAttributeValues: { ':pk': keys.athletePartition(athleteId), ':top': keys.topFanPrefix },
        Limit: TOP_FANS_SHOWN,
      }),
    ),
    readMonths(),
  ]);
  const total = totalResult.Item ?? {};
  const monthly: MonthlySales[] = monthItems
    .map((i) => ({
      month: i.month as string,
      cardsSold: Number(i.cardsSold ?? 0),
      revenueCents: Number(i.revenueCents ?? 0),
      orderCount: Number(i.orderCount ?? 0),
    }))
    .filter((m) => m.cardsSold !== 0 || m.revenueCents !== 0 || m.orderCount !== 0)
    .sort((a, b) => a.month.localeCompare(b.month));
  const cards = (total.cards as Record<string, number> | undefined) ?? {};
  const issued = (total.issued as Record<string, number> | undefined) ?? {};
  const oversold = (total.oversold as Record<string, number> | undefined) ?? {};
  const unlockedAt = (total.unlockedAt as Record<string, string> | undefined) ?? {};
  const cardsSoldByCard: Record<string, number> = {};
  for (const [card, units] of Object.entries(cards)) if (Number(units) !== 0) cardsSoldByCard[card] = Number(units);
  const cardStates: Record<string, CardSaleState> = {};
  for (const card of new Set([...Object.keys(cards), ...Object.keys(issued), ...Object.keys(unlockedAt)])) {
    if (card === '0') continue;
    cardStates[card] = {
      sold: Number(cards[card] ?? 0),
      issued: Number(issued[card] ?? 0),
      oversold: Number(oversold[card] ?? 0),
      unlockedAt: unlockedAt[card] ?? null,
    };
  }
  const fullSet = Object.keys(cardsSoldByCard).filter((c) => c !== '0').length;
  // Minors (and accounts that have not answered the age question) are never listed; the count keeps them.
  const topFanItems = topFanPage.Items ?? [];
  const buyerOf = (i: Record<string, unknown>) => keys.topFanBuyerOf(String(i.SK)) ?? '';
  // Each named by the display name they chose, else the pseudonym Drift gave them (never any part of an email).
  const labels = await publicLabels(topFanItems.map(buyerOf));
  const topFans: TopFan[] = topFanItems
    .filter((i) => labels.get(buyerOf(i))?.listed === true)
    .map((i) => ({ buyer: publicName(labels.get(buyerOf(i)), i.buyerAlias), cardsHeld: fullSet }))
    .sort((a, b) => a.buyer.localeCompare(b.buyer));
  const cardsSold = Number(total.cardsSold ?? 0);
  const revenue = Number(total.revenueCents ?? 0);
  return {
    athleteId,
    totalCardsSold: cardsSold,
    totalRevenueCents: revenue,
    averagePriceCents: cardsSold > 0 ? Math.round(revenue / cardsSold) : 0,
    orderCount: Number(total.orderCount ?? 0),
    uniqueFans: Number(total.uniqueFans ?? 0),
    earningsCents: Number(total.earnedCents ?? 0),
    cardsSoldByCard,
    cardStates,
    monthly,
    topFanCount: Number(total.topFanCount ?? 0),
    topFans,
  };
}

/** A buyer's orders, newest first, from the buyer index (the key holds a hash of the email). */
export async function buyerOrders(buyerKey: string, limit: number, cursor?: Record<string, unknown>): Promise<Page<BuyerOrder>> {
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
    const state = decodeState(item);
    const order = state.order;
    if (!order || state.deletedAt) continue;
    items.push({
      orderId: order.orderId,
      orderName: order.name,
      createdAt: order.createdAt,
      status: displayStatus(order),
      totalCents: order.totalCents,
      lines: order.lineItems.map((line) => {
        const attribution = state.lines[line.lineItemId];
        const card = attribution?.kind === 'card' ? attribution : null;
        return {
          athleteId: card?.athleteId ?? null,
          cardId: card?.cardId ?? null,
          title: line.title,
          quantity: remainingUnits(line, Object.values(state.refunds)),
          priceCents: line.priceCents,
        };
      }),
    });
  }
  return { items, nextCursor: encodeCursor(page.LastEvaluatedKey, cursorSpecs.buyerOrders(buyerKey)) };
}
