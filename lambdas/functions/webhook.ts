// POST /api/webhooks/shopify: verify over the raw bytes, then parse, then ingest exactly once.
import { PayloadError, isHandledTopic, normalizeOrder, normalizeRefund, parseJsonPreservingBigInts, REFUND_TOPIC } from '../../shared/shopify';
import { BadRequest, PayloadTooLarge, RetryLater, Unauthorized } from '../common/errors';
import { header, json, rawBody, routes } from '../common/http';
import type { IngestEvent } from '../common/ingest';
import { ingest } from '../common/ingest';
import { log } from '../common/log';
import { metric } from '../common/metrics';
import { verifyShopify, webhookSecret } from '../common/webhook-secret';

export const MAX_WEBHOOK_BYTES = 1024 * 1024;

export const handler = routes({
  'POST /api/webhooks/shopify': async (event) => {
    const webhookId = header(event, 'x-shopify-webhook-id')?.trim() || undefined;
    const body = rawBody(event);
    if (body.length > MAX_WEBHOOK_BYTES) throw new PayloadTooLarge(MAX_WEBHOOK_BYTES);
    if (!verifyShopify(body, header(event, 'x-shopify-hmac-sha256'), await webhookSecret())) {
      log('warn', 'webhook signature rejected');
      metric('WebhookRejectedSignature');
      throw new Unauthorized('Invalid webhook signature');
    }
    const topic = header(event, 'x-shopify-topic')?.trim();
    if (!isHandledTopic(topic)) {
      log('info', 'webhook topic ignored', { topic });
      return json(200, { ok: true, ignored: true, topic: topic ?? null });
    }
    let payload: unknown;
    try {
      payload = parseJsonPreservingBigInts(body.toString('utf8'));
    } catch {
      throw new BadRequest('The body is not valid JSON', { body: 'must be JSON' });
    }
    let ingestEvent: IngestEvent;
    try {
      ingestEvent = topic === REFUND_TOPIC ? { kind: 'refund', refund: normalizeRefund(payload) } : { kind: 'order', order: normalizeOrder(payload) };
    } catch (error) {
      if (error instanceof PayloadError) throw new BadRequest(`Not a Shopify ${topic === REFUND_TOPIC ? 'refund' : 'order'}: ${error.message}`, { [error.field]: error.message });
      throw error;
    }
    const result = await ingest(ingestEvent, { webhookId }).catch((error: unknown) => {
      if (error instanceof RetryLater) {
        log('warn', 'webhook answered 503: concurrent updates did not settle', { topic });
        metric('WebhookRetryLater');
      }
      throw error;
    });
    log('info', 'webhook processed', { topic, orderId: result.orderId, outcome: result.outcome, attempts: result.attempts });
    metric(result.outcome === 'duplicate' ? 'WebhookDuplicate' : 'WebhookAccepted');
    return json(200, { ok: true, ...result });
  },
});
