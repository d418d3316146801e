// The Stripe payout rail through its handlers (lambdas/payments/payments.handler.ts and
// stripe-webhook.handler.ts) against DynamoDB Local and the local Stripe stand-in: linking the
// collective's and the athletes' accounts through the hosted onboarding, Pay now (another
// collective's batch 403, over the platform balance 409 with nothing moved, twice: one transfer per
// line), Stripe's events through the webhook (forged or stale signatures 400 with nothing stored, a
// replay changes nothing), and what the athlete then sees.
import { handler as payments } from '#lambdas/payments/payments.handler';
import { handler as stripeWebhook } from '#lambdas/payments/stripe-webhook.handler';
import { handler as payouts } from '#lambdas/money/payouts.handler';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore } from '#lambdas/platform/store';
import { keyString } from '#lambdas/platform/store';
import { signStripePayload } from '#lambdas/platform/stripe-client';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { ONBOARDING_FORM, submitPage, useStripeStandIn } from '../support/local-stripe';
import { BANK, fundedBatch } from '../support/payout-rail';

jest.setTimeout(120_000);

const SECRET = 'whsec_integration_rail';
const ORIGIN = 'http://127.0.0.1:3000';
let table: TestTable;
let batchId: string;
const collective = claimsFor.collective(1);
const now = () => new Date().toISOString();

const read = async (key: { PK: string; SK: string }) => (await dynamoStore.get([key])).get(keyString(key));

/** Links through the product's routes and the stand-in's hosted page; answers the account as the return page reads it. */
async function linkThroughRoutes(owner: 'collective' | 'athlete', id: number, bank: string) {
  const claims = owner === 'collective' ? claimsFor.collective(id) : claimsFor.athlete(id);
  const base = owner === 'collective' ? '/api/collectives/{id}' : '/api/athletes/{id}';
  const made = await invoke(payments, `POST ${base}/stripe/onboarding`, { pathParameters: { id: String(id) }, claims, headers: { origin: ORIGIN } });
  expect(made.status).toBe(200);
  expect(made.body.url).toMatch(new RegExp(`^${rail.local.origin}/local-stripe/onboarding/`));
  const page = await submitPage(made.body.url, ONBOARDING_FORM(bank));
  expect(page).toMatchObject({ status: 303, location: `${ORIGIN}/${owner}?${owner === 'collective' ? 'section' : 'tab'}=payouts&stripe=return` });
  const back = await invoke(payments, `GET ${base}/stripe/account`, { pathParameters: { id: String(id) }, claims });
  expect(back.status).toBe(200);
  return back.body.account;
}

/** Delivers every stand-in event not delivered yet to the webhook, signed; answers the statuses. */
const delivered = new Set<string>();
async function deliverAll(again = false) {
  await rail.local.stripe.idle();
  const statuses: number[] = [];
  for (const { event } of rail.local.stripe.events()) {
    if (delivered.has(event.id) && !again) continue;
    delivered.add(event.id);
    const body = Buffer.from(JSON.stringify(event));
    const res = await invoke(stripeWebhook, 'POST /api/webhooks/stripe', { body, headers: { 'stripe-signature': signStripePayload(body, SECRET) } });
    statuses.push(res.status);
  }
  return statuses;
}

const line = (athleteId: number) => read(keys.payoutLine(1, batchId, athleteId));

beforeAll(async () => {
  table = await createTestTable();
});
const rail = useStripeStandIn({
  apiKey: 'sk_test_integration',
  retryDelayMs: 5,
  payoutDelayMs: 20,
  startingBalance: 1_000,
  signingSecret: SECRET,
  log: () => undefined,
});
beforeAll(async () => {
  const batch = await fundedBatch(dynamoStore, 1, { 1: 4_850, 2: 1_200 }, now);
  batchId = batch.batchId;
});
afterAll(async () => {
  await table.drop();
});
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});

const payNow = (claims = collective, id = '1') =>
  invoke(payments, 'POST /api/collectives/{id}/payouts/batches/{batchId}/pay', { pathParameters: { id, batchId }, claims });

describe('the Stripe payout rail', () => {
  it('links the collective and the athletes through Stripe-hosted onboarding, keeping the id and flags only', async () => {
    // Paying before the collective linked its own account: refused.
    expect((await payNow()).status).toBe(409);
    const own = await linkThroughRoutes('collective', 1, BANK.ok);
    expect(own).toMatchObject({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, linkedBy: 'collective-1' });
    const stored = await read(keys.collectivePayAccount(1));
    expect(stored).toMatchObject({ accountId: own.accountId, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true });
    expect(JSON.stringify(stored)).not.toMatch(/onboarding\/|000123456789|http/);
    expect(await linkThroughRoutes('athlete', 1, BANK.ok)).toMatchObject({ payoutsEnabled: true });
    expect(await linkThroughRoutes('athlete', 2, BANK.noAccount)).toMatchObject({ payoutsEnabled: true });
    // An athlete links only its own account; the W-9 now comes from Stripe.
    const other = await invoke(payments, 'POST /api/athletes/{id}/stripe/onboarding', {
      pathParameters: { id: '2' },
      claims: claimsFor.athlete(1),
      headers: { origin: ORIGIN },
    });
    expect(other.status).toBe(403);
    const money = await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) });
    expect(money.body.year).toMatchObject({ w9OnFile: true, w9Source: 'stripe' });
    expect(money.body.payoutAccount).toMatchObject({ payoutsEnabled: true });
  });

  it("refuses another collective's batch (403) and a batch over the platform balance (409), moving nothing", async () => {
    expect((await payNow(claimsFor.collective(2))).status).toBe(403);
    const over = await payNow();
    expect(over.status).toBe(409);
    expect(over.body.error.message).toMatch(/balance \(\$10\.00 available\) does not cover this batch \(\$60\.50\)/);
    expect((await rail.stripe.transfers.list({ transfer_group: batchId })).data).toHaveLength(0);
    expect(await line(1)).toMatchObject({ status: 'pending' });
  });

  it('pays a batch once even when Pay now is pressed twice, and the events settle it: paid, and failed with the amount back', async () => {
    await rail.stripe.request('POST', '/v1/topups', { params: { amount: 100_000, currency: 'usd' } });
    const [first, second] = await Promise.all([payNow(), payNow()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await payNow()).status).toBe(200);
    const transfers = (await rail.stripe.transfers.list({ transfer_group: batchId })).data;
    expect(transfers.map((t) => [t.amount, t.metadata.athleteId, t.metadata.collectiveId, t.metadata.batchId]).sort()).toEqual([
      [1200, '2', '1', batchId],
      [4850, '1', '1', batchId],
    ]);
    expect(await deliverAll()).not.toContain(500);
    expect(await line(1)).toMatchObject({ status: 'paid', transferId: transfers.find((t) => t.metadata.athleteId === '1')!.id });
    expect(await line(2)).toMatchObject({ status: 'failed', failureCode: 'no_account' });
    const athlete2 = await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: '2' }, claims: claimsFor.athlete(2) });
    expect(athlete2.body.balanceCents).toBe(1_200);
    expect(athlete2.body.payouts[0]).toMatchObject({ status: 'failed', failure: { code: 'no_account' } });
    const athlete1 = await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) });
    expect(athlete1.body.payouts[0]).toMatchObject({ status: 'paid', paidDate: now().slice(0, 10) });
    expect(athlete1.body.year.paidCents).toBe(4_850);
    // Every event again: duplicates, acknowledged and changing nothing.
    expect(new Set(await deliverAll(true))).toEqual(new Set([200]));
    expect((await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) })).body.year.paidCents).toBe(
      4_850,
    );
  });

  it('refuses forged and stale signatures with 400 and stores nothing', async () => {
    // A payout.paid for athlete 2's failed line, as a forger would send it.
    const [event] = rail.local.stripe.events().filter(({ event: e }) => e.type === 'payout.failed');
    const forged = { ...event.event, id: 'evt_forged_0001', type: 'payout.paid' };
    const body = Buffer.from(JSON.stringify(forged));
    const answers = await Promise.all([
      invoke(stripeWebhook, 'POST /api/webhooks/stripe', { body, headers: { 'stripe-signature': signStripePayload(body, 'whsec_not_ours') } }),
      invoke(stripeWebhook, 'POST /api/webhooks/stripe', {
        body,
        headers: { 'stripe-signature': signStripePayload(body, SECRET, Math.floor(Date.now() / 1000) - 400) },
      }),
      invoke(stripeWebhook, 'POST /api/webhooks/stripe', { body, headers: {} }),
      invoke(stripeWebhook, 'POST /api/webhooks/stripe', {
        body: Buffer.from(body.toString().replace('payout', 'pay0ut')),
        headers: { 'stripe-signature': signStripePayload(body, SECRET) },
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(answers[0].body.error.code).toBe('bad_request');
    expect(await read(keys.stripeEvent('evt_forged_0001'))).toBeUndefined();
    expect(await line(2)).toMatchObject({ status: 'failed' });
  });

  it('retries a failed line (a new transfer only after the last one was reversed) and refuses retrying a paid one', async () => {
    const retried = await invoke(payments, 'POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}/retry', {
      pathParameters: { id: '1', batchId, athleteId: '2' },
      claims: collective,
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ attempt: 2 });
    await deliverAll();
    expect(await line(2)).toMatchObject({ status: 'failed', attempt: 2, failureCode: 'no_account' });
    const transfers = (await rail.stripe.transfers.list({ transfer_group: batchId })).data.filter((t) => t.metadata.athleteId === '2');
    expect(transfers).toHaveLength(2);
    expect(transfers.every((t) => t.amount_reversed === t.amount)).toBe(true);
    const paidOne = await invoke(payments, 'POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}/retry', {
      pathParameters: { id: '1', batchId, athleteId: '1' },
      claims: collective,
    });
    expect(paidOne.status).toBe(409);
  });
});
