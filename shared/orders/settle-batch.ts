// Settling many orders of one athlete in one step (docs/decisions/0021-batched-settlement.md): the
// pure fold of planAthleteStep (settlement.ts) over the orders, in counting order, threading the
// athlete's total (figures, card counts, serials, unlocks, ledger head) and the fans' holdings from
// one order to the next. The result is what the same orders settled one by one would leave, with
// the shared items (the total, the months, each fan, each Top Fan) written once: the settle
// function writes it in one transaction guarded by the total's version as read and by each fan's
// and each applied snapshot's, so a batch is applied whole or not at all, exactly once.
import type { DomainEvent } from '../cards/domain-events';
import type { SalesFigures } from './aggregation';
import type { GroupTarget } from './contribution';
import { fanIsTop, planAthleteStep } from './settlement';
import type { AppliedAthleteGroup, AthleteState, AthleteStepPlan, CardRules, FanState } from './settlement';

type AthleteTarget = Extract<GroupTarget, { kind: 'athlete' }>;

/** One order's part for the athlete: the version to bring it to, and what it had applied. */
export interface BatchStep {
  orderId: string;
  orderVersion: number;
  target: AthleteTarget | null;
  applied: AppliedAthleteGroup | null;
}

export interface AthleteBatchInput {
  athleteId: number;
  /** The athlete's total item as read (its version guards the batch). */
  athlete: AthleteState;
  /** The fans of every buyer of the steps (their targets' and applied snapshots'), as read. */
  fans: ReadonlyMap<string, FanState | null>;
  cards: Map<number, CardRules>;
  topFanSets: number[][];
  collectiveId: number | null;
  now: string;
}

/** A step that changes something, with the applied snapshot it replaces (its version guards it). */
export interface PlannedStep {
  orderId: string;
  orderVersion: number;
  appliedBefore: AppliedAthleteGroup | null;
  plan: AthleteStepPlan;
  /** The collective the step's sale line and months are tagged with. */
  collectiveId: number | null;
}

/** The fold so far (never mutated: `addStep` answers a new one, so a step can be left out). */
export interface AthleteBatch {
  readonly input: AthleteBatchInput;
  readonly steps: readonly PlannedStep[];
  readonly athlete: AthleteState;
  readonly fans: ReadonlyMap<string, FanState | null>;
}

export interface AthleteBatchPlan {
  steps: PlannedStep[];
  /** The version the total had when read, and the total after every step. */
  versionBefore: number;
  athlete: AthleteState;
  /** The collective tagged on the total (the last step's that names one). */
  collectiveId: number | null;
  /** Month figure changes, summed over the steps, with the collective to tag them with. */
  months: Array<{ month: string; figures: SalesFigures; collectiveId: number | null }>;
  /** Each fan whose holding, serials, alias or flag changed: as read (its version guards the
   * write) and after the last step (null: holds nothing of the athlete any more). */
  fans: Array<{ buyerKey: string; before: FanState | null; after: FanState | null }>;
  /** Top Fan items to add or remove: where a fan's flag after the batch differs from before it. */
  topFans: Array<{ buyerKey: string; op: 'put' | 'delete'; buyerAlias: string }>;
  /** Every step's events, in counting order. */
  events: DomainEvent[];
}

export const startBatch = (input: AthleteBatchInput): AthleteBatch => ({ input, steps: [], athlete: input.athlete, fans: input.fans });

/** An order's version is applied already (a duplicate, or a concurrent settler was first). */
export const isApplied = (step: Pick<BatchStep, 'applied' | 'orderVersion'>): boolean => step.applied !== null && step.applied.version >= step.orderVersion;

/** The batch with one more order counted after the others. */
export function addStep(batch: AthleteBatch, step: BatchStep): AthleteBatch {
  if (isApplied(step)) return batch;
  if (batch.steps.some((s) => s.orderId === step.orderId)) throw new Error(`order ${step.orderId} is in the batch twice`);
  const { input } = batch;
  const plan = planAthleteStep({
    athleteId: input.athleteId,
    orderId: step.orderId,
    orderVersion: step.orderVersion,
    target: step.target,
    applied: step.applied,
    athlete: batch.athlete,
    fans: new Map(batch.fans),
    cards: input.cards,
    topFanSets: input.topFanSets,
    collectiveId: input.collectiveId,
    now: input.now,
  });
  const fans = new Map(batch.fans);
  for (const fan of plan.fans) fans.set(fan.buyerKey, fan.after);
  const collectiveId = plan.saleLine?.collectiveId ?? step.applied?.collectiveId ?? null;
  return {
    input,
    steps: [...batch.steps, { orderId: step.orderId, orderVersion: step.orderVersion, appliedBefore: step.applied, plan, collectiveId }],
    athlete: plan.athlete,
    fans,
  };
}

const canon = (f: Partial<FanState> | null) =>
  JSON.stringify([...[f?.cards, f?.serials].map((o) => Object.entries(o ?? {}).sort()), f?.buyerAlias ?? null, f?.top ?? null]);

/** What the batch writes once for all its steps. */
export function finishBatch(batch: AthleteBatch): AthleteBatchPlan {
  const { input, steps } = batch;
  const months = new Map<string, { figures: SalesFigures; collectiveId: number | null }>();
  const touched = new Set<string>();
  let collectiveId: number | null = null;
  for (const step of steps) {
    if (step.collectiveId !== null) collectiveId = step.collectiveId;
    for (const { month, figures } of step.plan.months) {
      const m = months.get(month) ?? { figures: { cardsSold: 0, revenueCents: 0, orderCount: 0 }, collectiveId: null };
      m.figures = {
        cardsSold: m.figures.cardsSold + figures.cardsSold,
        revenueCents: m.figures.revenueCents + figures.revenueCents,
        orderCount: m.figures.orderCount + figures.orderCount,
      };
      if (step.collectiveId !== null) m.collectiveId = step.collectiveId;
      months.set(month, m);
    }
    for (const fan of step.plan.fans) touched.add(fan.buyerKey);
  }
  const fans: AthleteBatchPlan['fans'] = [];
  const topFans: AthleteBatchPlan['topFans'] = [];
  for (const buyerKey of touched) {
    const before = input.fans.get(buyerKey) ?? null;
    const last = batch.fans.get(buyerKey) ?? null;
    if (canon(before) === canon(last)) continue;
    // One write per fan: its version moves on once from the version read (never back).
    const after = last ? { ...last, version: (before?.version ?? 0) + 1 } : null;
    fans.push({ buyerKey, before, after });
    const wasTop = fanIsTop(before, input.topFanSets);
    const isTop = after?.top ?? false;
    if (isTop !== wasTop) topFans.push({ buyerKey, op: isTop ? 'put' : 'delete', buyerAlias: after?.buyerAlias ?? before?.buyerAlias ?? '' });
  }
  return {
    steps: [...steps],
    versionBefore: input.athlete.version,
    athlete: batch.athlete,
    collectiveId,
    months: [...months.entries()].map(([month, m]) => ({ month, ...m })),
    fans,
    topFans,
    events: steps.flatMap((s) => s.plan.events),
  };
}

/** The whole fold: every step that changes something, counted in the order given. */
export function planAthleteBatch(input: AthleteBatchInput, steps: readonly BatchStep[]): AthleteBatchPlan {
  return finishBatch(steps.reduce(addStep, startBatch(input)));
}
