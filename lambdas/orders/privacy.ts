// Shopify's mandatory privacy webhooks (customers/data_request, customers/redact, shop/redact),
// verified like every delivery before this module sees them (webhook.handler.ts: 401 on a bad
// signature). Each request is recorded once for the operators' queue (who asked, when, by when it
// is due), whatever Shopify's retries and duplicates:
// - customers/data_request: recorded; the operator downloads the export of what Drift holds for
//   that customer (exportFor: orders, holdings, serials) and sends it to the merchant.
// - customers/redact: every order of the customer (the ones Shopify names and the ones Drift finds
//   under the customer's email) gets a redaction event through the exactly-once ingestion path: the
//   email becomes a random pseudonym (a .invalid address), so the buyer key, label and public alias
//   derived from it change while every figure stays as it was, and the settle step moves the
//   holdings (fan items, Top Fan entries, serials) from the old buyer key to the anonymous one. The
//   ledger is untouched (no money moves). A parked delivery of those orders loses its body. A
//   failure answers 503, and Shopify's retry resumes: each step is idempotent.
// - shop/redact: recorded for the operator, who runs the shop-wide redaction
//   (docs/RUNBOOK.md, "Privacy requests").
// A fan's own requests from the account page (issue 23) go in the same queue, with the CCPA's
// timelines (acknowledged in 10 days, fulfilled in 45): a download of their data (served at once:
// customerData) and the deletion of their account (redactAccount: the same redaction as
// customers/redact, for the orders under the account's email).
import { randomBytes } from 'node:crypto';
import type { AccountPrivacyTopic, CustomerData, PrivacyRequestView, PrivacyTopic, ShopifyPrivacyTopic } from '#shared/orders/privacy-api';
import { CCPA_ACKNOWLEDGE_DAYS, CCPA_FULFIL_DAYS, isAccountTopic } from '#shared/orders/privacy-api';
import { displayStatus } from '#shared/orders/contribution';
import { decodeState } from './order-codec';
import { businessDaysAfterInstant } from '#shared/platform/business-days';
import { REDACTED_EMAIL_DOMAIN } from '#shared/orders/contribution';
import type { OrderEvent } from '#shared/orders/contribution';
import { PayloadError } from '#shared/orders/shopify';
import * as keys from '#lambdas/platform/keys';
import { StoreConflict, keyString } from '#lambdas/platform/store';
import type { Item, Store } from '#lambdas/platform/store';

export const PRIVACY_TOPICS: readonly ShopifyPrivacyTopic[] = ['customers/data_request', 'customers/redact', 'shop/redact'];
export const isPrivacyTopic = (topic: string | undefined): topic is ShopifyPrivacyTopic => (PRIVACY_TOPICS as readonly string[]).includes(topic ?? '');

/** Shopify asks for a privacy request to be completed within 30 days of receipt. */
export const PRIVACY_DUE_DAYS = 30;
/** Orders named or found per request (a customer with more is handled by the operator's tool). */
export const MAX_PRIVACY_ORDERS = 500;

export interface PrivacyPayload {
  topic: ShopifyPrivacyTopic;
  shopId: string;
  shopDomain: string;
  customerId: string | null;
  email: string | null;
  orderIds: string[];
  dataRequestId: string | null;
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^\d{1,30}$/.test(value)) return value;
  return null;
};
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a privacy payload as Shopify sends it; a PayloadError names what is wrong. */
export function parsePrivacyPayload(topic: ShopifyPrivacyTopic, payload: unknown): PrivacyPayload {
  if (!isObject(payload)) throw new PayloadError('the body is not a JSON object', 'body');
  const shopId = idOf(payload.shop_id);
  if (!shopId) throw new PayloadError('shop_id must be the shop id', 'shop_id');
  const shopDomain = typeof payload.shop_domain === 'string' ? payload.shop_domain.slice(0, 255) : '';
  if (topic === 'shop/redact') return { topic, shopId, shopDomain, customerId: null, email: null, orderIds: [], dataRequestId: null };
  const customer = isObject(payload.customer) ? payload.customer : null;
  if (!customer) throw new PayloadError('customer must be an object', 'customer');
  const email = typeof customer.email === 'string' && customer.email.includes('@') ? customer.email.trim() : null;
  const customerId = idOf(customer.id);
  if (!customerId && !email) throw new PayloadError('customer must have an id or an email', 'customer');
  const listed = topic === 'customers/redact' ? payload.orders_to_redact : payload.orders_requested;
  if (listed !== undefined && !Array.isArray(listed))
    throw new PayloadError('the order list must be an array', topic === 'customers/redact' ? 'orders_to_redact' : 'orders_requested');
  const orderIds = [...new Set((Array.isArray(listed) ? listed : []).map(idOf).filter((id): id is string => id !== null))];
  const dataRequest = isObject(payload.data_request) ? idOf(payload.data_request.id) : null;
  if (topic === 'customers/data_request' && !dataRequest) throw new PayloadError('data_request.id must be the request id', 'data_request.id');
  return { topic, shopId, shopDomain, customerId, email, orderIds, dataRequestId: dataRequest };
}

/** One request per Shopify request: a data request by its id, a customer's redaction by customer, a
 * shop's by shop (a duplicate or a retried delivery finds the same record). */
export function requestIdOf(p: PrivacyPayload, hashEmail: (email: string) => string): string {
  if (p.topic === 'customers/data_request') return `data-${p.shopId}-${p.dataRequestId}`;
  if (p.topic === 'shop/redact') return `shop-${p.shopId}`;
  return `redact-${p.shopId}-${p.customerId ?? `e${hashEmail(p.email!)}`}`;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

export interface PrivacyDeps {
  store: Store;
  accept: (event: OrderEvent) => Promise<unknown>;
  hashEmail: (email: string) => string;
  now: () => string;
}

export interface PrivacyOutcome {
  requestId: string;
  status: string;
  orders?: number;
}

async function readRequest(store: Store, requestId: string): Promise<Item | undefined> {
  const key = keys.privacyRequest(requestId);
  return (await store.get([key])).get(keyString(key));
}

/** Records the request (once) and, for a customer's redaction, carries it out. */
export async function handlePrivacyRequest(p: PrivacyPayload, deps: PrivacyDeps, meta: { webhookId: string | null }): Promise<PrivacyOutcome> {
  const requestId = requestIdOf(p, deps.hashEmail);
  const receivedAt = deps.now();
  const buyerKey = p.email ? deps.hashEmail(p.email) : null;
  const record: Item = {
    ...keys.privacyRequest(requestId),
    ...keys.privacyRequestListing(receivedAt, requestId),
    type: 'privacyRequest',
    requestId,
    topic: p.topic,
    shopId: p.shopId,
    shopDomain: p.shopDomain,
    customerId: p.customerId,
    // The hash of the email, to find the customer's orders; never the email itself. Removed once a
    // redaction is done; kept for a data request until its export is downloaded.
    ...(buyerKey ? { buyerKey } : {}),
    orderIds: p.orderIds.slice(0, MAX_PRIVACY_ORDERS),
    ordersTruncated: p.orderIds.length > MAX_PRIVACY_ORDERS,
    receivedAt,
    receivedBy: `shopify:${p.topic}`,
    webhookId: meta.webhookId,
    dueBy: addDays(receivedAt, PRIVACY_DUE_DAYS),
    status: 'received',
    // A customer's redaction: the pseudonym every one of the customer's orders gets (random; the
    // same on a retry, so the customer's anonymous holdings stay together).
    ...(p.topic === 'customers/redact' ? { pseudonym: `redacted+${randomBytes(10).toString('hex')}@${REDACTED_EMAIL_DOMAIN}` } : {}),
  };
  let stored = record;
  try {
    await deps.store.write({ put: record, condition: { notExists: true } });
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    stored = (await readRequest(deps.store, requestId)) ?? record;
  }
  if (p.topic !== 'customers/redact' || stored.status === 'completed') return { requestId, status: String(stored.status) };
  return redactCustomer(stored, deps);
}

/** Redacts every order of the customer of a stored redaction request, then marks it completed. */
async function redactCustomer(request: Item, deps: PrivacyDeps): Promise<PrivacyOutcome> {
  const requestId = String(request.requestId);
  const pseudonym = String(request.pseudonym);
  const orderIds = new Set<string>((request.orderIds as string[] | undefined) ?? []);
  if (typeof request.buyerKey === 'string') {
    for (const item of await deps.store.queryIndex(keys.buyerPartition(request.buyerKey), MAX_PRIVACY_ORDERS))
      if (typeof item.orderId === 'string') orderIds.add(item.orderId);
  }
  const at = deps.now();
  const by = String(request.receivedBy ?? 'shopify:customers/redact');
  for (const orderId of [...orderIds].sort()) {
    await deps.accept({ kind: 'redact', orderId, pseudonym, at, by });
    // A parked delivery of the order keeps the start of its body for the operator: it goes.
    await deps.store
      .write({ update: keys.parkedOrder(orderId), set: { bodyStart: '(removed: the customer was redacted)' }, condition: { exists: true } })
      .catch((error: unknown) => {
        if (!(error instanceof StoreConflict)) throw error;
      });
  }
  await deps.store.write({
    update: keys.privacyRequest(requestId),
    set: { status: 'completed', completedAt: deps.now(), completedBy: by, redactedOrders: orderIds.size },
    remove: ['buyerKey'],
  });
  return { requestId, status: 'completed', orders: orderIds.size };
}

/** A request as the operators' queue shows it (no customer data beyond Shopify's ids). */
export function privacyRequestView(item: Item): PrivacyRequestView {
  return {
    requestId: String(item.requestId),
    topic: String(item.topic) as PrivacyTopic,
    shopDomain: String(item.shopDomain ?? ''),
    customerId: typeof item.customerId === 'string' ? item.customerId : null,
    orders: Array.isArray(item.orderIds) ? item.orderIds.length : 0,
    receivedAt: String(item.receivedAt),
    dueBy: String(item.dueBy),
    acknowledgeBy: typeof item.acknowledgeBy === 'string' ? item.acknowledgeBy : null,
    acknowledgedAt: typeof item.acknowledgedAt === 'string' ? item.acknowledgedAt : null,
    status: String(item.status),
    completedAt: typeof item.completedAt === 'string' ? item.completedAt : null,
    completedBy: typeof item.completedBy === 'string' ? item.completedBy : null,
    redactedOrders: typeof item.redactedOrders === 'number' ? item.redactedOrders : null,
    ...(item.topic === 'account/deletion' ? { accountClosedAt: typeof item.accountClosedAt === 'string' ? item.accountClosedAt : null } : {}),
  };
}

/** Orders read per customer (the export's bound); holdings likewise. */
const MAX_HOLDINGS = 200;

/** What Drift holds for one customer: the orders named and those under the email's buyer key, and the
 * holdings on the buyer's collection index. Bounded reads (MAX_PRIVACY_ORDERS orders, 200 holdings). */
export async function customerData(store: Store, buyerKey: string | null, named: readonly string[] = []): Promise<CustomerData> {
  const orderIds = new Set<string>(named);
  if (buyerKey)
    for (const item of await store.queryIndex(keys.buyerPartition(buyerKey), MAX_PRIVACY_ORDERS))
      if (typeof item.orderId === 'string') orderIds.add(item.orderId);
  const ids = [...orderIds].sort().slice(0, MAX_PRIVACY_ORDERS);
  const found = await store.get(ids.map((id) => keys.order(id)));
  const orders: CustomerData['orders'] = [];
  for (const id of ids) {
    const item = found.get(keyString(keys.order(id)));
    const state = item ? decodeState(item) : null;
    const order = state?.order;
    if (!state || !order) continue;
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
  return { orders, holdings, truncated: orderIds.size > MAX_PRIVACY_ORDERS };
}

/**
 * Records a fan's own request (once per id) for the operators' queue, with the CCPA's timelines.
 * Nothing personal is kept on it beyond the buyer key a deletion needs until it is done (then removed).
 */
export async function recordAccountRequest(
  store: Store,
  input: { requestId: string; topic: AccountPrivacyTopic; buyerKey: string; at: string; by: string; done?: { orders: number } },
): Promise<Item> {
  const record: Item = {
    ...keys.privacyRequest(input.requestId),
    ...keys.privacyRequestListing(input.at, input.requestId),
    type: 'privacyRequest',
    requestId: input.requestId,
    topic: input.topic,
    shopDomain: '',
    customerId: null,
    orderIds: [],
    receivedAt: input.at,
    receivedBy: input.by,
    acknowledgeBy: businessDaysAfterInstant(input.at, CCPA_ACKNOWLEDGE_DAYS),
    // Acknowledged at once: the page says it was received, and (a deletion) the emailed code confirms it.
    acknowledgedAt: input.at,
    dueBy: addDays(input.at, CCPA_FULFIL_DAYS),
    ...(input.done
      ? { status: 'completed', completedAt: input.at, completedBy: input.by, redactedOrders: input.done.orders }
      : {
          status: 'received',
          buyerKey: input.buyerKey,
          pseudonym: `redacted+${randomBytes(10).toString('hex')}@${REDACTED_EMAIL_DOMAIN}`,
        }),
  };
  try {
    await store.write({ put: record, condition: { notExists: true } });
    return record;
  } catch (error) {
    if (!(error instanceof StoreConflict)) throw error;
    return (await readRequest(store, input.requestId)) ?? record;
  }
}

/** Carries out a fan's account deletion request: every order under the account's email gets the
 * customers/redact treatment (a pseudonym through the exactly-once ingestion path; the settle step
 * moves the holdings to the anonymous collector; the ledger and every figure stay), then the request
 * is completed and loses the buyer key. A repeat finds it completed. */
export async function redactAccount(store: Store, requestId: string, deps: Omit<PrivacyDeps, 'store'>): Promise<PrivacyOutcome> {
  const request = await readRequest(store, requestId);
  if (!request || !isAccountTopic(String(request.topic))) throw new Error(`no account request ${requestId}`);
  if (request.status === 'completed') return { requestId, status: 'completed', orders: Number(request.redactedOrders ?? 0) };
  return redactCustomer(request, { ...deps, store });
}
