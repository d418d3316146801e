// The dashboards' write API against real DynamoDB Local: every write lands in the catalog that
// GET /api/catalog and the collective stats read.
import { handler } from '#lambdas/catalog/admin.handler';
import { loadCatalog } from '#lambdas/catalog/catalog-repo';
import { collectiveStats } from '#lambdas/sales/collective-repo';
import { searchAthletes } from '#shared/catalog/search';
import { createTestTable, type TestTable } from '../support/dynamo';
import { invoke } from '../support/invoke';

async function call(routeKey: string, pathParameters: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> {
  // Signed in as the account of the collective the route names (school routes: the school's collective).
  const collectiveId = routeKey.includes('/schools/') ? ({ '2': '1', '3': '2', '4': '3' }[pathParameters.id] ?? '99') : pathParameters.id;
  const claims = { sub: `u-${collectiveId}`, 'cognito:groups': '[collective]', 'custom:collectiveId': collectiveId };
  return invoke(handler, routeKey, { pathParameters, body: body === undefined ? undefined : JSON.stringify(body), claims });
}

describe('admin API on DynamoDB Local', () => {
  let table: TestTable;
  beforeAll(async () => {
    table = await createTestTable();
  });
  afterAll(async () => {
    await table.drop();
  });

  it('adds a new athlete profile to the collective and the catalog (found by search, no cards)', async () => {
    const res = await call(
      'POST /api/collectives/{id}/athletes',
      { id: '1' },
      { name: 'Zoe Park', sport: 'Soccer', position: 'Forward', number: '9', image: '/api/uploads/local/00000000-0000-4000-8000-000000000000.png' },
    );
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(16);

    const catalog = await loadCatalog({ fresh: true });
    const zoe = catalog.athletes.find((a) => a.id === 16)!;
    expect(zoe).toMatchObject({ name: 'Zoe Park', schoolId: 2, school: 'Drift State University', digitalcollectibles: [] });
    expect(catalog.collectives.find((c) => c.id === 1)!.members).toContain(16);
    expect(searchAthletes(catalog.athletes, 'zoe').map((a) => a.id)).toEqual([16]);

    const stats = await collectiveStats(1);
    expect(stats.members).toContain(16);
    expect(stats.athletes.find((a) => a.athleteId === 16)).toMatchObject({ cardsSold: 0, revenueCents: 0 });
  });

  it('gives concurrent creates distinct ids and keeps every member', async () => {
    const results = await Promise.all(
      ['Ann One', 'Bob Two', 'Cy Three'].map((name, i) =>
        call('POST /api/collectives/{id}/athletes', { id: '2' }, { name, sport: 'Baseball', position: 'Pitcher', number: String(i) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = results.map((r) => r.body.id);
    expect(new Set(ids).size).toBe(3);
    const catalog = await loadCatalog({ fresh: true });
    for (const id of ids) expect(catalog.collectives.find((c) => c.id === 2)!.members).toContain(id);
  });

  it('edits a member and pauses it', async () => {
    const res = await call(
      'PUT /api/collectives/{id}/athletes/{athleteId}',
      { id: '1', athleteId: '3' },
      { position: 'Slot Receiver', number: '1', status: 'Paused' },
    );
    expect(res.status).toBe(200);
    const catalog = await loadCatalog({ fresh: true });
    expect(catalog.athletes.find((a) => a.id === 3)).toMatchObject({ position: 'Slot Receiver', number: '1', status: 'Paused', name: 'Tyler Vance' });
  });

  it('removes a member from the collective but keeps the athlete in the catalog', async () => {
    const res = await call('DELETE /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '2' });
    expect(res.status).toBe(204);
    const catalog = await loadCatalog({ fresh: true });
    expect(catalog.collectives.find((c) => c.id === 1)!.members).not.toContain(2);
    expect(catalog.athletes.find((a) => a.id === 2)).toBeDefined();
    expect((await collectiveStats(1)).athletes.map((a) => a.athleteId)).not.toContain(2);

    const again = await call('DELETE /api/collectives/{id}/athletes/{athleteId}', { id: '1', athleteId: '2' });
    expect(again.status).toBe(404);
  });

  it('saves school colours', async () => {
    const res = await call('PUT /api/schools/{id}/colors', { id: '2' }, { primary: '#123456', secondary: '#ABCDEF', accent: '#000000' });
    expect(res.status).toBe(200);
    const catalog = await loadCatalog({ fresh: true });
    expect(catalog.schools.find((s) => s.id === 2)!.colors).toEqual({ primary: '#123456', secondary: '#ABCDEF', accent: '#000000' });
    expect((await call('PUT /api/schools/{id}/colors', { id: '99' }, { primary: '#123456', secondary: '#ABCDEF', accent: '#000000' })).status).toBe(403);
  });

  it('adds, edits and deletes merchandise', async () => {
    const created = await call('POST /api/schools/{id}/merch', { id: '3' }, { name: 'Scarf', priceCents: 1999, image: '/images/merch/hat.svg' });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const edited = await call(
      'PUT /api/schools/{id}/merch/{merchId}',
      { id: '3', merchId: id },
      { name: 'Wool Scarf', priceCents: 2499, image: '/images/merch/hat.svg' },
    );
    expect(edited.body).toMatchObject({ name: 'Wool Scarf', priceCents: 2499 });
    let catalog = await loadCatalog({ fresh: true });
    expect(catalog.merch.find((m) => m.schoolId === 3 && m.id === Number(id))).toMatchObject({ name: 'Wool Scarf' });

    expect((await call('DELETE /api/schools/{id}/merch/{merchId}', { id: '3', merchId: id })).status).toBe(204);
    catalog = await loadCatalog({ fresh: true });
    expect(catalog.merch.find((m) => m.schoolId === 3 && m.id === Number(id))).toBeUndefined();
    expect((await call('PUT /api/schools/{id}/merch/{merchId}', { id: '3', merchId: id }, { name: 'X', priceCents: 1, image: '/x.svg' })).status).toBe(404);
  });
});
