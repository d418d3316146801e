// Donations that come in (issue 22, item 4), against DynamoDB Local and the Stripe stand-in: the
// support function creates the Checkout Session on the collective's connected account, the donor
// pays on the stand-in's hosted page, and the events the stand-in lists at /v1/events are handed to
// the donation handlers (lambdas/payments/donation-events.ts) as the webhook function will hand
// them: twice, out of order, after refunds and cancellations. The figures the athlete panel shows
// (lambdas/payments/donation-figures.ts) are read after each step.
import { handler as support } from '#lambdas/payments/support.handler';
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { donationEventHandlers } from '#lambdas/payments/donation-events';
import { donationFigures } from '#lambdas/payments/donation-figures';
import { activeMembers, findDonation } from '#lambdas/payments/donation-records';
import { allocateDonation } from '../../scripts/lib/legacy-allocations';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore as store } from '#lambdas/platform/store';
import type { StripeEvent } from '#lambdas/platform/stripe-client';
import { SAMPLE_COLLECTIVES } from '#shared/catalog/seed-data';
import { feeCents } from '#shared/payments/support-api';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { CARD_FORM, ONBOARDING_FORM, submitPage, useStripeStandIn } from '../support/local-stripe';

jest.setTimeout(120_000);

const ORIGIN = 'http://127.0.0.1:5173';
const DONOR_EMAIL = 'fan@example.com';
let table: TestTable;
let keySeq = 0;

beforeAll(async () => {
  table = await createTestTable();
  delete process.env.SITE_URL;
});
const rail = useStripeStandIn({ apiKey: 'sk_test_donations', retryDelayMs: 10, log: () => undefined });
// Every step leaves the stored figures equal to a recomputation from the donations (npm run verify).
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});
afterAll(async () => {
  await table?.drop();
});

/** A collective's Stripe account onboarded on the stand-in, recorded as the payout rail records it. */
async function linkStripe(collectiveId: number): Promise<string> {
  const account = await rail.stripe.accounts.createExpress({
    metadata: { collective_id: String(collectiveId) },
    capabilities: { card_payments: { requested: true } },
  });
  const link = await rail.stripe.accountLinks.createOnboarding({ account: account.id, refresh_url: `${ORIGIN}/r`, return_url: `${ORIGIN}/done` });
  expect((await submitPage(link.url, ONBOARDING_FORM('000123456789'))).status).toBe(303);
  const linked = await rail.stripe.accounts.retrieve(account.id);
  expect(linked.charges_enabled).toBe(true);
  await store.write({
    put: {
      ...keys.collectivePayAccount(collectiveId),
      accountId: linked.id,
      chargesEnabled: linked.charges_enabled,
      payoutsEnabled: linked.payouts_enabled,
      detailsSubmitted: linked.details_submitted,
    },
  });
  return linked.id;
}

const owner = (collectiveId: number) => ({ pathParameters: { id: String(collectiveId) }, claims: claimsFor.collective(collectiveId) });

async function saveSettings(collectiveId: number, body: Record<string, unknown>) {
  const current = await invoke(support, 'GET /api/collectives/{id}/support', owner(collectiveId));
  expect(current.status).toBe(200);
  return invoke(support, 'PUT /api/collectives/{id}/support', {
    ...owner(collectiveId),
    body: JSON.stringify({ ...body, version: current.body.settings.version }),
  });
}

/** Opens a collective: Stripe linked, one tier (Crew, $10.00), gifts on, the fee given. */
async function openCollective(collectiveId: number, feeBasisPoints = 0): Promise<string> {
  const account = await linkStripe(collectiveId);
  const saved = await saveSettings(collectiveId, {
    pitch: 'Keep our athletes in town.',
    giftsEnabled: true,
    feeBasisPoints,
    tiers: [{ id: null, name: 'Crew', amountCents: 1_000, perk: 'A sticker and our thanks', retired: false }],
  });
  expect(saved.status).toBe(200);
  return account;
}

async function give(collectiveId: number, body: Record<string, unknown>) {
  return invoke(support, 'POST /api/support/{id}/checkout', {
    pathParameters: { id: String(collectiveId) },
    headers: { origin: ORIGIN, 'idempotency-key': `give-key-${++keySeq}` },
    body: JSON.stringify({ donorName: '', anonymous: false, organization: false, comment: '', ...body }),
  });
}

/** Gives and pays on the hosted page with the card; answers the session id. */
async function giveAndPay(collectiveId: number, body: Record<string, unknown>, card = '4242 4242 4242 4242'): Promise<string> {
  const started = await give(collectiveId, body);
  expect(started.status).toBe(201);
  const paid = await submitPage(started.body.url, CARD_FORM(card, { email: DONOR_EMAIL }));
  expect(paid).toMatchObject({ status: 303, location: `${ORIGIN}/support/${collectiveId}?checkout=${started.body.sessionId}` });
  return started.body.sessionId as string;
}

/** The connected account's events of a type, oldest first (as Stripe lists them, newest first, reversed). */
async function eventsOf(account: string, type: string, objectId?: string): Promise<StripeEvent[]> {
  const list = await rail.stripe.events.list({ type, limit: 100 }, { stripeAccount: account });
  return list.data.filter((e) => objectId === undefined || e.data.object.id === objectId).reverse();
}

/** Hands an event to its donation handler, as the webhook function does. */
async function handle(event: StripeEvent): Promise<void> {
  const handler = donationEventHandlers[event.type];
  if (!handler) throw new Error(`no donation handler for ${event.type}`);
  await handler({ event, stripe: rail.stripe, store, now: () => new Date().toISOString() });
}

const figures = (collectiveId: number) => donationFigures(store, collectiveId);
const thisYear = new Date().toISOString().slice(0, 4);
const memberOf = (collectiveId: number) => SAMPLE_COLLECTIVES.find((c) => c.id === collectiveId)!.members[0];

describe('a collective without a linked Stripe account', () => {
  it('shows its page closed and refuses a gift with a clear reason', async () => {
    const page = await invoke(support, 'GET /api/support/{id}', { pathParameters: { id: '3' } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ collectiveId: 3, collectiveName: 'Hawks Forever Collective', open: false, closedBecause: 'no_account' });
    const refused = await give(3, { kind: 'gift', amountCents: 2_500, donorName: 'Pat' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/not open yet/);
    expect(await figures(3)).toMatchObject({ totalDonationsCents: 0, donationsThisYear: 0 });
  });
});

describe('one-time gifts', () => {
  let account: string;
  beforeAll(async () => {
    account = await openCollective(1, 250);
  });

  it('a declined card shows the donor why and records nothing; 4242 records the gift once, with the platform fee, whichever path comes first', async () => {
    const started = await give(1, { kind: 'gift', amountCents: 2_500, donorName: 'Linda Carter', comment: 'Go Mariners!' });
    expect(started.status).toBe(201);
    const sessionId = started.body.sessionId as string;
    const declined = await submitPage(started.body.url, CARD_FORM('4000 0000 0000 0002', { email: DONOR_EMAIL }));
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(await eventsOf(account, 'checkout.session.completed', sessionId)).toEqual([]);
    const open = await invoke(support, 'GET /api/support/{id}/checkouts/{sessionId}', { pathParameters: { id: '1', sessionId } });
    expect(open.body).toEqual({ status: 'open', recorded: null, manageUrl: null });
    expect(await figures(1)).toMatchObject({ totalDonationsCents: 0, donationsThisYear: 0, comments: [] });

    const paid = await submitPage(started.body.url, CARD_FORM('4242 4242 4242 4242', { email: DONOR_EMAIL }));
    expect(paid.status).toBe(303);
    const [completed] = await eventsOf(account, 'checkout.session.completed', sessionId);
    await handle(completed);
    await handle(completed); // Stripe delivers it again
    // The donor's return reads the same session: nothing new is recorded.
    const thanks = await invoke(support, 'GET /api/support/{id}/checkouts/{sessionId}', { pathParameters: { id: '1', sessionId } });
    expect(thanks.status).toBe(200);
    expect(thanks.body).toMatchObject({
      status: 'complete',
      recorded: { kind: 'gift', amountCents: 2_500, donorName: 'Linda Carter', comment: 'Go Mariners!' },
    });
    expect(JSON.stringify(thanks.body)).not.toContain('@');
    // Audited: the event that recorded it, and when.
    const stored = await findDonation(store, 1, String((await rail.stripe.checkout.sessions.retrieve(sessionId, { stripeAccount: account })).payment_intent));
    expect(stored).toMatchObject({ amountCents: 2_500, recordedBy: `stripe:${completed.id}`, recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    expect(await figures(1)).toMatchObject({
      totalDonationsCents: 2_500,
      donationsThisYear: 1,
      recurringThisMonth: 0,
      comments: [{ donorName: 'Linda Carter', amountCents: 2_500, comment: 'Go Mariners!' }],
    });
    const charges = await rail.stripe.request<{ data: Array<{ amount: number; application_fee_amount: number | null }> }>('GET', '/v1/charges', {
      stripeAccount: account,
    });
    expect(charges.data[0]).toMatchObject({ amount: 2_500, application_fee_amount: feeCents(2_500, 250) });
    expect(feeCents(2_500, 250)).toBe(63);
  });

  it('an anonymous donor: the name never reaches Stripe or any public answer', async () => {
    const sessionId = await giveAndPay(1, { kind: 'gift', amountCents: 1_000, donorName: 'Secret Sam', anonymous: true, comment: 'Quietly proud' });
    const session = await rail.stripe.checkout.sessions.retrieve(sessionId, { stripeAccount: account });
    expect(JSON.stringify(session.metadata)).not.toContain('Secret Sam');
    const thanks = await invoke(support, 'GET /api/support/{id}/checkouts/{sessionId}', { pathParameters: { id: '1', sessionId } });
    expect(thanks.body.recorded).toMatchObject({ donorName: 'Anonymous', comment: 'Quietly proud' });
    const [completed] = await eventsOf(account, 'checkout.session.completed', sessionId);
    await handle(completed);
    const now = await figures(1);
    expect(now).toMatchObject({ totalDonationsCents: 3_500, donationsThisYear: 2 });
    expect(now.comments).toContainEqual({ donorName: 'Anonymous', amountCents: 1_000, comment: 'Quietly proud' });
    const athlete = memberOf(1);
    const panel = await invoke(athletes, 'GET /api/athletes/{id}/donations', { pathParameters: { id: String(athlete) }, claims: claimsFor.athlete(athlete) });
    expect(panel.status).toBe(200);
    // The athlete's own figures are what its collective allocated to it (nothing yet); its collective's are beside them.
    expect(panel.body).toMatchObject({
      athleteId: athlete,
      totalDonationsCents: 0,
      donationsThisYear: 0,
      collective: { totalDonationsCents: 3_500, donationsThisYear: 2 },
    });
    expect(JSON.stringify(panel.body)).not.toMatch(/Secret Sam|@/);
    const feed = await invoke(collectives, 'GET /api/collectives/{id}/transactions', owner(1));
    expect(feed.status).toBe(200);
    expect(JSON.stringify(feed.body)).not.toContain('Secret Sam');
  });

  it('refunds lower the totals once per amount, in any order; a full refund leaves the count and the Comments', async () => {
    const sessionId = await giveAndPay(1, { kind: 'gift', amountCents: 5_000, donorName: 'Harbor Bank', organization: true, comment: 'Proud sponsor' });
    const session = await rail.stripe.checkout.sessions.retrieve(sessionId, { stripeAccount: account });
    await handle((await eventsOf(account, 'checkout.session.completed', sessionId))[0]);
    const before = await figures(1);
    expect(before.totalDonationsCents).toBe(8_500);
    const intent = await rail.stripe.request<{ latest_charge: string }>('GET', `/v1/payment_intents/${String(session.payment_intent)}`, {
      stripeAccount: account,
    });
    const charge = intent.latest_charge;

    await rail.stripe.request('POST', '/v1/refunds', { params: { charge, amount: 2_000 }, stripeAccount: account });
    const [partial] = await eventsOf(account, 'charge.refunded', charge);
    await handle(partial);
    await handle(partial);
    expect(await figures(1)).toMatchObject({ totalDonationsCents: 6_500, donationsThisYear: 3 });
    expect(await findDonation(store, 1, String(session.payment_intent))).toMatchObject({ refundedCents: 2_000, refundedBy: `stripe:${partial.id}` });
    expect((await figures(1)).comments).toContainEqual({ donorName: 'Harbor Bank', amountCents: 3_000, comment: 'Proud sponsor' });
    // What is left to allocate to members is what was not refunded.
    const allocate = (amountCents: number, idempotencyKey: string) =>
      allocateDonation(store, {
        collectiveId: 1,
        donationId: String(session.payment_intent),
        allocations: [{ athleteId: memberOf(1), amountCents }],
        idempotencyKey,
        by: 'test',
        now: () => new Date().toISOString(),
      });
    await expect(allocate(3_001, 'alloc-over')).rejects.toThrow('Only 3000 cents of this donation are left to allocate');

    await rail.stripe.request('POST', '/v1/refunds', { params: { charge }, stripeAccount: account });
    const [, full] = await eventsOf(account, 'charge.refunded', charge);
    await handle(full);
    await handle(partial); // the older event, delivered late: the charge is re-read, nothing changes
    await handle(full);
    const after = await figures(1);
    expect(after).toMatchObject({ totalDonationsCents: 3_500, donationsThisYear: 2 });
    expect(after.comments.map((c) => c.comment)).not.toContain('Proud sponsor');
    const feed = await invoke(collectives, 'GET /api/collectives/{id}/transactions', owner(1));
    const listed = (feed.body.items as Array<{ name: string; amountCents: number; status: string }>).find((t) => t.name === 'Harbor Bank');
    expect(listed).toMatchObject({ amountCents: 0, status: 'Refunded' });
  });

  it('ignores a donation event from an account the collective has not linked', async () => {
    const other = await linkStripe(2); // collective 2's account, then charged as if for collective 1
    await store.write({ delete: keys.collectivePayAccount(2) });
    const created = await rail.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 99_900, product_data: { name: 'x' } } }],
        success_url: `${ORIGIN}/x`,
        metadata: { collectiveId: '1', kind: 'gift', donorName: 'Mallory', anonymous: 'false', organization: 'false' },
        payment_intent_data: { metadata: { collectiveId: '1', kind: 'gift', donorName: 'Mallory', anonymous: 'false', organization: 'false' } },
      },
      { stripeAccount: other },
    );
    expect((await submitPage(created.url!, CARD_FORM('4242424242424242'))).status).toBe(303);
    await handle((await eventsOf(other, 'checkout.session.completed', created.id))[0]);
    const thanks = await invoke(support, 'GET /api/support/{id}/checkouts/{sessionId}', { pathParameters: { id: '1', sessionId: created.id } });
    expect(thanks.status).toBe(404);
    expect((await figures(1)).totalDonationsCents).toBe(3_500);
  });
});

describe('monthly memberships', () => {
  let account: string;
  beforeAll(async () => {
    account = await openCollective(2, 500);
  });

  it('records the first month and each renewal once, in any order; cancelling lowers Recurring This Month and keeps what was paid', async () => {
    const page = await invoke(support, 'GET /api/support/{id}', { pathParameters: { id: '2' } });
    expect(page.body).toMatchObject({
      open: true,
      closedBecause: null,
      tiers: [{ id: 't1', name: 'Crew', amountCents: 1_000, perk: 'A sticker and our thanks' }],
    });
    const sessionId = await giveAndPay(2, { kind: 'membership', tierId: 't1', donorName: 'Casey Fan', comment: 'Monthly, gladly' });
    const session = await rail.stripe.checkout.sessions.retrieve(sessionId, { stripeAccount: account });
    const subscriptionId = String(session.subscription);
    const subscription = await rail.stripe.subscriptions.retrieve(subscriptionId, { stripeAccount: account });
    expect(subscription.application_fee_percent).toBe(5);

    // invoice.paid before checkout.session.completed, each twice.
    const [firstInvoice] = await eventsOf(account, 'invoice.paid');
    await handle(firstInvoice);
    await handle(firstInvoice);
    const [completed] = await eventsOf(account, 'checkout.session.completed', sessionId);
    await handle(completed);
    await handle(completed);
    expect(await figures(2)).toMatchObject({
      totalDonationsCents: 1_000,
      donationsThisYear: 1,
      recurringThisMonth: 1,
      comments: [{ donorName: 'Casey Fan', amountCents: 1_000, comment: 'Monthly, gladly' }],
    });
    expect(await activeMembers(store, 2)).toEqual({ t1: 1 });
    const settings = await invoke(support, 'GET /api/collectives/{id}/support', owner(2));
    expect(settings.body.activeMembers).toEqual({ t1: 1 });

    // The next month, billed now by the stand-in's control endpoint (Stripe: a test clock).
    const renewed = await fetch(`${rail.local.origin}/local-stripe/local-control/subscriptions/${subscriptionId}/advance-period`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_donations' },
    });
    expect(renewed.status).toBe(200);
    const renewal = (await renewed.json()) as { id: string };
    const [renewalPaid] = await eventsOf(account, 'invoice.paid', renewal.id);
    await handle(renewalPaid);
    await handle(renewalPaid);
    const monthTwo = await figures(2);
    expect(monthTwo).toMatchObject({ totalDonationsCents: 2_000, recurringThisMonth: 1 });
    expect(monthTwo.comments).toHaveLength(1); // the comment goes with the first month only

    // A membership's charge refunded: found through its invoice.
    const payments = await rail.stripe.request<{ data: Array<{ payment: { payment_intent: string } }> }>('GET', '/v1/invoice_payments', {
      params: { invoice: renewal.id },
      stripeAccount: account,
    });
    const intent = await rail.stripe.request<{ latest_charge: string }>('GET', `/v1/payment_intents/${payments.data[0].payment.payment_intent}`, {
      stripeAccount: account,
    });
    await rail.stripe.request('POST', '/v1/refunds', { params: { charge: intent.latest_charge }, stripeAccount: account });
    const [refunded] = await eventsOf(account, 'charge.refunded', intent.latest_charge);
    await handle(refunded);
    await handle(refunded);
    expect(await figures(2)).toMatchObject({ totalDonationsCents: 1_000, recurringThisMonth: 1 });

    await rail.stripe.subscriptions.cancel(subscriptionId, { stripeAccount: account });
    const [deleted] = await eventsOf(account, 'customer.subscription.deleted', subscriptionId);
    await handle(deleted);
    await handle(deleted);
    await handle(firstInvoice); // a late duplicate of the first month: neither a payment nor a member again
    expect(await figures(2)).toMatchObject({ totalDonationsCents: 1_000, donationsThisYear: 1, recurringThisMonth: 0 });
    expect(await activeMembers(store, 2)).toEqual({});
    expect((await figures(2)).monthly.some((m) => m.month.startsWith(thisYear))).toBe(true);
  });

  it('refuses a membership in a tier the collective does not offer, and a settings save from another collective', async () => {
    const bad = await give(2, { kind: 'membership', tierId: 't9', donorName: 'Casey Fan' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ tierId: 'Choose a membership tier' });
    const foreign = await invoke(support, 'PUT /api/collectives/{id}/support', {
      pathParameters: { id: '2' },
      claims: claimsFor.collective(1),
      body: JSON.stringify({ pitch: '', giftsEnabled: true, feeBasisPoints: 0, tiers: [], version: 1 }),
    });
    expect(foreign.status).toBe(403);
  });
});

describe('npm run verify', () => {
  it("finds a collective's donation total or member count that its records do not add up to", async () => {
    const total = keys.donationTotal(1);
    await store.write({ update: total, add: { amountCents: 1 } });
    await store.write({ update: keys.supportMembers(2), add: { active_t1: 1 } });
    const { differences } = await verifyTable();
    expect(differences).toEqual([
      expect.stringMatching(/^collective 1 donations: stored \d+ cents/),
      expect.stringMatching(/tier t1: 1 active members counted, 0 active memberships$/),
    ]);
    await store.write({ update: total, add: { amountCents: -1 } });
    await store.write({ update: keys.supportMembers(2), add: { active_t1: -1 } });
  });
});
