// Builds Shopify-shaped webhook bodies (JSON text with 64-bit ids written as bare numbers, as
// Shopify writes them), with the money fields of a real captured payload: every amount also in
// `*_set` (shop and presentment money), discounts allocated per line (`discount_allocations`,
// `discount_applications`, `discount_codes`, `total_discount`), taxes (`tax_lines`,
// `taxes_included`). Used by local checkout, seeding, tests and benchmarks.

export interface OrderLineInput {
  id: string;
  productId: string | null;
  title: string;
  quantity: number;
  /** Unit price, a decimal string in the shop's currency. */
  price: string;
  currentQuantity?: number;
  /** Discount allocated to the whole line (all units), decimal string. */
  discount?: string;
  /** Tax of the whole line, decimal string. */
  tax?: string;
  vendor?: string | null;
  giftCard?: boolean;
}

export interface OrderPayloadInput {
  id: string;
  number?: number;
  createdAt: string;
  updatedAt?: string;
  email: string | null;
  financialStatus?: string;
  cancelledAt?: string | null;
  test?: boolean;
  /** The shop's currency (Shopify's `currency`); default USD. */
  currency?: string;
  presentmentCurrency?: string;
  taxesIncluded?: boolean;
  /** A discount code shown on the order (its amounts are in the lines' discounts). */
  discountCode?: string;
  lines: OrderLineInput[];
}

const BIG = '__bigint__';

/** JSON.stringify where values wrapped by big() are written as bare integer literals. */
function stringifyWithBigInts(value: unknown): string {
  return JSON.stringify(value).replace(new RegExp(`"${BIG}(\\d+)"`, 'g'), '$1');
}

const big = (id: string) => `${BIG}${id}`;

/** Cents to Shopify's decimal string. */
export const centsToDecimal = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const toCents = (decimal: string | undefined) => (decimal ? Math.round(Number(decimal) * 100) : 0);

function moneySet(amount: string, shop: string, presentment: string) {
  return { shop_money: { amount, currency_code: shop }, presentment_money: { amount, currency_code: presentment } };
}

export function orderPayload(input: OrderPayloadInput): string {
  const currency = input.currency ?? 'USD';
  const presentment = input.presentmentCurrency ?? currency;
  const set = (amount: string) => moneySet(amount, currency, presentment);
  const units = (l: OrderLineInput) => l.currentQuantity ?? l.quantity;
  const subtotalCents = input.lines.reduce((sum, l) => sum + toCents(l.price) * units(l) - toCents(l.discount), 0);
  const taxCents = input.lines.reduce((sum, l) => sum + toCents(l.tax), 0);
  const discountCents = input.lines.reduce((sum, l) => sum + toCents(l.discount), 0);
  const totalCents = subtotalCents + (input.taxesIncluded ? 0 : taxCents);
  const total = centsToDecimal(totalCents);
  const discounted = input.lines.some((l) => toCents(l.discount) > 0);
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
    currency,
    presentment_currency: presentment,
    financial_status: input.financialStatus ?? 'paid',
    fulfillment_status: null,
    cancelled_at: input.cancelledAt ?? null,
    cancel_reason: input.cancelledAt ? 'customer' : null,
    test: input.test ?? false,
    taxes_included: input.taxesIncluded ?? false,
    subtotal_price: centsToDecimal(subtotalCents),
    subtotal_price_set: set(centsToDecimal(subtotalCents)),
    total_discounts: centsToDecimal(discountCents),
    total_discounts_set: set(centsToDecimal(discountCents)),
    total_tax: centsToDecimal(taxCents),
    total_tax_set: set(centsToDecimal(taxCents)),
    total_price: total,
    total_price_set: set(total),
    current_total_price: total,
    current_total_price_set: set(total),
    discount_codes: discounted && input.discountCode ? [{ code: input.discountCode, amount: centsToDecimal(discountCents), type: 'fixed_amount' }] : [],
    discount_applications: discounted
      ? [
          {
            type: input.discountCode ? 'discount_code' : 'automatic',
            code: input.discountCode,
            value: centsToDecimal(discountCents),
            value_type: 'fixed_amount',
            allocation_method: 'across',
            target_selection: 'all',
            target_type: 'line_item',
          },
        ]
      : [],
    customer: input.email ? { id: big('7000000000000000001'), email: input.email } : null,
    line_items: input.lines.map((l) => ({
      id: big(l.id),
      admin_graphql_api_id: `gid://shopify/LineItem/${l.id}`,
      product_id: l.productId === null ? null : big(l.productId),
      variant_id: l.productId === null ? null : big(`${l.productId}1`),
      product_exists: l.productId !== null,
      title: l.title,
      name: l.title,
      vendor: l.vendor ?? null,
      quantity: l.quantity,
      current_quantity: units(l),
      price: l.price,
      price_set: set(l.price),
      total_discount: '0.00',
      total_discount_set: set('0.00'),
      discount_allocations: toCents(l.discount) > 0 ? [{ amount: l.discount, amount_set: set(l.discount!), discount_application_index: 0 }] : [],
      tax_lines: toCents(l.tax) > 0 ? [{ title: 'State tax', rate: 0.0825, price: l.tax, price_set: set(l.tax!) }] : [],
      taxable: toCents(l.tax) > 0,
      gift_card: l.giftCard ?? false,
      requires_shipping: false,
    })),
  });
}

export interface RefundPayloadInput {
  id: string;
  orderId: string;
  createdAt: string;
  lines: Array<{ lineItemId: string; quantity: number; subtotal?: string; tax?: string }>;
}

export function refundPayload(input: RefundPayloadInput): string {
  return stringifyWithBigInts({
    id: big(input.id),
    admin_graphql_api_id: `gid://shopify/Refund/${input.id}`,
    order_id: big(input.orderId),
    created_at: input.createdAt,
    processed_at: input.createdAt,
    note: null,
    refund_line_items: input.lines.map((l, i) => ({
      id: big(`${input.id}${i}`),
      line_item_id: big(l.lineItemId),
      quantity: l.quantity,
      ...(l.subtotal !== undefined ? { subtotal: Number(l.subtotal), subtotal_set: moneySet(l.subtotal, 'USD', 'USD') } : {}),
      total_tax: Number(l.tax ?? '0'),
      total_tax_set: moneySet(l.tax ?? '0.00', 'USD', 'USD'),
      restock_type: 'no_restock',
    })),
    transactions: [],
  });
}

/** orders/delete: Shopify sends only the id. */
export function deletePayload(orderId: string): string {
  return stringifyWithBigInts({ id: big(orderId) });
}
