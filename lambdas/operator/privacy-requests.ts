// The operators' privacy queue (Shopify's privacy requests, recorded by the webhook:
// lambdas/orders/privacy.ts) and a data request's export: what Drift holds for that customer,
// read from the customer's orders (the ones Shopify named and the ones under the customer's email)
// and holdings (lambdas/orders/privacy.ts customerData: bounded reads).
import type { PrivacyExport, PrivacyRequestsResponse } from '#shared/orders/privacy-api';
import { customerData, privacyRequestView } from '#lambdas/orders/privacy';
import { Conflict, NotFound } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

const MAX_LISTED = 100;

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
  const data = await customerData(store, buyerKey, (request.orderIds as string[] | undefined) ?? []);
  await store.write({ update: keys.privacyRequest(requestId), set: { status: 'exported', exportedAt: now, exportedBy: by } });
  return {
    requestId,
    generatedAt: now,
    shopDomain: String(request.shopDomain ?? ''),
    customerId: typeof request.customerId === 'string' ? request.customerId : null,
    ...data,
    truncated: data.truncated || request.ordersTruncated === true,
  };
}
