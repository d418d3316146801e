// Stripe's customer portal in the stand-in: billing portal sessions (POST /v1/billing_portal/sessions,
// for one customer, on the platform or with Stripe-Account on a connected account) and their hosted
// page, where the customer sees their subscriptions and, as the session's configuration allows
// (POST /v1/billing_portal/configurations; the default: no plan change), switches a subscription to
// another of the configured prices (no proration: the next period bills it), cancels one (at the
// end of the period, as the portal does by default: the subscription stays active until then,
// `cancel_at_period_end` set), renews one they cancelled, or replaces the card they pay with. Each action changes the objects as Stripe's does and emits its events
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

/** The portal's default configuration: cancel at the period's end, a new card; no plan change. */
interface Features {
  subscription_update: {
    enabled: boolean;
    default_allowed_updates: string[];
    products: Array<{ product: string; prices: string[] }>;
    proration_behavior: string;
  };
  subscription_cancel: { enabled: boolean; mode: string };
  payment_method_update: { enabled: boolean };
}
const DEFAULT_FEATURES: Features = {
  subscription_update: { enabled: false, default_allowed_updates: [], products: [], proration_behavior: 'none' },
  subscription_cancel: { enabled: true, mode: 'at_period_end' },
  payment_method_update: { enabled: true },
};

/** POST /v1/billing_portal/configurations: which changes the portal offers (here: plan changes
 * among the listed products' prices, cancellation at the period's end, a new card). */
function createConfiguration({ ctx, params, owner }: Call) {
  const features = params.obj('features', true)!;
  const update = features.obj('subscription_update');
  const updateEnabled = update?.bool('enabled') ?? false;
  const allowed = update?.strings('default_allowed_updates') ?? [];
  const products = (update?.list('products') ?? []).map((p) => {
    const product = p.str('product', { required: true })!;
    const prices = p.strings('prices') ?? [];
    p.done();
    ctx.store.find(product, 'product', owner, 'product', 'features[subscription_update][products][][product]');
    for (const price of prices) ctx.store.find(price, 'price', owner, 'price', 'features[subscription_update][products][][prices]');
    return { product, prices };
  });
  const proration = update?.str('proration_behavior', { oneOf: ['none', 'create_prorations', 'always_invoice'] }) ?? 'none';
  update?.done();
  const cancel = features.obj('subscription_cancel');
  const cancelEnabled = cancel?.bool('enabled') ?? true;
  const mode = cancel?.str('mode', { oneOf: ['at_period_end', 'immediately'] }) ?? 'at_period_end';
  cancel?.str('proration_behavior');
  cancel?.done();
  const card = features.obj('payment_method_update');
  const cardEnabled = card?.bool('enabled') ?? true;
  card?.done();
  features.done();
  const profile = params.obj('business_profile');
  const headline = profile?.str('headline', { max: 60 }) ?? null;
  profile?.done();
  const defaultReturnUrl = params.url('default_return_url') ?? null;
  const metadata = params.metadata() ?? {};
  params.done();
  if (updateEnabled && (!allowed.includes('price') || !products.length))
    throw fail.invalid(
      'features[subscription_update][products]',
      'To enable subscription updates, set default_allowed_updates to include price and list the products and prices customers can switch to.',
    );
  const created = ctx.store.seconds();
  return ctx.store.render(
    ctx.store.put(owner, {
      id: ctx.store.newId('bpc_'),
      object: 'billing_portal.configuration',
      active: true,
      application: null,
      business_profile: { headline, privacy_policy_url: null, terms_of_service_url: null },
      created,
      default_return_url: defaultReturnUrl,
      features: {
        customer_update: { allowed_updates: [], enabled: false },
        invoice_history: { enabled: false },
        payment_method_update: { enabled: cardEnabled },
        subscription_cancel: { enabled: cancelEnabled, mode, proration_behavior: 'none', cancellation_reason: { enabled: false, options: [] } },
        subscription_update: { enabled: updateEnabled, default_allowed_updates: allowed, products, proration_behavior: proration },
      },
      is_default: false,
      livemode: false,
      metadata,
      updated: created,
    }),
  );
}

/** What a portal session's configuration lets the customer do. */
export function portalFeatures(ctx: Ctx, session: StripeObj): Features {
  const configuration = ctx.store.get(String(session.configuration))?.value;
  return (configuration?.features as Features | undefined) ?? DEFAULT_FEATURES;
}

/** The prices a subscription may switch to: the configuration's, other than its own. */
export function planChoices(ctx: Ctx, session: StripeObj, subscription: StripeObj): StripeObj[] {
  const update = portalFeatures(ctx, session).subscription_update;
  if (!update.enabled) return [];
  const itemId = (subscription._lists as Record<string, { ids: string[] }>).items.ids[0];
  const current = (ctx.store.get(itemId)?.value.price as StripeObj | undefined)?.id;
  return update.products
    .flatMap((p) => p.prices)
    .filter((id) => id !== current)
    .map((id) => ctx.store.get(id)?.value)
    .filter((price): price is StripeObj => !!price && price.active === true);
}

/** The subscription's item moves to another price (no proration: the next period bills the new
 * price), customer.subscription.updated with the items as they were. */
export function changePlan(ctx: Ctx, owner: Owner, subscription: StripeObj, price: StripeObj): void {
  const itemId = (subscription._lists as Record<string, { ids: string[] }>).items.ids[0];
  const item = ctx.store.get(itemId)!.value;
  const previous = { items: ctx.store.render(subscription).items };
  ctx.store.put(owner, Object.assign(item, { price }));
  ctx.store.put(owner, subscription);
  ctx.events.emit('customer.subscription.updated', subscription, owner, NO_REQUEST, previous);
}

function createPortalSession({ ctx, params, owner }: Call) {
  const { store } = ctx;
  const customerId = params.str('customer', { required: true })!;
  const returnUrl = params.url('return_url') ?? null;
  const configuration = params.str('configuration');
  if (configuration) store.find(configuration, 'billing_portal.configuration', owner, 'billing portal configuration', 'configuration');
  params.str('locale');
  params.str('on_behalf_of');
  params.done();
  store.find(customerId, 'customer', owner, 'customer', 'customer');
  const id = store.newId('bps_');
  const session = store.put(owner, {
    id,
    object: 'billing_portal.session',
    configuration: configuration ?? 'bpc_default',
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

export const portalRoutes: Route[] = [
  ['POST', /^\/v1\/billing_portal\/sessions$/, createPortalSession],
  ['POST', /^\/v1\/billing_portal\/configurations$/, createConfiguration],
];

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
