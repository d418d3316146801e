// NIL Go on DynamoDB Local through the handlers (issue 23): money earned is not money provided; an
// athlete paid about $400 in one year and $300 in the next reaches $600 when the second payout is paid,
// with the deadline 5 business days later and the 97% royalty rate in the record; a collective of the
// same owner counts with it once grouped; a later eligibility start leaves earlier money out; the
// report is recorded per record, once; the disclosure export carries what NIL Go asks; verify finds
// nothing out of step.
import { handler as payouts } from '#lambdas/money/payouts.handler';
import { handler as compliance } from '#lambdas/money/compliance.handler';
import { handler as admin } from '#lambdas/catalog/admin.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { sampleProductId } from '#shared/catalog/seed-data';
import { businessDaysAfterInstant, complianceDate } from '#shared/platform/business-days';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(120_000);

const ATHLETE = 2; // Jalen Brooks, a member of collective 1 (its card 2 sells at $5.00)
let table: TestTable;
let seq = 0;
const nextId = () => String(17_000_000_000_000_000_000n + BigInt(++seq) * 7_919n);
const collective = claimsFor.collective(1);
const athlete = claimsFor.athlete(ATHLETE);
const today = () => new Date().toISOString().slice(0, 10);
const lastYear = () => `${Number(today().slice(0, 4)) - 1}-12-15`;

async function sellUnits(units: number): Promise<void> {
  const line = { id: nextId(), productId: sampleProductId(ATHLETE, 2), title: 'Card', quantity: units, price: '5.00' };
  const res = await deliver(
    webhook,
    'orders/create',
    orderPayload({ id: nextId(), createdAt: new Date().toISOString(), email: 'fan@example.com', lines: [line] }),
  );
  expect(res.status).toBe(200);
}

/** A batch over everything owed now, its line for the athlete marked paid on `date`. */
async function payOwed(key: string, date: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 5));
  const batch = await invoke(payouts, 'POST /api/collectives/{id}/payouts/batches', {
    pathParameters: { id: '1' },
    claims: collective,
    headers: { 'idempotency-key': `batch-${key}` },
    body: JSON.stringify({ periodStart: new Date(Date.now() - 300 * 86_400_000).toISOString(), periodEnd: new Date(Date.now() + 1).toISOString() }),
  });
  expect([batch.status, batch.body.error]).toEqual([201, undefined]);
  const line = batch.body.lines.find((l: { athleteId: number }) => l.athleteId === ATHLETE);
  const paid = await invoke(payouts, 'POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}', {
    pathParameters: { id: '1', batchId: batch.body.batchId, athleteId: String(ATHLETE) },
    claims: collective,
    headers: { 'idempotency-key': `paid-key-${key}` },
    body: JSON.stringify({ status: 'paid', date, reference: `ACH-${key}` }),
  });
  expect(paid.status).toBe(200);
  return line.amountCents;
}

const nilGo = async (claims: Record<string, string> = athlete) =>
  (await invoke(compliance, 'GET /api/athletes/{id}/nil-go', { pathParameters: { id: String(ATHLETE) }, claims })).body;

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  table = await createTestTable();
});
afterAll(() => table.drop());
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});

it('counts money provided, not earned: $397.70 earned and unpaid raises nothing', async () => {
  await sellUnits(82); // $410.00 -> $397.70
  const view = await nilGo();
  expect(view).toMatchObject({ eligibilityStart: '2023-08-01', eligibilityStartSource: 'join date', records: [], alert: null });
  const money = await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: String(ATHLETE) }, claims: athlete });
  expect(money.body.year.nil).toMatchObject({ crossedAt: null, deadline: null });
});

it('raises the alert when $400 paid last year and $300 paid this year reach $600, with the deadline and the royalty rate', async () => {
  const first = await payOwed('y1', lastYear());
  expect(first).toBe(39_770);
  let view = await nilGo();
  expect(view.records).toEqual([expect.objectContaining({ cumulativeCents: 39_770, reportableAt: null, status: 'under' })]);
  expect(view.alert).toBeNull();

  await sellUnits(62); // $720.00 in all -> $698.40: $300.70 more
  const second = await payOwed('y2', today());
  expect(second).toBe(30_070);
  view = await nilGo();
  const deadline = businessDaysAfterInstant(today(), 5);
  expect(view.alert).toMatchObject({
    recordId: 'collective-1~v1',
    payorGroup: 'collective-1',
    payors: [expect.any(String)],
    terms: { version: 1, from: '2023-08-01', royaltyBasisPoints: 9_700 },
    cumulativeCents: 69_840,
    thresholdCents: 60_000,
    reportableAt: today(),
    deadline,
    status: 'due',
    businessDaysLeft: 5,
    reported: null,
  });
  expect(view.alert.payments.map((p: { date: string; amountCents: number }) => [p.date, p.amountCents])).toEqual([
    [lastYear(), 39_770],
    [today(), 30_070],
  ]);
  // Both panels read it: the collective's member row, and the athlete's own.
  const members = (await invoke(payouts, 'GET /api/collectives/{id}/payouts', { pathParameters: { id: '1' }, claims: collective })).body.members;
  const row = members.find((m: { athleteId: number }) => m.athleteId === ATHLETE);
  expect(row.nilGo.alert).toMatchObject({ recordId: 'collective-1~v1', deadline });
  expect(row.year.nil).toMatchObject({ crossedAt: today(), deadline, reportedDate: null });
  expect((await nilGo(collective)).alert.deadline).toBe(deadline);
});

it('exports what NIL Go asks: parties, sport, value, rate, obligations, dates and documents', async () => {
  const csv = await invoke(compliance, 'GET /api/athletes/{id}/disclosure', {
    pathParameters: { id: String(ATHLETE) },
    claims: athlete,
    query: { format: 'csv' },
  });
  const text = String(csv.body);
  for (const field of ['parties', 'sport', 'value provided', 'royalty rate', 'obligations', 'terms from', 'reached $600.00', 'deadline', 'document'])
    expect(text).toContain(`NIL Go collective-1~v1: ${field}`);
  expect(text).toContain('97% of net card sales');
  expect(text).toMatch(/ACH-y1/);
  expect(text).toMatch(/ACH-y2/);
  const json = await invoke(compliance, 'GET /api/athletes/{id}/disclosure', { pathParameters: { id: String(ATHLETE) }, claims: athlete });
  expect(json.body.nilGo.alert.recordId).toBe('collective-1~v1');
});

it('leaves out money provided before a later eligibility start, and the collective validates the date', async () => {
  const set = (eligibilityStart: string) =>
    invoke(admin, 'PUT /api/collectives/{id}/athletes/{athleteId}', {
      pathParameters: { id: '1', athleteId: String(ATHLETE) },
      claims: collective,
      body: JSON.stringify({ eligibilityStart }),
    });
  expect((await set('2019-01-01')).body.error.fields.eligibilityStart).toMatch(/before 2021-07-01/);
  expect((await set('2999-01-01')).body.error.fields.eligibilityStart).toMatch(/future/);
  expect((await set('2026-02-30')).status).toBe(400);
  expect((await set(`${today().slice(0, 4)}-01-01`)).status).toBe(200);
  const view = await nilGo();
  expect(view).toMatchObject({ eligibilityStart: `${today().slice(0, 4)}-01-01`, eligibilityStartSource: 'athlete', alert: null });
  expect(view.records[0]).toMatchObject({ cumulativeCents: 30_070, status: 'under' });
  expect((await set('2023-08-01')).status).toBe(200);
  expect((await nilGo()).alert.status).toBe('due');
});

it('names the payor group of collectives under common ownership once the setting groups them', async () => {
  const put = (id: number, payorGroup: string | null) =>
    invoke(compliance, 'PUT /api/collectives/{id}/compliance', {
      pathParameters: { id: String(id) },
      claims: claimsFor.collective(id),
      body: JSON.stringify({ payorGroup, allocationForm: 'misc3', schoolPolicyDays: null }),
    });
  expect((await put(1, '   ')).status).toBe(200);
  const bad = await put(1, 'x'.repeat(81));
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.payorGroup).toMatch(/at most 80/);
  expect((await put(1, 'Blue Ridge Holdings')).body).toMatchObject({ payorGroup: 'Blue Ridge Holdings' });
  const view = await nilGo();
  expect(view.alert).toMatchObject({ recordId: 'group-blue-ridge-holdings~v1', payorGroup: 'group-blue-ridge-holdings', cumulativeCents: 69_840 });
  // Another collective's account may not change collective 1's settings.
  expect(
    (await invoke(compliance, 'PUT /api/collectives/{id}/compliance', { pathParameters: { id: '1' }, claims: claimsFor.collective(2), body: '{}' })).status,
  ).toBe(403);
  expect((await put(1, null)).status).toBe(200);
});

it('records the report of a record once, by the athlete or its collective; a record under $600 has nothing to report', async () => {
  const report = (recordId: string, claims: Record<string, string>, reference = 'NILGO-7788') =>
    invoke(compliance, 'POST /api/athletes/{id}/nil-go/{recordId}/reported', {
      pathParameters: { id: String(ATHLETE), recordId },
      claims,
      body: JSON.stringify({ date: complianceDate(new Date().toISOString()) > today() ? today() : complianceDate(new Date().toISOString()), reference }),
    });
  expect((await report('collective-9~v1', athlete)).status).toBe(404);
  expect((await report('collective-1~v1', claimsFor.athlete(5))).status).toBe(403);
  const done = await report('collective-1~v1', collective);
  expect(done.status).toBe(200);
  expect(done.body.alert).toBeNull();
  expect(done.body.records[0]).toMatchObject({ status: 'reported', reported: { reference: 'NILGO-7788' } });
  const again = await report('collective-1~v1', athlete, 'NILGO-OTHER');
  expect(again.status).toBe(409);
  const money = await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: String(ATHLETE) }, claims: athlete });
  expect(money.body.year.nil).toMatchObject({ reportedDate: expect.any(String), reference: 'NILGO-7788' });
});

it("shows the school's state clocks beside NIL Go's in the disclosure record, and follows the school's state and days", async () => {
  const record = async () => (await invoke(compliance, 'GET /api/athletes/{id}/disclosure', { pathParameters: { id: String(ATHLETE) }, claims: athlete })).body;
  let body = await record();
  // The sample catalog's school 2 is in New York: disclosure before signing (each card's approval).
  expect(body.state).toEqual({ code: 'NY', name: 'New York' });
  expect(body.stateRule.source).toMatch(/N\.Y\. Education Law/);
  const stateClocks = body.clocks.filter((c: { kind: string }) => c.kind === 'state');
  expect(stateClocks.length).toBeGreaterThan(0);
  expect(stateClocks[0]).toMatchObject({ timing: 'before', dueBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(body.clocks.find((c: { kind: string }) => c.kind === 'nil-go')).toMatchObject({ dueBy: businessDaysAfterInstant(today(), 5) });

  const setState = (state: string, claims: Record<string, string> = collective) =>
    invoke(admin, 'PUT /api/schools/{id}/state', { pathParameters: { id: '2' }, claims, body: JSON.stringify({ state }) });
  expect((await setState('ZZ')).body.error.fields.state).toBe('State must be a US state (two-letter code)');
  expect((await setState('ca', claimsFor.collective(2))).status).toBe(403);
  expect((await setState('ca')).body.state).toBe('CA');
  body = await record();
  expect(body.clocks.find((c: { kind: string }) => c.kind === 'state')).toMatchObject({ timing: 'school-policy', dueBy: null });
  await invoke(compliance, 'PUT /api/collectives/{id}/compliance', {
    pathParameters: { id: '1' },
    claims: collective,
    body: JSON.stringify({ payorGroup: null, allocationForm: 'misc3', schoolPolicyDays: 3 }),
  });
  body = await record();
  expect(body.clocks.find((c: { kind: string }) => c.kind === 'state')).toMatchObject({ timing: 'school-policy', dueBy: expect.stringMatching(/^\d{4}-/) });
  const csv = String(
    (await invoke(compliance, 'GET /api/athletes/{id}/disclosure', { pathParameters: { id: String(ATHLETE) }, claims: athlete, query: { format: 'csv' } }))
      .body,
  );
  expect(csv).toContain('School state,California (CA)');
  expect(csv).toMatch(/Clock \(NIL Go\)/);
  expect((await setState('NY')).status).toBe(200);
});
