// Receiving one Stripe event (POST /api/webhooks/stripe; stripe-webhook.handler.ts maps it to HTTP):
// 1. the Stripe-Signature header is checked over the RAW body bytes, before anything is parsed
//    (HMAC-SHA256 of `{t}.{body}`, constant time, 5-minute tolerance, any of the endpoint's signing
//    secrets: two while one is rolled). A forged or stale signature is refused and nothing is stored;
// 2. an event already applied (keys.stripeEvent, its id) is acknowledged and not applied again;
// 3. the event's handler (event-handlers.ts) re-reads the object from Stripe and acts; only then is
//    the event recorded as applied. A handler that throws (storage down, Stripe unreachable) leaves
//    nothing recorded: the caller answers 5xx and Stripe delivers the event again. Handlers are
//    idempotent, so two concurrent deliveries of one event apply it once;
// 4. an event whose object Stripe no longer returns (the re-read answers 404 resource_missing: a
//    deleted object, or one of another environment) is acknowledged and logged with the event's and
//    the object's ids, and nothing is recorded: answering 5xx would only make Stripe deliver it again
//    for three days, and no delivery of it can ever apply.
import { StripeApiError, verifyStripeSignature, type StripeClient, type StripeEvent } from '#lambdas/platform/stripe-client';
import { log } from '#lambdas/platform/log';
import { StoreConflict, keyString } from '#lambdas/platform/store';
import type { Store } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { stripeEventHandler } from './event-handlers';

/** How long an applied event's id is kept (Stripe retries a delivery for up to 3 days). */
export const EVENT_RECORD_DAYS = 30;

export type ReceiveOutcome =
  | { kind: 'rejected'; reason: string }
  | { kind: 'malformed' }
  | { kind: 'duplicate'; eventId: string; type: string }
  | { kind: 'ignored'; eventId: string; type: string }
  /** Its object is gone from Stripe (404 resource_missing on the re-read): acknowledged, nothing recorded. */
  | { kind: 'gone'; eventId: string; type: string }
  | { kind: 'applied'; eventId: string; type: string };

export interface ReceiveDeps {
  store: Store;
  stripe: () => Promise<StripeClient>;
  secrets: string[];
  now?: () => Date;
}

function parseEvent(raw: Buffer): StripeEvent | null {
  try {
    const value = JSON.parse(raw.toString('utf8')) as Partial<StripeEvent> | null;
    if (!value || typeof value !== 'object' || value.object !== 'event') return null;
    if (typeof value.id !== 'string' || !/^evt_[A-Za-z0-9_]{1,100}$/.test(value.id) || typeof value.type !== 'string') return null;
    return value as StripeEvent;
  } catch {
    return null;
  }
}

/** Stripe's answer that the object asked for does not exist (any more). */
const isGone = (error: unknown): error is StripeApiError => error instanceof StripeApiError && error.status === 404 && error.code === 'resource_missing';

/** Checks, deduplicates and applies one delivery. Throws when applying it failed (answer 5xx). */
export async function receiveStripeEvent(deps: ReceiveDeps, rawBody: Buffer, signature: string | undefined): Promise<ReceiveOutcome> {
  const now = deps.now ?? (() => new Date());
  const check = verifyStripeSignature(rawBody, signature, deps.secrets, { now: now().getTime() });
  if (!check.ok) return { kind: 'rejected', reason: check.reason };
  const event = parseEvent(rawBody);
  if (!event) return { kind: 'malformed' };
  const recordKey = keys.stripeEvent(event.id);
  const seen = (await deps.store.get([recordKey])).get(keyString(recordKey));
  if (seen) return { kind: 'duplicate', eventId: event.id, type: event.type };
  const handle = stripeEventHandler(event.type);
  if (handle) {
    const stripe = await deps.stripe();
    try {
      await handle({ event, stripe, store: deps.store, now: () => now().toISOString() });
    } catch (error) {
      if (!isGone(error)) throw error;
      const objectId = typeof event.data?.object?.id === 'string' ? event.data.object.id : null;
      log('warn', 'stripe event for an object Stripe no longer has', {
        eventId: event.id,
        type: event.type,
        objectId,
        account: event.account ?? null,
        stripeRequestParam: error.param ?? null,
      });
      return { kind: 'gone', eventId: event.id, type: event.type };
    }
  }
  const at = now();
  try {
    await deps.store.write({
      put: {
        ...recordKey,
        type: 'stripeEvent',
        eventType: event.type,
        account: event.account ?? null,
        handled: Boolean(handle),
        receivedAt: at.toISOString(),
        expiresAt: Math.floor(at.getTime() / 1000) + EVENT_RECORD_DAYS * 86400,
      },
      condition: { notExists: true },
    });
  } catch (error) {
    // A concurrent delivery of the same event recorded it first: both applied it idempotently.
    if (!(error instanceof StoreConflict)) throw error;
  }
  return { kind: handle ? 'applied' : 'ignored', eventId: event.id, type: event.type };
}
