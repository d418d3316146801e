// The search blocks (shared/catalog/search-blocks.ts): the encoding keeps every row, and BlockSearch
// answers exactly what the in-memory reference (shared/catalog/search.ts SearchIndex) answers, in
// the same order, a page at a time, for any query on a generated catalog; blocks replaced or
// removed change the answers as the catalog changed.
import fc from 'fast-check';
import type { Athlete, School } from '#shared/catalog/catalog-types';
import { SEARCH_COUNT_CAP, SearchIndex, athleteDocs } from '#shared/catalog/search';
import { BlockSearch, SEARCH_BLOCK_SIZE, decodeSearchBlock, encodeSearchBlock, searchBlockOf, searchRowOf } from '#shared/catalog/search-blocks';
import { SAMPLE_ATHLETES, SCHOOLS } from '#shared/catalog/seed-data';
import { nationalCatalog } from '../../scripts/lib/national-catalog';

/** A BlockSearch over athletes (their ids spread over blocks as given). */
function blockSearch(athletes: Athlete[], schools: School[]): BlockSearch<School> {
  const engine = new BlockSearch<School>();
  engine.setSchools(schools);
  const byBlock = new Map<number, Athlete[]>();
  for (const a of athletes) byBlock.set(searchBlockOf(a.id), [...(byBlock.get(searchBlockOf(a.id)) ?? []), a]);
  for (const [block, list] of byBlock) engine.setBlock(block, encodeSearchBlock(list.map(searchRowOf)));
  return engine;
}

type Searcher = {
  searchAthletes: (
    q: string,
    o: { after?: number | null; limit: number },
  ) => { items: unknown[]; nextAfter: number | null; total: number; totalIsCapped: boolean };
};

/** Every page of a query: the ids, each page's total and capped flag. */
function pages(search: Searcher, query: string, limit: number, idOf: (item: unknown) => number) {
  const ids: number[] = [];
  const totals: Array<[number, boolean]> = [];
  let after: number | null = null;
  do {
    const page = search.searchAthletes(query, { after, limit });
    ids.push(...page.items.map(idOf));
    totals.push([page.total, page.totalIsCapped]);
    after = page.nextAfter;
  } while (after !== null && totals.length < 5_000);
  return { ids, totals };
}

describe('search blocks', () => {
  it('encode every row of a block and decode them in id order', () => {
    const rows = SAMPLE_ATHLETES.map(searchRowOf).reverse();
    rows.push({ id: 17, name: 'renée o’brien-ñúñez 李', schoolId: 70_000, sport: '', position: 'Épée', number: '00' });
    expect(decodeSearchBlock(0, encodeSearchBlock(rows))).toEqual([...rows].sort((a, b) => a.id - b.id));
    expect(decodeSearchBlock(3, encodeSearchBlock([]))).toEqual([]);
    expect(() =>
      encodeSearchBlock([
        { ...rows[0], id: 1 },
        { ...rows[0], id: SEARCH_BLOCK_SIZE },
      ]),
    ).toThrow(/not in the block/);
  });

  it("keeps the spec's examples and the issue's: names, schools, sports, positions, jersey numbers", () => {
    const engine = blockSearch(SAMPLE_ATHLETES, SCHOOLS);
    const ids = (q: string) => engine.searchAthletes(q, { limit: 24 }).items;
    expect(ids('marcus')).toEqual([1]);
    expect(ids('Track & Field')).toEqual([10, 13]);
    expect(ids('fishing')).toEqual([11, 14]);
    expect(ids('guard')).toEqual(SAMPLE_ATHLETES.filter((a) => a.position.toLowerCase().includes('guard')).map((a) => a.id));
    expect(ids(`#${SAMPLE_ATHLETES[0].number}`)).toEqual(SAMPLE_ATHLETES.filter((a) => a.number === SAMPLE_ATHLETES[0].number).map((a) => a.id));
    expect(engine.searchAthletes('  ', { limit: 24 })).toMatchObject({ total: 15, nextAfter: null });
    expect(engine.searchSchools('tech', { limit: 24 }).items.map((s) => s.id)).toEqual([3]);
    expect(engine.sportCounts()).toEqual(new SearchIndex(athleteDocs(SAMPLE_ATHLETES), SCHOOLS).sportCounts());
  });

  it('answers what SearchIndex answers, in its order, page by page, for any query on a generated catalog', () => {
    // Ids spread over several blocks, with gaps (athletes that left the catalog).
    const catalog = nationalCatalog(3_000, { schools: 6 });
    const athletes = catalog.athletes.filter((a) => a.id % 7 !== 3).map((a) => ({ ...a, id: Math.floor((a.id * SEARCH_BLOCK_SIZE) / 700) }));
    const reference = new SearchIndex(athleteDocs(athletes), catalog.schools);
    const engine = blockSearch(athletes, catalog.schools);
    expect(engine.size).toBe(athletes.length);
    expect(searchBlockOf(athletes[athletes.length - 1].id)).toBeGreaterThan(2);
    const texts = [...new Set(athletes.flatMap((a) => [a.name, a.school, a.sport, a.position, a.number, `#${a.number}`]))];
    const fragment = fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 1, max: 14 }), fc.boolean()).map(([t, start, length, upper]) => {
      const s = t.slice(start % t.length, (start % t.length) + length);
      return upper ? s.toUpperCase() : s;
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fragment,
          fc.string({ maxLength: 5 }),
          fc.constantFrom('', ' ', 'a', 'e', 'an', 'track & field', 'guard', '7', '#12', 'swimming & diving', 'épée', 'zzzz'),
        ),
        fc.integer({ min: 6, max: 48 }),
        (query, limit) => {
          const expected = pages(reference, query, limit, (a) => (a as Athlete).id);
          const got = pages(engine, query, limit, (id) => id as number);
          expect(got.ids).toEqual(expected.ids);
          expect(got.totals).toEqual(expected.totals);
          expect(engine.searchSchools(query, { limit: 100 }).items.map((s) => s.id)).toEqual(
            reference.searchSchools(query, { limit: 100 }).items.map((s) => s.id),
          );
        },
      ),
      { numRuns: 250 },
    );
  });

  it('counts up to the cap and continues after any id, also one no longer held', () => {
    const catalog = nationalCatalog(2_500);
    const engine = blockSearch(catalog.athletes, catalog.schools);
    expect(engine.searchAthletes('a', { limit: 24 })).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsCapped: true });
    const sparse = blockSearch(
      SAMPLE_ATHLETES.filter((a) => a.id % 2 === 0),
      SCHOOLS,
    );
    expect(sparse.searchAthletes('drift', { after: 5, limit: 2 }).items).toEqual([6, 8]);
    expect(sparse.searchAthletes('', { after: 7, limit: 3 })).toMatchObject({ items: [8, 10, 12], nextAfter: 12 });
  });

  it('follows a block replaced or removed, and its sports counts', () => {
    const engine = blockSearch(SAMPLE_ATHLETES, SCHOOLS);
    const renamed = SAMPLE_ATHLETES.map((a) => (a.id === 1 ? { ...a, name: 'Zed Quill', position: 'Goalkeeper', sport: 'Soccer' } : a));
    engine.setBlock(0, encodeSearchBlock(renamed.map(searchRowOf)));
    expect(engine.searchAthletes('marcus', { limit: 5 }).items).toEqual([]);
    expect(engine.searchAthletes('quill', { limit: 5 }).items).toEqual([1]);
    expect(engine.sportCounts()).toContainEqual({ sport: 'Soccer', count: 1 });
    engine.setBlock(0, null);
    expect(engine.size).toBe(0);
    expect(engine.searchAthletes('', { limit: 5 })).toEqual({ items: [], nextAfter: null, total: 0, totalIsCapped: false });
    expect(engine.sportCounts()).toEqual([]);
  });
});
