// The card lifecycle's shared rules: request validation (the server's and the forms'), unlock
// rules (same athlete, existing card, no cycle), and the serial bookkeeping a fan carries.
import fc from 'fast-check';
import { checkUnlockRule, validateCardRequest, validatePublish } from '#shared/cards/cards-api';
import { maskEmail, validateProfileRequest } from '#shared/onboarding/onboarding-api';
import { moveSerials, serialsOfLines } from '#shared/cards/editions';
import type { SerialRange } from '#shared/cards/editions';

const valid = {
  name: 'A - Base',
  edition: 'Base',
  image: '/uploads/0b8f7a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.png',
  description: '',
  priceCents: 500,
  editionSize: 100,
  unlock: null,
  setId: 1,
};

describe('card requests', () => {
  it('accepts a complete request, an open edition and a rule', () => {
    expect(validateCardRequest(valid).errors).toEqual({});
    expect(validateCardRequest({ ...valid, editionSize: null }).value.editionSize).toBeNull();
    expect(validateCardRequest({ ...valid, unlock: { cardId: 2, units: 25 } }).value.unlock).toEqual({ cardId: 2, units: 25 });
  });

  it('refuses zero, negative, fractional and absurd prices and edition sizes', () => {
    for (const priceCents of [0, -1, 99, 1_000_001, 1.5, '5', Number.NaN])
      expect(validateCardRequest({ ...valid, priceCents }).errors.priceCents).toBeDefined();
    for (const editionSize of [0, -5, 100_001, 2.5, '10']) expect(validateCardRequest({ ...valid, editionSize }).errors.editionSize).toBeDefined();
  });

  it('refuses images that are not uploads', () => {
    for (const image of ['', 'https://example.com/a.png', '/images/logo.svg', '/uploads/../secret.png', 'javascript:alert(1)'])
      expect(validateCardRequest({ ...valid, image }).errors.image).toBeDefined();
  });

  it('takes a product id as digits or a Shopify GID', () => {
    expect(validatePublish({ shopifyProductId: 'gid://shopify/Product/123' }).value.shopifyProductId).toBe('123');
    expect(validatePublish({ shopifyProductId: 'abc' }).errors.shopifyProductId).toBeDefined();
    expect(validatePublish({}).value).toEqual({});
  });

  it('checks profile requests field by field', () => {
    const { errors } = validateProfileRequest({ sport: 'Chess', schoolId: 0, image: 'https://x.test/a.png' });
    expect(Object.keys(errors).sort()).toEqual(['image', 'name', 'position', 'schoolId', 'sport']);
    expect(maskEmail('jordan@example.com')).toBe('j***@example.com');
  });
});

describe('unlock rules', () => {
  const cards = [
    { id: 1, name: 'Base', unlock: null },
    { id: 2, name: 'Gold', unlock: { cardId: 1, units: 25 } },
    { id: 3, name: 'Signature', unlock: { cardId: 2, units: 10 } },
  ];
  it('allows a chain, refuses itself, unknown cards, other athletes and cycles', () => {
    expect(checkUnlockRule(4, { cardId: 3, units: 1 }, 7, cards)).toEqual({});
    expect(checkUnlockRule(4, { cardId: 4, units: 1 }, 7, cards)['unlock.cardId']).toMatch(/its own sales/);
    expect(checkUnlockRule(4, { cardId: 9, units: 1 }, 7, cards)['unlock.cardId']).toMatch(/no card 9/);
    expect(checkUnlockRule(4, { athleteId: 8, cardId: 1, units: 1 }, 7, cards)['unlock.cardId']).toMatch(/same athlete/);
    // Base unlocking on Signature: Base -> Signature -> Gold -> Base.
    expect(
      checkUnlockRule(
        1,
        { cardId: 3, units: 1 },
        7,
        cards.filter((c) => c.id !== 1),
      )['unlock.cardId'],
    ).toMatch(/Signature → Gold → card 1|unlock each other/);
  });
});

describe('fan serials', () => {
  const ranges = fc.array(
    fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 5 })).map(([a, n]) => [a, a + n] as SerialRange),
    { maxLength: 6 },
  );
  const expand = (r: SerialRange[]) => new Set(r.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i)));

  it('moves serials as set difference then union, in sorted merged ranges', () => {
    fc.assert(
      fc.property(ranges, ranges, ranges, (held, remove, add) => {
        const out = moveSerials({ '1': held }, { '1': remove }, { '1': add })['1'] ?? [];
        const want = new Set([...expand(held)].filter((n) => !expand(remove).has(n)));
        for (const n of expand(add)) want.add(n);
        expect(expand(out)).toEqual(want);
        for (let i = 1; i < out.length; i++) expect(out[i][0]).toBeGreaterThan(out[i - 1][1] + 1);
      }),
    );
  });

  it('collects the active serials of an order’s lines per card', () => {
    const lines = {
      a: { cardId: 2, active: [[1, 2]] as SerialRange[], retired: [], oversold: 0, whileLocked: 0 },
      b: { cardId: 2, active: [[3, 3]] as SerialRange[], retired: [], oversold: 1, whileLocked: 0 },
    };
    expect(serialsOfLines(lines)).toEqual({ '2': [[1, 3]] });
  });
});
