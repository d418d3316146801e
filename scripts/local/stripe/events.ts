// Stripe events and their webhook deliveries. Every state change of the stand-in is an event
// (evt_..., the object as it is now in data.object, `account` on a connected account's events,
// previous_attributes on updates, the API request that caused it), listed and retrieved through
// /v1/events as Stripe does. With a webhook URL, each event is POSTed there signed as Stripe signs
// (Stripe-Signature: t=...,v1=HMAC-SHA256 of "t.body" with the endpoint secret) and retried with
// exponential backoff on a non-2xx answer or a network error, a bounded number of times; each
// event keeps its delivery attempts (never dropped silently: a last failure is logged). Events are
// delivered independently, after a random jitter, so they may arrive out of order, as Stripe's do.
import { signStripePayload } from '#lambdas/platform/stripe-client';
import type { Scheduler } from './scheduler';
import type { DeliveryRecord, Owner, Store, StripeObj } from './store';

/** The API request behind an event (null ids for what the hosted pages or the stand-in's own timers did). */
export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

/** An event as stored and sent. */
export interface EventObj extends StripeObj {
  object: 'event';
  type: string;
  account?: string;
  data: { object: StripeObj; previous_attributes?: Record<string, unknown> };
  request: RequestInfo;
}

export const NO_REQUEST: RequestInfo = { id: null, idempotency_key: null };

export interface DeliverySettings {
  webhookUrl: () => string | undefined;
  signingSecret: string;
  apiVersion: string;
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Delay before the second attempt; doubled for each next one. */
  retryBaseMs: number;
  /** Each event waits up to this long (random) before its first attempt: arrival order is not creation order. */
  jitterMs: number;
  log: (message: string) => void;
}

export class Events {
  constructor(
    private readonly store: Store,
    private readonly scheduler: Scheduler,
    private readonly settings: DeliverySettings,
  ) {
    // Deliveries that were pending when the data file was written resume.
    for (const [id, record] of Object.entries(store.deliveries)) if (record.state === 'pending') this.schedule(id, record.nextAt ?? Date.now());
  }

  emit(type: string, object: StripeObj, owner: Owner, request: RequestInfo, previousAttributes?: Record<string, unknown>): EventObj {
    const url = this.settings.webhookUrl();
    const event: EventObj = {
      id: this.store.newId('evt_'),
      object: 'event',
      ...(owner ? { account: owner } : {}),
      api_version: this.settings.apiVersion,
      created: this.store.seconds(),
      data: { object: this.store.render(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: url ? 1 : 0,
      request,
      type,
    };
    this.store.put(owner, event);
    if (url) {
      const nextAt = Date.now() + Math.floor(Math.random() * this.settings.jitterMs);
      this.store.deliveries[event.id] = { state: 'pending', attempts: [], nextAt };
      this.schedule(event.id, nextAt);
    }
    return event;
  }

  delivery(eventId: string): DeliveryRecord | undefined {
    return this.store.deliveries[eventId];
  }

  private schedule(eventId: string, at: number): void {
    this.scheduler.at(`deliver:${eventId}`, at, () => this.attempt(eventId));
  }

  private async attempt(eventId: string): Promise<void> {
    const record = this.store.deliveries[eventId];
    const event = this.store.get(eventId)?.value;
    const url = this.settings.webhookUrl();
    if (!record || !event || record.state !== 'pending' || !url) return;
    const body = JSON.stringify(event, null, 2);
    const attempt: DeliveryRecord['attempts'][number] = { at: Date.now() };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signStripePayload(body, this.settings.signingSecret, this.store.seconds()),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      attempt.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (error) {
      attempt.error = String((error as Error)?.message ?? error);
    }
    record.attempts.push(attempt);
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      record.state = 'delivered';
      record.nextAt = undefined;
      event.pending_webhooks = 0;
    } else if (record.attempts.length >= this.settings.maxAttempts) {
      record.state = 'failed';
      record.nextAt = undefined;
      this.settings.log(
        `webhook delivery of ${eventId} (${String(event.type)}) to ${url} failed ${record.attempts.length} times, last: ${attempt.status ?? attempt.error}; kept in the event log, not retried`,
      );
    } else {
      record.nextAt = Date.now() + this.settings.retryBaseMs * 2 ** (record.attempts.length - 1);
      this.schedule(eventId, record.nextAt);
    }
    this.store.changed();
  }
}
