import { attributeLine } from '#shared/orders/attribution';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { SAMPLE_CATALOG, sampleProductId } from '#shared/catalog/seed-data';
import { PayloadError, UnsupportedOrder, normalizeDeletion, normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';

const index = indexCatalog(SAMPLE_CATALOG);

describe('parseJsonPreservingBigInts', () => {
  it('keeps 64-bit ids exact and leaves safe numbers and strings alone', () => {
    const text = '{"id":9007199254740993,"n":42,"price":"25.00","s":"id 12345678901234567890","f":1.5,"neg":-9223372036854775807}';
    expect(parseJsonPreservingBigInts(text)).toEqual({
      id: '9007199254740993',
      n: 42,
      price: '25.00',
      s: 'id 12345678901234567890',
      f: 1.5,
      neg: '-9223372036854775807',
    });
  });

  it('handles escaped quotes inside strings', () => {
    expect(parseJsonPreservingBigInts('{"t":"a \\"9007199254740993\\" b","id":18446744073709551615}')).toEqual({
      t: 'a "9007199254740993" b',
      id: '18446744073709551615',
    });
  });

  it('throws on malformed JSON', () => {
    expect(() => parseJsonPreservingBigInts('{"id":')).toThrow();
  });
});

describe('normalizeOrder', () => {
  const body = orderPayload({
    id: '9223372036854775001',
    number: 1042,
    createdAt: '2026-03-01T10:00:00-05:00',
    updatedAt: '2026-03-01T10:05:00-05:00',
    email: 'Fan@Example.com',
    lines: [{ id: '9223372036854775111', productId: sampleProductId(1, 2), title: 'Marcus Reed - Card #2', quantity: 2, price: '5.00' }],
  });

  it('reads ids as exact strings, money in cents and dates in UTC', () => {
    const order = normalizeOrder(parseJsonPreservingBigInts(body));
    expect(order).toMatchObject({
      orderId: '9223372036854775001',
      name: '#1042',
      createdAt: '2026-03-01T15:00:00.000Z',
      updatedAt: '2026-03-01T15:05:00.000Z',
      email: 'fan@example.com',
      financialStatus: 'paid',
      totalCents: 1000,
    });
    expect(order.lineItems[0]).toEqual({
      lineItemId: '9223372036854775111',
      productId: sampleProductId(1, 2),
      variantId: `${sampleProductId(1, 2)}1`,
      title: 'Marcus Reed - Card #2',
      vendor: null,
      giftCard: false,
      quantity: 2,
      currentQuantity: 2,
      priceCents: 500,
      discountCents: 0,
      taxCents: 0,
    });
  });

  it.each([
    [[], 'body'],
    [{ id: 1, created_at: 'nope', line_items: [] }, 'created_at'],
    // Date.parse alone reads this as the year 2000 (found by test/handler/webhook-fuzz.test.ts).
    [{ id: 1, created_at: 'not a date 0', line_items: [] }, 'created_at'],
    [{ id: 1, created_at: '2026-13-01T00:00:00Z', line_items: [] }, 'created_at'],
    [{ created_at: '2026-01-01T00:00:00Z', line_items: [] }, 'id'],
    [{ id: 1, created_at: '2026-01-01T00:00:00Z' }, 'line_items'],
    [{ id: 1, created_at: '2026-01-01T00:00:00Z', line_items: [{ price: 'x', quantity: 1 }] }, 'line_items[0].price'],
    [{ id: 1, created_at: '2026-01-01T00:00:00Z', line_items: [{ price: '1.00', quantity: -1 }] }, 'line_items[0].quantity'],
  ])('rejects a payload that is not an order (%p)', (payload, field) => {
    expect(() => normalizeOrder(payload)).toThrow(PayloadError);
    try {
      normalizeOrder(payload);
    } catch (error) {
      expect((error as PayloadError).field).toBe(field);
    }
  });
});

describe('normalizeRefund', () => {
  it('reads the order id and refunded lines', () => {
    const refund = normalizeRefund(
      parseJsonPreservingBigInts(
        refundPayload({
          id: '9223372036854770000',
          orderId: '9223372036854775001',
          createdAt: '2026-03-02T00:00:00Z',
          lines: [{ lineItemId: '9223372036854775111', quantity: 1, subtotal: '5.00' }],
        }),
      ),
    );
    expect(refund).toEqual({
      refundId: '9223372036854770000',
      orderId: '9223372036854775001',
      createdAt: '2026-03-02T00:00:00.000Z',
      lines: [{ lineItemId: '9223372036854775111', quantity: 1, subtotalCents: 500, taxCents: 0 }],
    });
  });
});

describe('normalizeOrder money', () => {
  const order = (input: Partial<Parameters<typeof orderPayload>[0]> & Pick<Parameters<typeof orderPayload>[0], 'lines'>) =>
    normalizeOrder(parseJsonPreservingBigInts(orderPayload({ id: '9007199254740993', createdAt: '2026-03-01T10:00:00Z', email: 'fan@example.com', ...input })));

  it('reads discounts allocated to each line and taxes, from shop money', () => {
    const o = order({
      taxesIncluded: true,
      discountCode: 'FAN150',
      lines: [{ id: '1', productId: '7', title: 'Card', quantity: 2, price: '3.00', discount: '1.50', tax: '0.25' }],
    });
    expect(o.taxesIncluded).toBe(true);
    expect(o.lineItems[0]).toMatchObject({ priceCents: 300, discountCents: 150, taxCents: 25 });
  });

  it('refuses an order whose shop currency is not ours, instead of counting it at face value', () => {
    expect(() => order({ currency: 'JPY', lines: [{ id: '1', productId: '7', title: 'Card', quantity: 1, price: '1500' }] })).toThrow(UnsupportedOrder);
    const raw = JSON.parse(
      orderPayload({
        id: '9',
        createdAt: '2026-03-01T10:00:00Z',
        email: null,
        lines: [{ id: '1', productId: '7', title: 'Card', quantity: 1, price: '15.00' }],
      }),
    );
    raw.line_items[0].price_set.shop_money.currency_code = 'EUR';
    expect(() => normalizeOrder(raw)).toThrow(UnsupportedOrder);
  });

  it('accepts a foreign presentment currency: the shop money amounts count', () => {
    expect(order({ presentmentCurrency: 'CAD', lines: [{ id: '1', productId: '7', title: 'Card', quantity: 1, price: '5.00' }] }).lineItems[0].priceCents).toBe(
      500,
    );
  });

  it('refuses amounts that cannot be counted exactly (beyond 2^53 cents)', () => {
    expect(() => order({ lines: [{ id: '1', productId: '7', title: 'Card', quantity: 1_000_000, price: '9999999999999.00' }] })).toThrow(UnsupportedOrder);
  });

  it('reads orders/delete payloads', () => {
    expect(normalizeDeletion(parseJsonPreservingBigInts('{"id":9223372036854775001}'))).toEqual({ orderId: '9223372036854775001' });
    expect(() => normalizeDeletion({})).toThrow(PayloadError);
  });
});

describe('attributeLine', () => {
  it('attributes by product id first', () => {
    expect(attributeLine({ productId: sampleProductId(4, 3), title: 'Marcus Reed - Card #1' }, index)).toEqual({
      kind: 'card',
      athleteId: 4,
      cardId: 3,
      via: 'product',
    });
  });

  it('falls back to the title rule only among the athletes of the school the vendor or the title names', () => {
    expect(attributeLine({ productId: '1', title: '  MARCUS REED - Card #2 ', vendor: 'Drift State University' }, index)).toEqual({
      kind: 'card',
      athleteId: 1,
      cardId: 2,
      via: 'title',
    });
    expect(attributeLine({ productId: null, title: 'Drift Tech signed Coleman jersey card' }, index)).toEqual({
      kind: 'card',
      athleteId: 4,
      cardId: null,
      via: 'title',
    });
    // Marcus Reed plays for Drift State University: a Drift Tech product never reaches him.
    expect(attributeLine({ productId: '1', title: 'Marcus Reed - Card #2', vendor: 'Drift Tech' }, index)).toEqual({
      kind: 'unattributed',
      reason: 'unmatched',
      schoolIds: [3],
    });
  });

  it('never attributes by title when no school is known, so an athlete named after a product cannot capture its sales', () => {
    const attacker = { ...SAMPLE_CATALOG.athletes[0], id: 99, name: 'Engineers Hoodie', schoolId: 2, digitalcollectibles: [] };
    const withAttacker = indexCatalog({ ...SAMPLE_CATALOG, athletes: [...SAMPLE_CATALOG.athletes, attacker] });
    expect(attributeLine({ productId: '777', title: 'Engineers Hoodie' }, withAttacker)).toEqual({
      kind: 'unattributed',
      reason: 'unmatched',
      schoolIds: [],
      candidateAthleteIds: [99],
    });
    expect(attributeLine({ productId: '777', title: 'Engineers Hoodie', vendor: 'Drift Tech' }, withAttacker)).toEqual({
      kind: 'unattributed',
      reason: 'unmatched',
      schoolIds: [3],
    });
  });

  it('keeps ambiguous and unmatched lines unattributed, with the schools that may assign them', () => {
    expect(attributeLine({ productId: null, title: 'Jalen Brooks and Marcus Reed duo', vendor: 'Drift State University' }, index)).toEqual({
      kind: 'unattributed',
      reason: 'ambiguous',
      schoolIds: [2],
      candidateAthleteIds: [1, 2],
    });
    expect(attributeLine({ productId: '9', title: 'Mystery pack', vendor: 'Drift State University' }, index)).toEqual({
      kind: 'unattributed',
      reason: 'unmatched',
      schoolIds: [2],
    });
    expect(attributeLine({ productId: '9', title: 'Mystery pack' }, index)).toEqual({ kind: 'unattributed', reason: 'unmatched', schoolIds: [] });
  });

  it('treats tips, gift cards and product-less lines that name no athlete as other sales, not card sales', () => {
    expect(attributeLine({ productId: null, title: 'Tip' }, index)).toEqual({ kind: 'other' });
    expect(attributeLine({ productId: '12', title: 'Gift card', giftCard: true }, index)).toEqual({ kind: 'other' });
    expect(attributeLine({ productId: null, title: 'Shipping protection' }, index)).toEqual({ kind: 'other' });
  });
});
