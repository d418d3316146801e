// Card payments in the stand-in: payment methods, charges with their PaymentIntent, customers and
// refunds. The hosted checkout page (checkout.ts) and subscription invoices (billing.ts) pay
// through these.
import { type Call, type Ctx, type Route, listOf, retrieve } from './context';
import { type RequestInfo, NO_REQUEST } from './events';
import { fail } from './form';
import type { Owner, StripeObj } from './store';

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  email: string;
}

const nulls = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, null]));
const address = () => nulls('city', 'country', 'line1', 'line2', 'postal_code', 'state');

/** The card the hosted checkout page was given, as a PaymentMethod on the paying account. */
export function createPaymentMethod(ctx: Ctx, owner: Owner, card: CardDetails): StripeObj {
  return ctx.store.put(owner, {
    id: ctx.store.newId('pm_'),
    object: 'payment_method',
    billing_details: { address: address(), email: card.email, name: card.name, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { cvc_check: 'pass' },
      country: 'US',
      exp_month: card.expMonth,
      exp_year: card.expYear,
      funding: 'credit',
      last4: card.last4,
    },
    created: ctx.store.seconds(),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  });
}

export interface ChargeInput {
  amount: number;
  fee: number | null;
  paymentMethod: StripeObj;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
}

/**
 * Stripe's processing fee on a US card payment (its standard US pricing: 2.9% + 30¢), in cents:
 * the percentage rounded to the nearest cent, half a cent up, as Stripe rounds its fees (integers
 * only, no floating point).
 */
export function stripeFeeCents(amount: number): number {
  const percent = amount * 29 + 500;
  return (percent - (percent % 1000)) / 1000 + 30;
}

/**
 * The balance transaction of a charge on `owner`, as Stripe writes it: `fee` is every fee taken from
 * the payment (Stripe's processing fee and, on a direct charge, the platform's application fee),
 * itemised in `fee_details`; `net` is what the account keeps.
 */
function chargeBalanceTransaction(ctx: Ctx, owner: Owner, chargeId: string, amount: number, applicationFee: number | null, description: string | null) {
  const { store } = ctx;
  const created = store.seconds();
  const stripeFee = stripeFeeCents(amount);
  const feeDetails = [
    { amount: stripeFee, application: null, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' },
    ...(owner && applicationFee
      ? [{ amount: applicationFee, application: 'ca_drift_local', currency: 'usd', description: 'Application fee', type: 'application_fee' }]
      : []),
  ];
  const fee = feeDetails.reduce((sum, f) => sum + f.amount, 0);
  return store.put(owner, {
    id: store.newId('txn_'),
    object: 'balance_transaction',
    amount,
    available_on: created + 2 * 86_400,
    balance_type: 'payments',
    created,
    currency: 'usd',
    description,
    exchange_rate: null,
    fee,
    fee_details: feeDetails,
    net: amount - fee,
    reporting_category: 'charge',
    source: chargeId,
    status: 'pending',
    type: 'charge',
  });
}

/** A successful card payment on `owner`: a PaymentIntent and its Charge (no events: callers order them). */
export function createCharge(ctx: Ctx, owner: Owner, input: ChargeInput): { intent: StripeObj; charge: StripeObj } {
  const { store } = ctx;
  const created = store.seconds();
  const pm = input.paymentMethod;
  const card = pm.card as Record<string, unknown>;
  const billing = pm.billing_details as { email: string; name: string };
  const intentId = store.newId('pi_');
  const chargeId = store.newId('ch_');
  const transaction = chargeBalanceTransaction(ctx, owner, chargeId, input.amount, input.fee, input.description);
  const common = { amount: input.amount, application: null, application_fee_amount: input.fee, created, currency: 'usd', customer: input.customer };
  const charge = store.put(owner, {
    id: chargeId,
    object: 'charge',
    ...common,
    amount_captured: input.amount,
    amount_refunded: 0,
    application_fee: null,
    balance_transaction: transaction.id,
    billing_details: pm.billing_details,
    calculated_statement_descriptor: 'DRIFT',
    captured: true,
    description: input.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: input.metadata,
    on_behalf_of: null,
    outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: intentId,
    payment_method: pm.id,
    payment_method_details: { card: { ...card, network: card.brand, three_d_secure: null, wallet: null }, type: 'card' },
    receipt_email: billing.email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
    _lists: { refunds: { ids: [], url: `/v1/charges/${chargeId}/refunds` } },
  });
  const intent = store.put(owner, {
    id: intentId,
    object: 'payment_intent',
    ...common,
    amount_capturable: 0,
    amount_received: input.amount,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${intentId}_secret_${store.newId('', 24)}`,
    confirmation_method: 'automatic',
    description: input.description,
    last_payment_error: null,
    latest_charge: chargeId,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: pm.id,
    payment_method_types: ['card'],
    processing: null,
    receipt_email: billing.email,
    setup_future_usage: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  });
  // Card funds are pending at first, net of Stripe's fee; a direct charge's application fee goes to the platform.
  store.moveBalance(owner, 'pending', transaction.net as number);
  if (owner && input.fee) store.moveBalance(null, 'pending', input.fee);
  return { intent, charge };
}

export function emitPayment(ctx: Ctx, owner: Owner, payment: { intent: StripeObj; charge: StripeObj }, request: RequestInfo = NO_REQUEST): void {
  ctx.events.emit('charge.succeeded', payment.charge, owner, request);
  ctx.events.emit('payment_intent.succeeded', payment.intent, owner, request);
}

export function createCustomer(ctx: Ctx, owner: Owner, card: CardDetails, paymentMethod: StripeObj): StripeObj {
  const customer = ctx.store.put(owner, {
    id: ctx.store.newId('cus_', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: ctx.store.seconds(),
    currency: 'usd',
    default_source: null,
    delinquent: false,
    description: null,
    email: card.email,
    invoice_prefix: ctx.store.newId('', 8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: paymentMethod.id, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: card.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  ctx.store.put(owner, Object.assign(paymentMethod, { customer: customer.id }));
  return customer;
}

/** One line of an invoice: a price for a service period. */
function createRefund({ ctx, params, owner, request }: Call) {
  const { store } = ctx;
  const chargeId = params.str('charge');
  const intentId = params.str('payment_intent');
  const requested = params.int('amount', { min: 1 });
  const reason = params.str('reason', { oneOf: ['duplicate', 'fraudulent', 'requested_by_customer'] }) ?? null;
  const metadata = params.metadata() ?? {};
  params.bool('refund_application_fee');
  params.bool('reverse_transfer');
  params.str('instructions_email');
  params.done();
  if (!chargeId && !intentId)
    throw fail.invalid('charge', 'One of the following params should be provided for this request: charge or payment_intent.', 'parameter_missing');
  const charge = chargeId
    ? store.find(chargeId, 'charge', owner, 'charge', 'charge')
    : store.find(String(store.find(intentId!, 'payment_intent', owner, 'payment_intent', 'payment_intent').latest_charge), 'charge', owner);
  const remaining = (charge.amount as number) - (charge.amount_refunded as number);
  const amount = requested ?? remaining;
  if (remaining === 0) throw fail.request(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  if (amount > remaining)
    throw fail.request(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`, {
      code: 'amount_too_large',
      param: 'amount',
    });
  const refundId = store.newId('re_');
  // Stripe keeps its processing fee on a refunded payment: the refund's transaction has no fee.
  const transaction = store.put(owner, {
    id: store.newId('txn_'),
    object: 'balance_transaction',
    amount: -amount,
    available_on: store.seconds(),
    balance_type: 'payments',
    created: store.seconds(),
    currency: 'usd',
    description: 'REFUND FOR CHARGE',
    exchange_rate: null,
    fee: 0,
    fee_details: [],
    net: -amount,
    reporting_category: 'refund',
    source: refundId,
    status: 'available',
    type: 'refund',
  });
  const refund = store.put(owner, {
    id: refundId,
    object: 'refund',
    amount,
    balance_transaction: transaction.id,
    charge: charge.id,
    created: store.seconds(),
    currency: 'usd',
    destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
    metadata,
    payment_intent: charge.payment_intent,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  });
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded = (charge.amount_refunded as number) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  (charge._lists as Record<string, { ids: string[] }>).refunds.ids.unshift(refund.id);
  store.put(owner, charge);
  store.moveBalance(owner, 'pending', -amount);
  ctx.events.emit('refund.created', refund, owner, request);
  ctx.events.emit('charge.refunded', charge, owner, request, previous);
  return store.render(refund);
}

/** invoice_payments' payment[type] / payment[payment_intent] filter. */
export const paymentRoutes: Route[] = [
  ['GET', /^\/v1\/customers\/([^/]+)$/, retrieve('customer')],
  ['GET', /^\/v1\/payment_methods\/([^/]+)$/, retrieve('payment_method')],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, retrieve('payment_intent')],
  ['GET', /^\/v1\/charges$/, listOf('charge', { filters: ['customer', 'payment_intent'] })],
  ['GET', /^\/v1\/charges\/([^/]+)$/, retrieve('charge')],
  ['GET', /^\/v1\/balance_transactions\/([^/]+)$/, retrieve('balance_transaction')],
  ['POST', /^\/v1\/refunds$/, createRefund],
  ['GET', /^\/v1\/refunds$/, listOf('refund', { filters: ['charge', 'payment_intent'] })],
  ['GET', /^\/v1\/refunds\/([^/]+)$/, retrieve('refund')],
];
