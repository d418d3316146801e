// The operators' privacy queue (Shopify's privacy requests, recorded by the webhook:
// lambdas/orders/privacy.ts) and a data request's export: what Drift holds for that customer,
// read from the customer's orders (the ones Shopify named and the ones under the customer's email)
// and holdings. Bounded reads: at most MAX_PRIVACY_ORDERS orders and 200 holdings.
import type { PrivacyExport, PrivacyRequestsResponse } from '#shared/orders/privacy-api';
import { displayStatus } from '#shared/orders/contribution';
import { decodeState } from '#lambdas/orders/order-codec';
import { MAX_PRIVACY_ORDERS, privacyRequestView } from '#lambdas/orders/privacy';
import { Conflict, NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

const MAX_LISTED = 100;
const MAX_HOLDINGS = 200;

/** The newest requests first (at most 100: the queue of one shop). */
export async function privacyQueue(store: Store): Promise<PrivacyRequestsResponse> {
  const items = await store.queryIndex(keys.privacyRequestsPartition, MAX_LISTED, { descending: true });
  return { items: items.map(privacyRequestView), nextCursor: null };
}

async function requestOf(store: Store, requestId: string): Promise<Item> {
  const key = keys.privacyRequest(requestId);
  const item = (await store.get([key])).get(keyString(key));
  if (!item) throw new NotFound(`Privacy request ${requestId}`);
  return item;
}

/** A data request's export; recorded on the request (who downloaded it, when). */
export async function privacyExport(store: Store, requestId: string, by: string, now: string): Promise<PrivacyExport> {
  const request = await requestOf(store, requestId);
  if (request.topic !== 'customers/data_request') throw new Conflict('Only a customer data request has an export');
  const buyerKey = typeof request.buyerKey === 'string' ? request.buyerKey : null;
  const orderIds = new Set<string>((request.orderIds as string[] | undefined) ?? []);
  if (buyerKey)
    for (const item of await store.queryIndex(keys.buyerPartition(buyerKey), MAX_PRIVACY_ORDERS))
      if (typeof item.orderId === 'string') orderIds.add(item.orderId);
  const ids = [...orderIds].sort().slice(0, MAX_PRIVACY_ORDERS);
  const found = await store.get(ids.map((id) => keys.order(id)));
  const orders: PrivacyExport['orders'] = [];
  for (const id of ids) {
    const item = found.get(keyString(keys.order(id)));
    const order = item ? decodeState(item).order : null;
    if (!item || !order) continue;
    const state = decodeState(item);
    orders.push({
      orderId: order.orderId,
      name: order.name,
      createdAt: order.createdAt,
      email: order.email,
      status: displayStatus(order),
      totalCents: order.totalCents,
      lines: order.lineItems.map((l) => ({ title: l.title, quantity: l.quantity, priceCents: l.priceCents })),
      refunds: Object.values(state.refunds).map((r) => ({ refundId: r.refundId, createdAt: r.createdAt })),
    });
  }
  const holdings = buyerKey
    ? (await store.queryIndex(keys.collectorPartition(buyerKey), MAX_HOLDINGS)).map((h) => ({
        athleteId: Number(h.athleteId),
        cards: (h.cards as Record<string, number> | undefined) ?? {},
        serials: (h.serials as Record<string, unknown> | undefined) ?? {},
      }))
    : [];
  await store.write({ update: keys.privacyRequest(requestId), set: { status: 'exported', exportedAt: now, exportedBy: by } });
  return {
    requestId,
    generatedAt: now,
    shopDomain: String(request.shopDomain ?? ''),
    customerId: typeof request.customerId === 'string' ? request.customerId : null,
    orders,
    holdings,
    truncated: orderIds.size > MAX_PRIVACY_ORDERS || request.ordersTruncated === true,
  };
}
