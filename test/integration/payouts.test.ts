// Money reaching athletes, against DynamoDB Local through the handlers: sales -> ledger -> a payout
// batch (idempotent, also under concurrency) -> CSV -> sent -> paid -> the athlete's statement,
// NIL disclosure (NIL Go counts money provided, not earned: test/integration/nil-go.test.ts), W-9
// and the 1099 forms by payment type, the refused allocation route (past allocations still counted), and the bad inputs.
import type { CollectivePayoutsResponse } from '#shared/money/payouts-api';
import { handler as payouts } from '#lambdas/money/payouts.handler';
import { handler as compliance } from '#lambdas/money/compliance.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { recordDonation } from '#lambdas/sales/collective-repo';
import { sampleProductId } from '#shared/catalog/seed-data';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { allocateDonation } from '../../scripts/lib/legacy-allocations';
import { ALLOCATION_GONE_MESSAGE } from '#shared/money/activations';
import { dynamoStore } from '#lambdas/platform/store';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(120_000);

let table: TestTable;
let seq = 0;
const nextId = () => String(16_000_000_000_000_000_000n + BigInt(++seq) * 7_907n);
const collective = claimsFor.collective(1);
const today = () => new Date().toISOString().slice(0, 10);
// The NIL disclosure record's routes are the compliance function's; the rest are the payouts function's.
const call = (route: string, options: Parameters<typeof invoke>[2] = {}) => invoke(route.includes('/disclosure') ? compliance : payouts, route, options);
const sell = async (athleteId: number, cardId: number, quantity: number, email = 'fan@example.com') => {
  const price = athleteId > 9 ? '5.00' : ({ 1: '3.00', 2: '5.00', 3: '25.00' } as Record<number, string>)[cardId];
  const line = { id: nextId(), productId: sampleProductId(athleteId, cardId), title: 'Card', quantity, price };
  const id = nextId();
  await deliver(webhook, 'orders/create', orderPayload({ id, createdAt: new Date().toISOString(), email, lines: [line] }));
  return { id, line };
};
const createBatch = (key: string, body: Record<string, unknown>) =>
  call('POST /api/collectives/{id}/payouts/batches', {
    pathParameters: { id: '1' },
    claims: collective,
    headers: { 'idempotency-key': key },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  table = await createTestTable();
});
afterAll(() => table.drop());
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});

describe('payouts', () => {
  it('batches what members earned, once per idempotency key even when sent twice at once, and exports it as CSV', async () => {
    await sell(1, 3, 2); // $50.00 -> $48.50
    await sell(2, 2, 1); // $5.00 -> $4.85
    const body = { periodStart: '2026-01-01', periodEnd: new Date(Date.now() + 1).toISOString() };
    await new Promise((r) => setTimeout(r, 5));
    const [a, b] = await Promise.all([createBatch('batch-week-1', body), createBatch('batch-week-1', body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.batchId).toBe(b.body.batchId);
    expect(a.body.lines.map((l: { athleteId: number; amountCents: number }) => [l.athleteId, l.amountCents]).sort()).toEqual([
      [1, 4850],
      [2, 485],
    ]);
    // Another key for the same money: nothing left to pay.
    const again = await createBatch('batch-week-1-retry', body);
    expect(again.status).toBe(400);
    expect(again.body.error.fields.period).toMatch(/Nothing to pay/);

    const csv = await invoke(payouts, 'GET /api/collectives/{id}/payouts/batches/{batchId}/csv', {
      pathParameters: { id: '1', batchId: a.body.batchId },
      claims: collective,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const rows = String(csv.body).trim().split('\r\n');
    expect(rows[0]).toBe('athlete,school,amount,period,batch id,status,sent on,paid on,reference');
    expect(rows.slice(1).sort()).toEqual([
      `Jalen Brooks,Drift State University,4.85,2026-01-01 through ${body.periodEnd.slice(0, 10)},${a.body.batchId},pending,,,`,
      `Marcus Reed,Drift State University,48.50,2026-01-01 through ${body.periodEnd.slice(0, 10)},${a.body.batchId},pending,,,`,
    ]);
  });

  it('marks payouts sent then paid with references, idempotently, and counts paid royalties on 1099-MISC box 2', async () => {
    const [batch] = (await call('GET /api/collectives/{id}/payouts', { pathParameters: { id: '1' }, claims: collective })).body.batches;
    const mark = (athleteId: number, status: string, key: string, reference = 'ACH-778899') =>
      call('POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}', {
        pathParameters: { id: '1', batchId: batch.batchId, athleteId: String(athleteId) },
        claims: collective,
        headers: { 'idempotency-key': key },
        body: JSON.stringify({ status, date: today(), reference }),
      });
    expect((await mark(1, 'sent', 'sent-1-key')).body).toMatchObject({ status: 'sent', sentReference: 'ACH-778899' });
    // Sent by hand is on its way, not paid out yet.
    const sent = await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) });
    expect(sent.body).toMatchObject({ paidOutCents: 0, sentCents: 4850, awaitingCents: 0 });
    expect((await mark(1, 'paid', 'paid-1-key')).body).toMatchObject({ status: 'paid', paidReference: 'ACH-778899' });
    expect((await mark(1, 'paid', 'paid-1-key')).status).toBe(200); // a retry: the same answer
    const twice = await mark(1, 'paid', 'paid-1-other');
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toMatch(/already marked paid/);
    const athlete = await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1) });
    // Card royalties: 1099-MISC box 2 from $10 (the 1099-NEC threshold, $2,000, does not apply to them).
    expect(athlete.body).toMatchObject({ balanceCents: 0, paidOutCents: 4850, year: { paidCents: 4850, form1099Required: true } });
    expect(athlete.body.year.taxForms).toEqual([
      expect.objectContaining({ form: '1099-MISC', box: '2', paidCents: 4850, thresholdCents: 1000, required: true }),
    ]);
    expect(athlete.body.payouts[0]).toMatchObject({ status: 'paid', amountCents: 4850 });
  });

  it("keeps a refund after a payout as a negative balance, and the statement's balances carry forward", async () => {
    const { id, line } = await sell(3, 1, 1); // $3.00 -> $2.91
    await createBatch('batch-athlete-3', { periodStart: '2026-01-01', periodEnd: new Date(Date.now() + 1).toISOString() });
    await deliver(
      webhook,
      'refunds/create',
      refundPayload({ id: nextId(), orderId: id, createdAt: new Date().toISOString(), lines: [{ lineItemId: line.id, quantity: 1, subtotal: '3.00' }] }),
    );
    const money = await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '3' }, claims: claimsFor.athlete(3) });
    expect(money.body.balanceCents).toBe(-291);
    const s = await call('GET /api/athletes/{id}/statement', {
      pathParameters: { id: '3' },
      claims: claimsFor.athlete(3),
      query: { from: '2026-01-01', to: '2026-12-31' },
    });
    expect(s.body).toMatchObject({ openingBalanceCents: 0, earningsCents: 291, reversalsCents: 291, payoutsCents: 291, closingBalanceCents: -291 });
    expect(s.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['sale', 'payout', 'refund']);
    // Nothing to pay while the balance is negative.
    expect((await createBatch('batch-athlete-3-again', { periodStart: '2026-01-01', periodEnd: new Date().toISOString() })).status).toBe(400);
  });

  it('raises no NIL disclosure alert for money earned but not paid, and still records a report', async () => {
    await sell(10, 1, 130); // $5.00 x 130 = $650.00 -> $630.50
    const money = await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '10' }, claims: claimsFor.athlete(10) });
    expect(money.body.year.earnedCents).toBe(63050);
    // NIL Go counts what was provided (paid), over the eligibility period: nothing paid, nothing due.
    expect(money.body.year.nil).toMatchObject({ crossedAt: null, deadline: null });
    expect(money.body.nilGo).toMatchObject({ records: [], alert: null });
    const record = await call('GET /api/athletes/{id}/disclosure', { pathParameters: { id: '10' }, claims: collective });
    expect(record.body).toMatchObject({
      athlete: { id: 10, name: 'Avery Collins' },
      payor: { name: expect.any(String) },
      earnedCents: 63050,
      reportedDate: null,
    });
    expect(record.body.compensation).toMatch(/97% of net card sales/);
    const reported = await call('POST /api/athletes/{id}/disclosure/{year}/reported', {
      pathParameters: { id: '10', year: today().slice(0, 4) },
      claims: claimsFor.athlete(10),
      body: JSON.stringify({ date: today(), reference: 'NILGO-12345' }),
    });
    expect(reported.body).toMatchObject({ reportedDate: today(), reference: 'NILGO-12345' });
  });

  it('records W-9 status (never a taxpayer id), and allocates donations through the ledger without over-allocating', async () => {
    const year = today().slice(0, 4);
    const w9 = await call('PUT /api/collectives/{id}/athletes/{athleteId}/tax/{year}', {
      pathParameters: { id: '1', athleteId: '2', year },
      claims: collective,
      body: JSON.stringify({ w9OnFile: true, date: today() }),
    });
    expect(w9.body).toMatchObject({ w9OnFile: true, w9Date: today() });
    const tin = await call('PUT /api/collectives/{id}/athletes/{athleteId}/tax/{year}', {
      pathParameters: { id: '1', athleteId: '2', year },
      claims: collective,
      body: JSON.stringify({ w9OnFile: true, date: today(), taxpayerId: '123-45-6789' }),
    });
    expect(tin.status).toBe(400);

    await recordDonation({
      id: 'd-alloc',
      collectiveId: 1,
      date: '2026-11-01T00:00:00.000Z',
      donorName: 'Harbor Bank',
      notes: 'For the roster',
      amountCents: 10_000,
      type: 'Organization',
    });
    const allocate = (key: string, allocations: unknown, claims = collective) =>
      call('POST /api/collectives/{id}/donations/{donationId}/allocations', {
        pathParameters: { id: '1', donationId: 'd-alloc' },
        claims,
        headers: { 'idempotency-key': key },
        body: JSON.stringify({ allocations }),
      });
    const before = (await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '2' }, claims: claimsFor.athlete(2) })).body.balanceCents;
    // A payment with no deliverable is refused (NIL Go, 2026: docs/decisions/0027), with the reason.
    const refused = await allocate('alloc-key-1', [{ athleteId: 2, amountCents: 6_000 }]);
    expect(refused).toMatchObject({ status: 410, body: { error: { code: 'gone', message: ALLOCATION_GONE_MESSAGE } } });
    expect((await allocate('alloc-key-2', [{ athleteId: 2, amountCents: 6_000 }], claimsFor.collective(2))).status).toBe(403); // not its collective
    const after = (await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '2' }, claims: claimsFor.athlete(2) })).body.balanceCents;
    expect(after).toBe(before);
    // A past allocation (from before activations) still counts in the balance.
    await allocateDonation(dynamoStore, {
      collectiveId: 1,
      donationId: 'd-alloc',
      allocations: [{ athleteId: 2, amountCents: 6_000 }],
      idempotencyKey: 'past-alloc-1',
      by: 'seed',
      now: () => new Date().toISOString(),
    });
    const withPast = (await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '2' }, claims: claimsFor.athlete(2) })).body.balanceCents;
    expect(withPast - before).toBe(6_000);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const future = await createBatch('batch-future-key', { periodStart: '2026-01-01', periodEnd: '2999-01-01' });
    expect(future).toMatchObject({ status: 400, body: { error: { fields: { periodEnd: expect.stringMatching(/future/) } } } });
    expect((await createBatch('x', { periodStart: '2026-01-01', periodEnd: '2026-02-01' })).status).toBe(400); // key too short
    expect((await call('GET /api/collectives/{id}/payouts', { pathParameters: { id: '1' }, claims: claimsFor.collective(2) })).status).toBe(403);
    expect((await call('GET /api/athletes/{id}/payouts', { pathParameters: { id: '1' }, claims: claimsFor.athlete(2) })).status).toBe(403);
    const [batch] = (await call('GET /api/collectives/{id}/payouts', { pathParameters: { id: '1' }, claims: collective })).body.batches;
    const otherAthlete = await call('POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}', {
      pathParameters: { id: '1', batchId: batch.batchId, athleteId: '4' },
      claims: collective,
      headers: { 'idempotency-key': 'mark-other-key' },
      body: JSON.stringify({ status: 'paid', date: today(), reference: 'X' }),
    });
    expect(otherAthlete.status).toBe(403);
    const futureDate = await call('POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}', {
      pathParameters: { id: '1', batchId: batch.batchId, athleteId: '2' },
      claims: collective,
      headers: { 'idempotency-key': 'mark-future-key' },
      body: JSON.stringify({ status: 'paid', date: '2999-01-01', reference: 'X' }),
    });
    expect(futureDate.status).toBe(400);
  });

  it('pays what is owed now with the default period, through today, in one step, and refuses a period past today', async () => {
    await sell(2, 1, 1); // $3.00 -> $2.91
    const read = async () =>
      (await call('GET /api/collectives/{id}/payouts', { pathParameters: { id: '1' }, claims: collective })).body as CollectivePayoutsResponse;
    const view = await read();
    const tomorrow = new Date(Date.parse(`${today()}T00:00:00.000Z`) + 86_400_000).toISOString();
    expect(view.defaultPeriod.periodEnd).toBe(tomorrow);
    // Every balance shown as owed is payable with the default period (a negative one is not owed).
    for (const m of view.members) expect(m.payableCents).toBe(Math.max(0, m.balanceCents));
    const owed = view.members.reduce((n, m) => n + m.payableCents, 0);
    expect(view.members.find((m) => m.athleteId === 2)!.payableCents).toBeGreaterThanOrEqual(291);
    // The form sends the first day and the day after the last day (today): accepted, everything paid.
    const batch = await createBatch('batch-through-today', { periodStart: view.defaultPeriod.periodStart.slice(0, 10), periodEnd: tomorrow.slice(0, 10) });
    expect(batch.status).toBe(201);
    expect(batch.body.totalCents).toBe(owed);
    const after = await read();
    for (const m of after.members) expect(m.payableCents).toBe(0);
    // The next default period starts the day this one ended.
    expect(after.defaultPeriod.periodStart).toBe(`${today()}T00:00:00.000Z`);
    const dayAfterTomorrow = new Date(Date.parse(tomorrow) + 86_400_000).toISOString().slice(0, 10);
    const past = await createBatch('batch-past-today', { periodStart: today(), periodEnd: dayAfterTomorrow });
    expect(past).toMatchObject({ status: 400, body: { error: { fields: { periodEnd: expect.stringMatching(/future/) } } } });
  });
});
