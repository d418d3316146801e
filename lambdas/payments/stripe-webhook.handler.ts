// POST /api/webhooks/stripe (stripe-webhook.ts does the work): 200 applied, ignored (a type Drift
// does not act on), a duplicate or gone (its object Stripe no longer returns: logged, nothing recorded); 400 a missing, forged or stale signature (nothing stored) or a
// body that is not an event; 413 too large; 5xx when applying it failed (storage or Stripe
// unreachable), so Stripe delivers it again. One endpoint takes the platform's and the connected
// accounts' events (docs/RUNBOOK.md, "Stripe").
import { BadRequest, PayloadTooLarge, RetryLater } from '#lambdas/platform/errors';
import { header, json, rawBody, routes } from '#lambdas/platform/http';
import { log } from '#lambdas/platform/log';
import { dynamoStore as store } from '#lambdas/platform/store';
import { stripeClient, stripeSettings } from '#lambdas/platform/stripe-config';
import { receiveStripeEvent } from './stripe-webhook';

export const MAX_STRIPE_EVENT_BYTES = 512 * 1024;

export const handler = routes({
  'POST /api/webhooks/stripe': async (event) => {
    const body = rawBody(event);
    if (body.length > MAX_STRIPE_EVENT_BYTES) throw new PayloadTooLarge(MAX_STRIPE_EVENT_BYTES);
    const settings = await stripeSettings().catch((error: unknown) => {
      // Not configured yet (the secret's placeholder): 503, Stripe delivers the event again later.
      throw new RetryLater(`Stripe is not configured: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (settings.webhookSecrets.length === 0) throw new RetryLater('Stripe is not configured: no webhook signing secret');
    const outcome = await receiveStripeEvent({ store, stripe: stripeClient, secrets: settings.webhookSecrets }, body, header(event, 'stripe-signature'));
    if (outcome.kind === 'rejected') {
      log('warn', 'stripe event signature rejected', { reason: outcome.reason });
      throw new BadRequest(`Invalid Stripe-Signature (${outcome.reason.replaceAll('_', ' ')})`, { 'stripe-signature': outcome.reason });
    }
    if (outcome.kind === 'malformed') throw new BadRequest('The body is not a Stripe event', { body: 'must be a Stripe event' });
    log('info', 'stripe event', { eventId: outcome.eventId, type: outcome.type, outcome: outcome.kind });
    return json(200, { received: true, outcome: outcome.kind });
  },
});
