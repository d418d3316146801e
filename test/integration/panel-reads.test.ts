// The panels' reads added by issue 25, against DynamoDB Local through the handlers: sales and
// donations by UTC day for the charts' 7- and 30-day ranges, the donations allocated to an athlete
// (its own, not its collective's), statement lines with the order's date and cards and a CSV of the
// whole period, and the preview of "Pay everything owed through {date}" agreeing with the batch it
// creates.
import { handler as athletes } from '#lambdas/sales/athletes.handler';
import { allocateDonation } from '../../scripts/lib/legacy-allocations';
import { dynamoStore } from '#lambdas/platform/store';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as payouts } from '#lambdas/money/payouts.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { recordDonation } from '#lambdas/sales/collective-repo';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload } from '#shared/orders/shopify-payloads';
import type { AthleteDailyResponse, AthleteDonationsResponse, CollectiveDailyResponse } from '#shared/sales/sales-api';
import type { PayoutPreview, StatementResponse } from '#shared/money/payouts-api';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(120_000);

let table: TestTable;
let seq = 0;
const nextId = () => String(17_000_000_000_000_000_000n + BigInt(++seq) * 7_919n);
const DAY = 86_400_000;
const now = Date.now();
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const PRICE: Record<number, string> = { 1: '3.00', 2: '5.00', 3: '25.00' };

async function sell(athleteId: number, cardId: number, quantity: number, createdAt: string) {
  const line = { id: nextId(), productId: sampleProductId(athleteId, cardId), title: 'Card', quantity, price: PRICE[cardId] };
  await deliver(webhook, 'orders/create', orderPayload({ id: nextId(), number: 2000 + seq, createdAt, email: 'fan@example.com', lines: [line] }));
}

const owner = { claims: claimsFor.collective(1), pathParameters: { id: '1' } };

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  table = await createTestTable();
  await sell(1, 1, 2, new Date(now).toISOString()); // today: 2 x $3.00
  await sell(1, 2, 1, new Date(now - 3 * DAY).toISOString()); // three days ago: $5.00
  await sell(1, 3, 1, new Date(now - 40 * DAY).toISOString()); // forty days ago: $25.00
  await recordDonation({
    id: 'd-today',
    collectiveId: 1,
    date: new Date(now).toISOString(),
    donorName: 'Harbor Bank',
    notes: 'For the roster',
    amountCents: 10_000,
    type: 'Organization',
  });
});
afterAll(() => table.drop());
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});

describe('sales by day', () => {
  it("answers an athlete's counted sales per UTC day of the last 7 and 30 days, and refuses other ranges", async () => {
    const week = await invoke(athletes, 'GET /api/athletes/{id}/daily', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1), query: { days: '7' } });
    expect(week.status).toBe(200);
    const body = week.body as AthleteDailyResponse;
    expect(body).toMatchObject({ athleteId: 1, from: dayOf(now - 6 * DAY), to: dayOf(now), complete: true });
    expect(body.days).toEqual([
      { date: dayOf(now - 3 * DAY), cardsSold: 1, revenueCents: 500 },
      { date: dayOf(now), cardsSold: 2, revenueCents: 600 },
    ]);
    const month = await invoke(athletes, 'GET /api/athletes/{id}/daily', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1), query: { days: '30' } });
    expect((month.body as AthleteDailyResponse).days.map((d) => d.revenueCents)).toEqual([500, 600]); // the 40-day-old sale is not in it
    const bad = await invoke(athletes, 'GET /api/athletes/{id}/daily', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1), query: { days: '8' } });
    expect(bad).toMatchObject({ status: 400, body: { error: { fields: { days: 'must be 7 or 30' } } } });
    const other = await invoke(athletes, 'GET /api/athletes/{id}/daily', { pathParameters: { id: '1' }, claims: claimsFor.athlete(2), query: { days: '7' } });
    expect(other.status).toBe(403);
  });

  it("answers a collective's sales, its athletes' 97% and its donations per UTC day, from its feed", async () => {
    const week = await invoke(collectives, 'GET /api/collectives/{id}/daily', { ...owner, query: { days: '7' } });
    expect(week.status).toBe(200);
    expect((week.body as CollectiveDailyResponse).days).toEqual([
      { date: dayOf(now - 3 * DAY), revenueCents: 500, athleteCents: 485, donationsCents: 0 },
      { date: dayOf(now), revenueCents: 600, athleteCents: 582, donationsCents: 10_000 },
    ]);
    expect((await invoke(collectives, 'GET /api/collectives/{id}/daily', { claims: claimsFor.collective(2), pathParameters: { id: '1' } })).status).toBe(403);
  });
});

describe("an athlete's own donations", () => {
  it('counts only the donations allocated to the athlete, with its collective’s figures beside them', async () => {
    // A past allocation (the route is refused since activations: the history a table holds).
    await allocateDonation(dynamoStore, {
      collectiveId: 1,
      donationId: 'd-today',
      allocations: [{ athleteId: 2, amountCents: 6_000 }],
      idempotencyKey: 'alloc-panel-reads-1',
      by: 'seed',
      now: () => new Date().toISOString(),
    });
    const mine = (await invoke(athletes, 'GET /api/athletes/{id}/donations', { pathParameters: { id: '2' }, claims: claimsFor.athlete(2) }))
      .body as AthleteDonationsResponse;
    expect(mine).toMatchObject({
      athleteId: 2,
      totalDonationsCents: 6_000,
      monthly: [{ month: dayOf(now).slice(0, 7), amountCents: 6_000 }],
      donationsThisYear: 1,
      recurringThisMonth: 0,
      recent: [{ donationId: 'd-today', amountCents: 6_000 }],
      collective: { totalDonationsCents: 10_000, donationsThisYear: 1 },
    });
    const none = (await invoke(athletes, 'GET /api/athletes/{id}/donations', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) }))
      .body as AthleteDonationsResponse;
    expect(none).toMatchObject({ totalDonationsCents: 0, monthly: [], donationsThisYear: 0, recent: [], collective: { totalDonationsCents: 10_000 } });
  });
});

describe('the statement', () => {
  const range = { from: dayOf(now - 60 * DAY), to: dayOf(now + DAY) };
  it('names each sale line’s cards and order date beside the day it was settled, a page at a time', async () => {
    const first = await invoke(payouts, 'GET /api/athletes/{id}/statement', {
      pathParameters: { id: '1' },
      claims: claimsFor.athlete(1),
      query: { ...range, limit: '2' },
    });
    expect(first.status).toBe(200);
    const page = first.body as StatementResponse;
    expect(page.entries).toHaveLength(2);
    expect(page.nextAfter).toEqual(expect.any(String));
    const earlier = page.entries.find((e) => e.cards.some((c) => /Card #2$/.test(c)))!;
    expect(earlier.orderDate!.slice(0, 10)).toBe(dayOf(now - 3 * DAY));
    expect(earlier.at.slice(0, 10)).toBe(dayOf(now)); // settled when delivered
    expect(earlier).not.toHaveProperty('PK');
    const rest = await invoke(payouts, 'GET /api/athletes/{id}/statement', {
      pathParameters: { id: '1' },
      claims: claimsFor.athlete(1),
      query: { ...range, limit: '2', after: page.nextAfter! },
    });
    const last = (rest.body as StatementResponse).entries;
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ cards: ['Marcus Reed - Card #3'], orderName: expect.any(String) });
    expect(last[0].orderDate!.slice(0, 10)).toBe(dayOf(now - 40 * DAY));
    expect(
      (
        await invoke(payouts, 'GET /api/athletes/{id}/statement', {
          pathParameters: { id: '1' },
          claims: claimsFor.athlete(1),
          query: { ...range, limit: '500' },
        })
      ).status,
    ).toBe(400);
  });

  it('downloads the whole period as CSV, not one page', async () => {
    const file = await invoke(payouts, 'GET /api/athletes/{id}/statement', {
      pathParameters: { id: '1' },
      claims: claimsFor.athlete(1),
      query: { ...range, limit: '1', format: 'csv' },
    });
    expect(file.status).toBe(200);
    const rows = String(file.body).trim().split('\r\n');
    expect(rows[0]).toBe('order date,settled,kind,reference,cards,gross,athlete amount,balance');
    expect(rows.filter((r) => r.includes(',sale,'))).toHaveLength(3);
    expect(rows.at(-1)).toBe('Closing balance,,,,,,,34.92');
  });
});

describe('Pay everything owed through a day', () => {
  it('previews who gets what, says what is not payable yet and when, and the batch pays exactly the preview', async () => {
    const preview = async (through?: string) =>
      (await invoke(payouts, 'GET /api/collectives/{id}/payouts/preview', { ...owner, query: through ? { through } : {} })).body as PayoutPreview;
    const today = await preview();
    expect(today).toMatchObject({ collectiveId: 1, through: dayOf(now), stripeReady: false, notPayable: [] });
    expect(today.lines).toEqual([
      { athleteId: 1, amountCents: 3492, rail: 'by_hand' },
      { athleteId: 2, amountCents: 6000, rail: 'by_hand' },
    ]);
    expect(today.totalCents).toBe(9492);
    // Everything was recorded today: through yesterday nothing is payable, and all of it is from today.
    const yesterday = await preview(dayOf(now - DAY));
    expect(yesterday.lines).toEqual([]);
    expect(yesterday.notPayable).toEqual([
      { athleteId: 1, amountCents: 3492, reason: 'after_date', availableOn: dayOf(now) },
      { athleteId: 2, amountCents: 6000, reason: 'after_date', availableOn: dayOf(now) },
    ]);
    const future = await invoke(payouts, 'GET /api/collectives/{id}/payouts/preview', { ...owner, query: { through: dayOf(now + DAY) } });
    expect(future).toMatchObject({ status: 400, body: { error: { fields: { through: expect.stringMatching(/today/) } } } });

    const batch = await invoke(payouts, 'POST /api/collectives/{id}/payouts/batches', {
      ...owner,
      headers: { 'idempotency-key': 'pay-everything-panel-reads' },
      body: JSON.stringify(today.period),
    });
    expect(batch.status).toBe(201);
    const paid = (batch.body.lines as Array<{ athleteId: number; amountCents: number }>).map((l) => ({ athleteId: l.athleteId, amountCents: l.amountCents }));
    expect(paid.sort((a, b) => a.athleteId - b.athleteId)).toEqual(today.lines.map(({ athleteId, amountCents }) => ({ athleteId, amountCents })));
    const after = await preview();
    expect(after.lines).toEqual([]);
    expect(after.inFlight.map((l) => [l.athleteId, l.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
    ]);
  });
});
