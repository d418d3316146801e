// One exactly-once step of ingestion, as a pure function: bring one group of an order's effects
// (an athlete's part, or one school's unattributed lines) from what was applied to what the order's
// current version says. Ingestion runs it under optimistic locks (the applied snapshot, the
// athlete's total, the fan holdings) and writes its plan in one DynamoDB transaction; the
// benchmark loader and the property tests fold the same function in memory.
import { holdsAny, isTopFan, zeroFigures, type SalesFigures } from './aggregation';
import type { UnlockRule } from '../catalog/catalog-types';
import type { AthleteContribution, GroupTarget, OrderMeta, UnattributedLine } from './contribution';
import { allocateLine, moveSerials, serialsOfLines, type CardSerials, type LineSerials, type SerialRange } from '../cards/editions';
import { isLocked, unlocksNow } from '../cards/quota';
import { inDropWindow } from '../cards/drop-window';
import { appendEntry, emptyLedgerHead, type LedgerEntry, type LedgerHead, type LedgerKind } from '../money/ledger';
import type { DomainEvent } from '../cards/domain-events';

/** The athlete's total item: figures, card counts, editions, unlocks and the ledger head. */
export interface AthleteState {
  version: number;
  cardsSold: number;
  revenueCents: number;
  orderCount: number;
  uniqueFans: number;
  topFanCount: number;
  /** Counted units per card id. */
  cards: Record<string, number>;
  /** Serials issued per card id (the high-water mark). */
  issued: Record<string, number>;
  /** Units counted without a serial per card id. */
  oversold: Record<string, number>;
  /** When each locked card unlocked (permanent). */
  unlockedAt: Record<string, string>;
  /** The head of the athlete's earnings ledger (shared/money/ledger.ts). */
  ledger: LedgerHead;
}

export const emptyAthleteState = (): AthleteState => ({
  version: 0,
  cardsSold: 0,
  revenueCents: 0,
  orderCount: 0,
  uniqueFans: 0,
  topFanCount: 0,
  cards: {},
  issued: {},
  oversold: {},
  unlockedAt: {},
  ledger: emptyLedgerHead(),
});

export interface FanState {
  cards: Record<string, number>;
  version: number;
  buyerLabel: string;
  buyerAlias: string;
  /** The serials the fan holds, per card (My Collection). */
  serials?: CardSerials;
  /** Whether the fan is a Top Fan (a TOPFAN item exists and is counted in topFanCount). Absent on
   * items stored before the flag: then it follows from the cards and the athlete's current sets. */
  top?: boolean;
}

/** Whether a stored fan counts as a Top Fan: its flag, else its cards against the sets. */
export const fanIsTop = (fan: Pick<FanState, 'cards' | 'top'> | null, sets: number[][]): boolean => (fan ? (fan.top ?? isTopFan(fan.cards, sets)) : false);

/** What one order has applied to one athlete. Kept (never deleted) so a stale step can tell. */
export interface AppliedAthleteGroup {
  version: number;
  meta: OrderMeta | null;
  units: number;
  revenueCents: number;
  cards: Record<string, number>;
  listedUnits: number;
  listedCents: number;
  /** Serials and flags per order line. */
  lines: Record<string, LineSerials>;
  collectiveId: number | null;
}

export interface CardRules {
  editionSize: number | null;
  unlock: UnlockRule | null;
  /** A moment drop (decision 0022): its window, and its print run once the close is recorded on
   * the athlete's total (then nothing more is numbered). */
  drop?: { startsAt: string; endsAt: string; printRun: number | null } | null;
}

/**
 * The highest serial a unit of this card may get now (null: an open edition, never numbered).
 * A moment drop numbers, without limit, the units of orders created inside its window until its
 * close is recorded, then none beyond its print run; an order created outside the window gets no
 * serial (its units are oversold: counted and flagged to the collective, never dropped).
 */
export function serialLimit(rules: CardRules, createdAt: string | undefined, issued: number): number | null {
  const drop = rules.drop;
  if (!drop) return rules.editionSize;
  if (drop.printRun !== null) return drop.printRun;
  return createdAt !== undefined && inDropWindow(drop, createdAt) ? Number.POSITIVE_INFINITY : issued;
}

/** Whether a card's units carry serials (a limited edition or a moment drop). */
export const isNumbered = (rules: CardRules | undefined): boolean => Boolean(rules?.drop) || (rules?.editionSize ?? null) !== null;

/** The edition size a sale line shows beside a serial ('#12 / 500'); 0 while a drop's print run is open ('#12'). */
const shownSize = (rules: CardRules | undefined): number => (rules?.drop ? (rules.drop.printRun ?? 0) : (rules?.editionSize ?? 0));

export interface SaleLineRecord {
  meta: OrderMeta;
  athleteId: number;
  collectiveId: number | null;
  quantity: number;
  amountCents: number;
  serials: Array<{ cardId: number; from: number; to: number; editionSize: number }>;
  oversoldUnits: number;
  whileLockedUnits: number;
}

export interface AthleteStepInput {
  athleteId: number;
  orderId: string;
  orderVersion: number;
  target: Extract<GroupTarget, { kind: 'athlete' }> | null;
  applied: AppliedAthleteGroup | null;
  athlete: AthleteState;
  /** Fan holdings of the buyers of the applied and target versions. */
  fans: Map<string, FanState | null>;
  cards: Map<number, CardRules>;
  topFanSets: number[][];
  collectiveId: number | null;
  now: string;
}

export interface AthleteStepPlan {
  applied: AppliedAthleteGroup;
  athlete: AthleteState;
  /** Month figure changes (only non-zero ones). */
  months: Array<{ month: string; figures: SalesFigures }>;
  saleLine: SaleLineRecord | null;
  /** The sale line to remove (the group is gone, or it moved). */
  removeSaleLine: { createdAt: string; orderId: string; collectiveId: number | null } | null;
  fans: Array<{ buyerKey: string; before: FanState | null; after: FanState | null }>;
  topFans: Array<{ buyerKey: string; op: 'put' | 'delete'; buyerAlias: string }>;
  ledger: LedgerEntry | null;
  unlocked: Array<{ cardId: number; at: string }>;
  serialsAdded: Array<{ cardId: number; range: SerialRange }>;
  serialsRetired: Array<{ cardId: number; range: SerialRange }>;
  /** What this step made happen, in the order it happened (shared/cards/domain-events.ts): unlocks,
   * new Top Fans, editions sold out. Written with the step through the settle builder's hook. */
  events: DomainEvent[];
}

const emptyEntry = (athleteId: number): AthleteContribution => ({ athleteId, units: 0, revenueCents: 0, cards: {}, listedUnits: 0, listedCents: 0, lines: [] });

function addCards(into: Record<string, number>, cards: Record<string, number>, sign: 1 | -1): void {
  for (const [card, units] of Object.entries(cards)) {
    const next = (into[card] ?? 0) + sign * units;
    if (next === 0) delete into[card];
    else into[card] = next;
  }
}

function ledgerKind(delta: number, target: AthleteStepInput['target']): Exclude<LedgerKind, 'allocation' | 'activation' | 'payout'> {
  if (delta > 0) return 'sale';
  if (!target) return 'deletion';
  return target.meta.status === 'Cancelled' ? 'cancellation' : 'refund';
}

export function planAthleteStep(input: AthleteStepInput): AthleteStepPlan {
  const { athleteId, target, applied, now } = input;
  const entry = target?.athlete ?? emptyEntry(athleteId);
  const before = applied ?? { version: 0, meta: null, units: 0, revenueCents: 0, cards: {}, listedUnits: 0, listedCents: 0, lines: {}, collectiveId: null };
  const athlete: AthleteState = {
    ...input.athlete,
    cards: { ...input.athlete.cards },
    issued: { ...input.athlete.issued },
    oversold: { ...input.athlete.oversold },
    unlockedAt: { ...input.athlete.unlockedAt },
  };

  // Figures.
  const orderCount = (units: number) => (units > 0 ? 1 : 0);
  athlete.cardsSold += entry.units - before.units;
  athlete.revenueCents += entry.revenueCents - before.revenueCents;
  athlete.orderCount += orderCount(entry.units) - orderCount(before.units);
  addCards(athlete.cards, before.cards, -1);
  addCards(athlete.cards, entry.cards, 1);

  // Months.
  const months = new Map<string, SalesFigures>();
  const addMonth = (month: string, units: number, cents: number, sign: 1 | -1) => {
    const m = months.get(month) ?? zeroFigures();
    m.cardsSold += sign * units;
    m.revenueCents += sign * cents;
    m.orderCount += sign * orderCount(units);
    months.set(month, m);
  };
  if (before.meta) addMonth(before.meta.month, before.units, before.revenueCents, -1);
  if (target) addMonth(target.meta.month, entry.units, entry.revenueCents, 1);

  // Unlocks (shared/cards/quota.ts): decided on the counts after this step, permanent once recorded.
  const unlocked: AthleteStepPlan['unlocked'] = [];
  for (const [cardId, rules] of input.cards) {
    if (unlocksNow(rules.unlock, athlete.cards, athlete.unlockedAt[String(cardId)])) {
      athlete.unlockedAt[String(cardId)] = now;
      unlocked.push({ cardId, at: now });
    }
  }

  // Serials: lines that lose units first (retire), then lines that gain (issue), in line order.
  const lines: Record<string, LineSerials> = {};
  const serialsAdded: AthleteStepPlan['serialsAdded'] = [];
  const serialsRetired: AthleteStepPlan['serialsRetired'] = [];
  const wanted = new Map<string, { cardId: number; units: number }>();
  for (const line of entry.lines) if (line.cardId !== null) wanted.set(line.lineItemId, { cardId: line.cardId, units: line.units });
  for (const [lineItemId, prev] of Object.entries(before.lines)) if (!wanted.has(lineItemId)) wanted.set(lineItemId, { cardId: prev.cardId, units: 0 });
  const held = (prev: LineSerials | undefined) => (prev ? prev.active.reduce((n, [a, b]) => n + b - a + 1, 0) + prev.oversold : 0);
  const soldOut: Array<{ cardId: number; editionSize: number }> = [];
  const ordered = [...wanted.entries()].sort(
    ([a, x], [b, y]) => Number(x.units > held(before.lines[a])) - Number(y.units > held(before.lines[b])) || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const [lineItemId, { cardId, units }] of ordered) {
    const rules = input.cards.get(cardId) ?? { editionSize: null, unlock: null };
    const key = String(cardId);
    const locked = isLocked(rules.unlock, athlete.unlockedAt[key]);
    const prev = before.lines[lineItemId];
    const issuedBefore = athlete.issued[key] ?? 0;
    const result = allocateLine(prev, cardId, units, issuedBefore, serialLimit(rules, target?.meta.createdAt, issuedBefore), locked);
    if (rules.editionSize !== null && issuedBefore < rules.editionSize && result.issued >= rules.editionSize)
      soldOut.push({ cardId, editionSize: rules.editionSize });
    if (result.issued !== (athlete.issued[key] ?? 0)) athlete.issued[key] = result.issued;
    const oversoldDelta = result.next.oversold - (prev?.oversold ?? 0);
    if (oversoldDelta !== 0) athlete.oversold[key] = (athlete.oversold[key] ?? 0) + oversoldDelta;
    for (const range of result.added) serialsAdded.push({ cardId, range });
    for (const range of result.retired) serialsRetired.push({ cardId, range });
    const next = result.next;
    // Keep a line's record while it holds serials or flags, or has retired serials (they stay issued).
    if (next.active.length || next.retired.length || next.oversold || next.whileLocked) lines[lineItemId] = next;
  }

  // Fans: the applied buyer loses what was applied (cards and serials), the target buyer gains
  // what is counted now.
  const fanCards = new Map<string, { cards: Record<string, number>; serials: CardSerials }>();
  const fanBefore = (key: string) => input.fans.get(key) ?? null;
  const holding = (key: string) => fanCards.get(key) ?? { cards: { ...(fanBefore(key)?.cards ?? {}) }, serials: fanBefore(key)?.serials ?? {} };
  if (before.meta?.buyerKey) {
    const h = holding(before.meta.buyerKey);
    const cards = { ...h.cards };
    addCards(cards, before.cards, -1);
    fanCards.set(before.meta.buyerKey, { cards, serials: moveSerials(h.serials, serialsOfLines(before.lines), {}) });
  }
  if (target?.meta.buyerKey) {
    const h = holding(target.meta.buyerKey);
    const cards = { ...h.cards };
    addCards(cards, entry.cards, 1);
    fanCards.set(target.meta.buyerKey, { cards, serials: moveSerials(h.serials, {}, serialsOfLines(lines)) });
  }
  const fans: AthleteStepPlan['fans'] = [];
  const topFans: AthleteStepPlan['topFans'] = [];
  for (const [buyerKey, { cards, serials }] of fanCards) {
    const was = fanBefore(buyerKey);
    const label =
      target?.meta.buyerKey === buyerKey ? target.meta : was ? { buyerLabel: was.buyerLabel, buyerAlias: was.buyerAlias } : (before.meta as OrderMeta);
    const wasTop = fanIsTop(was, input.topFanSets);
    const isTop = isTopFan(cards, input.topFanSets);
    // A buyer who holds nothing of the athlete any more (everything refunded, or the holdings moved
    // to another key by a redaction) has no fan item: its key and label go with it. Safe to delete:
    // every fan write of an athlete is made under the athlete's lock (its total's version).
    const holdsNothing = Object.keys(cards).length === 0 && Object.keys(serials).length === 0;
    const after: FanState | null = holdsNothing
      ? null
      : { cards, serials, top: isTop, version: (was?.version ?? 0) + 1, buyerLabel: label.buyerLabel, buyerAlias: label.buyerAlias };
    // Nothing to write: same holding, serials, alias and flag (maps compared in key order).
    const canon = (f: Partial<FanState> | null) =>
      JSON.stringify([...[f?.cards, f?.serials].map((o) => Object.entries(o ?? {}).sort()), f?.buyerAlias ?? null, f?.top ?? null]);
    if (canon(was) === canon(after)) continue;
    fans.push({ buyerKey, before: was, after });
    const wasFan = holdsAny(was?.cards ?? {});
    const isFan = holdsAny(cards);
    if (wasFan !== isFan) athlete.uniqueFans += isFan ? 1 : -1;
    if (isTop && !wasTop) {
      athlete.topFanCount += 1;
      topFans.push({ buyerKey, op: 'put', buyerAlias: label.buyerAlias });
    } else if (wasTop && !isTop) {
      athlete.topFanCount -= 1;
      topFans.push({ buyerKey, op: 'delete', buyerAlias: label.buyerAlias });
    }
  }

  // Ledger: one entry per change of counted revenue, shares rounded on the running total.
  let ledger: LedgerEntry | null = null;
  const delta = entry.revenueCents - before.revenueCents;
  if (delta !== 0) {
    const meta = target?.meta ?? (before.meta as OrderMeta);
    const appended = appendEntry(
      input.athlete.ledger,
      { kind: ledgerKind(delta, target), grossDeltaCents: delta, orderId: meta.orderId, orderName: meta.orderName, orderVersion: input.orderVersion },
      { athleteId, collectiveId: input.collectiveId, now },
    );
    ledger = appended.entry;
    athlete.ledger = appended.head;
  }

  // The sale line (the athlete's order list and the collective's transaction feed).
  const activeSerials = Object.values(lines).flatMap((l) =>
    l.active.map(([from, to]) => ({ cardId: l.cardId, from, to, editionSize: shownSize(input.cards.get(l.cardId)) })),
  );
  const saleLine: SaleLineRecord | null = target
    ? {
        meta: target.meta,
        athleteId,
        collectiveId: input.collectiveId,
        quantity: entry.listedUnits,
        amountCents: entry.listedCents,
        serials: activeSerials.filter((s) => isNumbered(input.cards.get(s.cardId))),
        oversoldUnits: Object.values(lines).reduce((n, l) => n + l.oversold, 0),
        whileLockedUnits: Object.values(lines).reduce((n, l) => n + l.whileLocked, 0),
      }
    : null;
  // (A changed collective needs no removal: the new sale line replaces the item with its tags.)
  const removeSaleLine =
    before.meta && (!target || target.meta.createdAt !== before.meta.createdAt)
      ? { createdAt: before.meta.createdAt, orderId: before.meta.orderId, collectiveId: before.collectiveId }
      : null;

  const cause = { orderId: input.orderId, orderVersion: input.orderVersion };
  const events: DomainEvent[] = [
    ...unlocked.map(({ cardId, at }): DomainEvent => ({ kind: 'unlock-reached', athleteId, cardId, at, cause })),
    ...topFans
      .filter((t) => t.op === 'put')
      .map(({ buyerKey, buyerAlias }): DomainEvent => ({ kind: 'top-fan', athleteId, buyerKey, buyerAlias, at: now, cause })),
    ...soldOut.map(({ cardId, editionSize }): DomainEvent => ({ kind: 'edition-sold-out', athleteId, cardId, editionSize, at: now, cause })),
  ];

  athlete.version = input.athlete.version + 1;
  return {
    applied: {
      version: input.orderVersion,
      meta: target?.meta ?? null,
      units: entry.units,
      revenueCents: entry.revenueCents,
      cards: { ...entry.cards },
      listedUnits: entry.listedUnits,
      listedCents: entry.listedCents,
      lines,
      collectiveId: target ? input.collectiveId : null,
    },
    athlete,
    months: [...months.entries()].filter(([, f]) => f.cardsSold || f.revenueCents || f.orderCount).map(([month, figures]) => ({ month, figures })),
    saleLine,
    removeSaleLine,
    fans,
    topFans,
    ledger,
    unlocked,
    serialsAdded,
    serialsRetired,
    events,
  };
}

/** The unattributed list shows (and the applied snapshot keeps) at most this many lines of one
 * order; the totals count every line. */
export const LISTED_UNATTRIBUTED_LINES = 50;

/** What one order has applied to one school's unattributed list. */
export interface AppliedUnattributedGroup {
  version: number;
  meta: OrderMeta | null;
  units: number;
  revenueCents: number;
  lineCount: number;
  /** The first LISTED_UNATTRIBUTED_LINES lines (what the list item shows). */
  lines: UnattributedLine[];
}

export interface UnattributedStepPlan {
  applied: AppliedUnattributedGroup;
  totals: { units: number; revenueCents: number; lines: number };
  listItem: { meta: OrderMeta; lines: UnattributedLine[]; moreLines: number } | null;
  removeListItem: { createdAt: string; orderId: string } | null;
}

export function planUnattributedStep(
  orderVersion: number,
  target: Extract<GroupTarget, { kind: 'unattributed' }> | null,
  applied: AppliedUnattributedGroup | null,
): UnattributedStepPlan {
  const lines = target?.lines ?? [];
  const units = lines.reduce((n, l) => n + l.units, 0);
  const revenueCents = lines.reduce((n, l) => n + l.revenueCents, 0);
  const shown = lines.slice(0, LISTED_UNATTRIBUTED_LINES);
  const before = applied?.lineCount ?? applied?.lines.length ?? 0;
  return {
    applied: { version: orderVersion, meta: target?.meta ?? null, units, revenueCents, lineCount: lines.length, lines: shown },
    totals: { units: units - (applied?.units ?? 0), revenueCents: revenueCents - (applied?.revenueCents ?? 0), lines: lines.length - before },
    listItem: target && lines.length ? { meta: target.meta, lines: shown, moreLines: lines.length - shown.length } : null,
    removeListItem:
      applied?.meta && before && (!target || !lines.length || target.meta.createdAt !== applied.meta.createdAt)
        ? { createdAt: applied.meta.createdAt, orderId: applied.meta.orderId }
        : null,
  };
}
