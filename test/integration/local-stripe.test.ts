// The local Stripe stand-in (scripts/local/stripe/) driven by Stripe's OFFICIAL Node SDK, mounted at
// the root of a throwaway server (the SDK has a host and a port, no base path): if stripe@23.1.0
// creates, reads, pages and fails against it as against Stripe, the stand-in speaks Stripe's API.
// Hosted pages are submitted as a browser would; webhook deliveries are verified with
// stripe.webhooks.constructEvent. The same flows through the product's own thin client are in
// local-stripe-client.test.ts.
import Stripe from 'stripe';
import { CARD_FORM, ONBOARDING_FORM, startLocalStripe, startWebhookReceiver, submitPage, until, type Running } from '../support/local-stripe';

jest.setTimeout(60_000);

const SECRET = 'whsec_test_local_stripe';
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let local: Running;
let stripe: Stripe;
let clockOffset = 0;

beforeAll(async () => {
  hooks = await startWebhookReceiver({ '/flaky': [500, 200], '/down': [503] });
  local = await startLocalStripe({
    basePath: '',
    webhookUrl: hooks.url('/hook'),
    signingSecret: SECRET,
    payoutDelayMs: 30,
    now: () => Date.now() + clockOffset,
    webhookRetry: { baseMs: 20, jitterMs: 10 },
    log: () => undefined,
  });
  stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: local.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
});

afterAll(async () => {
  await local?.close();
  await hooks?.close();
});

/** An Express account onboarded through the hosted page with this test bank account. */
async function onboardedAccount(accountNumber: string, capabilities: Stripe.AccountCreateParams.Capabilities = { transfers: { requested: true } }) {
  const account = await stripe.accounts.create({ type: 'express', email: 'athlete@example.com', capabilities, metadata: { athlete_id: '12' } });
  const link = await stripe.accountLinks.create({
    account: account.id,
    type: 'account_onboarding',
    refresh_url: 'http://drift.test/refresh',
    return_url: 'http://drift.test/done',
  });
  const done = await submitPage(link.url, ONBOARDING_FORM(accountNumber));
  expect(done).toMatchObject({ status: 303, location: 'http://drift.test/done' });
  return { account: await stripe.accounts.retrieve(account.id), link };
}

const eventsOf = (type: string, account?: string) =>
  local.stripe.events().filter(({ event }) => event.type === type && (!account || event.account === account));

describe('accounts and hosted onboarding', () => {
  it('creates an Express account with requirements past due, onboards it through the page, and reads it back ready', async () => {
    const created = await stripe.accounts.create({
      type: 'express',
      email: 'a@example.com',
      capabilities: { transfers: { requested: true } },
      metadata: { athlete_id: '7' },
    });
    expect(created).toMatchObject({ object: 'account', type: 'express', details_submitted: false, payouts_enabled: false, metadata: { athlete_id: '7' } });
    expect(created.id).toMatch(/^acct_/);
    expect(created.requirements?.currently_due).toContain('external_account');
    expect(created.requirements?.disabled_reason).toBe('requirements.past_due');
    const link = await stripe.accountLinks.create({
      account: created.id,
      type: 'account_onboarding',
      refresh_url: 'http://drift.test/r',
      return_url: 'http://drift.test/d',
    });
    expect(link).toMatchObject({ object: 'account_link', url: expect.stringMatching(new RegExp(`^${local.origin}/onboarding/`)) });
    expect(link.expires_at - link.created).toBe(300);

    // Each problem named; nothing changes.
    const wrong = await submitPage(link.url, ONBOARDING_FORM('000123456789', { routing_number: '021000021', w9_certified: '', legal_name: '' }));
    expect(wrong.status).toBe(400);
    expect(wrong.form).toContain('110000000');
    expect(wrong.form).toContain('000111111116');
    expect(wrong.html).toContain('Routing number: test mode accepts only the test routing number 110000000.');
    expect(wrong.html).toContain('Certify the W-9 information to continue.');
    expect(wrong.html).toContain('Legal name is required.');
    expect(wrong.html).toMatch(/<label for="routing_number">/);
    expect((await stripe.accounts.retrieve(created.id)).details_submitted).toBe(false);
    // The page was opened: the link is spent (a new one is needed), as Stripe's are single-use.
    expect((await fetch(link.url, { redirect: 'manual' })).headers.get('location')).toBe('http://drift.test/r');

    const { account } = await onboardedAccount('000123456789');
    expect(account).toMatchObject({ details_submitted: true, payouts_enabled: true, capabilities: { transfers: 'active' } });
    expect(account.requirements).toMatchObject({ currently_due: [], past_due: [], disabled_reason: null });
    expect(account.external_accounts?.data[0]).toMatchObject({ object: 'bank_account', last4: '6789', routing_number: '110000000', status: 'new' });
    const updated = await until(
      () => eventsOf('account.updated', account.id),
      (e) => e.length === 1,
    );
    expect(updated[0].event.data).toMatchObject({ object: { details_submitted: true }, previous_attributes: { details_submitted: false } });
  });

  it('an expired link goes to refresh_url; an unknown one is a 404', async () => {
    const account = await stripe.accounts.create({ type: 'express', capabilities: { transfers: { requested: true } } });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://drift.test/again',
      return_url: 'http://drift.test/d',
    });
    clockOffset = 301_000;
    try {
      expect((await fetch(link.url, { redirect: 'manual' })).headers.get('location')).toBe('http://drift.test/again');
    } finally {
      clockOffset = 0;
    }
    expect((await fetch(`${local.origin}/onboarding/nope`)).status).toBe(404);
  });
});

describe('balance, transfers, reversals, payouts', () => {
  it('tops up, transfers once per idempotency key, refuses an overdraft and reverses', async () => {
    const { account } = await onboardedAccount('000123456789');
    const before = (await stripe.balance.retrieve()).available[0].amount;
    const topup = await stripe.topups.create({ amount: 50_000, currency: 'usd', description: 'fund payouts' });
    expect(topup).toMatchObject({ object: 'topup', status: 'succeeded' });
    expect((await stripe.balance.retrieve()).available[0].amount).toBe(before + 50_000);

    const params = { amount: 12_345, currency: 'usd', destination: account.id, transfer_group: 'batch_9', metadata: { batch: '9', athlete: '12' } };
    const first = await stripe.transfers.create(params, { idempotencyKey: 'batch_9:athlete_12' });
    const again = await stripe.transfers.create(params, { idempotencyKey: 'batch_9:athlete_12' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.transfers.list({ transfer_group: 'batch_9' })).data.map((t) => t.id)).toEqual([first.id]);
    expect((await stripe.balance.retrieve()).available[0].amount).toBe(before + 50_000 - 12_345);
    await expect(stripe.transfers.create({ ...params, amount: 1 }, { idempotencyKey: 'batch_9:athlete_12' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );

    const over = stripe.transfers.create({ amount: 999_999_999, currency: 'usd', destination: account.id }, { idempotencyKey: 'too-much' });
    await expect(over).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(over).rejects.toMatchObject({ code: 'balance_insufficient', statusCode: 400, type: 'StripeInvalidRequestError' });
    // The error is the key's first result: replayed, even after a top-up.
    await stripe.topups.create({ amount: 999_999_999, currency: 'usd' });
    await expect(
      stripe.transfers.create({ amount: 999_999_999, currency: 'usd', destination: account.id }, { idempotencyKey: 'too-much' }),
    ).rejects.toMatchObject({
      code: 'balance_insufficient',
    });

    const reversal = await stripe.transfers.createReversal(first.id, { amount: 345 });
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 345, transfer: first.id });
    const transfer = await stripe.transfers.retrieve(first.id);
    expect(transfer).toMatchObject({ amount_reversed: 345, reversed: false });
    expect(transfer.reversals.data.map((r) => r.id)).toEqual([reversal.id]);
    await expect(stripe.transfers.createReversal(first.id, { amount: 1_000_000 })).rejects.toMatchObject({ param: 'amount' });

    // Stripe keeps a key's result for 24 hours; after that the same key is a new request.
    clockOffset = 24 * 3600_000 + 1_000;
    try {
      expect((await stripe.transfers.create(params, { idempotencyKey: 'batch_9:athlete_12' })).id).not.toBe(first.id);
    } finally {
      clockOffset = 0;
    }
  });

  it.each([
    ['000123456789', 'paid', null],
    ['000111111116', 'failed', 'no_account'],
    ['000111111113', 'failed', 'account_closed'],
  ])('a transfer to an account with bank account %s is paid out: %s %s', async (number, status, failureCode) => {
    const { account } = await onboardedAccount(number);
    await stripe.transfers.create({ amount: 5_000, currency: 'usd', destination: account.id });
    const done = await until(
      () => eventsOf(`payout.${status}`, account.id),
      (e) => e.length === 1,
      10_000,
      `payout.${status}`,
    );
    expect(eventsOf('payout.created', account.id)).toHaveLength(1);
    const payouts = await stripe.payouts.list({ limit: 10 }, { stripeAccount: account.id });
    expect(payouts.data).toHaveLength(1);
    expect(payouts.data[0]).toMatchObject({ id: done[0].event.data.object.id, amount: 5_000, status, failure_code: failureCode, automatic: true });
    const retrieved = await stripe.payouts.retrieve(payouts.data[0].id, {}, { stripeAccount: account.id });
    expect(retrieved.status).toBe(status);
    // A failed payout's money is back in the account's balance.
    expect((await stripe.balance.retrieve({}, { stripeAccount: account.id })).available[0].amount).toBe(status === 'paid' ? 0 : 5_000);
    // The platform cannot read the connected account's payout without Stripe-Account.
    await expect(stripe.payouts.retrieve(retrieved.id)).rejects.toMatchObject({ code: 'resource_missing', statusCode: 404 });
  });
});

describe('checkout, subscriptions, refunds', () => {
  let collective: Stripe.Account;
  beforeAll(async () => {
    ({ account: collective } = await onboardedAccount('000123456789', { card_payments: { requested: true }, transfers: { requested: true } }));
  });

  it('a one-time gift on the collective: a declined card records nothing, 4242 completes it with the fee', async () => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 2_500, product_data: { name: 'One-time gift' } } }],
        success_url: 'http://drift.test/support/1/thanks?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://drift.test/support/1',
        metadata: { collective_id: '1', comment: 'Go team' },
        payment_intent_data: { application_fee_amount: 75, metadata: { donor: 'anonymous' } },
      },
      { stripeAccount: collective.id },
    );
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid', amount_total: 2_500 });
    expect(session.id).toMatch(/^cs_test_/);
    const declined = await submitPage(session.url!, CARD_FORM('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(declined.form).toContain('<label for="card_number">');
    expect(declined.form).toContain('href="http://drift.test/support/1"');
    expect((await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: collective.id })).status).toBe('open');
    expect((await stripe.charges.list({}, { stripeAccount: collective.id })).data).toHaveLength(0);

    const paid = await submitPage(session.url!, CARD_FORM('4242 4242 4242 4242'));
    expect(paid).toMatchObject({ status: 303, location: `http://drift.test/support/1/thanks?session=${session.id}` });
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent', 'line_items'] }, { stripeAccount: collective.id });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer_details: { email: 'fan@example.com', name: 'Casey Fan' } });
    expect(done.line_items?.data[0]).toMatchObject({ description: 'One-time gift', amount_total: 2_500 });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    const charge = await stripe.charges.retrieve(String(intent.latest_charge), {}, { stripeAccount: collective.id });
    expect(charge).toMatchObject({ amount: 2_500, application_fee_amount: 75, paid: true, metadata: { donor: 'anonymous' } });
    expect(charge.payment_method_details?.card?.last4).toBe('4242');
    // Stripe's fee as its US pricing computes it (2.9% + 30¢: 72.5¢ rounds to 73¢, + 30¢), with the
    // application fee, on the charge's balance transaction: the account keeps the net.
    const txn = await stripe.balanceTransactions.retrieve(String(charge.balance_transaction), {}, { stripeAccount: collective.id });
    expect(txn).toMatchObject({ object: 'balance_transaction', type: 'charge', source: charge.id, amount: 2_500, fee: 103 + 75, net: 2_500 - 178 });
    expect(txn.fee_details).toEqual([
      expect.objectContaining({ type: 'stripe_fee', amount: 103 }),
      expect.objectContaining({ type: 'application_fee', amount: 75 }),
    ]);
    await expect(stripe.balanceTransactions.retrieve(String(charge.balance_transaction))).rejects.toMatchObject({ statusCode: 404 });
    const completed = eventsOf('checkout.session.completed', collective.id).map((e) => e.event.data.object.id);
    expect(completed).toContain(session.id);

    const partial = await stripe.refunds.create({ charge: charge.id, amount: 1_000 }, { stripeAccount: collective.id });
    expect(partial).toMatchObject({ object: 'refund', amount: 1_000, status: 'succeeded', charge: charge.id });
    await stripe.refunds.create({ payment_intent: intent.id }, { stripeAccount: collective.id });
    expect(await stripe.charges.retrieve(charge.id, {}, { stripeAccount: collective.id })).toMatchObject({ amount_refunded: 2_500, refunded: true });
    await expect(stripe.refunds.create({ charge: charge.id }, { stripeAccount: collective.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    expect(eventsOf('charge.refunded', collective.id).filter((e) => e.event.data.object.id === charge.id)).toHaveLength(2);
  });

  it('a monthly membership: subscription and first invoice, renewed by the control endpoint, then cancelled', async () => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 1_999, recurring: { interval: 'month' }, product_data: { name: 'Gold member' } } },
        ],
        success_url: 'http://drift.test/thanks?s={CHECKOUT_SESSION_ID}',
        subscription_data: { application_fee_percent: 5, metadata: { tier: 'gold' } },
      },
      { stripeAccount: collective.id },
    );
    expect((await submitPage(session.url!, CARD_FORM('4242424242424242'))).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: collective.id });
    const on = { stripeAccount: collective.id };
    const subscription = await stripe.subscriptions.retrieve(String(done.subscription), {}, on);
    expect(subscription).toMatchObject({ status: 'active', metadata: { tier: 'gold' }, application_fee_percent: 5, customer: done.customer });
    const item = subscription.items.data[0];
    expect(item.price).toMatchObject({ unit_amount: 1_999, recurring: { interval: 'month', interval_count: 1 } });
    const first = await stripe.invoices.retrieve(String(subscription.latest_invoice), {}, on);
    expect(first).toMatchObject({
      status: 'paid',
      amount_paid: 1_999,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });
    for (const type of ['customer.subscription.created', 'invoice.paid', 'checkout.session.completed'])
      expect(eventsOf(type, collective.id).length).toBeGreaterThan(0);

    const res = await fetch(`${local.origin}/local-control/subscriptions/${subscription.id}/advance-period`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_local' },
    });
    expect(res.status).toBe(200);
    const renewal = (await res.json()) as Stripe.Invoice;
    expect(renewal).toMatchObject({ object: 'invoice', status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 1_999 });
    const renewed = await stripe.subscriptions.retrieve(subscription.id, {}, on);
    expect(renewed.latest_invoice).toBe(renewal.id);
    expect(renewed.items.data[0].current_period_start).toBe(item.current_period_end);
    const invoices = await stripe.invoices.list({ customer: String(done.customer) }, on);
    expect(invoices.data.map((i) => i.id)).toEqual([renewal.id, first.id]);
    const payments = await stripe.invoicePayments.list({ invoice: renewal.id }, on);
    const charges = await stripe.charges.list({ payment_intent: String(payments.data[0].payment.payment_intent) }, on);
    expect(charges.data[0]).toMatchObject({ amount: 1_999, application_fee_amount: 100 });

    const cancelled = await stripe.subscriptions.cancel(subscription.id, { cancellation_details: { comment: 'too many emails' } }, on);
    expect(cancelled).toMatchObject({ status: 'canceled', cancellation_details: { comment: 'too many emails' } });
    expect(eventsOf('customer.subscription.deleted', collective.id).map((e) => e.event.data.object.id)).toContain(subscription.id);
    const again = await fetch(`${local.origin}/local-control/subscriptions/${subscription.id}/advance-period`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_local' },
    });
    expect(again.status).toBe(400);
  });

  it("Prices by lookup_key, a Checkout on a Price, and the customer portal's session on its configuration", async () => {
    const on = { stripeAccount: collective.id };
    const crew = await stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: 1_000,
        recurring: { interval: 'month' },
        product_data: { name: 'Support X: Crew' },
        lookup_key: 'crew_1000',
        metadata: { tierId: 't1' },
      },
      on,
    );
    const captain = await stripe.prices.create(
      {
        currency: 'usd',
        unit_amount: 5_000,
        recurring: { interval: 'month' },
        product_data: { name: 'Support X: Captain' },
        lookup_key: 'captain_5000',
        nickname: 'Captain',
      },
      on,
    );
    expect((await stripe.prices.list({ lookup_keys: ['crew_1000'] }, on)).data.map((p) => p.id)).toEqual([crew.id]);
    await expect(stripe.prices.create({ currency: 'usd', unit_amount: 1, product_data: { name: 'x' }, lookup_key: 'crew_1000' }, on)).rejects.toMatchObject({
      param: 'lookup_key',
    });
    const session = await stripe.checkout.sessions.create(
      { mode: 'subscription', line_items: [{ price: crew.id, quantity: 1 }], success_url: 'http://drift.test/thanks' },
      on,
    );
    expect((await submitPage(session.url!, CARD_FORM('4242424242424242'))).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, {}, on);
    const subscription = await stripe.subscriptions.retrieve(String(done.subscription), {}, on);
    expect(subscription.items.data[0].price).toMatchObject({ id: crew.id, metadata: { tierId: 't1' } });
    const configuration = await stripe.billingPortal.configurations.create(
      {
        features: {
          subscription_update: {
            enabled: true,
            default_allowed_updates: ['price'],
            proration_behavior: 'none',
            products: [
              { product: String(crew.product), prices: [crew.id] },
              { product: String(captain.product), prices: [captain.id] },
            ],
          },
          subscription_cancel: { enabled: true, mode: 'at_period_end' },
          payment_method_update: { enabled: true },
        },
      },
      on,
    );
    const portal = await stripe.billingPortal.sessions.create(
      { customer: String(done.customer), return_url: 'http://drift.test/back', configuration: configuration.id },
      on,
    );
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: done.customer, return_url: 'http://drift.test/back' });
    const changed = await submitPage(portal.url, { action: 'plan', subscription: subscription.id, price: captain.id });
    expect(changed.form).toContain('Captain · $50.00 per month');
    expect(changed.status).toBe(303);
    const updated = await stripe.subscriptions.retrieve(subscription.id, {}, on);
    expect(updated.items.data[0].price.id).toBe(captain.id);
    expect(eventsOf('customer.subscription.updated', collective.id).map((e) => e.event.data.object.id)).toContain(subscription.id);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nope' }, on)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses what Stripe refuses: recurring prices in payment mode, a fee on a platform charge', async () => {
    const price = { currency: 'usd', unit_amount: 500, product_data: { name: 'x' } };
    await expect(
      stripe.checkout.sessions.create(
        { mode: 'payment', success_url: 'http://x.test/', line_items: [{ quantity: 1, price_data: { ...price, recurring: { interval: 'month' } } }] },
        { stripeAccount: collective.id },
      ),
    ).rejects.toMatchObject({ param: 'line_items', statusCode: 400 });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        success_url: 'http://x.test/',
        line_items: [{ quantity: 1, price_data: price }],
        payment_intent_data: { application_fee_amount: 5 },
      }),
    ).rejects.toMatchObject({ param: 'payment_intent_data[application_fee_amount]' });
  });
});

describe("Stripe's request semantics", () => {
  it('401 without a key or with a live key; 404 resource_missing; parameter_missing and parameter_unknown; 403 for an unknown account', async () => {
    const bare = await fetch(`${local.origin}/v1/balance`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') } });
    const live = new Stripe('sk_live_nope', { host: '127.0.0.1', port: local.port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(live.balance.retrieve()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stripe.transfers.retrieve('tr_missing')).rejects.toMatchObject({
      code: 'resource_missing',
      statusCode: 404,
      message: "No such transfer: 'tr_missing'",
    });
    await expect(stripe.transfers.create({ currency: 'usd', destination: 'acct_x' } as Stripe.TransferCreateParams)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'amount',
      doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
    });
    await expect(stripe.topups.create({ amount: 5, currency: 'usd', colour: 'red' } as Stripe.TopupCreateParams)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'colour',
    });
    await expect(stripe.balance.retrieve({}, { stripeAccount: 'acct_nobody' })).rejects.toBeInstanceOf(Stripe.errors.StripePermissionError);
    const res = await fetch(`${local.origin}/v1/balance`, { headers: { authorization: 'Bearer sk_test_local' } });
    expect(res.headers.get('request-id')).toMatch(/^req_/);
  });

  it('lists events newest first with limit and starting_after, by type, each delivered and verified with constructEvent', async () => {
    const all = await stripe.events.list({ limit: 100 });
    const firstPage = await stripe.events.list({ limit: 3 });
    expect(firstPage).toMatchObject({ object: 'list', has_more: true, url: '/v1/events' });
    expect(firstPage.data.map((e) => e.id)).toEqual(all.data.slice(0, 3).map((e) => e.id));
    const second = await stripe.events.list({ limit: 3, starting_after: firstPage.data[2].id });
    expect(second.data.map((e) => e.id)).toEqual(all.data.slice(3, 6).map((e) => e.id));
    const paged = await stripe.events.list({ limit: 4 }).autoPagingToArray({ limit: 1000 });
    expect(paged.map((e) => e.id)).toEqual(all.data.map((e) => e.id));
    expect(all.data.every((e) => !e.account)).toBe(true);
    expect((await stripe.events.list({ type: 'transfer.*' })).data.every((e) => e.type.startsWith('transfer.'))).toBe(true);
    const connected = local.stripe.events().find(({ event }) => event.account)!.event;
    expect((await stripe.events.retrieve(connected.id, {}, { stripeAccount: String(connected.account) })).type).toBe(connected.type);

    // Every event is delivered (the endpoint records a delivery before it answers 200).
    await until(
      () => local.stripe.events(),
      (events) => events.every(({ delivery }) => delivery?.state === 'delivered'),
      15_000,
      'every event delivered',
    );
    const delivered = hooks.deliveries.filter((d) => d.path === '/hook');
    for (const { event } of local.stripe.events()) expect(delivered.some((d) => d.body.includes(`"id": "${event.id}"`))).toBe(true);
    for (const delivery of delivered) {
      const event = stripe.webhooks.constructEvent(delivery.body, delivery.signature!, SECRET);
      expect(event.id).toMatch(/^evt_/);
      expect(() => stripe.webhooks.constructEvent(delivery.body, delivery.signature!, 'whsec_wrong')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    }
    expect(delivered.filter((d) => JSON.parse(d.body).account).length).toBeGreaterThan(0);
  });

  it('retries a delivery answered 500, and keeps the attempts of one that never succeeds', async () => {
    const flaky = await startLocalStripe({
      basePath: '',
      webhookUrl: hooks.url('/flaky'),
      signingSecret: SECRET,
      webhookRetry: { baseMs: 20, jitterMs: 0 },
      log: () => undefined,
    });
    const down = await startLocalStripe({
      basePath: '',
      webhookUrl: hooks.url('/down'),
      webhookRetry: { baseMs: 10, jitterMs: 0, maxAttempts: 3 },
      log: () => undefined,
    });
    try {
      const client = (port: number) => new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
      await client(flaky.port).topups.create({ amount: 100, currency: 'usd' });
      await client(down.port).topups.create({ amount: 100, currency: 'usd' });
      await until(
        () => flaky.stripe.events(),
        (e) => e.every((x) => x.delivery?.state === 'delivered'),
      );
      const attempts = flaky.stripe.events().map((e) => e.delivery!.attempts.map((a) => a.status));
      expect(attempts.flat().filter((s) => s === 500)).toHaveLength(1);
      expect(attempts.flat().filter((s) => s === 200)).toHaveLength(2);
      for (const d of hooks.deliveries.filter((x) => x.path === '/flaky'))
        expect(stripe.webhooks.constructEvent(d.body, d.signature!, SECRET).type).toMatch(/^topup\./);
      await down.stripe.idle();
      expect(down.stripe.events().map((e) => [e.delivery?.state, e.delivery?.attempts.map((a) => a.status)])).toEqual([
        ['failed', [503, 503, 503]],
        ['failed', [503, 503, 503]],
      ]);
    } finally {
      await flaky.close();
      await down.close();
    }
  });
});
