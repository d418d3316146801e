// A Shopify delivery (topic + parsed payload) as an ingestion event. Throws PayloadError when the
// payload is not what its topic says and UnsupportedOrder when it must not be counted.
import type { OrderEvent } from './contribution';
import { DELETE_TOPIC, REFUND_TOPIC, normalizeDeletion, normalizeOrder, normalizeRefund } from './shopify';
import type { HandledTopic } from './shopify';

/** `triggeredAt` (X-Shopify-Triggered-At) dates a deletion; `fallbackNow` when it is missing. */
export function deliveryEvent(topic: HandledTopic, payload: unknown, triggeredAt: string | undefined, fallbackNow: string): OrderEvent {
  if (topic === REFUND_TOPIC) return { kind: 'refund', refund: normalizeRefund(payload) };
  if (topic === DELETE_TOPIC) {
    const at = triggeredAt && !Number.isNaN(Date.parse(triggeredAt)) ? new Date(triggeredAt).toISOString() : fallbackNow;
    return { kind: 'delete', orderId: normalizeDeletion(payload).orderId, at };
  }
  return { kind: 'order', order: normalizeOrder(payload) };
}
