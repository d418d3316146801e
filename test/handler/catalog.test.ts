// The catalog by entity (lambdas/catalog/catalog.handler.ts, search.ts, collectives.ts members): each
// answer from targeted reads of the catalog's items, bounded whatever the catalog holds, with
// JSON errors, 404 for unknown ids and the stated cache headers.
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { catalogItems } from '#lambdas/catalog/catalog-items';
import { invalidateCatalogCache } from '#lambdas/catalog/catalog-repo';
import * as keys from '#lambdas/platform/keys';
import { resetSearchIndex } from '#lambdas/catalog/search-index';
import { handler as catalog } from '#lambdas/catalog/catalog.handler';
import { handler as collectives } from '#lambdas/sales/collectives.handler';
import { handler as search } from '#lambdas/catalog/search.handler';
import type { Catalog } from '#shared/catalog/catalog-types';
import { compareRoster, searchAthletes } from '#shared/catalog/search';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { nationalCatalog } from '../../scripts/lib/national-catalog';
import { installFakeTable } from '../support/fake-table';
import { claimsFor, invoke } from '../support/invoke';

const ddb = mockClient(DynamoDBDocumentClient);
/** 400 athletes at 4 schools: rosters and searches larger than one page. */
const big: Catalog = nationalCatalog(400, { schools: 4 });

function useCatalog(c: Catalog, extra: Array<Record<string, unknown>> = []) {
  ddb.reset();
  invalidateCatalogCache();
  resetSearchIndex();
  installFakeTable(ddb, [...catalogItems(c), ...extra]);
}

beforeEach(() => {
  process.env.LOG_LEVEL = 'silent';
  process.env.DEMO_MODE = 'true';
  useCatalog(SAMPLE_CATALOG);
});

const get = (
  handler: unknown,
  routeKey: string,
  pathParameters: Record<string, string> = {},
  query?: Record<string, string>,
  claims?: Record<string, string>,
) => invoke(handler, routeKey, { pathParameters, ...(query ? { query } : {}), ...(claims ? { claims } : {}) });

describe('GET /api/athletes/{id}', () => {
  it("answers the profile and its public cards with each card's sale state from the athlete's total", async () => {
    useCatalog(SAMPLE_CATALOG, [
      {
        ...keys.aggTotal(1),
        cards: { 1: 30, 2: 12, 3: 3 },
        issued: { 1: 30, 2: 12, 3: 4 },
        oversold: {},
        unlockedAt: { 2: '2026-05-01T00:00:00.000Z', 3: '2026-08-01T00:00:00.000Z' },
      },
    ]);
    const res = await get(catalog, 'GET /api/athletes/{id}', { id: '1' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=20');
    expect(res.body.athlete).toMatchObject({ id: 1, name: 'Marcus Reed', school: 'Drift State University', collectiveId: 1 });
    expect(res.body.cards.map((c: { name: string; remaining: number; locked: boolean }) => [c.name, c.remaining, c.locked])).toEqual([
      ['Marcus Reed - Card #1', 470, false],
      ['Marcus Reed - Card #2', 88, false],
      ['Marcus Reed - Card #3', 6, false],
    ]);
    expect(res.body.sets).toEqual([{ id: 1, name: '2026 Season', cardIds: [1, 2, 3], closedAt: expect.any(String) }]);
  });

  it('shows a locked card with its progress when nothing unlocked it yet', async () => {
    useCatalog(SAMPLE_CATALOG, [{ ...keys.aggTotal(3), cards: { 1: 8 }, issued: { 1: 8 } }]);
    const res = await get(catalog, 'GET /api/athletes/{id}', { id: '3' });
    expect(res.body.cards[1]).toMatchObject({ edition: 'Gold', locked: true, buyable: false, unlock: { cardId: 1, units: 25, sold: 8, unlockedAt: null } });
  });

  it('answers 404 JSON for an unknown athlete and 400 for a bad id', async () => {
    expect(await get(catalog, 'GET /api/athletes/{id}', { id: '999' })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(await get(catalog, 'GET /api/athletes/{id}', { id: 'x' })).toMatchObject({ status: 400, body: { error: { fields: { id: expect.any(String) } } } });
  });

  it('reads one partition and one total, never the catalog', async () => {
    await get(catalog, 'GET /api/athletes/{id}', { id: '1' });
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues?.[':pk']);
    expect(queries).toEqual(['CATALOG#ATHLETE#1']);
  });
});

describe('GET /api/athletes?ids=', () => {
  it('answers the athletes asked for, leaving unknown ids out', async () => {
    const res = await get(catalog, 'GET /api/athletes', {}, { ids: '2,999,1,2' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((a: { athlete: { id: number } }) => a.athlete.id)).toEqual([2, 1]);
  });

  it.each(['', '1,,x', '0', Array.from({ length: 25 }, (_, i) => i + 1).join(',')])('answers 400 for ids=%p', async (ids) => {
    const res = await get(catalog, 'GET /api/athletes', {}, { ids });
    expect(res).toMatchObject({ status: 400, body: { error: { fields: { ids: expect.any(String) } } } });
  });
});

describe('GET /api/athletes/{id}/related', () => {
  it('answers athletes of the same school, the athlete excluded', async () => {
    const res = await get(catalog, 'GET /api/athletes/{id}/related', { id: '1' });
    expect(res.body.items.map((a: { id: number }) => a.id).sort((x: number, y: number) => x - y)).toEqual([2, 3, 10, 11]);
    expect(res.body.items[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      schoolId: 2,
      school: 'Drift State University',
      sport: expect.any(String),
      position: expect.any(String),
      number: expect.any(String),
      image: expect.any(String),
      level: expect.any(Number),
      stats: { year: expect.any(String) },
    });
  });

  it('is bounded whatever the school holds', async () => {
    useCatalog(big);
    const res = await get(catalog, 'GET /api/athletes/{id}/related', { id: '1' }, { limit: '5' });
    expect(res.body.items).toHaveLength(5);
    expect(res.body.items.every((a: { schoolId: number; id: number }) => a.schoolId === 1 && a.id !== 1)).toBe(true);
    expect((await get(catalog, 'GET /api/athletes/{id}/related', { id: '1' })).body.items).toHaveLength(12);
    expect((await get(catalog, 'GET /api/athletes/{id}/related', { id: '1' }, { limit: '25' })).status).toBe(400);
    expect((await get(catalog, 'GET /api/athletes/{id}/related', { id: '4000' })).status).toBe(404);
  });
});

describe('GET /api/schools/{id}', () => {
  it('answers the school, each sport with its count and first athletes in roster order, and its merch', async () => {
    const res = await get(catalog, 'GET /api/schools/{id}', { id: '2' });
    expect(res.status).toBe(200);
    expect(res.body.school).toMatchObject({ id: 2, name: 'Drift State University', colors: { primary: '#C4161C' } });
    expect(res.body.sports.map((s: { sport: string; count: number }) => [s.sport, s.count])).toEqual([
      ['Football', 2],
      ['Basketball', 1],
      ['Fishing', 1],
      ['Track and Field', 1],
    ]);
    expect(res.body.sports[0].athletes.map((a: { number: string }) => a.number)).toEqual(['7', '11']);
    expect(res.body.merch.map((m: { name: string }) => m.name)).toEqual(['School Hat', 'T Shirt', 'Sweat Shirt']);
  });

  it('bounds each sport to its first 12 athletes', async () => {
    useCatalog(big);
    const res = await get(catalog, 'GET /api/schools/{id}', { id: '1' });
    const football = res.body.sports.find((s: { sport: string }) => s.sport === 'Football');
    expect(football.count).toBeGreaterThan(12);
    expect(football.athletes).toHaveLength(12);
    const expected = big.athletes
      .filter((a) => a.schoolId === 1 && a.sport === 'Football')
      .sort(compareRoster)
      .slice(0, 12);
    expect(football.athletes.map((a: { number: string }) => Number(a.number))).toEqual(expected.map((a) => Number(a.number)));
  });

  it('answers 404 for an unknown school, and its merch route too', async () => {
    expect((await get(catalog, 'GET /api/schools/{id}', { id: '9' })).status).toBe(404);
    expect((await get(catalog, 'GET /api/schools/{id}/merch', { id: '9' })).status).toBe(404);
    expect((await get(catalog, 'GET /api/schools/{id}/merch', { id: '3' })).body.items.map((m: { schoolId: number }) => m.schoolId)).toEqual([3, 3, 3]);
  });
});

describe('GET /api/schools/{id}/sports/{sport}/athletes', () => {
  const roster = (query: Record<string, string> = {}, sport = 'Football', id = '1') =>
    get(catalog, 'GET /api/schools/{id}/sports/{sport}/athletes', { id, sport }, query);

  it('pages the whole roster in jersey-then-name order, with its size and positions', async () => {
    useCatalog(big);
    const expected = big.athletes.filter((a) => a.schoolId === 1 && a.sport === 'Football').sort(compareRoster);
    const seen: Array<{ id: number; number: string; name: string }> = [];
    let cursor: string | undefined;
    do {
      const res = await roster({ limit: '10', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ school: { id: 1 }, sport: 'Football', total: expected.length });
      seen.push(...res.body.items);
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.map((a) => a.id)).toEqual(expected.map((a) => a.id));
    expect((await roster()).body.positions).toEqual([...new Set(expected.map((a) => a.position))].sort((a, b) => a.localeCompare(b)));
  });

  it('filters by position and by name or jersey number (case-insensitive substring), still paginated', async () => {
    useCatalog(big);
    const all = big.athletes.filter((a) => a.schoolId === 1 && a.sport === 'Football').sort(compareRoster);
    const position = all[0].position;
    const byPosition = await roster({ position, limit: '100' });
    expect(byPosition.body.items.map((a: { id: number }) => a.id)).toEqual(all.filter((a) => a.position === position).map((a) => a.id));
    const q = all[3].name.split(' ')[1].slice(0, 3).toUpperCase();
    const byName = await roster({ query: q, limit: '100' });
    expect(byName.body.items.map((a: { id: number }) => a.id)).toEqual(
      all.filter((a) => a.name.toLowerCase().includes(q.toLowerCase()) || a.number.includes(q.toLowerCase())).map((a) => a.id),
    );
    const byNumber = await roster({ query: all[5].number, limit: '100' });
    expect(byNumber.body.items.map((a: { id: number }) => a.id)).toContain(all[5].id);
  });

  it('takes the sport in any case, answers an empty roster for a sport without athletes and 404 for an unknown school', async () => {
    expect((await roster({}, 'football', '2')).body.items.map((a: { id: number }) => a.id)).toEqual([1, 3]);
    expect((await roster({}, 'Hockey', '2')).body).toMatchObject({ items: [], total: 0, nextCursor: null, positions: [] });
    expect((await roster({}, 'Football', '9')).status).toBe(404);
  });

  it('refuses a cursor of another sport or school, and a page over 100', async () => {
    useCatalog(big);
    const first = await roster({ limit: '5' });
    expect((await roster({ cursor: first.body.nextCursor }, 'Soccer')).status).toBe(400);
    expect((await roster({ cursor: first.body.nextCursor }, 'Football', '2')).status).toBe(200); // same sport, other school: its partition, the position is only a sort key
    expect((await roster({ limit: '101' })).status).toBe(400);
  });
});

describe('GET /api/featured', () => {
  it('answers up to 6 first schools and the last 6 athletes in catalog order', async () => {
    useCatalog(big);
    const res = await get(catalog, 'GET /api/featured');
    expect(res.body.schools.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4]);
    expect(res.body.athletes.map((a: { id: number }) => a.id)).toEqual([395, 396, 397, 398, 399, 400]);
    expect(res.body.schools[0]).toEqual({
      id: 1,
      name: big.schools[0].name,
      logo: expect.any(String),
      sports: expect.any(Array),
      colors: { primary: expect.any(String) },
    });
  });
});

describe('GET /api/catalog', () => {
  it('refuses a catalog larger than small deployments hold (413), pointing to the entity routes', async () => {
    useCatalog(big);
    const res = await get(catalog, 'GET /api/catalog');
    expect(res).toMatchObject({ status: 413, body: { error: { code: 'catalog_too_large' } } });
  });
});

describe('GET /api/search', () => {
  it("answers athletes and schools with the spec's substring semantics, a page at a time", async () => {
    const res = await get(search, 'GET /api/search', {}, { query: 'Track & Field' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=20');
    expect(res.body.athletes).toMatchObject({ total: 2, totalIsCapped: false, nextCursor: null });
    expect(res.body.athletes.items.map((a: { id: number }) => a.id)).toEqual([10, 13]);
    expect(res.body.schools.items).toEqual([]);
    const schools = await get(search, 'GET /api/search', {}, { query: 'tech' });
    expect(schools.body.schools.items).toEqual([
      { id: 3, name: 'Drift Tech', logo: '/images/schools/3-logo.svg', sports: ['Football', 'Basketball'], colors: { primary: '#111111' } },
    ]);
  });

  it("finds positions ('guard' finds the guards) and jersey numbers, and lists the catalog's sports", async () => {
    const guards = await get(search, 'GET /api/search', {}, { query: 'guard' });
    expect(guards.body.athletes.items.map((a: { position: string }) => a.position)).toEqual(['Point Guard', 'Shooting Guard', 'Point Guard']);
    expect(guards.body.sports).toEqual(
      expect.arrayContaining([
        { sport: 'Football', count: 6 },
        { sport: 'Fishing', count: 2 },
        { sport: 'Track and Field', count: 2 },
      ]),
    );
    expect(guards.body.sports.map((s: { sport: string }) => s.sport)).not.toContain('Baseball');
    const wearing = SAMPLE_CATALOG.athletes.find((a) => a.id === 1)!.number;
    for (const query of [wearing, `#${wearing}`]) {
      const res = await get(search, 'GET /api/search', {}, { query });
      expect(res.body.athletes.items.map((a: { id: number }) => a.id)).toEqual(SAMPLE_CATALOG.athletes.filter((a) => a.number === wearing).map((a) => a.id));
    }
    // A list's next page carries no sports (the page already has them).
    expect((await get(search, 'GET /api/search', {}, { query: 'guard', type: 'athletes' })).body.sports).toBeUndefined();
  });

  it('loads more of one list with its cursor', async () => {
    useCatalog(big);
    const expected = searchAthletes(big.athletes, 'ar').map((a) => a.id);
    const first = await get(search, 'GET /api/search', {}, { query: 'ar', limit: '24' });
    const ids = first.body.athletes.items.map((a: { id: number }) => a.id);
    let cursor = first.body.athletes.nextCursor;
    while (cursor) {
      const more = await get(search, 'GET /api/search', {}, { query: 'ar', limit: '24', type: 'athletes', cursor });
      expect(more.body.schools.items).toEqual([]);
      ids.push(...more.body.athletes.items.map((a: { id: number }) => a.id));
      cursor = more.body.athletes.nextCursor;
    }
    expect(ids).toEqual(expected);
  });

  it.each([
    [{ query: 'x'.repeat(101) }, 'query'],
    [{ type: 'teams' }, 'type'],
    [{ cursor: 'eyJhZnRlciI6MX0' }, 'cursor'],
    [{ type: 'athletes', cursor: 'not json' }, 'cursor'],
    [{ type: 'athletes', cursor: Buffer.from(JSON.stringify({ after: -1 })).toString('base64url') }, 'cursor'],
    [{ limit: '49' }, 'limit'],
  ])('answers 400 for %p', async (query, field) => {
    const res = await get(search, 'GET /api/search', {}, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBeDefined();
  });
});

describe('collective members and settings (owner routes)', () => {
  it('pages the members, never cached, and filters by name, sport or position', async () => {
    useCatalog(big);
    const owner = claimsFor.collective(1);
    const first = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { limit: '40' }, owner);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.items).toHaveLength(40);
    expect(first.body.items[0]).toMatchObject({ id: 1, status: 'Active', cardCount: expect.any(Number) });
    const second = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { limit: '100', cursor: first.body.nextCursor }, owner);
    expect([...first.body.items, ...second.body.items].map((m: { id: number }) => m.id)).toEqual(big.collectives[0].members);
    const basketball = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { sport: 'Basketball', limit: '100' }, owner);
    expect(basketball.body.items.every((m: { sport: string }) => m.sport === 'Basketball')).toBe(true);
    const goalies = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { query: 'GOALKEEPER', limit: '100' }, owner);
    expect(goalies.body.items.map((m: { id: number }) => m.id)).toEqual(
      big.athletes.filter((a) => a.schoolId === 1 && a.position === 'Goalkeeper').map((a) => a.id),
    );
  });

  it("names every sport of the members on an unfiltered first page, whichever page holds them (the sport filter's options)", async () => {
    useCatalog(big);
    const owner = claimsFor.collective(1);
    const memberSports = [...new Set(big.athletes.filter((a) => big.collectives[0].members.includes(a.id)).map((a) => a.sport))].sort();
    expect(memberSports.length).toBeGreaterThan(1);
    const first = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { limit: '5' }, owner);
    expect(first.body.nextCursor).not.toBeNull();
    expect(first.body.sports).toEqual(memberSports);
    // Filtered reads and later pages do not repeat them.
    const later = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { limit: '5', cursor: first.body.nextCursor }, owner);
    expect(later.body.sports).toBeUndefined();
    const filtered = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { sport: memberSports[0], limit: '5' }, owner);
    expect(filtered.body.sports).toBeUndefined();
    // A page that holds every member answers them from itself.
    const whole = await get(collectives, 'GET /api/collectives/{id}/members', { id: '1' }, { limit: '100' }, owner);
    if (whole.body.nextCursor === null) expect(whole.body.sports).toEqual(memberSports);
  });

  it('answers the collective with its school and merch, consistent reads, no-store', async () => {
    const res = await get(collectives, 'GET /api/collectives/{id}', { id: '1' }, undefined, claimsFor.collective(1));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      collective: { id: 1, schoolId: 2, members: [1, 2, 3, 10, 11] },
      school: { id: 2 },
      merch: [{ id: 1 }, { id: 2 }, { id: 3 }],
    });
    expect(ddb.commandCalls(QueryCommand).every((c) => c.args[0].input.ConsistentRead === true)).toBe(true);
    expect((await get(collectives, 'GET /api/collectives/{id}', { id: '9' }, undefined, claimsFor.collective(9))).status).toBe(404);
  });
});
