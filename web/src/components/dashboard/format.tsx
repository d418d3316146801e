// Display rules shared by the three dashboards (docs/ARCHITECTURE.md, "Screen rules"): order
// labels, buyer labels, default statuses and status badge colours, transaction details. Dates:
// lib/dates.ts.
import { countLabel } from '@shared/platform/text';

/** An order is shown by Shopify's order name (#1001); an order without one by its full id (the
 * first 8 characters are the same for every 16-digit Shopify id). */
export const orderLabel = (orderId: string, orderName?: string | null): string => (orderName && orderName.trim() ? orderName : orderId);

/** '1 collections' -> '1 collection' in transaction details ('{n} collections'). */
export function transactionDetails(details: string): string {
  const match = /^(\d+) collections?$/.exec(details.trim());
  return match ? countLabel(Number(match[1]), 'collection') : details;
}

/** The buyer label is the part of an email before '@' (the API already sends only that part). */
export const buyerLabel = (buyer: string): string => buyer.split('@')[0];

/** Athlete panel orders show 'Paid' when the order carries no status. */
export const orderStatusLabel = (status: string | null | undefined): string => (status && status.trim() ? status : 'Paid');

export type BadgeTone = 'green' | 'yellow' | 'red';

/** Transaction status badges: green for Completed, yellow for Processing, red otherwise. */
export function transactionBadgeTone(status: string): BadgeTone {
  if (status === 'Completed') return 'green';
  if (status === 'Processing') return 'yellow';
  return 'red';
}

/** Member status badges: green for Active, yellow for anything else. */
export const memberBadgeTone = (status: string): BadgeTone => (status === 'Active' ? 'green' : 'yellow');

export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`dash-badge dash-badge-${tone}`}>{children}</span>;
}
