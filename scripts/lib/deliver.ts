// Signs a body with the shop's secret and POSTs it to a webhook URL, as Shopify does.
import { randomUUID } from 'node:crypto';
import { signShopify } from '#lambdas/orders/webhook-secret';

export interface DeliveryResult {
  status: number;
  body: string;
  ms: number;
}

export async function deliverWebhook(
  url: string,
  topic: string,
  body: string,
  secret: string,
  options: { webhookId?: string; signature?: string; timeoutMs?: number } = {},
): Promise<DeliveryResult> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    // Shopify gives up on an answer after 5 s (and delivers again later).
    ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': options.signature ?? signShopify(body, secret),
      'x-shopify-shop-domain': 'nil-cards.myshopify.com',
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': options.webhookId ?? randomUUID(),
      'x-shopify-triggered-at': new Date().toISOString(),
    },
    body,
  });
  return { status: response.status, body: await response.text(), ms: performance.now() - started };
}
