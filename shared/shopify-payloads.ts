// Builds Shopify-shaped webhook bodies (JSON text with 64-bit ids written as bare numbers, as
// Shopify writes them). Used by local checkout, seeding, tests and benchmarks.

export interface OrderPayloadInput {
  id: string;
  number?: number;
  createdAt: string;
  updatedAt?: string;
  email: string | null;
  financialStatus?: string;
  cancelledAt?: string | null;
  test?: boolean;
  lines: Array<{ id: string; productId: string | null; title: string; quantity: number; price: string; currentQuantity?: number }>;
}

const BIG = '__bigint__';

/** JSON.stringify where values wrapped by big() are written as bare integer literals. */
function stringifyWithBigInts(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${BIG}(\\d+)"`, 'g'), '$1');
}

const big = (id: string) => `${BIG}${id}`;

export function orderPayload(input: OrderPayloadInput): string {
  const totalCents = input.lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * (l.currentQuantity ?? l.quantity), 0);
  const total = (totalCents / 100).toFixed(2);
  return stringifyWithBigInts({
    id: big(input.id),
    admin_graphql_api_id: `gid://shopify/Order/${input.id}`,
    name: `#${input.number ?? 1000}`,
    order_number: input.number ?? 1000,
    created_at: input.createdAt,
    updated_at: input.updatedAt ?? input.createdAt,
    processed_at: input.createdAt,
    email: input.email,
    contact_email: input.email,
    currency: 'USD',
    presentment_currency: 'USD',
    financial_status: input.financialStatus ?? 'paid',
    fulfillment_status: null,
    cancelled_at: input.cancelledAt ?? null,
    cancel_reason: input.cancelledAt ? 'customer' : null,
    test: input.test ?? false,
    subtotal_price: total,
    total_price: total,
    current_total_price: total,
    total_tax: '0.00',
    customer: input.email ? { id: big('7000000000000000001'), email: input.email } : null,
    line_items: input.lines.map((l) => ({
      id: big(l.id),
      admin_graphql_api_id: `gid://shopify/LineItem/${l.id}`,
      product_id: l.productId === null ? null : big(l.productId),
      variant_id: l.productId === null ? null : big(`${l.productId}1`),
      title: l.title,
      name: l.title,
      quantity: l.quantity,
      current_quantity: l.currentQuantity ?? l.quantity,
      price: l.price,
      requires_shipping: false,
      taxable: false,
    })),
  });
}

export interface RefundPayloadInput {
  id: string;
  orderId: string;
  createdAt: string;
  lines: Array<{ lineItemId: string; quantity: number; subtotal: string }>;
}

export function refundPayload(input: RefundPayloadInput): string {
  return stringifyWithBigInts({
    id: big(input.id),
    admin_graphql_api_id: `gid://shopify/Refund/${input.id}`,
    order_id: big(input.orderId),
    created_at: input.createdAt,
    processed_at: input.createdAt,
    note: null,
    refund_line_items: input.lines.map((l, i) => ({ id: big(`${input.id}${i}`), line_item_id: big(l.lineItemId), quantity: l.quantity, subtotal: l.subtotal, restock_type: 'no_restock' })),
    transactions: [],
  });
}

/** Cents to Shopify's decimal string. */
export const centsToDecimal = (cents: number): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
