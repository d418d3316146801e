// What a line earns: the money the buyer really paid for the cards, in integer cents of the shop's
// currency. Written once here and used by ingestion, verify, the benchmark loader and reconciliation.
//
// The rule:
// - A line's net is price x quantity, less every discount allocated to it (Shopify allocates
//   line-level and order-level discounts per line in `discount_allocations`), less its taxes when
//   the shop's prices include tax (`taxes_included`). It is never below zero.
// - Rounding when a line's net is spread over its units: each unit gets floor(net / quantity)
//   cents and the first (net mod quantity) units one cent more, so the units always sum to the net
//   exactly. Units leave a line from the end (the last unit first).
// - A refund subtracts what Shopify refunded for the line (the refund line's `subtotal`, less its
//   tax when prices include tax), so a discounted line refunded in full nets to zero; a refund
//   without a subtotal subtracts the shares of the units it refunds. Units removed by an order edit
//   (Shopify's `current_quantity` below quantity - refunded) subtract their shares.
// - A line never goes below zero. A unit given away (100% off) is still a unit sold, with zero
//   revenue: it counts toward cards sold, fan holdings, serials and unlock quotas; money (revenue,
//   the 97% and the ledger) follows revenue only.
import type { NormalizedRefund, OrderLine } from './shopify';

/** A line's net before refunds. */
export function lineNetCents(line: Pick<OrderLine, 'priceCents' | 'quantity' | 'discountCents' | 'taxCents'>, taxesIncluded: boolean): number {
  return Math.max(0, line.priceCents * line.quantity - line.discountCents - (taxesIncluded ? line.taxCents : 0));
}

/** The sum of the shares of units [from, to) of a net spread over `quantity` units. */
export function unitSharesCents(netCents: number, quantity: number, from: number, to: number): number {
  if (quantity <= 0 || to <= from) return 0;
  const base = Math.floor(netCents / quantity);
  const remainder = netCents - base * quantity;
  return (to - from) * base + Math.max(0, Math.min(to, remainder) - Math.max(from, 0));
}

/** Refund lines of one order line, in a fixed order (refund date, then id). */
function refundLinesOf(lineItemId: string, refunds: NormalizedRefund[]) {
  return [...refunds]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.refundId.localeCompare(b.refundId))
    .flatMap((r) => r.lines.filter((l) => l.lineItemId === lineItemId));
}

/** Units of a line that remain: the smaller of Shopify's current quantity and quantity minus refunds. */
export function remainingUnits(line: Pick<OrderLine, 'lineItemId' | 'quantity' | 'currentQuantity'>, refunds: NormalizedRefund[]): number {
  const refunded = refundLinesOf(line.lineItemId, refunds).reduce((sum, l) => sum + l.quantity, 0);
  const afterRefunds = Math.max(0, line.quantity - refunded);
  return line.currentQuantity === null ? afterRefunds : Math.min(afterRefunds, line.currentQuantity);
}

export interface LineRevenue {
  /** Units that remain after refunds and edits. */
  units: number;
  /** What the remaining line earned, in cents (never below zero). */
  revenueCents: number;
}

export function lineRevenue(line: OrderLine, refunds: NormalizedRefund[], taxesIncluded: boolean): LineRevenue {
  const q = line.quantity;
  const net = lineNetCents(line, taxesIncluded);
  let taken = 0;
  let refundedCents = 0;
  for (const r of refundLinesOf(line.lineItemId, refunds)) {
    const k = Math.min(r.quantity, q - taken);
    const amount =
      r.subtotalCents === null ? unitSharesCents(net, q, q - taken - k, q - taken) : Math.max(0, r.subtotalCents - (taxesIncluded ? r.taxCents : 0));
    refundedCents += amount;
    taken += k;
  }
  const units = remainingUnits(line, refunds);
  const editedAway = Math.max(0, q - taken - units);
  const editedCents = unitSharesCents(net, q, q - taken - editedAway, q - taken);
  return { units, revenueCents: Math.max(0, net - refundedCents - editedCents) };
}
