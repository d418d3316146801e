import { attributeLine } from '../../shared/attribution';
import { indexCatalog } from '../../shared/catalog-types';
import { SAMPLE_CATALOG, sampleProductId } from '../../shared/seed-data';
import { PayloadError, normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '../../shared/shopify';
import { orderPayload, refundPayload } from '../../shared/shopify-payloads';

const index = indexCatalog(SAMPLE_CATALOG);

describe('parseJsonPreservingBigInts', () => {
  it('keeps 64-bit ids exact and leaves safe numbers and strings alone', () => {
    const text = '{"id":9007199254740993,"n":42,"price":"25.00","s":"id 12345678901234567890","f":1.5,"neg":-9223372036854775807}';
    expect(parseJsonPreservingBigInts(text)).toEqual({ id: '9007199254740993', n: 42, price: '25.00', s: 'id 12345678901234567890', f: 1.5, neg: '-9223372036854775807' });
  });

  it('handles escaped quotes inside strings', () => {
    expect(parseJsonPreservingBigInts('{"t":"a \\"9007199254740993\\" b","id":18446744073709551615}')).toEqual({ t: 'a "9007199254740993" b', id: '18446744073709551615' });
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
    expect(order.lineItems[0]).toEqual({ lineItemId: '9223372036854775111', productId: sampleProductId(1, 2), variantId: `${sampleProductId(1, 2)}1`, title: 'Marcus Reed - Card #2', quantity: 2, currentQuantity: 2, priceCents: 500 });
  });

  it.each([
    [[], 'body'],
    [{ id: 1, created_at: 'nope', line_items: [] }, 'created_at'],
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
    const refund = normalizeRefund(parseJsonPreservingBigInts(refundPayload({ id: '9223372036854770000', orderId: '9223372036854775001', createdAt: '2026-03-02T00:00:00Z', lines: [{ lineItemId: '9223372036854775111', quantity: 1, subtotal: '5.00' }] })));
    expect(refund).toEqual({ refundId: '9223372036854770000', orderId: '9223372036854775001', createdAt: '2026-03-02T00:00:00.000Z', lines: [{ lineItemId: '9223372036854775111', quantity: 1, subtotalCents: 500 }] });
  });
});

describe('attributeLine', () => {
  it('attributes by product id first', () => {
    expect(attributeLine({ productId: sampleProductId(4, 3), title: 'Marcus Reed - Card #1' }, index)).toEqual({ kind: 'product', athleteId: 4, cardId: 3 });
  });

  it('falls back to the title rule for unknown products: full name, then a word longer than 2 characters', () => {
    expect(attributeLine({ productId: '1', title: '  MARCUS REED - Card #2 ' }, index)).toEqual({ kind: 'title', athleteId: 1, cardId: 2 });
    expect(attributeLine({ productId: null, title: 'Signed Coleman jersey card' }, index)).toEqual({ kind: 'title', athleteId: 4, cardId: null });
  });

  it('keeps ambiguous and unmatched lines unattributed', () => {
    expect(attributeLine({ productId: null, title: 'Jalen Brooks and Marcus Reed duo' }, index)).toEqual({ kind: 'unattributed', reason: 'ambiguous' });
    expect(attributeLine({ productId: null, title: 'Mystery pack' }, index)).toEqual({ kind: 'unattributed', reason: 'unmatched' });
    expect(attributeLine({ productId: null, title: 'Ed' }, index)).toEqual({ kind: 'unattributed', reason: 'unmatched' });
  });
});
