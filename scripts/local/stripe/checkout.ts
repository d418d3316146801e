// Stripe Checkout in the stand-in: sessions in payment or subscription mode (on the platform or, with
// Stripe-Account, on a connected account: a direct charge, with an application fee), their hosted
// page's outcome (a test card that succeeds completes the session; a declined one changes
// nothing), expiry, and line items; and the Prices a line item may name (POST/GET /v1/prices,
// found by lookup_key).
import { addInterval, billInvoice } from './billing';
import { type CardDetails, createCharge, createCustomer, createPaymentMethod, emitPayment } from './payments';
import { type Call, type Ctx, type Route, listOf, pageUrl, retrieve } from './context';
import { NO_REQUEST } from './events';
import { type ParamReader, fail } from './form';
import type { Owner, StripeObj } from './store';

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 3600;

export interface PriceInput {
  name: string;
  description: string | null;
  unitAmount: number;
  recurring: { interval: string; interval_count: number } | null;
  quantity: number;
}

/** A line item: an existing Price of the account (`price`) or one made for it (`price_data`). */
function readLineItem(ctx: Ctx, owner: Owner, item: ParamReader, i: number): PriceInput & { price?: StripeObj } {
  const priceId = item.str('price');
  if (priceId) {
    const quantity = item.int('quantity', { required: true, min: 1, max: 999999 })!;
    item.done();
    const price = ctx.store.find(priceId, 'price', owner, 'price', `line_items[${i}][price]`);
    if (!price.active) throw fail.invalid(`line_items[${i}][price]`, `The price specified (${priceId}) is inactive. This field only accepts active prices.`);
    const product = ctx.store.get(String(price.product))?.value;
    return {
      name: String(product?.name ?? ''),
      description: (product?.description as string | null | undefined) ?? null,
      unitAmount: price.unit_amount as number,
      recurring: price.recurring as PriceInput['recurring'],
      quantity,
      price,
    };
  }
  const quantity = item.int('quantity', { required: true, min: 1, max: 999999 })!;
  const data = item.obj('price_data', true)!;
  item.done();
  data.currency('currency');
  const unitAmount = data.int('unit_amount', { required: true, min: 0 })!;
  const product = data.obj('product_data', true)!;
  const name = product.str('name', { required: true, max: 250 })!;
  const description = product.str('description', { max: 5000 }) ?? null;
  product.metadata();
  product.strings('images');
  product.done();
  const recurringReader = data.obj('recurring');
  const recurring = recurringReader
    ? {
        interval: recurringReader.str('interval', { required: true, oneOf: ['day', 'week', 'month', 'year'] })!,
        interval_count: recurringReader.int('interval_count', { min: 1, max: 12 }) ?? 1,
      }
    : null;
  recurringReader?.done();
  data.str('tax_behavior', { oneOf: ['exclusive', 'inclusive', 'unspecified'] });
  data.done();
  return { name, description, unitAmount, recurring, quantity };
}

/** A line item's Product and Price, stored on the session's account (subscriptions point at them). */
export function createPrice(
  ctx: Ctx,
  owner: Owner,
  input: PriceInput,
  extra: { lookupKey?: string | null; metadata?: Record<string, string>; nickname?: string | null } = {},
): StripeObj {
  const { store } = ctx;
  const created = store.seconds();
  const product = store.put(owner, {
    id: store.newId('prod_', 14),
    object: 'product',
    active: true,
    created,
    description: input.description,
    livemode: false,
    metadata: {},
    name: input.name,
    type: 'service',
    updated: created,
  });
  return store.put(owner, {
    id: store.newId('price_'),
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: extra.lookupKey ?? null,
    metadata: extra.metadata ?? {},
    nickname: extra.nickname ?? null,
    product: product.id,
    recurring: input.recurring ? { ...input.recurring, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  });
}

function createSession({ ctx, params, owner }: Call) {
  const { store } = ctx;
  const mode = params.str('mode', { required: true, oneOf: ['payment', 'subscription', 'setup'] })!;
  if (mode === 'setup') throw fail.invalid('mode', 'The local Stripe stand-in supports payment and subscription mode only.');
  const successUrl = params.url('success_url', true)!;
  const cancelUrl = params.url('cancel_url') ?? null;
  const items = params.list('line_items', true).map((item, i) => readLineItem(ctx, owner, item, i));
  const now = store.seconds();
  const expiresAt = params.int('expires_at') ?? now + MAX_EXPIRY_SECONDS;
  if (expiresAt < now + MIN_EXPIRY_SECONDS || expiresAt > now + MAX_EXPIRY_SECONDS)
    throw fail.invalid('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
  const intentData = params.obj('payment_intent_data');
  const fee = intentData?.int('application_fee_amount', { min: 0 }) ?? null;
  const intent = { description: intentData?.str('description') ?? null, metadata: intentData?.metadata() ?? {} };
  intentData?.str('statement_descriptor_suffix', { max: 22 });
  intentData?.done();
  const subscriptionData = params.obj('subscription_data');
  const feePercent = subscriptionData?.decimal('application_fee_percent', { min: 0, max: 100 }) ?? null;
  const subscription = { description: subscriptionData?.str('description') ?? null, metadata: subscriptionData?.metadata() ?? {} };
  subscriptionData?.done();
  const session = {
    client_reference_id: params.str('client_reference_id', { max: 200 }) ?? null,
    customer_email: params.str('customer_email') ?? null,
    metadata: params.metadata() ?? {},
    locale: params.str('locale') ?? null,
    submit_type: params.str('submit_type', { oneOf: ['auto', 'book', 'donate', 'pay', 'subscribe'] }) ?? null,
  };
  const methods = params.strings('payment_method_types');
  if (methods && methods.some((m) => m !== 'card')) throw fail.invalid('payment_method_types', 'The local Stripe stand-in takes cards only.');
  params.done();
  const recurring = items.filter((item) => item.recurring);
  if (mode === 'payment' && recurring.length)
    throw fail.invalid(
      'line_items',
      'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
    );
  if (mode === 'subscription' && !recurring.length)
    throw fail.invalid('line_items', 'You must provide at least one recurring price in `subscription` mode when using prices.');
  if (intentData && mode !== 'payment') throw fail.invalid('payment_intent_data', 'payment_intent_data can only be used in `payment` mode.');
  if (subscriptionData && mode !== 'subscription') throw fail.invalid('subscription_data', 'subscription_data can only be used in `subscription` mode.');
  if ((fee !== null || feePercent !== null) && !owner)
    throw fail.invalid(
      fee !== null ? 'payment_intent_data[application_fee_amount]' : 'subscription_data[application_fee_percent]',
      'Can only apply an application fee when the payment is a direct charge (using an OAuth key or the Stripe-Account header) or a destination charge.',
    );
  const total = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (fee !== null && fee > total)
    throw fail.invalid('payment_intent_data[application_fee_amount]', 'The application fee cannot exceed the amount of the payment.');
  if (owner && !store.find(owner, 'account', null).charges_enabled)
    throw fail.request(`The account ${owner} cannot take payments yet: its card_payments capability is not active (finish its onboarding first).`);
  if (total < 50) throw fail.request('The Checkout Session’s total amount due must add up to at least $0.50 usd', { code: 'amount_too_small' });
  const id = store.newId('cs_test_', 58);
  const lineIds = items.map((item) => {
    const price = item.price ?? createPrice(ctx, owner, item);
    return store.put(owner, {
      id: store.newId('li_'),
      object: 'item',
      amount_discount: 0,
      amount_subtotal: item.unitAmount * item.quantity,
      amount_tax: 0,
      amount_total: item.unitAmount * item.quantity,
      created: now,
      currency: 'usd',
      description: item.name,
      price,
      quantity: item.quantity,
      _session: id,
    }).id;
  });
  const created = store.put(owner, {
    id,
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_secret: null,
    created: now,
    currency: 'usd',
    custom_fields: [],
    customer: null,
    customer_creation: mode === 'payment' ? 'if_required' : 'always',
    customer_details: null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: pageUrl(ctx.settings, `/checkout/${id}`),
    ...session,
    _lists: { line_items: { ids: lineIds, url: `/v1/checkout/sessions/${id}/line_items` } },
    _charge: { fee, feePercent, intent, subscription },
  });
  return store.render(created);
}

/** A session the hosted page may show: open and not past its expiry (which then expires it). */
export function openSession(ctx: Ctx, id: string): { owner: Owner; session: StripeObj; lines: StripeObj[] } | undefined {
  const entry = ctx.store.get(id);
  if (!entry || entry.value.object !== 'checkout.session') return undefined;
  const session = entry.value;
  if (session.status === 'open' && ctx.store.seconds() > (session.expires_at as number)) expire(ctx, entry.owner, session);
  const lines = (session._lists as Record<string, { ids: string[] }>).line_items.ids.map((lineId) => ctx.store.get(lineId)!.value);
  return { owner: entry.owner, session, lines };
}

function expire(ctx: Ctx, owner: Owner, session: StripeObj, request = NO_REQUEST) {
  ctx.store.put(owner, Object.assign(session, { status: 'expired', url: null }));
  ctx.events.emit('checkout.session.expired', session, owner, request);
}

/** The hosted page's payment with a card that the test values accept (declines never get here). */
export function completeSession(ctx: Ctx, id: string, card: CardDetails): string {
  const { store, events } = ctx;
  const { owner, session, lines } = openSession(ctx, id)!;
  const charge = session._charge as {
    fee: number | null;
    feePercent: number | null;
    intent: { description: string | null; metadata: Record<string, string> };
  } & {
    subscription: { description: string | null; metadata: Record<string, string> };
  };
  const paymentMethod = createPaymentMethod(ctx, owner, card);
  const details = { address: null, email: card.email, name: card.name, phone: null, tax_exempt: 'none', tax_ids: [] };
  if (session.mode === 'payment') {
    const payment = createCharge(ctx, owner, {
      amount: session.amount_total as number,
      fee: charge.fee,
      paymentMethod,
      customer: null,
      description: charge.intent.description,
      metadata: charge.intent.metadata,
    });
    store.put(
      owner,
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: payment.intent.id, customer_details: details, url: null }),
    );
    emitPayment(ctx, owner, payment);
  } else {
    const customer = createCustomer(ctx, owner, card, paymentMethod);
    events.emit('customer.created', customer, owner, NO_REQUEST);
    const start = store.seconds();
    const subscriptionId = store.newId('sub_');
    const billLines = lines.map((line) => {
      const price = line.price as StripeObj & { recurring: { interval: string; interval_count: number } | null };
      const end = price.recurring ? addInterval(start, price.recurring.interval, price.recurring.interval_count) : start;
      const item = price.recurring
        ? store.put(owner, {
            id: store.newId('si_', 14),
            object: 'subscription_item',
            billing_thresholds: null,
            created: start,
            current_period_end: end,
            current_period_start: start,
            discounts: [],
            metadata: {},
            price,
            quantity: line.quantity,
            subscription: subscriptionId,
            tax_rates: [],
          })
        : undefined;
      return { price, quantity: line.quantity as number, period: { start, end }, subscriptionItem: item?.id ?? null };
    });
    const subscription = store.put(owner, {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      application_fee_percent: charge.feePercent,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start,
      billing_cycle_anchor_config: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: 'usd',
      customer: customer.id,
      days_until_due: null,
      default_payment_method: paymentMethod.id,
      default_source: null,
      description: charge.subscription.description,
      discounts: [],
      ended_at: null,
      latest_invoice: null,
      livemode: false,
      metadata: charge.subscription.metadata,
      pause_collection: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_start: null,
      _lists: {
        items: {
          ids: billLines.flatMap((l) => (l.subscriptionItem ? [l.subscriptionItem] : [])),
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
          included: true,
        },
      },
    });
    events.emit('customer.subscription.created', subscription, owner, NO_REQUEST);
    const invoice = billInvoice(ctx, owner, subscription, 'subscription_create', billLines, NO_REQUEST);
    store.put(owner, Object.assign(subscription, { latest_invoice: invoice.id }));
    store.put(
      owner,
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: customer.id,
        subscription: subscription.id,
        invoice: invoice.id,
        customer_details: details,
        url: null,
      }),
    );
  }
  events.emit('checkout.session.completed', session, owner, NO_REQUEST);
  return String(session.success_url).replace(/\{CHECKOUT_SESSION_ID\}/g, id);
}

/** POST /v1/prices: a Price with a new product (`product_data`) or an existing one (`product`). */
function createPriceRoute({ ctx, params, owner }: Call) {
  params.currency('currency');
  const unitAmount = params.int('unit_amount', { required: true, min: 0 })!;
  const productId = params.str('product');
  const productData = params.obj('product_data');
  const name = productData?.str('name', { required: true, max: 250 });
  productData?.metadata();
  productData?.done();
  const recurringReader = params.obj('recurring');
  const recurring = recurringReader
    ? {
        interval: recurringReader.str('interval', { required: true, oneOf: ['day', 'week', 'month', 'year'] })!,
        interval_count: recurringReader.int('interval_count', { min: 1, max: 12 }) ?? 1,
      }
    : null;
  recurringReader?.done();
  const lookupKey = params.str('lookup_key', { max: 200 }) ?? null;
  const metadata = params.metadata() ?? {};
  const nickname = params.str('nickname') ?? null;
  params.done();
  if (!productId && !name) throw fail.invalid('product', 'You must specify either `product` or `product_data` when creating a price.', 'parameter_missing');
  if (lookupKey && ctx.store.all('price').some((e) => e.owner === owner && e.value.lookup_key === lookupKey && e.value.active))
    throw fail.invalid('lookup_key', `A price (\`${lookupKey}\`) already uses that lookup key.`);
  const existing = productId ? ctx.store.find(productId, 'product', owner, 'product', 'product') : undefined;
  const price = existing
    ? ctx.store.put(owner, {
        ...createPrice(ctx, owner, { name: String(existing.name), description: null, unitAmount, recurring, quantity: 1 }, { lookupKey, metadata, nickname }),
        product: existing.id,
      })
    : createPrice(ctx, owner, { name: name!, description: null, unitAmount, recurring, quantity: 1 }, { lookupKey, metadata, nickname });
  return ctx.store.render(price);
}

const lookupKeysOf = (call: Call) => {
  const wanted = call.params.strings('lookup_keys');
  call.params.bool('active');
  call.params.str('product');
  return (value: StripeObj) => !wanted || wanted.includes(String(value.lookup_key));
};

export const checkoutRoutes: Route[] = [
  ['POST', /^\/v1\/prices$/, createPriceRoute],
  ['GET', /^\/v1\/prices$/, listOf('price', { match: lookupKeysOf })],
  ['GET', /^\/v1\/prices\/([^/]+)$/, retrieve('price')],
  ['GET', /^\/v1\/products\/([^/]+)$/, retrieve('product')],
  ['POST', /^\/v1\/checkout\/sessions$/, createSession],
  ['GET', /^\/v1\/checkout\/sessions$/, listOf('checkout.session', { filters: ['payment_intent', 'subscription', 'customer', 'status'] })],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, retrieve('checkout.session')],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/,
    (call) => (call.ctx.store.find(call.ids[0], 'checkout.session', call.owner), listOf('item', { match: (c) => (v) => v._session === c.ids[0] })(call)),
  ],
  [
    'POST',
    /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    ({ ctx, ids, owner, params, request }) => {
      const session = ctx.store.find(ids[0], 'checkout.session', owner);
      params.done();
      if (session.status !== 'open')
        throw fail.request(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      expire(ctx, owner, session, request);
      return ctx.store.render(session);
    },
  ],
];
