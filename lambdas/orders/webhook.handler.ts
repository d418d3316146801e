// POST /api/webhooks/shopify: verify over the raw bytes, then parse, then accept exactly once (the
// order is stored with its effects pending; the settle function applies them moments later, as
// Shopify recommends: answer fast, process asynchronously). Answers: 200 stored (or a duplicate or
// unchanged delivery), 401 bad signature, 400 malformed and 422 not countable (both parked for an
// operator), 413 too large, 503 storage unavailable or contention (Shopify retries).
import { deliveryEvent } from '#shared/orders/deliveries';
import { PayloadError, REFUND_TOPIC, UnsupportedOrder, isHandledTopic, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { BadRequest, HttpError, PayloadTooLarge, RetryLater, Unauthorized } from '#lambdas/platform/errors';
import { header, json, rawBody, routes } from '#lambdas/platform/http';
import { acceptEvent } from './accept';
import { log } from '#lambdas/platform/log';
import { metric } from '#lambdas/platform/metrics';
import { park } from './parked';
import { handlePrivacyRequest, isPrivacyTopic, parsePrivacyPayload } from './privacy';
import type { ShopifyPrivacyTopic } from '#shared/orders/privacy-api';
import { hashEmail } from '#lambdas/identity/buyers';
import { dynamoStore } from '#lambdas/platform/store';
import { verifyShopify, webhookSecret } from './webhook-secret';

export const MAX_WEBHOOK_BYTES = 1024 * 1024;

class Unprocessable extends HttpError {
  constructor(code: string, message: string) {
    super(422, code, message);
  }
}

const orderIdIn = (payload: unknown, topic: string): string | null => {
  const raw = (payload as Record<string, unknown> | null)?.[topic === REFUND_TOPIC ? 'order_id' : 'id'];
  return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
};

/** Shopify's mandatory privacy topics (privacy.ts): recorded once, a customer's redaction carried out. */
async function privacyRequest(topic: ShopifyPrivacyTopic, body: Buffer, webhookId: string | null) {
  let request;
  try {
    request = parsePrivacyPayload(topic, parseJsonPreservingBigInts(body.toString('utf8')));
  } catch (error) {
    if (error instanceof PayloadError) throw new BadRequest(`Not a Shopify ${topic} request: ${error.message}`, { [error.field]: error.message });
    throw new BadRequest('The body is not valid JSON', { body: 'must be JSON' });
  }
  const outcome = await handlePrivacyRequest(
    request,
    { store: dynamoStore, accept: (e) => acceptEvent(e), hashEmail, now: () => new Date().toISOString() },
    { webhookId },
  );
  log('info', 'privacy request', { topic, requestId: outcome.requestId, status: outcome.status, orders: outcome.orders });
  metric('PrivacyRequest');
  return json(200, { ok: true, ...outcome });
}

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
    if (isPrivacyTopic(topic)) return privacyRequest(topic, body, webhookId ?? null);
    if (!isHandledTopic(topic)) {
      log('info', 'webhook topic ignored', { topic });
      return json(200, { ok: true, ignored: true, topic: topic ?? null });
    }
    const text = body.toString('utf8');
    const parked = { topic, webhookId: webhookId ?? null, bytes: body.length, bodyStart: text.slice(0, 2048) };
    let payload: unknown;
    try {
      payload = parseJsonPreservingBigInts(text);
    } catch {
      await park({ ...parked, reason: 'malformed', message: 'the body is not valid JSON', orderId: null });
      throw new BadRequest('The body is not valid JSON', { body: 'must be JSON' });
    }
    try {
      const ingestEvent = deliveryEvent(topic, payload, header(event, 'x-shopify-triggered-at'), new Date().toISOString());
      const result = await acceptEvent(ingestEvent, { webhookId });
      log('info', 'webhook processed', { topic, orderId: result.orderId, outcome: result.outcome, attempts: result.attempts });
      metric(result.outcome === 'duplicate' ? 'WebhookDuplicate' : 'WebhookAccepted');
      return json(200, { ok: true, ...result });
    } catch (error) {
      if (error instanceof PayloadError) {
        const kind = topic === REFUND_TOPIC ? 'refund' : 'order';
        await park({ ...parked, reason: 'malformed', message: error.message, orderId: orderIdIn(payload, topic) });
        throw new BadRequest(`Not a Shopify ${kind}: ${error.message}`, { [error.field]: error.message });
      }
      if (error instanceof UnsupportedOrder) {
        await park({ ...parked, reason: error.reason, message: error.message, orderId: orderIdIn(payload, topic) });
        throw new Unprocessable(error.reason === 'currency' ? 'currency_not_supported' : 'order_not_storable', `Order not counted: ${error.message}`);
      }
      if (error instanceof RetryLater) {
        log('warn', 'webhook answered 503: concurrent updates did not settle', { topic });
        metric('WebhookRetryLater');
      }
      throw error;
    }
  },
});
