// A shop's redaction (Shopify's shop/redact, recorded by the webhook as a privacy request): every
// stored order that still names a buyer gets a redaction event through the ingestion engine, each
// buyer its own random pseudonym, so holdings stay together as anonymous collectors' and every
// figure stays as it was; then the request is marked completed (who, when, how many orders).
// It reads the whole table (a Scan): an operator's job, never a request path.
import { randomBytes } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { REDACTED_EMAIL_DOMAIN, isRedactedEmail } from '#shared/orders/contribution';
import type { OrderEvent } from '#shared/orders/contribution';
import { hashEmail } from '#lambdas/identity/buyers';
import { decodeState } from '#lambdas/orders/order-codec';
import { ddb, tableName } from '#lambdas/platform/dynamodb';
import * as keys from '#lambdas/platform/keys';
import { keyString, type Item, type Store } from '#lambdas/platform/store';

export interface ShopRedaction {
  orders: number;
  buyers: number;
  alreadyRedacted: number;
}

async function* storedOrders(): AsyncGenerator<Item> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: startKey, FilterExpression: 'SK = :sk', ExpressionAttributeValues: { ':sk': 'ORDER' } }),
    );
    for (const item of page.Items ?? []) if (keys.familyOf(item as { PK: string; SK: string }) === 'order') yield item;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}

export async function redactShop(
  store: Store,
  requestId: string,
  deps: { accept: (event: OrderEvent) => Promise<unknown>; by: string; now?: () => string },
): Promise<ShopRedaction> {
  const now = deps.now ?? (() => new Date().toISOString());
  const key = keys.privacyRequest(requestId);
  const request = (await store.get([key])).get(keyString(key));
  if (!request) throw new Error(`no privacy request ${requestId}`);
  if (request.topic !== 'shop/redact') throw new Error(`${requestId} is a ${String(request.topic)} request, not a shop redaction`);
  const pseudonyms = new Map<string, string>();
  let orders = 0;
  let alreadyRedacted = 0;
  for await (const item of storedOrders()) {
    const state = decodeState(item);
    const email = state.order?.email ?? null;
    if (!email && !state.order) continue;
    if (state.redaction || isRedactedEmail(email)) {
      alreadyRedacted++;
      continue;
    }
    const buyer = email ? hashEmail(email) : `guest-${String(item.orderId)}`;
    let pseudonym = pseudonyms.get(buyer);
    if (!pseudonym) pseudonyms.set(buyer, (pseudonym = `redacted+${randomBytes(10).toString('hex')}@${REDACTED_EMAIL_DOMAIN}`));
    await deps.accept({ kind: 'redact', orderId: String(item.orderId), pseudonym, at: now(), by: deps.by });
    orders++;
  }
  await store.write({ update: key, set: { status: 'completed', completedAt: now(), completedBy: deps.by, redactedOrders: orders } });
  return { orders, buyers: pseudonyms.size, alreadyRedacted };
}
