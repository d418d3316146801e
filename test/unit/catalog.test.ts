import { SAMPLE_ATHLETES, SAMPLE_CATALOG, SAMPLE_COLLECTIVES, SCHOOLS } from '#shared/catalog/seed-data';

describe('sample catalog', () => {
  it('has 15 athletes: 9 with cards at $3, $5 and $25, then 6 with one $5 card', () => {
    expect(SAMPLE_ATHLETES).toHaveLength(15);
    for (const a of SAMPLE_ATHLETES.slice(0, 9)) expect(a.digitalcollectibles.map((c) => c.priceCents)).toEqual([300, 500, 2500]);
    for (const a of SAMPLE_ATHLETES.slice(9)) expect(a.digitalcollectibles.map((c) => c.priceCents)).toEqual([500]);
    expect(new Set(SAMPLE_ATHLETES.slice(0, 9).map((a) => a.schoolId))).toEqual(new Set([2, 3, 4]));
  });

  it('gives every card a unique Shopify product id and a title "Athlete - Card #n"', () => {
    const cards = SAMPLE_ATHLETES.flatMap((a) => a.digitalcollectibles.map((c) => ({ a, c })));
    expect(new Set(cards.map(({ c }) => c.shopifyProductId)).size).toBe(cards.length);
    for (const { a, c } of cards) expect(c.name).toBe(`${a.name} - Card #${c.id}`);
  });

  it('has schools 2 to 4 and a demo collective of the agent "test" athletes', () => {
    expect(SCHOOLS.map((s) => s.id)).toEqual([2, 3, 4]);
    expect(SAMPLE_COLLECTIVES[0].members).toEqual(SAMPLE_ATHLETES.filter((a) => a.agent === 'test').map((a) => a.id));
    const memberships = SAMPLE_COLLECTIVES.flatMap((c) => c.members);
    expect(new Set(memberships).size).toBe(memberships.length);
    expect(SAMPLE_CATALOG.merch.filter((m) => m.schoolId === 2).map((m) => [m.name, m.priceCents])).toEqual([
      ['School Hat', 2500],
      ['T Shirt', 5000],
      ['Sweat Shirt', 6000],
    ]);
  });
});
