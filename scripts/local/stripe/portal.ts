// Stripe's customer portal in the stand-in: billing portal sessions (POST /v1/billing_portal/sessions,
// for one customer, on the platform or with Stripe-Account on a connected account) and their hosted
// page, where the customer sees their subscriptions and, as the portal's default configuration
// allows, cancels one (at the end of the period, as the portal does by default: the subscription
// stays active until then, `cancel_at_period_end` set), renews one they cancelled, or replaces the
// card they pay with. Each action changes the objects as Stripe's does and emits its events
// (`customer.subscription.updated`; `payment_method.attached` and `customer.updated` for a card);
// the end of the period then ends the subscription (`customer.subscription.deleted`, through the
// local control endpoint as with a test clock).
import { type Call, type Ctx, type Route, pageUrl } from './context';
import { NO_REQUEST } from './events';
import { fail } from './form';
import { type CardDetails, createPaymentMethod, dollars } from './payments';
import type { Owner, StripeObj } from './store';

/** A portal session's page works for this long after its creation. */
export const PORTAL_SESSION_SECONDS = 3600;

function createPortalSession({ ctx, params, owner }: Call) {
  const { store } = ctx;
  const customerId = params.str('customer', { required: true })!;
  const returnUrl = params.url('return_url') ?? null;
  params.str('configuration');
  params.str('locale');
  params.str('on_behalf_of');
  params.done();
  store.find(customerId, 'customer', owner, 'customer', 'customer');
  const id = store.newId('bps_');
  const session = store.put(owner, {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_default',
    created: store.seconds(),
    customer: customerId,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: pageUrl(ctx.settings, `/billing/${id}`),
  });
  return store.render(session);
}

export const portalRoutes: Route[] = [['POST', /^\/v1\/billing_portal\/sessions$/, createPortalSession]];

/** A portal session that may still be used: its account, the session and the customer. */
export function openPortal(ctx: Ctx, id: string): { owner: Owner; session: StripeObj; customer: StripeObj } | undefined {
  const entry = ctx.store.get(id);
  if (!entry || entry.value.object !== 'billing_portal.session') return undefined;
  if (ctx.store.seconds() > (entry.value.created as number) + PORTAL_SESSION_SECONDS) return undefined;
  const customer = ctx.store.get(String(entry.value.customer))?.value;
  return customer ? { owner: entry.owner, session: entry.value, customer } : undefined;
}

/** The customer's subscriptions that have not ended, newest first. */
export function customerSubscriptions(ctx: Ctx, owner: Owner, customerId: string): StripeObj[] {
  return ctx.store
    .all('subscription')
    .filter((e) => e.owner === owner && e.value.customer === customerId && e.value.status !== 'canceled')
    .map((e) => e.value)
    .reverse();
}

/** What the portal shows of a subscription: its product, price and period end. */
export function describeSubscription(ctx: Ctx, subscription: StripeObj): { name: string; price: string; periodEnd: number; card: string | null } {
  const itemId = (subscription._lists as Record<string, { ids: string[] }>).items.ids[0];
  const item = ctx.store.get(itemId)?.value;
  const price = item?.price as { unit_amount: number; product: string; recurring: { interval: string } } | undefined;
  const product = price ? ctx.store.get(price.product)?.value : undefined;
  const pm = ctx.store.get(String(subscription.default_payment_method))?.value;
  const card = pm?.card as { brand: string; last4: string } | undefined;
  return {
    name: [product?.name, product?.description].filter(Boolean).join(': ') || 'Subscription',
    price: price ? `${dollars(price.unit_amount)} per ${price.recurring.interval}` : '',
    periodEnd: Number(item?.current_period_end ?? 0),
    card: card ? `${card.brand} ending in ${card.last4}` : null,
  };
}

/** Cancel at the period's end (true) or renew (false): customer.subscription.updated. */
export function setCancelAtPeriodEnd(ctx: Ctx, owner: Owner, subscription: StripeObj, cancel: boolean): void {
  if (subscription.cancel_at_period_end === cancel) return;
  const previous = { cancel_at_period_end: subscription.cancel_at_period_end, cancel_at: subscription.cancel_at, canceled_at: subscription.canceled_at };
  const { periodEnd } = describeSubscription(ctx, subscription);
  Object.assign(subscription, {
    cancel_at_period_end: cancel,
    cancel_at: cancel ? periodEnd : null,
    canceled_at: cancel ? ctx.store.seconds() : null,
    cancellation_details: { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null },
  });
  ctx.store.put(owner, subscription);
  ctx.events.emit('customer.subscription.updated', subscription, owner, NO_REQUEST, previous);
}

/** A new card for the customer and each of its subscriptions (payment_method.attached, customer.updated, customer.subscription.updated). */
export function replaceCard(ctx: Ctx, owner: Owner, customer: StripeObj, card: CardDetails): void {
  const { store, events } = ctx;
  const pm = store.put(owner, Object.assign(createPaymentMethod(ctx, owner, card), { customer: customer.id }));
  events.emit('payment_method.attached', pm, owner, NO_REQUEST);
  const settings = customer.invoice_settings as Record<string, unknown>;
  const previousCustomer = { invoice_settings: { ...settings } };
  store.put(owner, Object.assign(customer, { invoice_settings: { ...settings, default_payment_method: pm.id } }));
  events.emit('customer.updated', customer, owner, NO_REQUEST, previousCustomer);
  for (const subscription of customerSubscriptions(ctx, owner, String(customer.id))) {
    const previous = { default_payment_method: subscription.default_payment_method };
    store.put(owner, Object.assign(subscription, { default_payment_method: pm.id }));
    events.emit('customer.subscription.updated', subscription, owner, NO_REQUEST, previous);
  }
}

/** A subscription of the portal's customer, or Stripe's 404. */
export function portalSubscription(ctx: Ctx, owner: Owner, customer: StripeObj, id: string): StripeObj {
  const subscription = ctx.store.find(id, 'subscription', owner);
  if (subscription.customer !== customer.id) throw fail.notFound('subscription', id);
  return subscription;
}
