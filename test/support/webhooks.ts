// Builds signed webhook events for handler and integration tests.
import { randomUUID } from 'node:crypto';
import { signShopify } from '#lambdas/orders/webhook-secret';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { invoke } from './invoke';

export const TEST_SECRET = 'test-shopify-secret';

/** The handler tests' order: one $3.00 Base card of Marcus Reed (athlete 1), bought by fan@example.com on 1 February 2026. */
export const sampleOrder = (id: string) =>
  orderPayload({
    id,
    createdAt: '2026-02-01T00:00:00Z',
    email: 'fan@example.com',
    lines: [{ id: '1', productId: sampleProductId(1, 1), title: 'Marcus Reed - Card #1', quantity: 1, price: '3.00' }],
  });

export function webhookHeaders(
  topic: string,
  body: string | Buffer,
  options: { webhookId?: string; secret?: string; signature?: string } = {},
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-hmac-sha256': options.signature ?? signShopify(body, options.secret ?? TEST_SECRET),
    'x-shopify-webhook-id': options.webhookId ?? randomUUID(),
    'x-shopify-shop-domain': 'test.myshopify.com',
  };
}

export async function sendWebhook(
  handler: unknown,
  topic: string,
  body: string,
  options: { webhookId?: string; secret?: string; signature?: string; base64?: boolean } = {},
) {
  return invoke(handler, 'POST /api/webhooks/shopify', { body, base64: options.base64 ?? true, headers: webhookHeaders(topic, body, options) });
}

/**
 * Delivers as Shopify would, then settles the order the webhook accepted, as the table's stream
 * triggers the settle function for its PENDING marker in AWS (local mode does it in-process), so
 * integration tests read final figures right after. Tests that race deliveries call
 * `settlePending()` at the end for what contention left pending, as the scheduled sweep does.
 */
export async function deliver(handler: unknown, topic: string, body: string, options: Parameters<typeof sendWebhook>[3] = {}) {
  const res = await sendWebhook(handler, topic, body, options);
  const orderId = res.body?.orderId;
  if (res.status === 200 && typeof orderId === 'string') {
    const { settle } = await import('#lambdas/orders/ingest');
    // Storage unavailable or still contended: the stream (and the sweep) retries.
    await settle(orderId).catch(() => undefined);
  }
  return res;
}
