// The donor's side of a support page (issue 33, item 5), against DynamoDB Local and the Stripe
// stand-in: a receipt for every payment (once, whatever the deliveries and the donor's return),
// the collective told of each new member and gift, Stripe's fee and net kept with each donation,
// the supporters wall, the goal and the number of supporters, Checkout headed with the collective's
// name, and the signed "Manage membership" link that opens Stripe's customer portal, where a
// cancellation is applied once.
import { handler as support } from '#lambdas/payments/support.handler';
import { donationEventHandlers } from '#lambdas/payments/donation-events';
import { findDonation } from '#lambdas/payments/donation-records';
import { hashEmail } from '#lambdas/identity/buyers';
import { resetNotifySettings } from '#lambdas/notifications/notify-settings';
import { createSender } from '#lambdas/notifications/sender';
import type { Email } from '#lambdas/platform/mailer';
import * as keys from '#lambdas/platform/keys';
import { dynamoStore as store, type Item } from '#lambdas/platform/store';
import type { StripeEvent } from '#lambdas/platform/stripe-client';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { CARD_FORM, ONBOARDING_FORM, submitPage, useStripeStandIn } from '../support/local-stripe';

jest.setTimeout(120_000);

const ORIGIN = 'http://127.0.0.1:5173';
const DONOR = 'river.fan@example.com';
const COLLECTIVE = 2;
let table: TestTable;
let keySeq = 0;
let account: string;

beforeAll(async () => {
  table = await createTestTable();
  process.env.SITE_URL = ORIGIN;
  process.env.NOTIFY_SIGNING_SECRET = 'a-test-signing-secret-of-at-least-32-chars';
  resetNotifySettings();
});
const rail = useStripeStandIn({ apiKey: 'sk_test_donor', retryDelayMs: 10, log: () => undefined });
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});
afterAll(async () => {
  delete process.env.SITE_URL;
  delete process.env.NOTIFY_SIGNING_SECRET;
  resetNotifySettings();
  await table?.drop();
});

const owner = { pathParameters: { id: String(COLLECTIVE) }, claims: claimsFor.collective(COLLECTIVE) };

async function saveSettings(body: Record<string, unknown>) {
  const current = await invoke(support, 'GET /api/collectives/{id}/support', owner);
  return invoke(support, 'PUT /api/collectives/{id}/support', {
    ...owner,
    body: JSON.stringify({ ...current.body.settings, ...body, version: current.body.settings.version }),
  });
}

beforeAll(async () => {
  const created = await rail.stripe.accounts.createExpress({
    metadata: { collective_id: String(COLLECTIVE) },
    capabilities: { card_payments: { requested: true } },
  });
  const link = await rail.stripe.accountLinks.createOnboarding({ account: created.id, refresh_url: `${ORIGIN}/r`, return_url: `${ORIGIN}/done` });
  expect((await submitPage(link.url, ONBOARDING_FORM('000123456789', { legal_name: 'Drift Demo' }))).status).toBe(303);
  account = created.id;
  await store.write({
    put: { ...keys.collectivePayAccount(COLLECTIVE), accountId: account, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true },
  });
  const saved = await saveSettings({
    pitch: 'Keep our athletes home.',
    giftsEnabled: true,
    feeBasisPoints: 100,
    legalName: 'Engineers NIL Collective, Inc.',
    goal: { amountCents: 10_000, label: 'New uniforms', period: 'all' },
    tiers: [
      { id: null, name: 'Crew', amountCents: 1_000, perk: 'A sticker', retired: false },
      { id: null, name: 'Captain', amountCents: 5_000, perk: 'A poster', retired: false },
    ],
  });
  expect(saved.status).toBe(200);
  expect(saved.body.settings).toMatchObject({ taxDeductible: false, legalName: 'Engineers NIL Collective, Inc.', goal: { amountCents: 10_000 } });
});

async function give(body: Record<string, unknown>) {
  const started = await invoke(support, 'POST /api/support/{id}/checkout', {
    pathParameters: { id: String(COLLECTIVE) },
    headers: { origin: ORIGIN, 'idempotency-key': `donor-key-${++keySeq}` },
    body: JSON.stringify({ donorName: '', anonymous: false, organization: false, comment: '', ...body }),
  });
  expect(started.status).toBe(201);
  return started.body as { url: string; sessionId: string };
}

async function giveAndPay(body: Record<string, unknown>): Promise<string> {
  const { url, sessionId } = await give(body);
  expect((await submitPage(url, CARD_FORM('4242 4242 4242 4242', { email: DONOR }))).status).toBe(303);
  return sessionId;
}

async function eventsOf(type: string, objectId?: string): Promise<StripeEvent[]> {
  const list = await rail.stripe.events.list({ type, limit: 100 }, { stripeAccount: account });
  return list.data.filter((e) => objectId === undefined || e.data.object.id === objectId).reverse();
}

async function handle(event: StripeEvent): Promise<void> {
  const handler = donationEventHandlers[event.type];
  if (!handler) throw new Error(`no donation handler for ${event.type}`);
  await handler({ event, stripe: rail.stripe, store, now: () => new Date().toISOString() });
}

const thanks = (sessionId: string) => invoke(support, 'GET /api/support/{id}/checkouts/{sessionId}', { pathParameters: { id: String(COLLECTIVE), sessionId } });
const page = async () => (await invoke(support, 'GET /api/support/{id}', { pathParameters: { id: String(COLLECTIVE) } })).body;
/** The donor's receipts: the notices to their address (newest last). */
const receipts = async (): Promise<Item[]> => store.query(keys.notifyPartition(`E${hashEmail(DONOR)}`), 100, { beginsWith: keys.notePrefix });
const collectiveNotices = async (): Promise<Item[]> =>
  (await store.query(keys.notifyPartition(`C${COLLECTIVE}`), 100, { beginsWith: keys.notePrefix })).filter((n) => n.category === 'donation');

describe('a one-time gift', () => {
  let sessionId: string;
  let intentId: string;

  it('gets one receipt, one notice to the collective, and the fee Stripe took, whichever comes first and however often', async () => {
    const started = await give({ kind: 'gift', amountCents: 2_500, donorName: 'Linda Carter' });
    sessionId = started.sessionId;
    // Checkout is headed with the collective's name, not the account's.
    const checkoutPage = await (await fetch(started.url)).text();
    expect(checkoutPage).toMatch(/<h1 id="order-title">Support Engineers Collective<\/h1>/);
    expect(checkoutPage).not.toContain('Pay Drift Demo');
    expect((await submitPage(started.url, CARD_FORM('4242 4242 4242 4242', { email: DONOR }))).status).toBe(303);

    // The donor's return first, then Stripe's event twice.
    const back = await thanks(sessionId);
    expect(back.body).toMatchObject({ status: 'complete', recorded: { kind: 'gift', amountCents: 2_500 }, manageUrl: null });
    const [completed] = await eventsOf('checkout.session.completed', sessionId);
    await handle(completed);
    await handle(completed);
    await thanks(sessionId);

    const mine = await receipts();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      category: 'donation',
      transactional: true,
      emailTo: DONOR,
      email: 'pending',
      title: 'Your receipt from Engineers NIL Collective, Inc.: $25.00',
      link: `/support/${COLLECTIVE}`,
    });
    const body = String(mine[0].body);
    expect(body).toContain('Received by: Engineers NIL Collective, Inc.');
    expect(body).toContain('Amount: $25.00');
    expect(body).toMatch(/Date: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(body).toContain('For: One-time gift to Engineers Collective');
    expect(body).toContain(
      'Contributions or gifts to Engineers NIL Collective, Inc. are not deductible as charitable contributions for federal income tax purposes.',
    );
    const told = await collectiveNotices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'New gift: $25.00 from Linda Carter' });
    expect(JSON.stringify(told)).not.toContain('@');

    // The fee is Stripe's balance transaction's: 2.9% + 30¢ ($1.03) and the 1% platform fee (25¢).
    const session = await rail.stripe.checkout.sessions.retrieve(sessionId, { stripeAccount: account });
    intentId = String(session.payment_intent);
    expect(await findDonation(store, COLLECTIVE, intentId)).toMatchObject({ amountCents: 2_500, feeCents: 128, netCents: 2_372 });
  });

  it('shows the named donor on the wall, counts one supporter and moves the goal; an anonymous gift counts but is not named', async () => {
    expect(await page()).toMatchObject({
      supporters: 1,
      goal: { amountCents: 10_000, label: 'New uniforms', period: 'all', raisedCents: 2_500 },
      wall: [{ donorName: 'Linda Carter', kind: 'gift', tierName: null }],
    });
    const quiet = await giveAndPay({ kind: 'gift', amountCents: 1_000, donorName: 'Hidden Name', anonymous: true });
    await thanks(quiet);
    const now = await page();
    expect(now.supporters).toBe(2);
    expect(now.goal.raisedCents).toBe(3_500);
    expect(now.wall.map((w: { donorName: string }) => w.donorName)).toEqual(['Linda Carter']);
    expect(JSON.stringify(now)).not.toMatch(/Hidden Name|@/);
    expect(await receipts()).toHaveLength(2);
    expect((await collectiveNotices()).map((n) => n.title)).toContain('New gift: $10.00 from Anonymous');
  });

  it('a gift refunded in full leaves the wall and the supporters count', async () => {
    await rail.stripe.request('POST', '/v1/refunds', { params: { payment_intent: intentId }, stripeAccount: account });
    const charge = (await eventsOf('charge.refunded')).at(-1)!;
    await handle(charge);
    await handle(charge);
    const now = await page();
    expect(now.supporters).toBe(1);
    expect(now.wall).toEqual([]);
    expect(now.goal.raisedCents).toBe(1_000);
  });
});

describe('a monthly membership', () => {
  let subscriptionId: string;
  let manageUrl: string;

  it('each paid month gets its receipt with a Manage membership link; the collective is told of the new member once', async () => {
    const sessionId = await giveAndPay({ kind: 'membership', tierId: 't1', donorName: 'Sam Rivera' });
    const [completed] = await eventsOf('checkout.session.completed', sessionId);
    const back = await thanks(sessionId);
    expect(back.body).toMatchObject({ status: 'complete', recorded: { kind: 'membership', tierName: 'Crew' } });
    manageUrl = back.body.manageUrl;
    expect(manageUrl).toMatch(new RegExp(`^/api/support/${COLLECTIVE}/manage\\?s=sub_\\w+&e=\\d+&t=[\\w-]{43}$`));
    const paid = await eventsOf('invoice.paid');
    await handle(paid.at(-1)!);
    await handle(completed);
    subscriptionId = String((await rail.stripe.checkout.sessions.retrieve(sessionId, { stripeAccount: account })).subscription);

    // A month later: the renewal's receipt, no second "new member".
    await rail.local.stripe.advanceSubscriptionPeriod(subscriptionId);
    const renewal = (await eventsOf('invoice.paid')).at(-1)!;
    await handle(renewal);
    await handle(renewal);

    const memberReceipts = (await receipts()).filter((r) => String(r.body).includes('For: Crew membership'));
    expect(memberReceipts).toHaveLength(2);
    for (const r of memberReceipts) {
      expect(r.link).toMatch(new RegExp(`^/api/support/${COLLECTIVE}/manage\\?s=${subscriptionId}&`));
      expect(String(r.body)).toMatch(/For: Crew membership of Engineers Collective, [A-Z][a-z]+ \d{4}/);
      expect(String(r.body)).toContain('Manage membership');
    }
    expect((await collectiveNotices()).filter((n) => String(n.title).startsWith('New member'))).toEqual([
      expect.objectContaining({ title: 'New member: Sam Rivera' }),
    ]);
    const now = await page();
    expect(now.supporters).toBe(2); // the anonymous gift and the member
    expect(now.wall[0]).toMatchObject({ donorName: 'Sam Rivera', kind: 'membership', tierName: 'Crew' });
    expect(now.wall).toHaveLength(1); // one entry per member, not per month
  });

  it('the signed link opens the customer portal on the collective account; a forged or expired one goes back to the page', async () => {
    const [path, query] = manageUrl.split('?');
    const params = Object.fromEntries(new URLSearchParams(query));
    const open = await invoke(support, 'GET /api/support/{id}/manage', { pathParameters: { id: String(COLLECTIVE) }, query: params });
    expect(path).toBe(`/api/support/${COLLECTIVE}/manage`);
    expect(open.status).toBe(303);
    expect(open.headers?.location).toMatch(/\/local-stripe\/billing\/bps_\w+$/);
    const forged = await invoke(support, 'GET /api/support/{id}/manage', {
      pathParameters: { id: String(COLLECTIVE) },
      query: { ...params, t: `${params.t.slice(0, -1)}${params.t.endsWith('A') ? 'B' : 'A'}` },
    });
    expect(forged).toMatchObject({ status: 303, headers: { location: `${ORIGIN}/support/${COLLECTIVE}?manage=invalid` } });
    const elsewhere = await invoke(support, 'GET /api/support/{id}/manage', { pathParameters: { id: '1' }, query: params });
    expect(elsewhere.headers?.location).toBe(`${ORIGIN}/support/1?manage=invalid`);

    // The portal offers the other tier: the member moves to Captain, once, whatever the deliveries.
    const portalUrl = String(open.headers!.location);
    const portalPage = await (await fetch(portalUrl)).text();
    expect(portalPage).toContain('Change plan');
    const captain =
      /<input type="radio" id="plan-[^"]+" name="price" value="(price_\w+)"[^>]*><label for="[^"]+">Captain membership · \$50\.00 per month<\/label>/.exec(
        portalPage,
      );
    expect(captain).not.toBeNull();
    const changed = await submitPage(portalUrl, { action: 'plan', subscription: subscriptionId, price: captain![1] });
    expect(changed.status).toBe(303);
    const moved = (await eventsOf('customer.subscription.updated', subscriptionId)).at(-1)!;
    await handle(moved);
    await handle(moved);
    expect((await invoke(support, 'GET /api/collectives/{id}/support', owner)).body.activeMembers).toEqual({ t2: 1 });
    // The next month bills the new tier, and its receipt says so.
    await rail.local.stripe.advanceSubscriptionPeriod(subscriptionId);
    await handle((await eventsOf('invoice.paid')).at(-1)!);
    expect((await receipts()).filter((r) => String(r.body).includes('For: Captain membership'))).toHaveLength(1);
    expect((await receipts()).find((r) => String(r.body).includes('For: Captain membership'))!.title).toMatch(/: \$50\.00$/);

    // The portal: cancel at the period's end (still a member), then the period ends.
    const portal = await submitPage(portalUrl, { action: 'cancel', subscription: subscriptionId });
    expect(portal.form).toContain('Manage your subscription');
    expect(portal.form).toContain(`href="${ORIGIN}/support/${COLLECTIVE}"`);
    expect(portal.status).toBe(303);
    const updated = (await eventsOf('customer.subscription.updated', subscriptionId)).at(-1)!;
    expect(updated.data.object).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    await handle(updated);
    expect((await page()).supporters).toBe(2);
    await rail.local.stripe.advanceSubscriptionPeriod(subscriptionId);
    const deleted = (await eventsOf('customer.subscription.deleted', subscriptionId)).at(-1)!;
    await handle(deleted);
    await handle(deleted);
    await handle(updated); // a late, older update changes nothing
    const after = await invoke(support, 'GET /api/collectives/{id}/support', owner);
    expect(after.body.activeMembers).toEqual({});
    expect((await page()).supporters).toBe(1);
  });
});

describe('the receipt email', () => {
  it('goes to the address Stripe collected, once, with the Manage membership link; the address is then forgotten', async () => {
    const sent: Email[] = [];
    const sender = createSender({
      store,
      mailer: () => ({ send: async (email) => (sent.push(email), `msg-${sent.length}`) }),
      now: () => new Date(),
      site: () => ORIGIN,
      secret: async () => 'a-test-signing-secret-of-at-least-32-chars',
    });
    for (let pass = 0; pass < 3; pass++) for (const key of await sender.sweep()) await sender.deliver(key);
    const toDonor = sent.filter((e) => e.to[0] === DONOR);
    expect(toDonor).toHaveLength(5); // two gifts, three membership months (the third in the new tier)
    const member = toDonor.find((e) => e.text.includes('For: Crew membership'))!;
    expect(member.subject).toMatch(/^Your receipt from Engineers NIL Collective, Inc\.: \$10\.00$/);
    expect(member.text).toMatch(new RegExp(`Open: ${ORIGIN}/api/support/${COLLECTIVE}/manage\\?s=sub_`));
    expect(member.unsubscribeUrl).toBeUndefined();
    const stored = await receipts();
    expect(stored.every((r) => r.email === 'sent')).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(DONOR);
    expect(JSON.stringify(stored)).not.toContain('/manage?');
  });
});

describe('the receipt settings', () => {
  it('a tax-deductible collective says so; a goal of this month counts this month only; bad settings name their field', async () => {
    const refused = await saveSettings({ goal: { amountCents: 0, label: '', period: 'week' } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields ?? {})).toEqual(expect.arrayContaining(['goal.amountCents', 'goal.label', 'goal.period']));
    expect((await saveSettings({ taxDeductible: true, goal: { amountCents: 5_000, label: 'This month', period: 'month' } })).status).toBe(200);
    const sessionId = await giveAndPay({ kind: 'gift', amountCents: 5_000, donorName: 'Ada Park' });
    await thanks(sessionId);
    const receipt = (await receipts()).find((r) => r.email === 'pending' && String(r.title).includes('$50.00'))!;
    expect(String(receipt.body)).toContain('is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code');
    expect(String(receipt.body)).toContain('No goods or services were provided in exchange for this contribution.');
    expect((await page()).goal).toMatchObject({ period: 'month', raisedCents: 1_000 + 1_000 + 1_000 + 5_000 + 5_000 });
  });
});
