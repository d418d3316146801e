// Aggregates as pure folds over contributions, and the difference between two contributions.
// Ingestion applies differences; `verify` and the property tests fold from scratch and compare.
import type { AthleteContribution, OrderContribution } from './contribution';

export interface SalesFigures {
  cardsSold: number;
  revenueCents: number;
  orderCount: number;
}

export interface FanHolding {
  athleteId: number;
  buyerKey: string;
  buyerLabel: string;
  /** Units held per card id. */
  cards: Record<string, number>;
}

export interface Aggregates {
  /** Per athlete: totals and per year-month figures. */
  athletes: Map<number, { total: SalesFigures; months: Map<string, SalesFigures> }>;
  fans: Map<string, FanHolding>;
  unattributed: { units: number; revenueCents: number };
}

export const zeroFigures = (): SalesFigures => ({ cardsSold: 0, revenueCents: 0, orderCount: 0 });

export function figuresOf(entry: Pick<AthleteContribution, 'units' | 'revenueCents'>): SalesFigures {
  return { cardsSold: entry.units, revenueCents: entry.revenueCents, orderCount: entry.units > 0 ? 1 : 0 };
}

function addFigures(target: SalesFigures, delta: SalesFigures, sign = 1): void {
  target.cardsSold += sign * delta.cardsSold;
  target.revenueCents += sign * delta.revenueCents;
  target.orderCount += sign * delta.orderCount;
}

export const fanKey = (athleteId: number, buyerKey: string): string => `${athleteId}|${buyerKey}`;

export function emptyAggregates(): Aggregates {
  return { athletes: new Map(), fans: new Map(), unattributed: { units: 0, revenueCents: 0 } };
}

/** Adds (sign 1) or removes (sign -1) one order's contribution. */
export function applyContribution(agg: Aggregates, c: OrderContribution | null, sign: 1 | -1): void {
  if (!c) return;
  for (const entry of c.athletes) {
    const figures = figuresOf(entry);
    const athlete = agg.athletes.get(entry.athleteId) ?? { total: zeroFigures(), months: new Map() };
    addFigures(athlete.total, figures, sign);
    const month = athlete.months.get(c.month) ?? zeroFigures();
    addFigures(month, figures, sign);
    athlete.months.set(c.month, month);
    agg.athletes.set(entry.athleteId, athlete);
    if (c.buyerKey) {
      const key = fanKey(entry.athleteId, c.buyerKey);
      const fan = agg.fans.get(key) ?? { athleteId: entry.athleteId, buyerKey: c.buyerKey, buyerLabel: c.buyerLabel, cards: {} };
      for (const [card, units] of Object.entries(entry.cards)) fan.cards[card] = (fan.cards[card] ?? 0) + sign * units;
      agg.fans.set(key, fan);
    }
  }
  for (const line of c.unattributed) {
    agg.unattributed.units += sign * line.units;
    agg.unattributed.revenueCents += sign * line.revenueCents;
  }
}

export function aggregate(contributions: Iterable<OrderContribution | null>): Aggregates {
  const agg = emptyAggregates();
  for (const c of contributions) applyContribution(agg, c, 1);
  return agg;
}

/** Per-athlete changes between an order's old and new contribution (what ingestion writes). */
export interface AthleteDelta {
  athleteId: number;
  month: string;
  figures: SalesFigures;
  /** Card unit changes for the buyer's fan holding. */
  cards: Record<string, number>;
}

export function contributionDelta(oldC: OrderContribution | null, newC: OrderContribution | null): AthleteDelta[] {
  const deltas = new Map<string, AthleteDelta>();
  const add = (c: OrderContribution | null, sign: 1 | -1) => {
    if (!c) return;
    for (const entry of c.athletes) {
      const key = `${entry.athleteId}|${c.month}`;
      const d = deltas.get(key) ?? { athleteId: entry.athleteId, month: c.month, figures: zeroFigures(), cards: {} };
      addFigures(d.figures, figuresOf(entry), sign);
      for (const [card, units] of Object.entries(entry.cards)) d.cards[card] = (d.cards[card] ?? 0) + sign * units;
      deltas.set(key, d);
    }
  };
  add(oldC, -1);
  add(newC, 1);
  return [...deltas.values()];
}

/** Whether a holding has any unit, and whether it covers every card of the athlete (a Top Fan). */
export function holdsAny(cards: Record<string, number>): boolean {
  return Object.values(cards).some((u) => u > 0);
}

export function holdsFullSet(cards: Record<string, number>, cardIds: number[]): boolean {
  return cardIds.length > 0 && cardIds.every((id) => (cards[String(id)] ?? 0) > 0);
}

/** Fan holding changes between an order's old and new contribution, per (athlete, buyer). */
export function fanDeltas(oldC: OrderContribution | null, newC: OrderContribution | null): FanHolding[] {
  const deltas = new Map<string, FanHolding>();
  const add = (c: OrderContribution | null, sign: 1 | -1) => {
    if (!c?.buyerKey) return;
    for (const entry of c.athletes) {
      const key = fanKey(entry.athleteId, c.buyerKey);
      const d = deltas.get(key) ?? { athleteId: entry.athleteId, buyerKey: c.buyerKey, buyerLabel: c.buyerLabel, cards: {} };
      for (const [card, units] of Object.entries(entry.cards)) d.cards[card] = (d.cards[card] ?? 0) + sign * units;
      if (sign === 1) d.buyerLabel = c.buyerLabel;
      deltas.set(key, d);
    }
  };
  add(oldC, -1);
  add(newC, 1);
  return [...deltas.values()].filter((d) => Object.values(d.cards).some((u) => u !== 0));
}
