// The Stripe webhook's core (lambdas/payments/stripe-webhook.ts) over the in-memory store: the
// signature is checked over the raw bytes before anything is parsed or stored (forged, stale,
// missing, altered: rejected, nothing stored; any of several secrets), an event is recorded only
// once it applied (a storage failure throws, so the endpoint answers 5xx and Stripe delivers it
// again; the redelivery applies it), a duplicate is acknowledged, a type Drift does not act on is
// recorded as ignored.
import { receiveStripeEvent } from '#lambdas/payments/stripe-webhook';
import * as keys from '#lambdas/platform/keys';
import { createMemoryStore } from '#lambdas/platform/memory-store';
import type { Store } from '#lambdas/platform/store';
import { keyString } from '#lambdas/platform/store';
import { signStripePayload, type StripeClient } from '#lambdas/platform/stripe-client';

const SECRETS = ['whsec_old_secret', 'whsec_new_secret'];
const NOW = new Date('2026-11-25T03:00:00.000Z');
const t = Math.floor(NOW.getTime() / 1000);
const stripe = () => Promise.resolve({} as StripeClient);

const event = (id: string, type = 'account.updated') =>
  Buffer.from(
    JSON.stringify({
      id,
      object: 'event',
      type,
      account: 'acct_unknown',
      api_version: null,
      created: t,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'acct_unknown', object: 'account' } },
    }),
  );

const receive = (store: Store, body: Buffer, signature: string | undefined) =>
  receiveStripeEvent({ store, stripe, secrets: SECRETS, now: () => NOW }, body, signature);
const recorded = (store: ReturnType<typeof createMemoryStore>, id: string) => store.items.get(keyString(keys.stripeEvent(id)));

it('refuses forged, stale, missing and altered signatures before parsing, storing nothing', async () => {
  const store = createMemoryStore();
  const body = event('evt_1');
  const cases = [
    signStripePayload(body, 'whsec_forger', t),
    signStripePayload(body, SECRETS[0], t - 301),
    signStripePayload(body, SECRETS[0], t + 301),
    undefined,
    'v1=abc',
  ];
  for (const signature of cases) expect((await receive(store, body, signature)).kind).toBe('rejected');
  const altered = Buffer.from(body.toString().replace('acct_unknown', 'acct_other'));
  expect((await receive(store, altered, signStripePayload(body, SECRETS[0], t))).kind).toBe('rejected');
  // Not JSON, but signed: parsed only after the check, then refused.
  expect((await receive(store, Buffer.from('not json'), signStripePayload('not json', SECRETS[1], t))).kind).toBe('malformed');
  expect(store.items.size).toBe(0);
});

it('records an event only once it applied: a storage failure throws (5xx) and the redelivery applies it once', async () => {
  const memory = createMemoryStore();
  let failures = 1;
  const flaky: Store = {
    ...memory,
    get: (keysToRead) => (failures-- > 0 ? Promise.reject(Object.assign(new Error('throttled'), { name: 'ThrottlingException' })) : memory.get(keysToRead)),
  };
  const body = event('evt_2');
  const signature = signStripePayload(body, SECRETS[1], t - 200);
  await expect(receive(flaky, body, signature)).rejects.toThrow('throttled');
  expect(recorded(memory, 'evt_2')).toBeUndefined();
  expect(await receive(flaky, body, signature)).toEqual({ kind: 'applied', eventId: 'evt_2', type: 'account.updated' });
  expect(recorded(memory, 'evt_2')).toMatchObject({ eventType: 'account.updated', handled: true, expiresAt: t + 30 * 86400 });
  expect((await receive(flaky, body, signature)).kind).toBe('duplicate');
});

it('acknowledges and records a type Drift does not act on', async () => {
  const store = createMemoryStore();
  const body = event('evt_3', 'customer.created');
  expect((await receive(store, body, signStripePayload(body, SECRETS[0], t))).kind).toBe('ignored');
  expect(recorded(store, 'evt_3')).toMatchObject({ handled: false });
});
