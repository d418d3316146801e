// What one stored order contributes to the figures. Aggregates are sums of contributions, so an
// update, cancellation or refund applies (new contribution - old contribution) and nothing else.
import { attributeLine } from './attribution';
import type { Attribution } from './attribution';
import type { CatalogIndex } from './catalog-types';
import { yearMonthOf } from './months';
import type { NormalizedOrder, NormalizedRefund } from './shopify';

/** The stored state of one order: the newest order body we have seen and every refund by id. */
export interface OrderState {
  order: NormalizedOrder | null;
  refunds: Record<string, NormalizedRefund>;
  /** Lines a collective assigned to a card by hand (they win over automatic attribution). */
  assignments?: Record<string, LineAssignment>;
}

export interface LineAssignment {
  athleteId: number;
  cardId: number;
  assignedAt: string;
}

export interface AthleteContribution {
  athleteId: number;
  /** Units counted in the figures (0 when the order does not count). */
  units: number;
  revenueCents: number;
  /** Units per card id (card 0 = attributed by title to the athlete but no card). */
  cards: Record<string, number>;
  /** What the order lists for this athlete after refunds, counted or not (for the order list). */
  listedUnits: number;
  listedCents: number;
}

export interface UnattributedLine {
  lineItemId: string;
  productId: string | null;
  title: string;
  units: number;
  revenueCents: number;
  reason: 'unmatched' | 'ambiguous';
}

export interface OrderContribution {
  orderId: string;
  createdAt: string;
  month: string;
  /** Stable hash of the buyer's email, or null for guest orders. */
  buyerKey: string | null;
  buyerLabel: string;
  status: string;
  counted: boolean;
  athletes: AthleteContribution[];
  unattributed: UnattributedLine[];
}

export interface ContributionOptions {
  countTestOrders: boolean;
  /** Hash function for buyer emails (sha-256 in production; injected so shared/ stays platform-free). */
  hashEmail: (email: string) => string;
}

const COUNTED_STATUSES = new Set(['paid', 'partially_paid', 'partially_refunded', 'authorized']);

export function buyerLabelOf(email: string | null): string {
  if (!email) return 'Guest';
  return email.split('@')[0] || 'Guest';
}

/** The status shown for an order: cancelled wins; a missing financial status reads 'Paid'. */
export function displayStatus(order: Pick<NormalizedOrder, 'cancelledAt' | 'financialStatus'>): string {
  if (order.cancelledAt) return 'Cancelled';
  const status = order.financialStatus ?? 'paid';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function isCounted(order: NormalizedOrder, options: Pick<ContributionOptions, 'countTestOrders'>): boolean {
  if (order.cancelledAt) return false;
  if (order.test && !options.countTestOrders) return false;
  return COUNTED_STATUSES.has(order.financialStatus ?? 'paid');
}

/** Units of a line that remain: the smaller of Shopify's current quantity and quantity minus our refunds. */
export function remainingUnits(line: NormalizedOrder['lineItems'][number], refunds: NormalizedRefund[]): number {
  const refunded = refunds.reduce(
    (sum, r) => sum + r.lines.filter((l) => l.lineItemId === line.lineItemId).reduce((s, l) => s + l.quantity, 0),
    0,
  );
  const afterRefunds = Math.max(0, line.quantity - refunded);
  return line.currentQuantity === null ? afterRefunds : Math.min(afterRefunds, line.currentQuantity);
}

export function contributionOf(state: OrderState, index: CatalogIndex, options: ContributionOptions): OrderContribution | null {
  const { order } = state;
  if (!order) return null;
  const refunds = Object.values(state.refunds);
  const counted = isCounted(order, options);
  const byAthlete = new Map<number, AthleteContribution>();
  const unattributed: UnattributedLine[] = [];
  for (const line of order.lineItems) {
    const units = remainingUnits(line, refunds);
    const cents = units * line.priceCents;
    const assigned = state.assignments?.[line.lineItemId];
    const attribution: Attribution = assigned && index.athleteById.has(assigned.athleteId) ? { kind: 'product', athleteId: assigned.athleteId, cardId: assigned.cardId } : attributeLine(line, index);
    if (attribution.kind === 'unattributed') {
      unattributed.push({ lineItemId: line.lineItemId, productId: line.productId, title: line.title, units: counted ? units : 0, revenueCents: counted ? cents : 0, reason: attribution.reason });
      continue;
    }
    const entry = byAthlete.get(attribution.athleteId) ?? { athleteId: attribution.athleteId, units: 0, revenueCents: 0, cards: {}, listedUnits: 0, listedCents: 0 };
    entry.listedUnits += units;
    entry.listedCents += cents;
    if (counted && units > 0) {
      entry.units += units;
      entry.revenueCents += cents;
      const card = String(attribution.cardId ?? 0);
      entry.cards[card] = (entry.cards[card] ?? 0) + units;
    }
    byAthlete.set(attribution.athleteId, entry);
  }
  return {
    orderId: order.orderId,
    createdAt: order.createdAt,
    month: yearMonthOf(order.createdAt),
    buyerKey: order.email ? options.hashEmail(order.email) : null,
    buyerLabel: buyerLabelOf(order.email),
    status: displayStatus(order),
    counted,
    athletes: [...byAthlete.values()].sort((a, b) => a.athleteId - b.athleteId),
    unattributed,
  };
}
