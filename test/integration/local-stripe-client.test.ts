// The product's own Stripe client (lambdas/platform/stripe-client.ts) against the local stand-in
// mounted at /local-stripe, as local mode mounts it: the flows of local-stripe.test.ts that the
// client covers, its errors as StripeApiError, webhook deliveries checked with
// verifyStripeSignature, the mount leaving other paths to the host, and the state kept across a
// restart in the data file.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StripeApiError, createStripeClient, verifyStripeSignature, type StripeClient } from '#lambdas/platform/stripe-client';
import { CARD_FORM, ONBOARDING_FORM, startLocalStripe, startWebhookReceiver, submitPage, until, type Running } from '../support/local-stripe';

jest.setTimeout(60_000);

const SECRET = 'whsec_local_drift_stripe_secret';
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let local: Running;
let stripe: StripeClient;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'local-stripe-'));
  hooks = await startWebhookReceiver();
  local = await startLocalStripe({
    basePath: '/local-stripe',
    webhookUrl: hooks.url('/api/webhooks/stripe'),
    payoutDelayMs: 30,
    dataFile: path.join(dataDir, 'stripe.json'),
    webhookRetry: { baseMs: 20, jitterMs: 10 },
    log: () => undefined,
  });
  stripe = createStripeClient({ apiKey: 'sk_test_drift', baseUrl: `${local.origin}/local-stripe`, retryDelayMs: 10 });
});

afterAll(async () => {
  await local?.close();
  await hooks?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function onboard(accountNumber: string, capabilities?: Record<string, { requested: boolean }>) {
  const account = await stripe.accounts.createExpress({ email: 'x@example.com', metadata: { athlete_id: '3' }, capabilities });
  const link = await stripe.accountLinks.createOnboarding({
    account: account.id,
    refresh_url: 'http://127.0.0.1/refresh',
    return_url: 'http://127.0.0.1/done',
  });
  expect(link.url.startsWith(`${local.origin}/local-stripe/onboarding/`)).toBe(true);
  expect(await submitPage(link.url, ONBOARDING_FORM(accountNumber))).toMatchObject({ status: 303, location: 'http://127.0.0.1/done' });
  return stripe.accounts.retrieve(account.id);
}

it('onboards an Express account, transfers once per key, maps Stripe errors, reverses, and follows the payout', async () => {
  const created = await stripe.accounts.createExpress({ metadata: { athlete_id: '1' } });
  expect(created).toMatchObject({ type: 'express', capabilities: { transfers: 'inactive' }, details_submitted: false });
  const account = await onboard('000123456789');
  expect(account).toMatchObject({ details_submitted: true, payouts_enabled: true, metadata: { athlete_id: '3' }, requirements: { currently_due: [] } });
  expect(account.external_accounts.data[0]).toMatchObject({ last4: '6789', status: 'new' });

  const before = await stripe.balance.retrieve();
  const params = {
    amount: 2_000,
    currency: 'usd',
    destination: account.id,
    transfer_group: 'batch_1',
    metadata: { collective: '1', athlete: '3', batch: '1' },
  };
  const transfer = await stripe.transfers.create(params, { idempotencyKey: 'batch_1:athlete_3' });
  expect((await stripe.transfers.create(params, { idempotencyKey: 'batch_1:athlete_3' })).id).toBe(transfer.id);
  expect((await stripe.balance.retrieve()).available[0].amount).toBe(before.available[0].amount - 2_000);

  const error = (await stripe.transfers.create({ ...params, amount: 10 ** 12 }).catch((e: unknown) => e)) as StripeApiError;
  expect(error).toBeInstanceOf(StripeApiError);
  expect(error).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'balance_insufficient' });
  expect(error.requestId).toMatch(/^req_/);
  await expect(stripe.transfers.retrieve('tr_nope')).rejects.toMatchObject({ status: 404, code: 'resource_missing', param: 'id' });
  await expect(stripe.transfers.create({ ...params, destination: 'acct_nope' })).rejects.toMatchObject({ code: 'resource_missing', param: 'destination' });

  const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 500 }, { idempotencyKey: 'batch_1:athlete_3:reverse' });
  expect((await stripe.transfers.retrieve(transfer.id)).reversals.data.map((r) => r.id)).toEqual([reversal.id]);

  const paid = await until(
    () => stripe.events.list({ type: 'payout.paid' }, { stripeAccount: account.id }),
    (list) => list.data.length === 1,
    10_000,
    'payout.paid',
  );
  const payout = await stripe.payouts.retrieve(String(paid.data[0].data.object.id), { stripeAccount: account.id });
  expect(payout).toMatchObject({ status: 'paid', automatic: true });
  // Paid out before or after the reversal, the account ends with the transfer less the reversal.
  const left = (await stripe.balance.retrieve({ stripeAccount: account.id })).available[0].amount;
  expect(payout.amount + left).toBe(1_500);
});

it('a failing test bank account: the payout fails with its code and the money is back', async () => {
  const account = await onboard('000111111113');
  await stripe.transfers.create({ amount: 700, currency: 'usd', destination: account.id });
  const failed = await until(
    () => stripe.events.list({ types: ['payout.failed'] }, { stripeAccount: account.id }),
    (list) => list.data.length === 1,
    10_000,
    'payout.failed',
  );
  expect(failed.data[0]).toMatchObject({ account: account.id, data: { object: { failure_code: 'account_closed' } } });
  expect((await stripe.balance.retrieve({ stripeAccount: account.id })).available[0].amount).toBe(700);
});

it('manual payouts: an account on interval=manual keeps its transfers until the platform pays them out, as its bank account says', async () => {
  const created = await stripe.accounts.createExpress({ settings: { payouts: { schedule: { interval: 'manual' } } } });
  expect(created.settings?.payouts?.schedule?.interval).toBe('manual');
  // Before onboarding: refused.
  await expect(stripe.payouts.create({ amount: 100, currency: 'usd' }, { stripeAccount: created.id })).rejects.toMatchObject({ code: 'payouts_not_allowed' });
  const link = await stripe.accountLinks.createOnboarding({ account: created.id, refresh_url: 'http://127.0.0.1/r', return_url: 'http://127.0.0.1/d' });
  await submitPage(link.url, ONBOARDING_FORM('000111111116'));
  await stripe.transfers.create({ amount: 900, currency: 'usd', destination: created.id });
  await local.stripe.idle();
  const on = { stripeAccount: created.id };
  expect((await stripe.events.list({ type: 'payout.*' }, on)).data).toHaveLength(0);
  expect((await stripe.balance.retrieve(on)).available[0].amount).toBe(900);
  await expect(stripe.payouts.create({ amount: 901, currency: 'usd' }, on)).rejects.toMatchObject({ code: 'balance_insufficient' });
  const payout = await stripe.payouts.create({ amount: 900, currency: 'usd', metadata: { batchId: 'b1' } }, { ...on, idempotencyKey: 'po-b1' });
  expect(payout).toMatchObject({ status: 'pending', automatic: false, metadata: { batchId: 'b1' } });
  expect((await stripe.payouts.create({ amount: 900, currency: 'usd', metadata: { batchId: 'b1' } }, { ...on, idempotencyKey: 'po-b1' })).id).toBe(payout.id);
  await local.stripe.idle();
  expect(await stripe.payouts.retrieve(payout.id, on)).toMatchObject({ status: 'failed', failure_code: 'no_account' });
  expect((await stripe.balance.retrieve(on)).available[0].amount).toBe(900);
});

it('checkout on a connected account: a gift and a membership, renewed and cancelled', async () => {
  const collective = await onboard('000123456789', { card_payments: { requested: true } });
  const on = { stripeAccount: collective.id };
  const gift = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 5_000, product_data: { name: 'Gift' } } }],
      success_url: 'http://127.0.0.1/thanks/{CHECKOUT_SESSION_ID}',
      metadata: { collective_id: '1' },
      payment_intent_data: { application_fee_amount: 0 },
    },
    { ...on, idempotencyKey: 'gift-1' },
  );
  expect(gift.url).toContain('/local-stripe/checkout/cs_test_');
  expect((await submitPage(gift.url!, CARD_FORM('4000000000000002'))).html).toContain('Your card was declined.');
  expect(await submitPage(gift.url!, CARD_FORM('4242424242424242'))).toMatchObject({ status: 303, location: `http://127.0.0.1/thanks/${gift.id}` });
  const session = await stripe.checkout.sessions.retrieve(gift.id, { ...on, expand: ['payment_intent'] });
  expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', metadata: { collective_id: '1' } });
  const charge = await stripe.charges.retrieve(String((session.payment_intent as unknown as { latest_charge: string }).latest_charge), on);
  expect(charge).toMatchObject({ amount: 5_000, paid: true, billing_details: { email: 'fan@example.com' } });

  const membership = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1_000, recurring: { interval: 'month' }, product_data: { name: 'Member' } } }],
      success_url: 'http://127.0.0.1/thanks',
      subscription_data: { application_fee_percent: 0, metadata: { tier: 'member' } },
    },
    on,
  );
  await submitPage(membership.url!, CARD_FORM('4242424242424242'));
  const subscriptionId = String((await stripe.checkout.sessions.retrieve(membership.id, on)).subscription);
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, on);
  const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice), on);
  expect(invoice).toMatchObject({
    status: 'paid',
    amount_paid: 1_000,
    parent: { subscription_details: { subscription: subscriptionId, metadata: { tier: 'member' } } },
  });
  // The control endpoint is not Stripe's API (Stripe: test clocks): a plain POST, as docs/LOCAL-STRIPE.md shows it.
  const res = await fetch(`${local.origin}/local-stripe/local-control/subscriptions/${subscriptionId}/advance-period`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_drift' },
  });
  expect(((await res.json()) as { billing_reason: string }).billing_reason).toBe('subscription_cycle');
  expect((await stripe.subscriptions.cancel(subscriptionId, on)).status).toBe('canceled');
  await expect(stripe.subscriptions.cancel(subscriptionId, on)).rejects.toMatchObject({ status: 400 });
});

it('events page with starting_after and are delivered signed, verified by verifyStripeSignature', async () => {
  const all = await stripe.events.list({ limit: 100 });
  const first = await stripe.events.list({ limit: 2 });
  const next = await stripe.events.list({ limit: 2, starting_after: first.data[1].id });
  expect([...first.data, ...next.data].map((e) => e.id)).toEqual(all.data.slice(0, 4).map((e) => e.id));
  expect((await stripe.events.retrieve(all.data[0].id)).type).toBe(all.data[0].type);
  const ids = local.stripe.events().map(({ event }) => event.id);
  const received = await until(
    () => hooks.deliveries,
    (d) => ids.every((id) => d.some((x) => x.body.includes(`"id": "${id}"`))),
    15_000,
    'every event delivered',
  );
  for (const delivery of received) {
    expect(verifyStripeSignature(delivery.body, delivery.signature, [SECRET])).toMatchObject({ ok: true });
    expect(verifyStripeSignature(delivery.body.replace('"livemode": false', '"livemode": true'), delivery.signature, [SECRET]).ok).toBe(false);
  }
});

it('leaves paths outside its base path to the host, and keeps its state across a restart', async () => {
  expect((await fetch(`${local.origin}/api/anything`)).status).toBe(404);
  expect(await (await fetch(`${local.origin}/api/anything`)).text()).toBe('not the stand-in');
  const css = await fetch(`${local.origin}/local-stripe/static/local-stripe.css`);
  expect(css.headers.get('content-type')).toContain('text/css');

  const account = await stripe.accounts.createExpress({ metadata: { keep: 'me' } }, { idempotencyKey: 'restart-1' });
  await stripe.request('POST', '/v1/topups', { params: { amount: 4_321, currency: 'usd' } });
  const balance = (await stripe.balance.retrieve()).available[0].amount;
  await local.stripe.idle();
  await local.close();
  local = await startLocalStripe({ basePath: '/local-stripe', dataFile: path.join(dataDir, 'stripe.json'), log: () => undefined });
  stripe = createStripeClient({ apiKey: 'sk_test_drift', baseUrl: `${local.origin}/local-stripe` });
  expect((await stripe.accounts.retrieve(account.id)).metadata).toEqual({ keep: 'me' });
  expect((await stripe.balance.retrieve()).available[0].amount).toBe(balance);
  // The idempotent result survived too.
  expect((await stripe.accounts.createExpress({ metadata: { keep: 'me' } }, { idempotencyKey: 'restart-1' })).id).toBe(account.id);
});
