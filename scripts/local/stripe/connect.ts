// Stripe Connect in the stand-in: Express accounts, the platform balance (seeded, topped up with
// POST /v1/topups), transfers to connected accounts and their reversals. Onboarding links are in
// onboarding.ts, each transfer's automatic payout in payouts.ts.
import { type Call, type Route, listOf, retrieve } from './context';
import { createManualPayout, schedulePayoutTask } from './payouts';
import { type ParamReader, fail } from './form';
import type { StripeObj } from './store';

/** What a new Express account must still provide (all of it past due: it cannot be paid yet). */
const ONBOARDING_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.product_description',
  'business_type',
  'external_account',
  'individual.first_name',
  'individual.last_name',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

export const requirements = (due: string[]) => ({
  alternatives: [],
  current_deadline: null,
  currently_due: [...due],
  disabled_reason: due.length ? 'requirements.past_due' : null,
  errors: [],
  eventually_due: [...due],
  past_due: [...due],
  pending_verification: [],
});

function businessProfile(reader: ParamReader | undefined, into: Record<string, unknown> = {}) {
  if (!reader) return into;
  for (const key of ['name', 'url', 'product_description', 'mcc', 'support_email', 'support_phone', 'support_url']) {
    const value = reader.str(key, { max: 5000 });
    if (value !== undefined) into[key] = value;
  }
  reader.done();
  return into;
}

function createAccount({ ctx, params, owner }: Call) {
  if (owner) throw fail.request('A connected account cannot create accounts: leave out the Stripe-Account header.');
  const type = params.str('type', { required: true, oneOf: ['express', 'custom', 'standard'] });
  if (type !== 'express') throw fail.invalid('type', 'The local Stripe stand-in creates Express accounts only (type=express).');
  const country = (params.str('country') ?? 'US').toUpperCase();
  if (country !== 'US') throw fail.invalid('country', 'The local Stripe stand-in creates US accounts only.');
  const capabilities: Record<string, string> = {};
  const requested = params.obj('capabilities', true)!;
  for (const name of Object.keys(requested.params)) {
    const capability = requested.obj(name, true)!;
    if (capability.bool('requested')) capabilities[name] = 'inactive';
    capability.done();
  }
  requested.done();
  if (!Object.keys(capabilities).length)
    throw fail.invalid('capabilities', 'Express accounts must request at least one capability, e.g. capabilities[transfers][requested]=true.');
  const interval = payoutInterval(params) ?? 'daily';
  const tos = params.obj('tos_acceptance');
  const serviceAgreement = tos?.str('service_agreement', { oneOf: ['full', 'recipient'] });
  tos?.done();
  const store = ctx.store;
  const id = store.newId('acct_', 16);
  const profile = businessProfile(params.obj('business_profile'), { mcc: null, name: null, product_description: null, support_email: null, url: null });
  const account: StripeObj = {
    id,
    object: 'account',
    business_profile: profile,
    business_type: params.str('business_type', { oneOf: ['individual', 'company', 'non_profit', 'government_entity'] }) ?? null,
    capabilities,
    charges_enabled: false,
    controller: {
      fees: { payer: 'application' },
      is_controller: true,
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'express' },
      type: 'application',
    },
    country,
    created: store.seconds(),
    default_currency: 'usd',
    details_submitted: false,
    email: params.str('email') ?? null,
    future_requirements: requirements([]),
    metadata: params.metadata() ?? {},
    payouts_enabled: false,
    requirements: requirements(ONBOARDING_REQUIREMENTS),
    settings: {
      dashboard: { display_name: profile.name ?? null, timezone: 'Etc/UTC' },
      payouts: { debit_negative_balances: true, schedule: { delay_days: interval === 'manual' ? 0 : 2, interval }, statement_descriptor: null },
    },
    tos_acceptance: { date: null, ip: null, user_agent: null, ...(serviceAgreement ? { service_agreement: serviceAgreement } : {}) },
    type: 'express',
    _lists: { external_accounts: { ids: [], url: `/v1/accounts/${id}/external_accounts`, included: true } },
  };
  params.done();
  return store.render(store.put(null, account));
}

/** `settings[payouts][schedule][interval]` (manual: no automatic payouts; the platform creates
 * each payout with POST /v1/payouts and Stripe-Account). */
function payoutInterval(params: ParamReader): string | undefined {
  const settings = params.obj('settings');
  if (!settings) return undefined;
  const payouts = settings.obj('payouts');
  const schedule = payouts?.obj('schedule');
  const interval = schedule?.str('interval', { oneOf: ['manual', 'daily', 'weekly', 'monthly'] });
  schedule?.done();
  payouts?.done();
  settings.done();
  return interval;
}

/** The platform reads any of its accounts; a connected account (Stripe-Account) reads itself. */
export function findAccount({ ctx, owner }: Call, id: string): StripeObj {
  if (owner && owner !== id) throw fail.notFound('account', id);
  return ctx.store.find(id, 'account', null);
}

function updateAccount(call: Call) {
  const { ctx, params, ids, request } = call;
  const account = findAccount(call, ids[0]);
  const previous: Record<string, unknown> = {};
  const metadata = params.metadata();
  if (metadata !== undefined) {
    previous.metadata = account.metadata;
    account.metadata = { ...(account.metadata as object), ...metadata };
    for (const [key, value] of Object.entries(params.params.metadata ?? {})) if (value === '') delete (account.metadata as Record<string, string>)[key];
  }
  const email = params.str('email');
  if (email !== undefined) [previous.email, account.email] = [account.email, email];
  const interval = payoutInterval(params);
  if (interval !== undefined) {
    const payouts = (account.settings as { payouts: { schedule: { interval: string; delay_days: number } } }).payouts;
    previous.settings = { payouts: { schedule: { ...payouts.schedule } } };
    payouts.schedule = { interval, delay_days: interval === 'manual' ? 0 : 2 };
  }
  const profile = params.obj('business_profile');
  if (profile)
    [previous.business_profile, account.business_profile] = [account.business_profile, businessProfile(profile, { ...(account.business_profile as object) })];
  params.done();
  ctx.store.put(null, account);
  ctx.events.emit('account.updated', account, account.id, request, previous);
  return ctx.store.render(account, call.expand);
}

// ---- Balance, top-ups, transfers, reversals ----

function balance({ ctx, owner }: Call) {
  const { available, pending } = ctx.store.balance(owner);
  return {
    object: 'balance',
    available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
    ...(owner ? {} : { connect_reserved: [{ amount: 0, currency: 'usd' }] }),
    livemode: false,
    pending: [{ amount: pending, currency: 'usd', source_types: { card: pending } }],
  };
}

function createTopup({ ctx, params, owner, request }: Call) {
  if (owner) throw fail.request('Top-ups add to the platform balance: leave out the Stripe-Account header.');
  const amount = params.int('amount', { required: true, min: 1 })!;
  const currency = params.currency('currency');
  params.str('source');
  const topup: StripeObj = {
    id: ctx.store.newId('tu_'),
    object: 'topup',
    amount,
    balance_transaction: ctx.store.newId('txn_'),
    created: ctx.store.seconds(),
    currency,
    description: params.str('description') ?? null,
    expected_availability_date: ctx.store.seconds(),
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: params.metadata() ?? {},
    source: null,
    statement_descriptor: params.str('statement_descriptor', { max: 15 }) ?? null,
    status: 'succeeded',
    transfer_group: params.str('transfer_group') ?? null,
  };
  params.done();
  ctx.store.put(null, topup);
  ctx.store.moveBalance(null, 'available', amount);
  ctx.events.emit('topup.created', topup, null, request);
  ctx.events.emit('topup.succeeded', topup, null, request);
  return ctx.store.render(topup);
}

function createTransfer({ ctx, params, owner, request }: Call) {
  const { store } = ctx;
  if (owner) throw fail.request('Transfers to connected accounts are made by the platform: leave out the Stripe-Account header.');
  const amount = params.int('amount', { required: true, min: 1 })!;
  const currency = params.currency('currency');
  const destinationId = params.str('destination', { required: true })!;
  const transferGroup = params.str('transfer_group') ?? null;
  const description = params.str('description') ?? null;
  const metadata = params.metadata() ?? {};
  params.done();
  const destination = store.get(destinationId);
  if (!destination || destination.value.object !== 'account')
    throw fail.request(`No such destination: '${destinationId}'`, { code: 'resource_missing', param: 'destination' });
  if ((destination.value.capabilities as Record<string, string>).transfers !== 'active')
    throw fail.request(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      {
        code: 'insufficient_capabilities_for_transfer',
        param: 'destination',
      },
    );
  if (store.balance(null).available < amount)
    throw fail.request(
      'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating a top-up (POST /v1/topups). See: https://stripe.com/docs/testing#available-balance',
      { code: 'balance_insufficient' },
    );
  const id = store.newId('tr_');
  const transfer: StripeObj = {
    id,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: store.newId('txn_'),
    created: store.seconds(),
    currency,
    description,
    destination: destinationId,
    destination_payment: store.newId('py_'),
    livemode: false,
    metadata,
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: transferGroup,
    _lists: { reversals: { ids: [], url: `/v1/transfers/${id}/reversals`, included: true } },
  };
  store.put(null, transfer);
  store.moveBalance(null, 'available', -amount);
  store.moveBalance(destinationId, 'available', amount);
  ctx.events.emit('transfer.created', transfer, null, request);
  // Automatic payouts only: an account on manual payouts keeps the funds until the platform pays them out.
  const schedule = (destination.value.settings as { payouts?: { schedule?: { interval?: string } } } | undefined)?.payouts?.schedule;
  if (schedule?.interval !== 'manual') schedulePayoutTask(ctx, 'payout_create', id);
  return store.render(transfer);
}

function createReversal({ ctx, params, ids, owner, request }: Call) {
  const { store } = ctx;
  const transfer = store.find(ids[0], 'transfer', owner);
  const remaining = (transfer.amount as number) - (transfer.amount_reversed as number);
  const amount = params.int('amount', { min: 1 }) ?? remaining;
  const description = params.str('description') ?? null;
  const metadata = params.metadata() ?? {};
  params.bool('refund_application_fee');
  params.done();
  if (remaining === 0) throw fail.request(`Transfer ${transfer.id} has already been fully reversed.`, { code: 'transfer_already_reversed' });
  if (amount > remaining)
    throw fail.request(`Reversal amount (${amount}) is greater than the amount remaining on the transfer (${remaining}).`, { param: 'amount' });
  const reversal: StripeObj = {
    id: store.newId('trr_'),
    object: 'transfer_reversal',
    amount,
    balance_transaction: store.newId('txn_'),
    created: store.seconds(),
    currency: transfer.currency,
    description,
    destination_payment_refund: store.newId('pyr_'),
    metadata,
    source_refund: null,
    transfer: transfer.id,
  };
  store.put(null, reversal);
  const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
  transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  (transfer._lists as Record<string, { ids: string[] }>).reversals.ids.unshift(reversal.id);
  store.put(null, transfer);
  store.moveBalance(null, 'available', amount);
  store.moveBalance(String(transfer.destination), 'available', -amount);
  ctx.events.emit('transfer.reversed', transfer, null, request, previous);
  return store.render(reversal);
}

// ---- Routes ----

export const connectRoutes: Route[] = [
  ['POST', /^\/v1\/accounts$/, createAccount],
  ['GET', /^\/v1\/accounts$/, listOf('account', { owner: () => null })],
  ['GET', /^\/v1\/accounts\/([^/]+)$/, (call) => (call.params.done(), call.ctx.store.render(findAccount(call, call.ids[0]), call.expand))],
  ['POST', /^\/v1\/accounts\/([^/]+)$/, updateAccount],
  ['GET', /^\/v1\/accounts\/([^/]+)\/external_accounts$/, (call) => (findAccount(call, call.ids[0]), listOf('bank_account', { owner: (c) => c.ids[0] })(call))],
  ['GET', /^\/v1\/balance$/, balance],
  ['POST', /^\/v1\/topups$/, createTopup],
  ['GET', /^\/v1\/topups$/, listOf('topup')],
  ['GET', /^\/v1\/topups\/([^/]+)$/, retrieve('topup')],
  ['POST', /^\/v1\/transfers$/, createTransfer],
  ['GET', /^\/v1\/transfers$/, listOf('transfer', { filters: ['destination', 'transfer_group'] })],
  ['GET', /^\/v1\/transfers\/([^/]+)$/, retrieve('transfer')],
  ['POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, createReversal],
  [
    'GET',
    /^\/v1\/transfers\/([^/]+)\/reversals$/,
    (call) => (call.ctx.store.find(call.ids[0], 'transfer', call.owner), listOf('transfer_reversal', { match: (c) => (v) => v.transfer === c.ids[0] })(call)),
  ],
  ['POST', /^\/v1\/payouts$/, createManualPayout],
  ['GET', /^\/v1\/payouts$/, listOf('payout', { filters: ['status', 'destination'] })],
  ['GET', /^\/v1\/payouts\/([^/]+)$/, retrieve('payout')],
];
