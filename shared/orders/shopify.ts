// Shopify payloads: exact parsing (ids as strings, money in integer cents of the shop's currency,
// UTC dates) into our own shapes. Every amount is read from Shopify's `*_set.shop_money` when the
// payload has it, else from the plain field, which Shopify writes in the shop's currency; an order
// whose shop currency is not ours is refused (never counted at face value).
import { MAX_SAFE_CENTS, SHOP_CURRENCY, parseMoneyToCents } from '../platform/money';
import { toUtcIso } from '../platform/months';

/** JSON.parse that keeps integers beyond 2^53 exact by turning them into strings first.
 * Shopify writes 64-bit ids as JSON numbers; a double would silently change them. */
export function parseJsonPreservingBigInts(text: string): unknown {
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      continue;
    }
    if ((ch >= '0' && ch <= '9') || ch === '-') {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j])) j++;
      const literal = text.slice(i, j);
      if (/^-?\d{16,}$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += text.slice(last, i) + `"${literal}"`;
        last = j;
      }
      i = j - 1;
    }
  }
  return JSON.parse(out + text.slice(last));
}

export interface OrderLine {
  lineItemId: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  /** Shopify's vendor of the product (a school names itself here; see attribution). */
  vendor: string | null;
  /** Gift cards are not card sales. */
  giftCard: boolean;
  quantity: number;
  /** Quantity after edits and refunds, when Shopify sent it. */
  currentQuantity: number | null;
  /** Unit price in cents (shop money), before discounts. */
  priceCents: number;
  /** Every discount allocated to this line (line-level and order-level), in cents. */
  discountCents: number;
  /** Taxes of this line, in cents (part of the price when the order's taxes are included). */
  taxCents: number;
}

export interface NormalizedOrder {
  orderId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  email: string | null;
  financialStatus: string | null;
  cancelledAt: string | null;
  test: boolean;
  /** The shop's currency (always SHOP_CURRENCY: other currencies are refused). */
  currency: string;
  /** Prices include taxes (Shopify's taxes_included). */
  taxesIncluded: boolean;
  totalCents: number;
  lineItems: OrderLine[];
}

export interface RefundLine {
  lineItemId: string;
  quantity: number;
  /** What was refunded for the line (Shopify's subtotal), or null when the payload has none. */
  subtotalCents: number | null;
  /** The tax part of the refund (Shopify's total_tax). */
  taxCents: number;
}

export interface NormalizedRefund {
  refundId: string;
  orderId: string;
  createdAt: string;
  lines: RefundLine[];
}

/** orders/delete: Shopify sends only the id. */
export interface OrderDeletion {
  orderId: string;
}

/** A payload that is not what its topic says: 400. */
export class PayloadError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'PayloadError';
  }
}

/** A well-formed order we must not count as it is (another currency, amounts past 2^53): 422,
 * parked for an operator, never counted at face value. */
export class UnsupportedOrder extends Error {
  constructor(
    message: string,
    readonly reason: 'currency' | 'amount' | 'size',
  ) {
    super(message);
    this.name = 'UnsupportedOrder';
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An id from a JSON number (already string if beyond 2^53), a numeric string or a Shopify GID. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string') {
    const gid = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)$/.exec(value);
    if (gid) return gid[1];
    if (/^\d{1,30}$/.test(value)) return value.replace(/^0+(?=\d)/, '');
  }
  return null;
}

function requireId(source: Json, field: string, gidField?: string): string {
  const id = (gidField ? idOf(source[gidField]) : null) ?? idOf(source[field]);
  if (!id) throw new PayloadError(`'${field}' must be an id`, field);
  return id;
}

function quantityOf(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 1_000_000) return value;
  throw new PayloadError(`'${field}' must be a whole number`, field);
}

function emailOf(payload: Json): string | null {
  const customer = isObject(payload.customer) ? payload.customer : {};
  for (const candidate of [payload.email, payload.contact_email, customer.email]) {
    if (typeof candidate === 'string' && candidate.includes('@')) return candidate.trim().toLowerCase();
  }
  return null;
}

/**
 * An amount in cents of the shop's currency: `set.shop_money` when present (its currency must be
 * ours), else the plain field. `null` when neither is there.
 */
function shopMoney(source: Json, plain: string, set: string, field: string): number | null {
  const moneySet = source[set];
  if (isObject(moneySet) && isObject(moneySet.shop_money)) {
    const money = moneySet.shop_money;
    const currency = typeof money.currency_code === 'string' ? money.currency_code.toUpperCase() : SHOP_CURRENCY;
    if (currency !== SHOP_CURRENCY) throw new UnsupportedOrder(`'${field}' is in ${currency}; this shop counts ${SHOP_CURRENCY} only`, 'currency');
    const cents = parseMoneyToCents(money.amount);
    if (cents === null) throw new PayloadError(`'${field}' must be a decimal amount`, field);
    return cents;
  }
  if (source[plain] === undefined || source[plain] === null) return null;
  const cents = parseMoneyToCents(source[plain]);
  if (cents === null) throw new PayloadError(`'${field}' must be a decimal amount`, field);
  return cents;
}

function nonNegative(cents: number, field: string): number {
  if (cents < 0) throw new PayloadError(`'${field}' must not be negative`, field);
  return cents;
}

function sumOf(items: unknown, field: string, plain: string, set: string): number {
  if (!Array.isArray(items)) return 0;
  return items.reduce<number>((sum, raw, i) => {
    if (!isObject(raw)) throw new PayloadError(`'${field}[${i}]' must be an object`, `${field}[${i}]`);
    return sum + nonNegative(shopMoney(raw, plain, set, `${field}[${i}].${plain}`) ?? 0, `${field}[${i}].${plain}`);
  }, 0);
}

function safe(cents: number, field: string): number {
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_SAFE_CENTS)
    throw new UnsupportedOrder(`'${field}' is beyond what can be counted exactly`, 'amount');
  return cents;
}

/** Refuses an order whose shop currency is not ours (Shopify's `currency` is the shop's currency). */
function checkCurrency(payload: Json): string {
  const currency = typeof payload.currency === 'string' && payload.currency.trim() ? payload.currency.trim().toUpperCase() : SHOP_CURRENCY;
  if (currency !== SHOP_CURRENCY) throw new UnsupportedOrder(`the order is in ${currency}; this shop counts ${SHOP_CURRENCY} only`, 'currency');
  return currency;
}

function normalizeLine(raw: unknown, i: number): OrderLine {
  const field = `line_items[${i}]`;
  if (!isObject(raw)) throw new PayloadError(`'${field}' must be an object`, field);
  const priceCents = shopMoney(raw, 'price', 'price_set', `${field}.price`);
  if (priceCents === null || priceCents < 0) throw new PayloadError(`'${field}.price' must be a decimal amount`, `${field}.price`);
  const quantity = quantityOf(raw.quantity ?? 1, `${field}.quantity`);
  // discount_allocations carries every discount that reached the line, including order-level
  // ones; total_discount (older payloads) only the line-level part.
  const discountCents = Array.isArray(raw.discount_allocations)
    ? sumOf(raw.discount_allocations, `${field}.discount_allocations`, 'amount', 'amount_set')
    : nonNegative(shopMoney(raw, 'total_discount', 'total_discount_set', `${field}.total_discount`) ?? 0, `${field}.total_discount`);
  const gross = safe(priceCents * quantity, `${field}.price`);
  return {
    lineItemId: idOf(raw.id) ?? String(i),
    productId: idOf(raw.product_id),
    variantId: idOf(raw.variant_id),
    title: typeof raw.title === 'string' ? raw.title : typeof raw.name === 'string' ? raw.name : '',
    vendor: typeof raw.vendor === 'string' && raw.vendor.trim() ? raw.vendor.trim() : null,
    giftCard: raw.gift_card === true || raw.gift_card === 'true',
    quantity,
    currentQuantity: raw.current_quantity === undefined || raw.current_quantity === null ? null : quantityOf(raw.current_quantity, `${field}.current_quantity`),
    priceCents,
    discountCents: Math.min(safe(discountCents, `${field}.discount_allocations`), gross),
    taxCents: safe(sumOf(raw.tax_lines, `${field}.tax_lines`, 'price', 'price_set'), `${field}.tax_lines`),
  };
}

/** Normalises an order payload (orders/create, paid, updated, cancelled). Throws PayloadError when
 * it is not an order, UnsupportedOrder when it must not be counted as it is. */
export function normalizeOrder(payload: unknown): NormalizedOrder {
  if (!isObject(payload)) throw new PayloadError('the body must be a JSON object', 'body');
  const orderId = requireId(payload, 'id', 'admin_graphql_api_id');
  const createdAt = toUtcIso(payload.created_at);
  if (!createdAt) throw new PayloadError("'created_at' must be an ISO-8601 date", 'created_at');
  const updatedAt = toUtcIso(payload.updated_at) ?? createdAt;
  if (!Array.isArray(payload.line_items)) throw new PayloadError("'line_items' must be a list", 'line_items');
  const currency = checkCurrency(payload);
  const lineItems = payload.line_items.map(normalizeLine);
  const total = shopMoney(
    payload,
    payload.current_total_price !== undefined ? 'current_total_price' : 'total_price',
    payload.current_total_price_set !== undefined ? 'current_total_price_set' : 'total_price_set',
    'total_price',
  );
  const lineTotal = lineItems.reduce((sum, l) => safe(sum + l.priceCents * l.quantity, 'line_items'), 0);
  return {
    orderId,
    name: typeof payload.name === 'string' ? payload.name : `#${orderId}`,
    createdAt,
    updatedAt,
    email: emailOf(payload),
    financialStatus: typeof payload.financial_status === 'string' ? payload.financial_status : null,
    cancelledAt: toUtcIso(payload.cancelled_at),
    test: payload.test === true,
    currency,
    taxesIncluded: payload.taxes_included === true || payload.taxes_included === 'true',
    totalCents: safe(total ?? lineTotal, 'total_price'),
    lineItems,
  };
}

/** Normalises a refunds/create payload. */
export function normalizeRefund(payload: unknown): NormalizedRefund {
  if (!isObject(payload)) throw new PayloadError('the body must be a JSON object', 'body');
  const refundId = requireId(payload, 'id', 'admin_graphql_api_id');
  const orderId = requireId(payload, 'order_id');
  const createdAt = toUtcIso(payload.created_at ?? payload.processed_at);
  if (!createdAt) throw new PayloadError("'created_at' must be an ISO-8601 date", 'created_at');
  const rawLines = payload.refund_line_items;
  if (!Array.isArray(rawLines)) throw new PayloadError("'refund_line_items' must be a list", 'refund_line_items');
  const lines = rawLines.map((raw, i): RefundLine => {
    const field = `refund_line_items[${i}]`;
    if (!isObject(raw)) throw new PayloadError(`'${field}' must be an object`, field);
    const lineItemId = idOf(raw.line_item_id) ?? (isObject(raw.line_item) ? idOf(raw.line_item.id) : null);
    if (!lineItemId) throw new PayloadError(`'${field}.line_item_id' must be an id`, `${field}.line_item_id`);
    const subtotal = shopMoney(raw, 'subtotal', 'subtotal_set', `${field}.subtotal`);
    return {
      lineItemId,
      quantity: quantityOf(raw.quantity, `${field}.quantity`),
      subtotalCents: subtotal === null ? null : safe(nonNegative(subtotal, `${field}.subtotal`), `${field}.subtotal`),
      taxCents: safe(nonNegative(shopMoney(raw, 'total_tax', 'total_tax_set', `${field}.total_tax`) ?? 0, `${field}.total_tax`), `${field}.total_tax`),
    };
  });
  return { refundId, orderId, createdAt, lines };
}

/** Normalises an orders/delete payload (`{ "id": ... }`). */
export function normalizeDeletion(payload: unknown): OrderDeletion {
  if (!isObject(payload)) throw new PayloadError('the body must be a JSON object', 'body');
  return { orderId: requireId(payload, 'id', 'admin_graphql_api_id') };
}

/** Topics that change the figures. */
export const ORDER_TOPICS = ['orders/create', 'orders/paid', 'orders/updated', 'orders/cancelled'] as const;
export const REFUND_TOPIC = 'refunds/create';
export const DELETE_TOPIC = 'orders/delete';
export type HandledTopic = (typeof ORDER_TOPICS)[number] | typeof REFUND_TOPIC | typeof DELETE_TOPIC;

export function isHandledTopic(topic: string | undefined): topic is HandledTopic {
  return topic === REFUND_TOPIC || topic === DELETE_TOPIC || (ORDER_TOPICS as readonly string[]).includes(topic ?? '');
}
