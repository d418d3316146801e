// Shopify payloads: exact parsing (ids as strings, money in cents, UTC dates) into our own shapes.
import { parseMoneyToCents } from './money';
import { toUtcIso } from './months';

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
  quantity: number;
  /** Quantity after edits and refunds, when Shopify sent it. */
  currentQuantity: number | null;
  /** Unit price in cents. */
  priceCents: number;
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
  currency: string;
  totalCents: number;
  lineItems: OrderLine[];
}

export interface RefundLine {
  lineItemId: string;
  quantity: number;
  subtotalCents: number;
}

export interface NormalizedRefund {
  refundId: string;
  orderId: string;
  createdAt: string;
  lines: RefundLine[];
}

export class PayloadError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'PayloadError';
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

/** Normalises an order payload (orders/create, paid, updated, cancelled). Throws PayloadError when it is not an order. */
export function normalizeOrder(payload: unknown): NormalizedOrder {
  if (!isObject(payload)) throw new PayloadError('the body must be a JSON object', 'body');
  const orderId = requireId(payload, 'id', 'admin_graphql_api_id');
  const createdAt = toUtcIso(payload.created_at);
  if (!createdAt) throw new PayloadError("'created_at' must be an ISO-8601 date", 'created_at');
  const updatedAt = toUtcIso(payload.updated_at) ?? createdAt;
  if (!Array.isArray(payload.line_items)) throw new PayloadError("'line_items' must be a list", 'line_items');
  const lineItems = payload.line_items.map((raw, i): OrderLine => {
    if (!isObject(raw)) throw new PayloadError(`'line_items[${i}]' must be an object`, `line_items[${i}]`);
    const priceCents = parseMoneyToCents(raw.price);
    if (priceCents === null || priceCents < 0) throw new PayloadError(`'line_items[${i}].price' must be a decimal amount`, `line_items[${i}].price`);
    const quantity = quantityOf(raw.quantity ?? 1, `line_items[${i}].quantity`);
    return {
      lineItemId: idOf(raw.id) ?? String(i),
      productId: idOf(raw.product_id),
      variantId: idOf(raw.variant_id),
      title: typeof raw.title === 'string' ? raw.title : typeof raw.name === 'string' ? raw.name : '',
      quantity,
      currentQuantity: raw.current_quantity === undefined || raw.current_quantity === null ? null : quantityOf(raw.current_quantity, `line_items[${i}].current_quantity`),
      priceCents,
    };
  });
  const total = parseMoneyToCents(payload.current_total_price ?? payload.total_price);
  return {
    orderId,
    name: typeof payload.name === 'string' ? payload.name : `#${orderId}`,
    createdAt,
    updatedAt,
    email: emailOf(payload),
    financialStatus: typeof payload.financial_status === 'string' ? payload.financial_status : null,
    cancelledAt: toUtcIso(payload.cancelled_at),
    test: payload.test === true,
    currency: typeof payload.currency === 'string' ? payload.currency : 'USD',
    totalCents: total ?? lineItems.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
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
    if (!isObject(raw)) throw new PayloadError(`'refund_line_items[${i}]' must be an object`, `refund_line_items[${i}]`);
    const lineItemId = idOf(raw.line_item_id) ?? (isObject(raw.line_item) ? idOf(raw.line_item.id) : null);
    if (!lineItemId) throw new PayloadError(`'refund_line_items[${i}].line_item_id' must be an id`, `refund_line_items[${i}].line_item_id`);
    return {
      lineItemId,
      quantity: quantityOf(raw.quantity, `refund_line_items[${i}].quantity`),
      subtotalCents: parseMoneyToCents(raw.subtotal) ?? 0,
    };
  });
  return { refundId, orderId, createdAt, lines };
}

/** Topics that change the figures. */
export const ORDER_TOPICS = ['orders/create', 'orders/paid', 'orders/updated', 'orders/cancelled'] as const;
export const REFUND_TOPIC = 'refunds/create';
export type HandledTopic = (typeof ORDER_TOPICS)[number] | typeof REFUND_TOPIC;

export function isHandledTopic(topic: string | undefined): topic is HandledTopic {
  return topic === REFUND_TOPIC || (ORDER_TOPICS as readonly string[]).includes(topic ?? '');
}
