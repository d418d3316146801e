// The sample webhook payloads in docs/examples/ (what `npm run webhook -- send` delivers) have the
// shapes Shopify documents for orders/create and refunds/create: 64-bit ids as bare numbers within
// int64, every amount also as a money bag (`*_set`: shop_money and presentment_money), the order's
// `taxes_included`, a line's `vendor`, and in a refund line `subtotal` and `total_tax` as JSON
// numbers (not strings, unlike an order's prices) with the refunded `line_item`; and ingestion
// (shared/orders/shopify.ts) reads them exactly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '#shared/orders/shopify';

const ROOT = path.resolve(__dirname, '../..');
const text = (name: string) => readFileSync(path.join(ROOT, 'docs/examples', name), 'utf8');

type Shape = 'id' | 'id?' | 'gid' | 'decimal' | 'number' | 'int' | 'boolean' | 'string' | 'string?' | 'date' | 'date?' | 'money' | 'array' | Fields;
interface Fields {
  [field: string]: Shape;
}

const LINE: Fields = {
  id: 'id',
  admin_graphql_api_id: 'gid',
  product_id: 'id?',
  variant_id: 'id?',
  title: 'string',
  name: 'string',
  vendor: 'string?',
  sku: 'string?',
  quantity: 'int',
  current_quantity: 'int',
  fulfillable_quantity: 'int',
  price: 'decimal',
  price_set: 'money',
  total_discount: 'decimal',
  total_discount_set: 'money',
  discount_allocations: 'array',
  tax_lines: 'array',
  duties: 'array',
  taxable: 'boolean',
  gift_card: 'boolean',
  requires_shipping: 'boolean',
  product_exists: 'boolean',
};

const ORDER: Fields = {
  id: 'id',
  admin_graphql_api_id: 'gid',
  name: 'string',
  email: 'string?',
  created_at: 'date',
  updated_at: 'date',
  processed_at: 'date',
  cancelled_at: 'date?',
  currency: 'string',
  presentment_currency: 'string',
  financial_status: 'string',
  test: 'boolean',
  taxes_included: 'boolean',
  subtotal_price: 'decimal',
  subtotal_price_set: 'money',
  total_price: 'decimal',
  total_price_set: 'money',
  current_total_price: 'decimal',
  current_total_price_set: 'money',
  total_tax: 'decimal',
  total_tax_set: 'money',
  total_discounts: 'decimal',
  total_discounts_set: 'money',
  tax_lines: 'array',
  discount_applications: 'array',
  discount_codes: 'array',
  refunds: 'array',
};

const REFUND_LINE: Fields = {
  id: 'id',
  line_item_id: 'id',
  quantity: 'int',
  location_id: 'id?',
  restock_type: 'string',
  subtotal: 'number',
  total_tax: 'number',
  subtotal_set: 'money',
  total_tax_set: 'money',
  line_item: LINE,
};

const REFUND: Fields = {
  id: 'id',
  admin_graphql_api_id: 'gid',
  order_id: 'id',
  created_at: 'date',
  processed_at: 'date',
  note: 'string?',
  restock: 'boolean',
  duties: 'array',
  transactions: 'array',
  order_adjustments: 'array',
};

const INT64_MAX = 9223372036854775807n;
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v);

/** Where `value` is not of `shape` (empty: it is). `raw` is the value as JSON.parse reads it, to tell a
 * bare number from a string whatever its size (parseJsonPreservingBigInts makes big ids strings). */
function mismatches(value: unknown, shape: Shape, at: string): string[] {
  const wrong = [`${at}: not ${typeof shape === 'string' ? shape : 'an object'} (${JSON.stringify(value)})`];
  switch (shape) {
    case 'id':
    case 'id?':
      if (value === null && shape === 'id?') return [];
      // A bare JSON number: a safe integer, or (beyond 2^53) the digits the parser kept.
      return (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) ||
        (typeof value === 'string' && /^\d+$/.test(value) && BigInt(value) > BigInt(Number.MAX_SAFE_INTEGER) && BigInt(value) <= INT64_MAX)
        ? []
        : wrong;
    case 'gid':
      return typeof value === 'string' && /^gid:\/\/shopify\/\w+\/\d+$/.test(value) ? [] : wrong;
    case 'decimal':
      return typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) ? [] : wrong;
    case 'number':
      return typeof value === 'number' ? [] : wrong;
    case 'int':
      return Number.isSafeInteger(value) ? [] : wrong;
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrong;
    case 'string':
      return typeof value === 'string' ? [] : wrong;
    case 'string?':
      return value === null || typeof value === 'string' ? [] : wrong;
    case 'date':
      return isDate(value) ? [] : wrong;
    case 'date?':
      return value === null || isDate(value) ? [] : wrong;
    case 'array':
      return Array.isArray(value) ? [] : wrong;
    case 'money': {
      const money = { amount: 'decimal', currency_code: 'string' } as const;
      return mismatches(value, { shop_money: money, presentment_money: money }, at);
    }
    default:
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong;
      return Object.entries(shape).flatMap(([field, inner]) =>
        field in value ? mismatches((value as Record<string, unknown>)[field], inner, `${at}.${field}`) : [`${at}.${field}: missing`],
      );
  }
}

function orderMismatches(payload: Record<string, unknown>): string[] {
  const lines = payload.line_items as unknown[];
  return [
    ...mismatches(payload, ORDER, 'order'),
    ...(Array.isArray(lines) ? lines.flatMap((l, i) => mismatches(l, LINE, `line_items[${i}]`)) : ['line_items']),
  ];
}

function refundMismatches(payload: Record<string, unknown>): string[] {
  const lines = payload.refund_line_items as unknown[];
  return [
    ...mismatches(payload, REFUND, 'refund'),
    ...(Array.isArray(lines) ? lines.flatMap((l, i) => mismatches(l, REFUND_LINE, `refund_line_items[${i}]`)) : ['refund_line_items']),
  ];
}

describe('docs/examples', () => {
  const order = parseJsonPreservingBigInts(text('order-create.json')) as Record<string, unknown>;
  const refund = parseJsonPreservingBigInts(text('refund-create.json')) as Record<string, unknown>;

  it("orders/create has Shopify's shape", () => {
    expect(orderMismatches(order)).toEqual([]);
  });

  it("refunds/create has Shopify's shape: subtotal and total_tax numbers, their money bags, the line refunded", () => {
    expect(refundMismatches(refund)).toEqual([]);
  });

  it('writes every id as a bare JSON number within int64, as Shopify does', () => {
    for (const name of ['order-create.json', 'refund-create.json']) {
      const ids = [...text(name).matchAll(/"(?:\w+_)?id"\s*:\s*("?)(\d+)\1/g)];
      expect(ids.length).toBeGreaterThan(3);
      for (const [field, quote, digits] of ids)
        expect({ field, quoted: quote === '"', inInt64: BigInt(digits) <= INT64_MAX }).toEqual({ field, quoted: false, inInt64: true });
    }
  });

  it('tells a wrong shape (the refund subtotal as a string, a missing money bag)', () => {
    const line = (refund.refund_line_items as Array<Record<string, unknown>>)[0];
    const bad = { ...refund, refund_line_items: [{ ...line, subtotal: '25.00', subtotal_set: undefined }] };
    expect(refundMismatches(JSON.parse(JSON.stringify(bad)) as Record<string, unknown>)).toEqual([
      'refund_line_items[0].subtotal: not number ("25.00")',
      'refund_line_items[0].subtotal_set: missing',
    ]);
  });

  it('are read by ingestion exactly', () => {
    expect(normalizeOrder(order)).toEqual({
      orderId: '9223372036854770001',
      name: '#1501',
      createdAt: '2026-11-20T15:00:00.000Z',
      updatedAt: '2026-11-20T15:00:00.000Z',
      email: 'sample.buyer@example.com',
      financialStatus: 'paid',
      cancelledAt: null,
      test: false,
      currency: 'USD',
      taxesIncluded: false,
      totalCents: 2800,
      lineItems: [
        {
          lineItemId: '9223372036854771001',
          productId: '7420000000101',
          variantId: '74200000001011',
          title: 'Marcus Reed - Card #1',
          vendor: 'Drift State University',
          giftCard: false,
          quantity: 1,
          currentQuantity: 1,
          priceCents: 300,
          discountCents: 0,
          taxCents: 0,
        },
        {
          lineItemId: '9223372036854771002',
          productId: '7420000000103',
          variantId: '74200000001031',
          title: 'Marcus Reed - Card #3',
          vendor: 'Drift State University',
          giftCard: false,
          quantity: 1,
          currentQuantity: 1,
          priceCents: 2500,
          discountCents: 0,
          taxCents: 0,
        },
      ],
    });
    expect(normalizeRefund(refund)).toEqual({
      refundId: '9223372036854775001',
      orderId: '9223372036854770001',
      createdAt: '2026-11-21T10:00:00.000Z',
      lines: [{ lineItemId: '9223372036854771002', quantity: 1, subtotalCents: 2500, taxCents: 0 }],
    });
  });
});
