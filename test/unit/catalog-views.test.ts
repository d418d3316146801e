// What fans see of an athlete's cards: public cards only, each with its sale state and lock read
// from the athlete's pre-aggregated total (lambdas/catalog/catalog-views.ts).
import { athleteProfileResponse, cardView, emptySaleTotals, publicAthlete } from '#lambdas/catalog/catalog-views';
import type { DigitalCollectible } from '#shared/catalog/catalog-types';
import { SAMPLE_ATHLETES } from '#shared/catalog/seed-data';

const marcus = SAMPLE_ATHLETES[0];
const [base, gold, signature] = marcus.digitalcollectibles;

describe('cardView', () => {
  it('shows a locked card with its progress, and a Base edition with what is left', () => {
    const totals = { ...emptySaleTotals(), cards: { 1: 18 }, issued: { 1: 18 } };
    expect(cardView(base, totals)).toMatchObject({
      edition: 'Base',
      editionSize: 500,
      sold: 18,
      issued: 18,
      remaining: 482,
      soldOut: false,
      locked: false,
      buyable: true,
      unlock: null,
    });
    expect(cardView(gold, totals)).toMatchObject({
      edition: 'Gold',
      sold: 0,
      remaining: 100,
      locked: true,
      buyable: false,
      unlock: { cardId: 1, units: 25, sold: 18, unlockedAt: null },
    });
  });

  it('keeps an unlock once recorded, and a sold-out edition sold out after refunds (serials are never reissued)', () => {
    const totals = {
      cards: { 1: 20, 2: 9, 3: 9 },
      issued: { 1: 30, 2: 12, 3: 10 },
      oversold: { 3: 1 },
      unlockedAt: { 2: '2026-05-01T00:00:00.000Z', 3: '2026-06-01T00:00:00.000Z' },
    };
    expect(cardView(gold, totals)).toMatchObject({ locked: false, buyable: true, unlock: { units: 25, sold: 20, unlockedAt: '2026-05-01T00:00:00.000Z' } });
    expect(cardView(signature, totals)).toMatchObject({ sold: 9, issued: 10, remaining: 0, soldOut: true, oversold: 1, locked: false, buyable: false });
  });

  it('has no remaining count for an open edition, and marks a retired card unbuyable', () => {
    const open: DigitalCollectible = { ...base, editionSize: null };
    expect(cardView(open, emptySaleTotals())).toMatchObject({ editionSize: null, remaining: null, soldOut: false, buyable: true });
    expect(cardView({ ...base, state: 'retired', retiredAt: '2026-10-01T00:00:00.000Z' }, emptySaleTotals())).toMatchObject({
      state: 'retired',
      buyable: false,
      retiredAt: '2026-10-01T00:00:00.000Z',
    });
  });
});

describe('public athlete views', () => {
  const withDrafts = {
    ...marcus,
    digitalcollectibles: [
      ...marcus.digitalcollectibles,
      { ...base, id: 4, state: 'draft' as const, name: 'Draft' },
      { ...base, id: 5, state: 'pending' as const, name: 'Pending' },
      { ...base, id: 6, state: 'retired' as const, name: 'Retired', approval: { by: 'athlete-sub', at: '2026-01-01T00:00:00.000Z', imageHash: 'abc' } },
    ],
    sets: [...(marcus.sets ?? []), { id: 2, name: '2027 Season', cardIds: [4, 5], closedAt: null }],
  };

  it('never shows drafts, cards awaiting approval or rejected cards, nor sets left empty', () => {
    const view = athleteProfileResponse(withDrafts, emptySaleTotals());
    expect(view.cards.map((c) => c.id)).toEqual([1, 2, 3, 6]);
    expect(view.sets).toEqual([{ id: 1, name: '2026 Season', cardIds: [1, 2, 3], closedAt: marcus.sets![0].closedAt }]);
    expect(view.athlete).not.toHaveProperty('digitalcollectibles');
  });

  it('keeps approval records off the whole-catalog route', () => {
    const shown = publicAthlete(withDrafts);
    expect(shown.digitalcollectibles.map((c) => c.id)).toEqual([1, 2, 3, 6]);
    expect(JSON.stringify(shown)).not.toContain('athlete-sub');
  });
});
