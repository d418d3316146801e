// Subscriptions in the stand-in: monthly (or any interval) subscriptions, their invoices paid with
// the saved card, cancellation, and the billing of a subscription's next period when the local
// control endpoint asks (Stripe's own way to make time pass in test mode is a test clock).
import { type Call, type Ctx, type Route, listOf, retrieve } from './context';
import { type RequestInfo, NO_REQUEST } from './events';
import { fail } from './form';
import { createCharge, dollars, emitPayment } from './payments';
import type { Owner, StripeObj } from './store';

export interface BillLine {
  price: StripeObj;
  quantity: number;
  period: { start: number; end: number };
  subscriptionItem: string | null;
}

/**
 * A subscription's invoice, paid at once with the customer's card: the invoice (parent: the
 * subscription, as API versions since 2025-03-31 say it), its lines, its invoice payment, the
 * charge; events invoice.created, invoice.finalized, charge.succeeded, payment_intent.succeeded,
 * invoice.paid, invoice.payment_succeeded.
 */
export function billInvoice(ctx: Ctx, owner: Owner, subscription: StripeObj, reason: string, lines: BillLine[], request: RequestInfo): StripeObj {
  const { store, events } = ctx;
  const created = store.seconds();
  const customer = store.find(String(subscription.customer), 'customer', owner);
  const paymentMethod = store.find(String(subscription.default_payment_method), 'payment_method', owner);
  const total = lines.reduce((sum, line) => sum + (line.price.unit_amount as number) * line.quantity, 0);
  const invoiceId = store.newId('in_');
  const lineIds = lines.map((line) => {
    const recurring = line.price.recurring as { interval: string } | null;
    const name = String((store.get(String(line.price.product))?.value.name as string | undefined) ?? 'Item');
    const unit = line.price.unit_amount as number;
    return store.put(owner, {
      id: store.newId('il_'),
      object: 'line_item',
      amount: unit * line.quantity,
      created,
      currency: 'usd',
      description: `${line.quantity} × ${name} (at ${dollars(unit)}${recurring ? ` / ${recurring.interval}` : ''})`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: invoiceId,
      livemode: false,
      metadata: {},
      parent: line.subscriptionItem
        ? {
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: false,
              proration_details: { credited_items: null },
              subscription: subscription.id,
              subscription_item: line.subscriptionItem,
            },
            type: 'subscription_item_details',
          }
        : {
            invoice_item_details: { invoice_item: store.newId('ii_'), proration: false, subscription: subscription.id },
            subscription_item_details: null,
            type: 'invoice_item_details',
          },
      period: line.period,
      pretax_credit_amounts: [],
      pricing: { price_details: { price: line.price.id, product: line.price.product }, type: 'price_details', unit_amount_decimal: String(unit) },
      quantity: line.quantity,
      taxes: [],
    }).id;
  });
  const percent = subscription.application_fee_percent as number | null;
  const payment = createCharge(ctx, owner, {
    amount: total,
    fee: owner && percent ? Math.round((total * percent) / 100) : null,
    paymentMethod,
    customer: customer.id,
    description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    metadata: {},
  });
  const invoicePayment = store.put(owner, {
    id: store.newId('inpay_'),
    object: 'invoice_payment',
    amount_paid: total,
    amount_requested: total,
    created,
    currency: 'usd',
    invoice: invoiceId,
    is_default: true,
    livemode: false,
    payment: { payment_intent: payment.intent.id, type: 'payment_intent' },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: created },
  });
  const count = store.all('invoice').filter((e) => e.value.customer === customer.id).length + 1;
  const invoice = store.put(owner, {
    id: invoiceId,
    object: 'invoice',
    account_country: 'US',
    account_name: owner ? ((store.get(owner)?.value.business_profile as { name?: string } | undefined)?.name ?? null) : 'Drift',
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: total,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created,
    currency: 'usd',
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${String(customer.invoice_prefix)}-${String(count).padStart(4, '0')}`,
    parent: { quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id }, type: 'subscription_details' },
    period_end: created,
    period_start: created,
    starting_balance: 0,
    status: 'paid',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: created, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_excluding_tax: total,
    total_taxes: [],
    webhooks_delivered_at: created,
    _lists: {
      lines: { ids: lineIds, url: `/v1/invoices/${invoiceId}/lines`, included: true },
      payments: { ids: [invoicePayment.id], url: '/v1/invoice_payments' },
    },
  });
  // The invoice as it was before payment, then paid.
  const draft = { ...invoice, status: 'open', amount_paid: 0, amount_remaining: total, attempted: false, attempt_count: 0 };
  events.emit('invoice.created', { ...draft, status: 'draft' }, owner, request);
  events.emit('invoice.finalized', draft, owner, request);
  emitPayment(ctx, owner, payment, request);
  events.emit('invoice.paid', invoice, owner, request);
  events.emit('invoice.payment_succeeded', invoice, owner, request);
  return invoice;
}

/** The same day of the month (or week, year) one interval later, as Stripe's billing cycle anchors it. */
export function addInterval(seconds: number, interval: string, count = 1): number {
  const date = new Date(seconds * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}

function endSubscription(ctx: Ctx, owner: Owner, subscription: StripeObj, details: { comment?: string; feedback?: string }, request: RequestInfo) {
  const now = ctx.store.seconds();
  Object.assign(subscription, {
    status: 'canceled',
    canceled_at: subscription.canceled_at ?? now,
    ended_at: now,
    cancellation_details: { comment: details.comment ?? null, feedback: details.feedback ?? null, reason: 'cancellation_requested' },
  });
  ctx.store.put(owner, subscription);
  ctx.events.emit('customer.subscription.deleted', subscription, owner, request);
  return ctx.store.render(subscription);
}

/**
 * LOCAL CONTROL, not Stripe's API: the subscription's next billing period starts now (its next
 * monthly invoice is billed and paid with the saved card), or it ends if it was set to cancel at
 * the period's end. Stripe's test-mode equivalent is a test clock
 * (POST /v1/test_helpers/test_clocks/{clock}/advance on a customer created with that clock).
 */
export function advanceSubscriptionPeriod(ctx: Ctx, subscriptionId: string, request: RequestInfo = NO_REQUEST) {
  const entry = ctx.store.get(subscriptionId);
  if (!entry || entry.value.object !== 'subscription') throw fail.notFound('subscription', subscriptionId);
  const { owner, value: subscription } = entry;
  if (subscription.status === 'canceled') throw fail.request(`Subscription ${subscriptionId} is canceled: it has no next period.`);
  if (subscription.cancel_at_period_end) return endSubscription(ctx, owner, subscription, {}, request);
  const items = (subscription._lists as Record<string, { ids: string[] }>).items.ids.map((id) => ctx.store.get(id)!.value);
  const previous = { items: ctx.store.render(subscription).items, latest_invoice: subscription.latest_invoice };
  const lines: BillLine[] = items.map((item) => {
    const price = item.price as StripeObj & { recurring: { interval: string; interval_count: number } };
    const start = item.current_period_end as number;
    const end = addInterval(start, price.recurring.interval, price.recurring.interval_count);
    ctx.store.put(owner, Object.assign(item, { current_period_start: start, current_period_end: end }));
    return { price, quantity: item.quantity as number, period: { start, end }, subscriptionItem: item.id };
  });
  const invoice = billInvoice(ctx, owner, subscription, 'subscription_cycle', lines, request);
  ctx.store.put(owner, Object.assign(subscription, { latest_invoice: invoice.id }));
  ctx.events.emit('customer.subscription.updated', subscription, owner, request, previous);
  return ctx.store.render(invoice);
}

function cancelSubscription({ ctx, params, ids, owner, request }: Call) {
  const subscription = ctx.store.find(ids[0], 'subscription', owner);
  const details = params.obj('cancellation_details');
  const comment = details?.str('comment', { max: 5000 });
  const feedback = details?.str('feedback', {
    oneOf: ['customer_service', 'low_quality', 'missing_features', 'other', 'switched_service', 'too_complex', 'too_expensive', 'unused'],
  });
  details?.done();
  params.bool('invoice_now');
  params.bool('prorate');
  params.done();
  if (subscription.status === 'canceled') throw fail.request('A canceled subscription can only update its cancellation_details and metadata.');
  return endSubscription(ctx, owner, subscription, { comment, feedback }, request);
}

function updateSubscription({ ctx, params, ids, owner, request, expand }: Call) {
  const subscription = ctx.store.find(ids[0], 'subscription', owner);
  const previous: Record<string, unknown> = {};
  const atPeriodEnd = params.bool('cancel_at_period_end');
  const metadata = params.metadata();
  params.done();
  if (subscription.status === 'canceled' && atPeriodEnd !== undefined)
    throw fail.request('A canceled subscription can only update its cancellation_details and metadata.');
  if (atPeriodEnd !== undefined && atPeriodEnd !== subscription.cancel_at_period_end) {
    const periodEnd = ctx.store.get((subscription._lists as Record<string, { ids: string[] }>).items.ids[0])?.value.current_period_end;
    Object.assign(previous, {
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at,
      canceled_at: subscription.canceled_at,
    });
    Object.assign(subscription, {
      cancel_at_period_end: atPeriodEnd,
      cancel_at: atPeriodEnd ? periodEnd : null,
      canceled_at: atPeriodEnd ? ctx.store.seconds() : null,
    });
  }
  if (metadata) [previous.metadata, subscription.metadata] = [subscription.metadata, { ...(subscription.metadata as object), ...metadata }];
  ctx.store.put(owner, subscription);
  if (Object.keys(previous).length) ctx.events.emit('customer.subscription.updated', subscription, owner, request, previous);
  return ctx.store.render(subscription, expand);
}

const paymentIntentOf = (call: Call) => {
  const wanted = call.params.obj('payment');
  const intent = wanted?.str('payment_intent');
  wanted?.str('type', { oneOf: ['payment_intent', 'charge'] });
  wanted?.done();
  return (value: StripeObj) => !intent || (value.payment as { payment_intent?: string }).payment_intent === intent;
};

export const billingRoutes: Route[] = [
  ['GET', /^\/v1\/subscription_items$/, listOf('subscription_item', { filters: ['subscription'] })],
  ['GET', /^\/v1\/subscriptions$/, listOf('subscription', { filters: ['customer', 'status'] })],
  ['GET', /^\/v1\/subscriptions\/([^/]+)$/, retrieve('subscription')],
  ['POST', /^\/v1\/subscriptions\/([^/]+)$/, updateSubscription],
  ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, cancelSubscription],
  ['GET', /^\/v1\/invoices$/, listOf('invoice', { filters: ['customer', 'status'] })],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, retrieve('invoice')],
  [
    'GET',
    /^\/v1\/invoices\/([^/]+)\/lines$/,
    (call) => (call.ctx.store.find(call.ids[0], 'invoice', call.owner), listOf('line_item', { match: (c) => (v) => v.invoice === c.ids[0] })(call)),
  ],
  ['GET', /^\/v1\/invoice_payments$/, listOf('invoice_payment', { filters: ['invoice'], match: paymentIntentOf })],
];
