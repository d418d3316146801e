// Aggregates as pure folds over contributions: what every pre-aggregated item must equal.
// Ingestion applies differences step by step (shared/orders/settlement.ts); `verify` and the property
// tests fold from scratch and compare.
import type { AthleteContribution, OrderContribution } from './contribution';

export interface SalesFigures {
  cardsSold: number;
  revenueCents: number;
  orderCount: number;
}

export interface FanHolding {
  athleteId: number;
  buyerKey: string;
  buyerAlias: string;
  /** Units held per card id. */
  cards: Record<string, number>;
}

export interface Aggregates {
  /** Per athlete: totals, per-card counted units and per year-month figures. */
  athletes: Map<number, { total: SalesFigures; cards: Record<string, number>; months: Map<string, SalesFigures> }>;
  fans: Map<string, FanHolding>;
  /** Per school (0: no known school): the unattributed units, revenue and lines its collective sees. */
  unattributed: Map<number, { units: number; revenueCents: number; lines: number }>;
}

export const zeroFigures = (): SalesFigures => ({ cardsSold: 0, revenueCents: 0, orderCount: 0 });

export function figuresOf(entry: Pick<AthleteContribution, 'units' | 'revenueCents'>): SalesFigures {
  return { cardsSold: entry.units, revenueCents: entry.revenueCents, orderCount: entry.units > 0 ? 1 : 0 };
}

function addFigures(target: SalesFigures, delta: SalesFigures): void {
  target.cardsSold += delta.cardsSold;
  target.revenueCents += delta.revenueCents;
  target.orderCount += delta.orderCount;
}

export const fanKey = (athleteId: number, buyerKey: string): string => `${athleteId}|${buyerKey}`;

export function aggregate(contributions: Iterable<OrderContribution | null>): Aggregates {
  const agg: Aggregates = { athletes: new Map(), fans: new Map(), unattributed: new Map() };
  for (const c of contributions) {
    if (!c) continue;
    for (const entry of c.athletes) {
      const figures = figuresOf(entry);
      const athlete = agg.athletes.get(entry.athleteId) ?? {
        total: zeroFigures(),
        cards: {} as Record<string, number>,
        months: new Map<string, SalesFigures>(),
      };
      addFigures(athlete.total, figures);
      for (const [card, units] of Object.entries(entry.cards)) athlete.cards[card] = (athlete.cards[card] ?? 0) + units;
      const month = athlete.months.get(c.month) ?? zeroFigures();
      addFigures(month, figures);
      athlete.months.set(c.month, month);
      agg.athletes.set(entry.athleteId, athlete);
      if (c.buyerKey) {
        const key = fanKey(entry.athleteId, c.buyerKey);
        const fan = agg.fans.get(key) ?? { athleteId: entry.athleteId, buyerKey: c.buyerKey, buyerAlias: c.buyerAlias, cards: {} };
        for (const [card, units] of Object.entries(entry.cards)) fan.cards[card] = (fan.cards[card] ?? 0) + units;
        agg.fans.set(key, fan);
      }
    }
    for (const line of c.unattributed) {
      for (const schoolId of line.schoolIds.length ? line.schoolIds : [0]) {
        const u = agg.unattributed.get(schoolId) ?? { units: 0, revenueCents: 0, lines: 0 };
        u.units += line.units;
        u.revenueCents += line.revenueCents;
        u.lines += 1;
        agg.unattributed.set(schoolId, u);
      }
    }
  }
  return agg;
}

/** Whether a holding has any unit, and whether it covers every card of a set (a Top Fan). */
export function holdsAny(cards: Record<string, number>): boolean {
  return Object.values(cards).some((u) => u > 0);
}

export function holdsFullSet(cards: Record<string, number>, cardIds: number[]): boolean {
  return cardIds.length > 0 && cardIds.every((id) => (cards[String(id)] ?? 0) > 0);
}

/** A Top Fan holds every card of at least one of the athlete's Top Fan sets (catalog-types.ts topFanSetsOf). */
export const isTopFan = (cards: Record<string, number>, sets: number[][]): boolean => sets.some((set) => holdsFullSet(cards, set));
