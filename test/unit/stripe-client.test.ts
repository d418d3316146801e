// The thin Stripe client of the Lambdas (lambdas/platform/stripe-client.ts): its form encoding is
// byte for byte what Stripe's own Node client sends (captured through the SDK's public
// createFetchHttpClient), Stripe's errors become StripeApiError, retries are bounded and reuse the
// idempotency key, and its webhook signatures agree with the SDK's in both directions.
import Stripe from 'stripe';
import {
  STRIPE_API_VERSION,
  StripeApiError,
  createStripeClient,
  encodeForm,
  signStripePayload,
  verifyStripeSignature,
  type CheckoutSessionParams,
} from '#lambdas/platform/stripe-client';

interface Captured {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that records each request and answers from a script (a Response, or an Error to throw). */
function fakeFetch(answers: Array<Response | Error | (() => Response)>) {
  const calls: Captured[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries([...headers.entries()]),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next.clone();
  }) as typeof fetch;
  return { fn, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_test123', ...headers } });

const OK = () => json(200, { id: 'obj_1', object: 'thing' });

/** The request stripe-node itself sends for a call (its public fetch client hook). */
async function sdkRequest(call: (stripe: Stripe) => Promise<unknown>): Promise<Captured> {
  const { fn, calls } = fakeFetch([OK]);
  const stripe = new Stripe('sk_test_sdk', { httpClient: Stripe.createFetchHttpClient(fn), maxNetworkRetries: 0, telemetry: false });
  await call(stripe);
  return calls[0];
}

const SESSION: CheckoutSessionParams = {
  mode: 'subscription',
  line_items: [
    {
      quantity: 1,
      price_data: {
        currency: 'usd',
        unit_amount: 2500,
        product_data: { name: "Gold (members' perks) & more!", description: 'A signed card * each month' },
        recurring: { interval: 'month', interval_count: 1 },
      },
    },
    { quantity: 2, price_data: { currency: 'usd', unit_amount: 199, product_data: { name: 'Sticker' } } },
  ],
  success_url: 'https://drift.example/support/7/thanks?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://drift.example/support/7?x=1&y=2',
  customer_email: 'fan+1@example.com',
  metadata: { collective_id: '7', tier: 'gold', comment: 'Go team! 100% (ñ) / 50€' },
  subscription_data: { application_fee_percent: 2.5, metadata: { collective_id: '7' } },
};

describe('form encoding', () => {
  it('matches Stripe literal forms (docs)', () => {
    expect(encodeForm({ capabilities: { transfers: { requested: true } } })).toBe('capabilities[transfers][requested]=true');
    expect(encodeForm({ metadata: { order_id: '6735' }, amount: 1000 })).toBe('metadata[order_id]=6735&amount=1000');
    expect(encodeForm({ line_items: [{ price: 'price_1', quantity: 2 }] })).toBe('line_items[0][price]=price_1&line_items[0][quantity]=2');
    expect(encodeForm({ description: null, skip: undefined, ok: false })).toBe('description=&ok=false');
  });

  it('sends a checkout session exactly as stripe-node does (nested objects, arrays, metadata, numbers, booleans, escapes)', async () => {
    const sdk = await sdkRequest((s) =>
      s.checkout.sessions.create(SESSION as Stripe.Checkout.SessionCreateParams, { stripeAccount: 'acct_1', idempotencyKey: 'k1' }),
    );
    const { fn, calls } = fakeFetch([OK]);
    const client = createStripeClient({ apiKey: 'sk_test_thin', fetch: fn });
    await client.checkout.sessions.create(SESSION, { stripeAccount: 'acct_1', idempotencyKey: 'k1' });
    expect(calls[0].body).toBe(sdk.body);
    expect(calls[0].url).toBe(sdk.url);
    expect(calls[0].body).toContain('line_items[0][price_data][recurring][interval]=month');
    expect(calls[0].body).toContain('subscription_data[application_fee_percent]=2.5');
    for (const header of ['stripe-account', 'idempotency-key', 'stripe-version', 'content-type']) expect(calls[0].headers[header]).toBe(sdk.headers[header]);
  });

  it('sends an Express account, a transfer and a payment-mode session as stripe-node does', async () => {
    const { fn, calls } = fakeFetch([OK]);
    const client = createStripeClient({ apiKey: 'sk_test_thin', fetch: fn });
    const account = { email: 'a@example.com', metadata: { athlete_id: '12', collective_id: '3' } };
    await client.accounts.createExpress(account);
    const sdkAccount = await sdkRequest((s) => s.accounts.create({ ...account, type: 'express', capabilities: { transfers: { requested: true } } }));
    expect(calls[0].body).toBe(sdkAccount.body);
    const transfer = { amount: 12345, currency: 'usd', destination: 'acct_9', transfer_group: 'batch_4', metadata: { batch: '4', athlete: '12' } };
    await client.transfers.create(transfer, { idempotencyKey: 'batch_4:12' });
    expect(calls[1].body).toBe((await sdkRequest((s) => s.transfers.create(transfer))).body);
    const payment: CheckoutSessionParams = {
      ...SESSION,
      mode: 'payment',
      subscription_data: undefined,
      line_items: [SESSION.line_items[1]],
      payment_intent_data: { application_fee_amount: 30, metadata: { donor: 'anonymous' } },
    };
    await client.checkout.sessions.create(payment);
    expect(calls[2].body).toBe((await sdkRequest((s) => s.checkout.sessions.create(payment as Stripe.Checkout.SessionCreateParams))).body);
  });

  it('puts GET parameters and expand in the query string as stripe-node does', async () => {
    const { fn, calls } = fakeFetch([OK]);
    const client = createStripeClient({ apiKey: 'sk_test_thin', fetch: fn, baseUrl: 'http://127.0.0.1:9/local-stripe/' });
    await client.events.list({ limit: 3, starting_after: 'evt_1', types: ['payout.paid', 'payout.failed'] });
    await client.checkout.sessions.retrieve('cs_test_1', { expand: ['subscription', 'line_items'], stripeAccount: 'acct_2' });
    const sdkList = await sdkRequest((s) => s.events.list({ limit: 3, starting_after: 'evt_1', types: ['payout.paid', 'payout.failed'] }));
    const sdkGet = await sdkRequest((s) => s.checkout.sessions.retrieve('cs_test_1', { expand: ['subscription', 'line_items'] }));
    expect(new URL(calls[0].url).search).toBe(new URL(sdkList.url).search);
    expect(new URL(calls[1].url).search).toBe(new URL(sdkGet.url).search);
    expect(calls[0].url.startsWith('http://127.0.0.1:9/local-stripe/v1/events?')).toBe(true);
    expect(calls[1].headers['stripe-account']).toBe('acct_2');
    expect(calls[0].method).toBe('GET');
    expect(calls[0].headers['idempotency-key']).toBeUndefined();
    expect(calls[0].body).toBe('');
  });

  it('sends the key, the API version and path segments escaped', async () => {
    const { fn, calls } = fakeFetch([OK]);
    const client = createStripeClient({ apiKey: 'sk_test_thin', fetch: fn });
    await client.transfers.retrieve('tr_1/../../v1/balance');
    expect(calls[0].url).toBe('https://api.stripe.com/v1/transfers/tr_1%2F..%2F..%2Fv1%2Fbalance');
    expect(calls[0].headers.authorization).toBe('Bearer sk_test_thin');
    expect(calls[0].headers['stripe-version']).toBe(STRIPE_API_VERSION);
  });
});

describe('errors', () => {
  it("maps Stripe's error shape, the status and the request id", async () => {
    const body = {
      error: {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: 'You have insufficient available funds in your Stripe account.',
        param: 'amount',
        doc_url: 'https://stripe.com/docs/error-codes/balance-insufficient',
      },
    };
    const { fn } = fakeFetch([json(400, body, { 'request-id': 'req_abc' })]);
    const client = createStripeClient({ apiKey: 'sk_test_thin', fetch: fn });
    const error = (await client.transfers.create({ amount: 1, currency: 'usd', destination: 'acct_1' }).catch((e: unknown) => e)) as StripeApiError;
    expect(error).toBeInstanceOf(StripeApiError);
    expect(error).toMatchObject({ status: 400, requestId: 'req_abc', ...body.error });
  });

  it('keeps a card decline code; a 404 is resource_missing', async () => {
    const { fn } = fakeFetch([
      json(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }),
      json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: "No such charge: 'ch_x'" } }),
    ]);
    const client = createStripeClient({ apiKey: 'sk_test_thin', fetch: fn });
    await expect(client.charges.retrieve('ch_x')).rejects.toMatchObject({ status: 402, type: 'card_error', decline_code: 'generic_decline' });
    await expect(client.charges.retrieve('ch_x')).rejects.toMatchObject({ status: 404, code: 'resource_missing', param: 'id' });
  });

  it('a body that is not JSON is an api_error with the status', async () => {
    const { fn } = fakeFetch([new Response('<html>bad gateway</html>', { status: 502 })]);
    const client = createStripeClient({ apiKey: 'sk_test_thin', fetch: fn, maxRetries: 0 });
    await expect(client.balance.retrieve()).rejects.toMatchObject({ status: 502, type: 'api_error' });
  });
});

describe('retries', () => {
  const options = { apiKey: 'sk_live_secret_never_shown', retryDelayMs: 1 };

  it('retries a network error and 5xx with the same idempotency key, then succeeds', async () => {
    const { fn, calls } = fakeFetch([
      new TypeError('fetch failed'),
      json(500, { error: { type: 'api_error' } }),
      json(200, { id: 'tr_1', object: 'transfer' }),
    ]);
    const client = createStripeClient({ ...options, fetch: fn });
    const transfer = await client.transfers.create({ amount: 5, currency: 'usd', destination: 'acct_1' }, { idempotencyKey: 'batch_1:athlete_2' });
    expect(transfer.id).toBe('tr_1');
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual(['batch_1:athlete_2', 'batch_1:athlete_2', 'batch_1:athlete_2']);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
  });

  it('gives a POST without a key one key, the same on every attempt; retries 429 and 409', async () => {
    const { fn, calls } = fakeFetch([json(429, { error: { type: 'invalid_request_error', code: 'rate_limit' } }), json(409, { error: {} }), OK]);
    const client = createStripeClient({ ...options, fetch: fn });
    await client.accountLinks.createOnboarding({ account: 'acct_1', refresh_url: 'https://x/r', return_url: 'https://x/d' });
    expect(calls).toHaveLength(3);
    expect(calls[0].headers['idempotency-key']).toMatch(/^drift-[0-9a-f-]{36}$/);
    expect(new Set(calls.map((c) => c.headers['idempotency-key'])).size).toBe(1);
  });

  it('is bounded: maxRetries + 1 attempts, then the last error', async () => {
    const { fn, calls } = fakeFetch([json(503, { error: { type: 'api_error', message: 'overloaded' } })]);
    const client = createStripeClient({ ...options, fetch: fn, maxRetries: 3 });
    await expect(client.events.retrieve('evt_1')).rejects.toMatchObject({ status: 503, message: 'overloaded' });
    expect(calls).toHaveLength(4);
  });

  it('does not retry a 4xx, nor what Stripe-Should-Retry: false says not to', async () => {
    const { fn, calls } = fakeFetch([
      json(400, { error: { type: 'invalid_request_error', code: 'parameter_missing' } }),
      json(500, { error: { type: 'api_error' } }, { 'stripe-should-retry': 'false' }),
    ]);
    const client = createStripeClient({ ...options, fetch: fn });
    await expect(client.balance.retrieve()).rejects.toMatchObject({ status: 400 });
    await expect(client.balance.retrieve()).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(2);
  });

  it('a connection that never answers ends as api_connection_error naming the call, never the key', async () => {
    const { fn, calls } = fakeFetch([new TypeError('connect ECONNREFUSED 10.0.0.1:443')]);
    const client = createStripeClient({ ...options, fetch: fn, maxRetries: 2 });
    const error = (await client.accounts.retrieve('acct_1').catch((e: unknown) => e)) as StripeApiError;
    expect(calls).toHaveLength(3);
    expect(error).toMatchObject({ status: 0, type: 'api_connection_error' });
    expect(error.message).toContain('GET /v1/accounts/acct_1');
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain('sk_live_secret_never_shown');
    expect(JSON.stringify(client)).not.toContain('sk_live');
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret';
  const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payout.paid', data: { object: { id: 'po_1', note: 'ñ €' } } }, null, 2);
  const now = 1_790_000_000_000;
  const t = now / 1000;

  it('accepts its own signature; rejects a tampered body and a wrong secret', () => {
    const header = signStripePayload(body, secret, t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyStripeSignature(body, header, [secret], { now })).toEqual({ ok: true, timestamp: t });
    expect(verifyStripeSignature(Buffer.from(body), header, [secret], { now }).ok).toBe(true);
    expect(verifyStripeSignature(body.replace('po_1', 'po_2'), header, [secret], { now })).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect(verifyStripeSignature(body, header, ['whsec_other'], { now })).toEqual({ ok: false, reason: 'no_matching_signature' });
  });

  it('rejects a timestamp outside the tolerance, in the past or the future', () => {
    const stale = signStripePayload(body, secret, t - 301);
    const future = signStripePayload(body, secret, t + 301);
    expect(verifyStripeSignature(body, stale, [secret], { now })).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(verifyStripeSignature(body, future, [secret], { now })).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(verifyStripeSignature(body, signStripePayload(body, secret, t - 300), [secret], { now }).ok).toBe(true);
    expect(verifyStripeSignature(body, stale, [secret], { now, toleranceSeconds: 600 }).ok).toBe(true);
  });

  it('accepts any matching v1 among several, and any of several secrets (rotation)', () => {
    const good = signStripePayload(body, secret, t).split(',')[1];
    const other = signStripePayload(body, 'whsec_old', t).split(',')[1];
    const header = `t=${t},v1=${'0'.repeat(64)},${other},v0=abc,${good}`;
    expect(verifyStripeSignature(body, header, [secret], { now }).ok).toBe(true);
    expect(verifyStripeSignature(body, `t=${t},${other}`, ['whsec_new', 'whsec_old'], { now }).ok).toBe(true);
    expect(verifyStripeSignature(body, `t=${t},v1=${good.slice(3, 10)}`, [secret], { now })).toEqual({ ok: false, reason: 'no_matching_signature' });
  });

  it('missing or malformed headers, and blank secrets, never verify', () => {
    expect(verifyStripeSignature(body, undefined, [secret], { now })).toEqual({ ok: false, reason: 'missing_header' });
    expect(verifyStripeSignature(body, ' ', [secret], { now })).toEqual({ ok: false, reason: 'missing_header' });
    for (const header of ['garbage', `t=${t}`, 'v1=abc', `t=abc,v1=${'0'.repeat(64)}`, `t=-5,v1=${'0'.repeat(64)}`])
      expect(verifyStripeSignature(body, header, [secret], { now })).toEqual({ ok: false, reason: 'malformed_header' });
    expect(verifyStripeSignature(body, signStripePayload(body, '', t), ['', '  '], { now })).toEqual({ ok: false, reason: 'no_matching_signature' });
  });

  it('agrees with the official SDK both ways (stripe.webhooks.constructEvent, generateTestHeaderString)', () => {
    const header = signStripePayload(body, secret);
    expect(Stripe.webhooks.constructEvent(body, header, secret).id).toBe('evt_1');
    expect(Stripe.webhooks.constructEvent(Buffer.from(body), header, secret).type).toBe('payout.paid');
    expect(() => Stripe.webhooks.constructEvent(body.replace('po_1', 'po_9'), header, secret)).toThrow(/No signatures found/);
    const sdkHeader = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    expect(verifyStripeSignature(body, sdkHeader, [secret]).ok).toBe(true);
    expect(verifyStripeSignature(body, sdkHeader, ['whsec_else']).ok).toBe(false);
    const past = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(verifyStripeSignature(body, past, [secret])).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
  });
});
