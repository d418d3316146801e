// Ingestion reads only what an order needs (lambdas/catalog/catalog-reader.ts): for any lines, the
// partial index it builds attributes every line exactly as the whole catalog's index does, and it
// reads no school or name when every product is known.
import fc from 'fast-check';
import { attributeLine } from '#shared/orders/attribution';
import type { AttributableLine } from '#shared/orders/attribution';
import type { Athlete, Catalog } from '#shared/catalog/catalog-types';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { topFanSetsOf } from '#shared/cards/sets';
import { SAMPLE_CATALOG, sampleProductId } from '#shared/catalog/seed-data';
import { catalogFromItems, catalogItems, normalizeName } from '#lambdas/catalog/catalog-items';
import type { CatalogReader } from '#lambdas/catalog/catalog-reader';
import { indexForLines, memoryCatalogReader, nameWindows } from '#lambdas/catalog/catalog-reader';

/** The sample catalog plus athletes that share name words across schools (ambiguity, attackers). */
const catalog: Catalog = {
  ...SAMPLE_CATALOG,
  athletes: [
    ...SAMPLE_CATALOG.athletes,
    { ...SAMPLE_CATALOG.athletes[3], id: 40, name: 'Marcus Coleman', schoolId: 3, school: 'Drift Tech', digitalcollectibles: [] },
    { ...SAMPLE_CATALOG.athletes[0], id: 41, name: 'Engineers Hoodie', schoolId: 2, digitalcollectibles: [], sets: [] },
    { ...SAMPLE_CATALOG.athletes[6], id: 42, name: "Reed O'Neil", schoolId: 4, school: 'Drift University' },
  ],
};

/** A reader that counts what it is asked. */
function countingReader(inner: CatalogReader) {
  const calls: string[] = [];
  const reader: CatalogReader = {
    productCards: (ids) => (calls.push('products'), inner.productCards(ids)),
    schoolsDirectory: () => (calls.push('schools'), inner.schoolsDirectory()),
    athletesOfSchool: (id) => (calls.push(`school ${id}`), inner.athletesOfSchool(id)),
    athletesNamed: (names) => (calls.push('names'), inner.athletesNamed(names)),
    athlete: (id) => (calls.push(`athlete ${id}`), inner.athlete(id)),
  };
  return { reader, calls };
}

const products = catalog.athletes.flatMap((a) => a.digitalcollectibles.map((c) => c.shopifyProductId));
const names = catalog.athletes.map((a) => a.name);
const lineArb: fc.Arbitrary<AttributableLine> = fc.record({
  productId: fc.oneof(fc.constantFrom(...products), fc.constant(null), fc.constantFrom('9999', '123456')),
  title: fc.oneof(
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(' - Card #1', ' - Card #3', ' signed', '')).map(([n, s]) => `${n}${s}`),
    fc
      .tuple(fc.constantFrom('Drift Tech', 'Drift State University', 'Drift University', ''), fc.constantFrom(...names, 'Mystery Pack', 'Tip'))
      .map(([s, n]) => `${s} ${n}`.trim()),
    fc.string({ maxLength: 20 }),
    fc.constantFrom('Tip', 'Shipping protection', 'Reed', "O'Neil jersey", 'MARCUS'),
  ),
  vendor: fc.option(fc.constantFrom('Drift Tech', 'Drift State University', 'Drift University', 'Other Shop'), { nil: undefined }),
  giftCard: fc.option(fc.boolean(), { nil: undefined }),
});

describe('indexForLines', () => {
  const full = indexCatalog(catalog);

  it('attributes any lines as the whole catalog does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 5 }), async (lines) => {
        const partial = await indexForLines(memoryCatalogReader(catalog), lines);
        for (const line of lines) expect(attributeLine(line, partial)).toEqual(attributeLine(line, full));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the cards of an athlete one line names in its school when a later line finds it by name only', async () => {
    // The property's counterexample (seed 922247078): the second line's brief replaced the first
    // line's full record, so the first line lost its card.
    const lines: AttributableLine[] = [
      { productId: '9999', title: 'Devin Harper - Card #1', vendor: 'Drift Tech' },
      { productId: null, title: 'Devin Harper - Card #1' },
    ];
    const partial = await indexForLines(memoryCatalogReader(catalog), lines);
    for (const line of lines) expect(attributeLine(line, partial)).toEqual(attributeLine(line, full));
    expect(attributeLine(lines[0], partial)).toMatchObject({ kind: 'card', cardId: 1 });
  });

  it('reads only the product index when every product is known', async () => {
    const { reader, calls } = countingReader(memoryCatalogReader(catalog));
    const index = await indexForLines(reader, [{ productId: sampleProductId(4, 3), title: 'anything' }]);
    expect(calls).toEqual(['products']);
    expect(attributeLine({ productId: sampleProductId(4, 3), title: 'anything' }, index)).toEqual({ kind: 'card', athleteId: 4, cardId: 3, via: 'product' });
  });

  it("reads the named school's athletes, and the one athlete the title names for its cards", async () => {
    const { reader, calls } = countingReader(memoryCatalogReader(catalog));
    const line = { productId: null, title: 'Drift Tech signed Andre Coleman jersey card #2' };
    const index = await indexForLines(reader, [line]);
    expect(calls).toEqual(['schools', 'school 3', 'athlete 4']);
    expect(attributeLine(line, index)).toEqual({ kind: 'card', athleteId: 4, cardId: 2, via: 'title' });
  });

  it('looks names up only for lines that name no school', async () => {
    const { reader, calls } = countingReader(memoryCatalogReader(catalog));
    await indexForLines(reader, [{ productId: '777', title: 'Engineers Hoodie' }]);
    expect(calls).toEqual(['products', 'schools', 'names']);
  });
});

describe('nameWindows', () => {
  it('gives every run of 1 to 4 words of a title, normalised as names are', () => {
    expect(nameWindows("Reed O'Neil - Card #1")).toEqual(expect.arrayContaining(['reed o neil', 'o neil', 'reed', 'card 1']));
    expect(nameWindows("Reed O'Neil - Card #1")).toContain(normalizeName("Reed O'Neil"));
    expect(nameWindows('')).toEqual([]);
    expect(nameWindows('a '.repeat(200)).length).toBeLessThanOrEqual(100);
  });
});

describe('catalog items', () => {
  it('hold the catalog: written and read back, it is the same catalog', () => {
    const back = catalogFromItems(catalogItems(catalog));
    const byId = (list: Athlete[]) => [...list].sort((a, b) => a.id - b.id);
    const memberOf = new Map(catalog.collectives.flatMap((c) => c.members.map((id) => [id, c.id] as const)));
    expect(byId(back.athletes)).toEqual(
      byId(catalog.athletes)
        .map((a) => ({ ...a, collectiveId: memberOf.get(a.id) ?? null, ...(a.sets?.length ? {} : { sets: undefined }) }))
        .map((a) => JSON.parse(JSON.stringify(a))),
    );
    expect(back.schools).toEqual(catalog.schools);
    expect(back.collectives).toEqual(catalog.collectives);
    expect(back.merch).toHaveLength(catalog.merch.length);
  });

  it('give Top Fans the closed sets of an athlete, or every card when it has none', () => {
    expect(topFanSetsOf(SAMPLE_CATALOG.athletes[0])).toEqual([[1, 2, 3]]);
    expect(topFanSetsOf({ ...SAMPLE_CATALOG.athletes[0], sets: [{ id: 1, name: 'Open', cardIds: [1, 2], closedAt: null }] })).toEqual([]);
    expect(topFanSetsOf({ ...SAMPLE_CATALOG.athletes[0], sets: undefined })).toEqual([[1, 2, 3]]);
  });
});
