// Activations through the payouts function against DynamoDB Local (issue 33 item 3;
// docs/decisions/0027-activations.md): the collective records a deliverable for its own athletes
// only, the athlete confirms or declines its own only, a confirmation credits the balance once (and
// the audit log and the notices say so), a cancellation after it is refused, and every field error
// names its field. The old allocation route answers 410 with the reason.
import { handler as payouts } from '#lambdas/money/payouts.handler';
import { ALLOCATION_GONE_MESSAGE } from '#shared/money/activations';
import type { ActivationView } from '#shared/money/activations';
import { dynamoStore } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';
import { verifyTable } from '../../scripts/lib/verify';
import { createTestTable, type TestTable } from '../support/dynamo';
import { claimsFor, invoke } from '../support/invoke';

jest.setTimeout(120_000);

let table: TestTable;
const collective = claimsFor.collective(1);
const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const body = (more: Record<string, unknown> = {}) =>
  JSON.stringify({
    athleteId: 2,
    kind: 'social_post',
    description: 'Two posts announcing the food drive',
    date: day(-1),
    priceCents: 45_000,
    proofUrl: 'https://www.instagram.com/p/fooddrive',
    ...more,
  });
const record = (key: string, payload = body(), claims = collective, id = '1') =>
  invoke(payouts, 'POST /api/collectives/{id}/activations', { pathParameters: { id }, claims, headers: { 'idempotency-key': key }, body: payload });
const athleteMove = (athleteId: number, activationId: string, move: 'confirm' | 'decline', payload?: unknown) =>
  invoke(payouts, `POST /api/athletes/{id}/activations/{activationId}/${move}`, {
    pathParameters: { id: String(athleteId), activationId },
    claims: claimsFor.athlete(athleteId),
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
const balance = async (athleteId: number) =>
  (await invoke(payouts, 'GET /api/athletes/{id}/payouts', { pathParameters: { id: String(athleteId) }, claims: claimsFor.athlete(athleteId) })).body
    .balanceCents as number;

beforeAll(async () => {
  table = await createTestTable();
});
afterAll(() => table.drop());
afterEach(async () => {
  expect((await verifyTable()).differences).toEqual([]);
});

describe('activations', () => {
  it('are recorded by the collective for its own athletes, confirmed by the athlete, and credit the balance once', async () => {
    const created = await record('act-key-0001');
    expect(created.status).toBe(201);
    const activation = created.body as ActivationView;
    expect(activation).toMatchObject({ status: 'proposed', statusLabel: 'Waiting for the athlete', actions: ['cancel'], athleteId: 2, priceCents: 45_000 });
    expect((await record('act-key-0001')).status).toBe(200); // retried: the same activation
    expect((await record('act-key-0001', body({ priceCents: 50_000 }))).status).toBe(409);

    // Owners only: another collective, another collective's athlete, another athlete.
    expect((await record('act-key-0002', body(), claimsFor.collective(2))).status).toBe(403);
    expect((await record('act-key-0003', body({ athleteId: 4 }))).status).toBe(403);
    expect((await athleteMove(1, activation.id, 'confirm')).status).toBe(404);
    expect((await invoke(payouts, 'GET /api/athletes/{id}/activations', { pathParameters: { id: '2' }, claims: claimsFor.athlete(1) })).status).toBe(403);

    const mine = await invoke(payouts, 'GET /api/athletes/{id}/activations', { pathParameters: { id: '2' }, claims: claimsFor.athlete(2) });
    expect(mine.body.activations.map((a: ActivationView) => [a.id, a.actions])).toEqual([[activation.id, ['confirm', 'decline']]]);

    const before = await balance(2);
    const answers = await Promise.all([athleteMove(2, activation.id, 'confirm'), athleteMove(2, activation.id, 'confirm')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0].body).toMatchObject({ status: 'confirmed', actions: [] });
    expect((await balance(2)) - before).toBe(45_000);
    const cancel = await invoke(payouts, 'POST /api/collectives/{id}/activations/{activationId}/cancel', {
      pathParameters: { id: '1', activationId: activation.id },
      claims: collective,
    });
    expect(cancel.status).toBe(409);
    expect((await balance(2)) - before).toBe(45_000);

    // Audited with who and when, and the collective told.
    const audit = await dynamoStore.query(keys.auditPartition(1), 100, {});
    expect(audit.filter((e) => String(e.action).startsWith('activation.')).map((e) => [e.action, (e.actor as { label: string }).label])).toEqual(
      expect.arrayContaining([
        ['activation.proposed', 'collective1@example.com'],
        ['activation.confirmed', expect.any(String)],
      ]),
    );
  });

  it('are declined with a reason or canceled, and then pay nothing', async () => {
    const a = (await record('act-key-0010')).body as ActivationView;
    expect((await athleteMove(2, a.id, 'decline', {})).body).toMatchObject({ error: { fields: { reason: expect.stringMatching(/say why/) } } });
    const declined = await athleteMove(2, a.id, 'decline', { reason: 'I did not make these posts' });
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'I did not make these posts' });
    const b = (await record('act-key-0011')).body as ActivationView;
    const canceled = await invoke(payouts, 'POST /api/collectives/{id}/activations/{activationId}/cancel', {
      pathParameters: { id: '1', activationId: b.id },
      claims: collective,
    });
    expect(canceled.body).toMatchObject({ status: 'canceled', actions: [] });
    expect((await athleteMove(2, b.id, 'confirm')).status).toBe(409);
    const list = await invoke(payouts, 'GET /api/collectives/{id}/activations', { pathParameters: { id: '1' }, claims: collective });
    expect(
      list.body.activations
        .filter((x: ActivationView) => x.id === a.id || x.id === b.id)
        .map((x: ActivationView) => x.status)
        .sort(),
    ).toEqual(['canceled', 'declined']);
  });

  it('name every field that is wrong', async () => {
    const bad = await record(
      'act-key-0020',
      JSON.stringify({ athleteId: 2, kind: 'gift', description: '', date: 'soon', priceCents: 50, proofUrl: 'ftp://x' }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['date', 'description', 'kind', 'priceCents', 'proofUrl']);
    expect((await record('short')).status).toBe(400); // no idempotency key worth the name
  });

  it('replace the allocation route, which answers 410 with the reason', async () => {
    const gone = await invoke(payouts, 'POST /api/collectives/{id}/donations/{donationId}/allocations', {
      pathParameters: { id: '1', donationId: 'd-1' },
      claims: collective,
      headers: { 'idempotency-key': 'alloc-gone-1' },
      body: JSON.stringify({ allocations: [{ athleteId: 2, amountCents: 100 }] }),
    });
    expect(gone).toMatchObject({ status: 410, body: { error: { code: 'gone', message: ALLOCATION_GONE_MESSAGE } } });
  });
});
