// Builds signed webhook events for handler and integration tests.
import { randomUUID } from 'node:crypto';
import { signShopify } from '../../lambdas/common/webhook-secret';
import { invoke } from './invoke';

export const TEST_SECRET = 'test-shopify-secret';

export function webhookHeaders(topic: string, body: string | Buffer, options: { webhookId?: string; secret?: string; signature?: string } = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-hmac-sha256': options.signature ?? signShopify(body, options.secret ?? TEST_SECRET),
    'x-shopify-webhook-id': options.webhookId ?? randomUUID(),
    'x-shopify-shop-domain': 'test.myshopify.com',
  };
}

export async function sendWebhook(handler: unknown, topic: string, body: string, options: { webhookId?: string; secret?: string; signature?: string; base64?: boolean } = {}) {
  return invoke(handler, 'POST /api/webhooks/shopify', { body, base64: options.base64 ?? true, headers: webhookHeaders(topic, body, options) });
}
