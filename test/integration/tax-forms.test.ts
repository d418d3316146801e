// Tax forms by payment type on DynamoDB Local through the handlers (issue 23): card royalties go on
// 1099-MISC box 2 from $10, allocated donations on the form the collective sets (1099-MISC box 3 by
// default, 1099-NEC box 1 when set) with the year's threshold; a payout pays allocated donations
// first; the collective's year-end CSV export lists every payee's totals by form and box in the
// documented layout; the athlete reads its own copy; verify finds nothing out of step.
import { handler as payouts } from '#lambdas/money/payouts.handler';
import { allocateDonation } from '../../scripts/lib/legacy-allocations';
import { dynamoStore } from '#lambdas/platform/store';
import { handler as compliance } from '#lambdas/money/compliance.handler';
import { handler as webhook } from '#lambdas/orders/webhook.handler';
import { recordDonation } from '#lambdas/sales/collective-repo';
import { sampleProductId } from '#shared/catalog/seed-data';
import { TAX_EXPORT_COLUMNS } from '#shared/money/payout-documents';
import { formsDueDate } from '#shared/money/tax-forms';
import { orderPayload } from '#shared/orders/shopify-payloads';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';
import { TEST_SECRET, deliver } from '../support/webhooks';

jest.setTimeout(120_000);

const ATHLETE = 3; // a member of collective 1: card 2 sells at $5.00
let table: TestTable;
let seq = 0;
const nextId = () => String(18_000_000_000_000_000_000n + BigInt(++seq) * 7_927n);
const collective = claimsFor.collective(1);
const athlete = claimsFor.athlete(ATHLETE);
const year = new Date().getUTCFullYear();
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  process.env.SHOPIFY_WEBHOOK_SECRET = TEST_SECRET;
  table = await createTestTable();
  // $100.00 of cards -> $97.00 of royalties; a $2,500 donation, $2,100 of it allocated to the athlete.
  const line = { id: nextId(), productId: sampleProductId(ATHLETE, 2), title: 'Card', quantity: 20, price: '5.00' };
  await deliver(webhook, 'orders/create', orderPayload({ id: nextId(), createdAt: new Date().toISOString(), email: 'fan@example.com', lines: [line] }));
  await recordDonation({
    id: 'd-tax',
    collectiveId: 1,
    date: `${today()}T00:00:00.000Z`,
    donorName: 'Harbor Bank',
    notes: '',
    amountCents: 250_000,
    type: 'Organization',
  });
  // A past allocation (the route is refused since activations: the history a table holds).
  await allocateDonation(dynamoStore, {
    collectiveId: 1,
    donationId: 'd-tax',
    allocations: [{ athleteId: ATHLETE, amountCents: 210_000 }],
    idempotencyKey: 'alloc-tax-1',
    by: 'seed',
    now: () => new Date().toISOString(),
  });
  await new Promise((r) => setTimeout(r, 5));
  const batch = await invoke(payouts, 'POST /api/collectives/{id}/payouts/batches', {
    pathParameters: { id: '1' },
    claims: collective,
    headers: { 'idempotency-key': 'batch-tax-1' },
    body: JSON.stringify({ periodStart: new Date(Date.now() - 86_400_000).toISOString(), periodEnd: new Date(Date.now() + 1).toISOString() }),
  });
  expect(batch.status).toBe(201);
  const line3 = batch.body.lines.find((l: { athleteId: number }) => l.athleteId === ATHLETE);
  expect(line3.amountCents).toBe(219_700);
  const paid = await invoke(payouts, 'POST /api/collectives/{id}/payouts/batches/{batchId}/payouts/{athleteId}', {
    pathParameters: { id: '1', batchId: batch.body.batchId, athleteId: String(ATHLETE) },
    claims: collective,
    headers: { 'idempotency-key': 'paid-tax-1' },
    body: JSON.stringify({ status: 'paid', date: today(), reference: 'ACH-TAX-1' }),
  });
  expect(paid.status).toBe(200);
});
afterAll(() => table.drop());
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});

const exportCsv = async () => {
  const res = await invoke(compliance, 'GET /api/collectives/{id}/tax/{year}/export', { pathParameters: { id: '1', year: String(year) }, claims: collective });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/csv/);
  const [header, ...rows] = String(res.body).trim().split('\r\n');
  return { header, rows: rows.map((r) => r.split(',')) };
};

it('splits the year by payment type: royalties on 1099-MISC box 2, allocated donations on box 3 by default', async () => {
  const money = await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: String(ATHLETE) }, claims: athlete });
  expect(money.body.year.paidCents).toBe(219_700);
  expect(money.body.year.taxForms).toEqual([
    expect.objectContaining({ form: '1099-MISC', box: '2', paymentType: 'royalty', paidCents: 9_700, thresholdCents: 1_000, required: true }),
    expect.objectContaining({ form: '1099-MISC', box: '3', paymentType: 'allocation', paidCents: 210_000, required: true }),
  ]);
});

it('exports every payee of the collective by form and box in the documented layout', async () => {
  const { header, rows } = await exportCsv();
  expect(header).toBe(TAX_EXPORT_COLUMNS.join(','));
  const mine = rows.filter((r) => r[3] === String(ATHLETE));
  expect(mine.map((r) => [r[0], r[1], r[6], r[7], r[9], r[10], r[13], r[16]])).toEqual([
    [String(year), '1', '1099-MISC', '2', 'card royalties', '97.00', 'yes', formsDueDate(year)],
    [String(year), '1', '1099-MISC', '3', 'donation allocations (before activations)', '2100.00', 'yes', formsDueDate(year)],
  ]);
  // Only the collective's own account, and a year that has begun.
  expect(
    (
      await invoke(compliance, 'GET /api/collectives/{id}/tax/{year}/export', {
        pathParameters: { id: '1', year: String(year) },
        claims: claimsFor.collective(2),
      })
    ).status,
  ).toBe(403);
  expect(
    (await invoke(compliance, 'GET /api/collectives/{id}/tax/{year}/export', { pathParameters: { id: '1', year: String(year + 1) }, claims: collective }))
      .status,
  ).toBe(400);
});

it('puts allocated donations on 1099-NEC box 1 once the collective sets it, with the year’s threshold', async () => {
  const set = await invoke(compliance, 'PUT /api/collectives/{id}/compliance', {
    pathParameters: { id: '1' },
    claims: collective,
    body: JSON.stringify({ payorGroup: null, allocationForm: 'nec', schoolPolicyDays: 5 }),
  });
  expect(set.body).toMatchObject({ allocationForm: 'nec', schoolPolicyDays: 5 });
  const { rows } = await exportCsv();
  const nec = rows.find((r) => r[3] === String(ATHLETE) && r[6] === '1099-NEC')!;
  expect([nec[7], nec[8], nec[10], nec[11], nec[13]]).toEqual(['1', 'Nonemployee compensation', '2100.00', year >= 2026 ? '2000.00' : '600.00', 'yes']);
  const bad = await invoke(compliance, 'PUT /api/collectives/{id}/compliance', {
    pathParameters: { id: '1' },
    claims: collective,
    body: JSON.stringify({ allocationForm: 'w2', schoolPolicyDays: -1 }),
  });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.error.fields).sort()).toEqual(['allocationForm', 'schoolPolicyDays']);
});

it("gives the athlete its own copy, as JSON and CSV, and no one else's", async () => {
  const own = await invoke(compliance, 'GET /api/athletes/{id}/tax/{year}', { pathParameters: { id: String(ATHLETE), year: String(year) }, claims: athlete });
  expect(own.body).toMatchObject({ year, athleteId: ATHLETE, dueDate: formsDueDate(year) });
  expect(own.body.rows.map((r: { form: string; box: string; amountCents: number }) => [r.form, r.box, r.amountCents])).toEqual([
    ['1099-MISC', '2', 9_700],
    ['1099-NEC', '1', 210_000],
  ]);
  const csv = await invoke(compliance, 'GET /api/athletes/{id}/tax/{year}', {
    pathParameters: { id: String(ATHLETE), year: String(year) },
    claims: athlete,
    query: { format: 'csv' },
  });
  expect(String(csv.body).trim().split('\r\n')).toHaveLength(3);
  expect(
    (
      await invoke(compliance, 'GET /api/athletes/{id}/tax/{year}', {
        pathParameters: { id: String(ATHLETE), year: String(year) },
        claims: claimsFor.athlete(1),
      })
    ).status,
  ).toBe(403);
});
