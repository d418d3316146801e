// The search index (shared/catalog/search.ts SearchIndex) answers exactly what the spec's substring search
// (searchAthletes / searchSchools) answers, in catalog order, a page at a time.
import fc from 'fast-check';
import type { Athlete, School } from '#shared/catalog/catalog-types';
import { SEARCH_COUNT_CAP, SearchIndex, athleteDocs, searchAthletes, searchSchools } from '#shared/catalog/search';
import { SAMPLE_ATHLETES, SCHOOLS } from '#shared/catalog/seed-data';
import { nationalCatalog } from '../../scripts/lib/national-catalog';

/** Every page of a query, concatenated. */
function allPages(index: SearchIndex<Athlete, School>, query: string, limit: number): { ids: number[]; pages: number } {
  const ids: number[] = [];
  let after: number | null = null;
  let pages = 0;
  do {
    const page = index.searchAthletes(query, { after, limit });
    ids.push(...page.items.map((a) => a.id));
    after = page.nextAfter;
    pages++;
  } while (after !== null && pages < 10_000);
  return { ids, pages };
}

describe('SearchIndex', () => {
  const index = new SearchIndex(athleteDocs(SAMPLE_ATHLETES), SCHOOLS);

  it("keeps the spec's examples: name, school, sport, 'Track & Field', schools on name only", () => {
    expect(index.searchAthletes('marcus', { limit: 24 }).items.map((a) => a.id)).toEqual([1]);
    expect(index.searchAthletes('DRIFT TECH', { limit: 24 }).items.every((a) => a.schoolId === 3)).toBe(true);
    expect(index.searchAthletes('fishing', { limit: 24 }).items.map((a) => a.id)).toEqual([11, 14]);
    expect(index.searchAthletes('Track & Field', { limit: 24 }).items.map((a) => a.id)).toEqual([10, 13]);
    expect(index.searchAthletes('  ', { limit: 24 }).items).toHaveLength(15);
    expect(index.searchAthletes('guard', { limit: 24 }).items.map((a) => a.position)).toEqual(['Point Guard', 'Shooting Guard', 'Point Guard']);
    const number = SAMPLE_ATHLETES[0].number;
    expect(index.searchAthletes(`#${number}`, { limit: 24 }).items.map((a) => a.id)).toEqual(
      SAMPLE_ATHLETES.filter((a) => a.number === number).map((a) => a.id),
    );
    expect(index.searchSchools('tech', { limit: 24 }).items.map((s) => s.id)).toEqual([3]);
    expect(index.searchSchools('football', { limit: 24 }).items).toEqual([]);
    expect(index.searchAthletes('zzzz', { limit: 24 })).toEqual({ items: [], nextAfter: null, total: 0, totalIsCapped: false });
  });

  it('pages in id order: the pages together are the whole answer, each id once', () => {
    const first = index.searchAthletes('drift', { limit: 4 });
    expect(first.items).toHaveLength(4);
    expect(first.total).toBe(15);
    expect(first.nextAfter).toBe(first.items[3].id);
    expect(allPages(index, 'drift', 4).ids).toEqual(SAMPLE_ATHLETES.map((a) => a.id));
  });

  it('counts matches up to a cap and says when it stopped', () => {
    const big = nationalCatalog(2_500);
    const bigIndex = new SearchIndex(athleteDocs(big.athletes), big.schools);
    const result = bigIndex.searchAthletes('a', { limit: 24 });
    expect(result.items).toHaveLength(24);
    expect(result).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsCapped: true });
    const exact = searchAthletes(big.athletes, 'football').length;
    expect(exact).toBeLessThan(SEARCH_COUNT_CAP);
    expect(bigIndex.searchAthletes('football', { limit: 24 })).toMatchObject({ total: exact, totalIsCapped: false });
  });

  it('answers what the substring search answers, for any query, on a generated catalog', () => {
    const catalog = nationalCatalog(600);
    const big = new SearchIndex(athleteDocs(catalog.athletes), catalog.schools);
    // Queries drawn from the catalog's own text (so they match) and arbitrary strings.
    const texts = [...new Set(catalog.athletes.flatMap((a) => [a.name, a.school, a.sport, a.position, a.number, `#${a.number}`]))];
    const fragment = fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 12 }), fc.boolean()).map(([t, start, length, upper]) => {
      const s = t.slice(start % t.length, (start % t.length) + length);
      return upper ? s.toUpperCase() : s;
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fragment,
          fc.string({ maxLength: 5 }),
          fc.constantFrom('Track & Field', 'track and', ' ', 'a', 'an ', 'guard', '7', '#07', '# 12', 'swimming & diving'),
        ),
        fc.integer({ min: 1, max: 60 }),
        (query, limit) => {
          const expected = searchAthletes(catalog.athletes, query).map((a) => a.id);
          const { ids } = allPages(big, query, limit);
          expect(ids).toEqual(expected);
          expect(big.searchAthletes(query, { limit }).total).toBe(Math.min(expected.length, SEARCH_COUNT_CAP));
          expect(big.searchSchools(query, { limit: 1_000 }).items.map((s) => s.id)).toEqual(searchSchools(catalog.schools, query).map((s) => s.id));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('continues after any id, also one that no longer exists', () => {
    expect(index.searchAthletes('', { after: 7, limit: 3 }).items.map((a) => a.id)).toEqual([8, 9, 10]);
    const sparse = new SearchIndex(athleteDocs(SAMPLE_ATHLETES.filter((a) => a.id % 2 === 0)), SCHOOLS);
    expect(sparse.searchAthletes('drift', { after: 5, limit: 2 }).items.map((a) => a.id)).toEqual([6, 8]);
    expect(index.searchSchools('drift', { after: 2, limit: 5 }).items.map((s) => s.id)).toEqual([3, 4]);
  });
});
