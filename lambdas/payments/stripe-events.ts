// What acting on a Stripe event is given and must do. The Stripe webhook function (verified over
// the raw bytes, deduplicated on the event id) finds an event's handler in event-handlers.ts. Each
// part of the payment rail keeps its handlers in its own module: payouts to athletes
// (payout-events.ts: account.updated, transfers, payouts on connected accounts) and donations
// (donation-events.ts: Checkout, invoices, subscriptions, refunds). A handler re-reads the object
// from Stripe before acting (events arrive in any order, possibly twice) and is idempotent; a
// thrown error answers 5xx, so Stripe delivers the event again.
import type { StripeClient, StripeEvent } from '#lambdas/platform/stripe-client';
import type { Store } from '#lambdas/platform/store';

export interface StripeEventContext {
  event: StripeEvent;
  stripe: StripeClient;
  store: Store;
  now: () => string;
}

export type StripeEventHandler = (context: StripeEventContext) => Promise<void>;
export type StripeEventHandlers = Readonly<Record<string, StripeEventHandler>>;
