// The stored state of one order and what it contributes to the figures. Aggregates are sums of
// contributions, so any change to an order (an update, a refund, a cancellation, a deletion, an
// assignment) applies (new contribution - what was applied) and nothing else.
//
// The merge of events into the state is a join: the newest order body wins by a total order
// (updated_at, then cancelled, then how far its payment went, then its content), refunds are a
// union by id, a deletion is final. So any sequence of duplicated or reordered deliveries ends
// in the same state, and a same-second `orders/paid` after `orders/create` is never lost.
import type { AttributableLine, LineAttribution } from './attribution';
import { yearMonthOf } from '../platform/months';
import { lineRevenue } from './revenue';
import type { NormalizedOrder, NormalizedRefund } from './shopify';

/** The stored state of one order: the newest body, every refund by id, each line's attribution
 * (decided when the line is first seen, or by a collective's assignment) and a deletion. */
export interface OrderState {
  order: NormalizedOrder | null;
  refunds: Record<string, NormalizedRefund>;
  lines: Record<string, LineAttribution>;
  deletedAt: string | null;
  /** The buyer's personal data was removed (Shopify's customers/redact, or a fan deleting their
   * account): the email is a pseudonym from then on, whatever later deliveries carry. */
  redaction?: Redaction | null;
}

export interface Redaction {
  at: string;
  by: string;
  /** What stands for the email: an address under the reserved .invalid domain, random per request. */
  pseudonym: string;
}

export const emptyOrderState = (): OrderState => ({ order: null, refunds: {}, lines: {}, deletedAt: null });

/** Redacted buyers' emails are pseudonyms under this reserved domain (RFC 2606: never deliverable). */
export const REDACTED_EMAIL_DOMAIN = 'redacted.invalid';
export const isRedactedEmail = (email: string | null | undefined): boolean => !!email && email.endsWith(`@${REDACTED_EMAIL_DOMAIN}`);

export type OrderEvent =
  | { kind: 'order'; order: NormalizedOrder }
  | { kind: 'refund'; refund: NormalizedRefund }
  | { kind: 'delete'; orderId: string; at: string }
  | { kind: 'assign'; orderId: string; lineItemId: string; athleteId: number; cardId: number; schoolId: number; at: string; by: string }
  | { kind: 'route'; orderId: string; lineItemId: string; schoolId: number; at: string; by: string }
  | { kind: 'redact'; orderId: string; pseudonym: string; at: string; by: string };

/** Why an assignment (or an operator's routing) is refused: the line is not in the order, is
 * attributed already, belongs to another school, or (routing) names a school already. */
export type AssignRefusal = 'unknown_line' | 'not_unattributed' | 'other_school' | 'already_routed';

export type MergeResult = { kind: 'changed'; state: OrderState } | { kind: 'unchanged' } | { kind: 'refused'; reason: AssignRefusal };

/** How far an order's payment went: a later state of the same second wins over an earlier one. */
const STATUS_RANK: Record<string, number> = {
  pending: 1,
  authorized: 2,
  partially_paid: 3,
  paid: 4,
  partially_refunded: 5,
  refunded: 6,
  voided: 7,
  expired: 7,
};

/** Canonical JSON (sorted keys): a deterministic last tie-break between two bodies. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** Compares two bodies of one order: > 0 when `a` is the newer state. */
export function compareOrderBodies(a: NormalizedOrder, b: NormalizedOrder): number {
  const byTime = Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
  if (byTime !== 0) return byTime;
  const byCancel = Number(Boolean(a.cancelledAt)) - Number(Boolean(b.cancelledAt));
  if (byCancel !== 0) return byCancel;
  const byStatus = (STATUS_RANK[a.financialStatus ?? 'paid'] ?? 0) - (STATUS_RANK[b.financialStatus ?? 'paid'] ?? 0);
  if (byStatus !== 0) return byStatus;
  const ca = canonicalJson(a);
  const cb = canonicalJson(b);
  return ca < cb ? -1 : ca > cb ? 1 : 0;
}

/** Merges an event into the stored state. `attribute` decides the attribution of lines seen for the
 * first time (catalog lookups stay outside this pure function). */
export function mergeEvent(state: OrderState, event: OrderEvent, attribute: (line: AttributableLine) => LineAttribution): MergeResult {
  if (event.kind === 'assign') return mergeAssignment(state, event);
  if (event.kind === 'route') return mergeRoute(state, event);
  if (event.kind === 'redact') return mergeRedaction(state, event);
  if (state.deletedAt) return { kind: 'unchanged' };
  if (event.kind === 'delete') return { kind: 'changed', state: { ...state, deletedAt: event.at } };
  if (event.kind === 'refund') {
    if (state.refunds[event.refund.refundId]) return { kind: 'unchanged' };
    return { kind: 'changed', state: { ...state, refunds: { ...state.refunds, [event.refund.refundId]: event.refund } } };
  }
  const current = state.order;
  // After a redaction every body is stored with the pseudonym (a late delivery may still carry the email).
  const body = state.redaction ? { ...event.order, email: event.order.email === null ? null : state.redaction.pseudonym } : event.order;
  if (current && compareOrderBodies(body, current) <= 0) return { kind: 'unchanged' };
  const lines = { ...state.lines };
  for (const line of body.lineItems) lines[line.lineItemId] ??= attribute(line);
  return { kind: 'changed', state: { ...state, order: body, lines } };
}

/** Removes the buyer's email from an order: the pseudonym takes its place, so the buyer's holdings
 * stay together as an anonymous collector's and every figure stays as it was. The first redaction
 * stands (a repeat, or another request, changes nothing). An order not received yet is redacted
 * as it arrives. */
function mergeRedaction(state: OrderState, event: Extract<OrderEvent, { kind: 'redact' }>): MergeResult {
  if (state.redaction) return { kind: 'unchanged' };
  const redaction: Redaction = { at: event.at, by: event.by, pseudonym: event.pseudonym };
  const order = state.order ? { ...state.order, email: state.order.email === null ? null : event.pseudonym } : null;
  return { kind: 'changed', state: { ...state, order, redaction } };
}

function mergeAssignment(state: OrderState, event: Extract<OrderEvent, { kind: 'assign' }>): MergeResult {
  const current = state.lines[event.lineItemId];
  if (!state.order || state.deletedAt || !current || !state.order.lineItems.some((l) => l.lineItemId === event.lineItemId))
    return { kind: 'refused', reason: 'unknown_line' };
  if (current.kind === 'card' && current.via === 'assigned' && current.athleteId === event.athleteId && current.cardId === event.cardId)
    return { kind: 'unchanged' };
  if (current.kind !== 'unattributed') return { kind: 'refused', reason: 'not_unattributed' };
  if (!current.schoolIds.includes(event.schoolId)) return { kind: 'refused', reason: 'other_school' };
  const assigned: LineAttribution = {
    kind: 'card',
    athleteId: event.athleteId,
    cardId: event.cardId,
    via: 'assigned',
    assignedAt: event.at,
    assignedBy: event.by,
  };
  return { kind: 'changed', state: { ...state, lines: { ...state.lines, [event.lineItemId]: assigned } } };
}

/** A platform operator sends a line that named no school (the platform inbox) to one school's
 * collective, whose unattributed list then shows it for assignment to a card. Only a line with no
 * school may be routed; routing it again to the same school changes nothing. */
function mergeRoute(state: OrderState, event: Extract<OrderEvent, { kind: 'route' }>): MergeResult {
  const current = state.lines[event.lineItemId];
  if (!state.order || state.deletedAt || !current || !state.order.lineItems.some((l) => l.lineItemId === event.lineItemId))
    return { kind: 'refused', reason: 'unknown_line' };
  if (current.kind !== 'unattributed') return { kind: 'refused', reason: 'not_unattributed' };
  if (current.schoolIds.length === 1 && current.schoolIds[0] === event.schoolId && current.routedAt) return { kind: 'unchanged' };
  if (current.schoolIds.length > 0) return { kind: 'refused', reason: 'already_routed' };
  const routed: LineAttribution = { ...current, schoolIds: [event.schoolId], routedAt: event.at, routedBy: event.by };
  return { kind: 'changed', state: { ...state, lines: { ...state.lines, [event.lineItemId]: routed } } };
}

/** One line's part of an athlete's contribution. */
export interface ContributionLine {
  lineItemId: string;
  /** The card (null: attributed to the athlete by title but to no card). */
  cardId: number | null;
  /** Units and revenue counted in the figures (0 when the order does not count). */
  units: number;
  revenueCents: number;
}

export interface AthleteContribution {
  athleteId: number;
  units: number;
  revenueCents: number;
  /** Counted units per card id (card 0 = attributed to the athlete but no card). */
  cards: Record<string, number>;
  /** What the order lists for this athlete after refunds, counted or not (for the order list). */
  listedUnits: number;
  listedCents: number;
  lines: ContributionLine[];
}

export interface UnattributedLine {
  lineItemId: string;
  productId: string | null;
  title: string;
  units: number;
  revenueCents: number;
  reason: 'unmatched' | 'ambiguous';
  /** The schools whose collectives may see and assign the line (empty: none known). */
  schoolIds: number[];
}

export interface OrderMeta {
  orderId: string;
  orderName: string;
  createdAt: string;
  month: string;
  /** Stable hash of the buyer's email, or null for guest orders. */
  buyerKey: string | null;
  /** The part of the email before '@' (shown to the athlete's own panel only). */
  buyerLabel: string;
  /** A pseudonym for public screens (never derived from the email in a reversible way). */
  buyerAlias: string;
  status: string;
  counted: boolean;
  test: boolean;
}

export interface OrderContribution extends OrderMeta {
  athletes: AthleteContribution[];
  unattributed: UnattributedLine[];
}

export interface ContributionOptions {
  countTestOrders: boolean;
  /** Hash of buyer emails (sha-256 in production; injected so shared/ stays platform-free). */
  hashEmail: (email: string) => string;
  /** The public pseudonym of a buyer key (a keyed hash in production). */
  aliasOf: (buyerKey: string) => string;
}

const COUNTED_STATUSES = new Set(['paid', 'partially_paid', 'partially_refunded', 'authorized']);

export function buyerLabelOf(email: string | null): string {
  if (!email) return 'Guest';
  if (isRedactedEmail(email)) return 'Former customer';
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

export function contributionOf(state: OrderState, options: ContributionOptions): OrderContribution | null {
  const { order } = state;
  if (!order || state.deletedAt) return null;
  const refunds = Object.values(state.refunds);
  const counted = isCounted(order, options);
  const byAthlete = new Map<number, AthleteContribution>();
  const unattributed: UnattributedLine[] = [];
  for (const line of order.lineItems) {
    const { units, revenueCents } = lineRevenue(line, refunds, order.taxesIncluded);
    const attribution = state.lines[line.lineItemId];
    if (!attribution || attribution.kind === 'other') continue;
    if (attribution.kind === 'unattributed') {
      unattributed.push({
        lineItemId: line.lineItemId,
        productId: line.productId,
        title: line.title,
        units: counted ? units : 0,
        revenueCents: counted ? revenueCents : 0,
        reason: attribution.reason,
        schoolIds: attribution.schoolIds,
      });
      continue;
    }
    const entry = byAthlete.get(attribution.athleteId) ?? {
      athleteId: attribution.athleteId,
      units: 0,
      revenueCents: 0,
      cards: {},
      listedUnits: 0,
      listedCents: 0,
      lines: [],
    };
    entry.listedUnits += units;
    entry.listedCents += revenueCents;
    const countedUnits = counted ? units : 0;
    const countedCents = counted ? revenueCents : 0;
    entry.lines.push({ lineItemId: line.lineItemId, cardId: attribution.cardId, units: countedUnits, revenueCents: countedCents });
    entry.units += countedUnits;
    entry.revenueCents += countedCents;
    if (countedUnits > 0) {
      const card = String(attribution.cardId ?? 0);
      entry.cards[card] = (entry.cards[card] ?? 0) + countedUnits;
    }
    byAthlete.set(attribution.athleteId, entry);
  }
  const buyerKey = order.email ? options.hashEmail(order.email) : null;
  return {
    orderId: order.orderId,
    orderName: order.name,
    createdAt: order.createdAt,
    month: yearMonthOf(order.createdAt),
    buyerKey,
    buyerLabel: buyerLabelOf(order.email),
    buyerAlias: buyerKey ? options.aliasOf(buyerKey) : 'Guest',
    status: displayStatus(order),
    counted,
    test: order.test,
    athletes: [...byAthlete.values()].sort((a, b) => a.athleteId - b.athleteId),
    unattributed,
  };
}

/** What one group of an order's effects must be: an athlete's part, or the unattributed lines
 * one school's collective sees (school 0: lines of no known school). Each group is applied in its
 * own exactly-once step, so an order touching any number of athletes is applied in full. */
export type GroupTarget =
  { kind: 'athlete'; meta: OrderMeta; athlete: AthleteContribution } | { kind: 'unattributed'; meta: OrderMeta; schoolId: number; lines: UnattributedLine[] };

export const athleteGroupId = (athleteId: number): string => `A#${athleteId}`;
export const unattributedGroupId = (schoolId: number): string => `U#${schoolId}`;
/** A group id read back (athleteGroupId, unattributedGroupId); null for anything else. */
export function groupOf(groupId: string): { kind: 'athlete'; athleteId: number } | { kind: 'unattributed'; schoolId: number } | null {
  const [kind, id, ...rest] = groupId.split('#');
  if (rest.length || id === undefined || !/^\d+$/.test(id)) return null;
  return kind === 'A' ? { kind: 'athlete', athleteId: Number(id) } : kind === 'U' ? { kind: 'unattributed', schoolId: Number(id) } : null;
}

export function groupTargets(c: OrderContribution | null): Map<string, GroupTarget> {
  const groups = new Map<string, GroupTarget>();
  if (!c) return groups;
  const { athletes, unattributed, ...meta } = c;
  for (const athlete of athletes) groups.set(athleteGroupId(athlete.athleteId), { kind: 'athlete', meta, athlete });
  for (const line of unattributed) {
    for (const schoolId of line.schoolIds.length ? line.schoolIds : [0]) {
      const id = unattributedGroupId(schoolId);
      const group = groups.get(id) ?? { kind: 'unattributed', meta, schoolId, lines: [] };
      if (group.kind === 'unattributed') group.lines.push(line);
      groups.set(id, group);
    }
  }
  return groups;
}

/** Groups whose target differs between two contributions (what a new order version must apply). */
export function changedGroups(before: OrderContribution | null, after: OrderContribution | null): string[] {
  const a = groupTargets(before);
  const b = groupTargets(after);
  const ids = new Set([...a.keys(), ...b.keys()]);
  return [...ids].filter((id) => canonicalJson(a.get(id) ?? null) !== canonicalJson(b.get(id) ?? null)).sort();
}
