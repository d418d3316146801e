// The writes of a settle step (ingest-settle.ts): one transaction per batch of one athlete's orders
// (shared/orders/settle-batch.ts), and one per order's unattributed lines of a school. Shared by
// every store (DynamoDB, the in-memory store of the tests and of the benchmark loader).
//
// An athlete batch is guarded by the version of the athlete's total item as it was read (figures,
// card counts, serials, unlocks and the ledger head move together under it), by each order's
// applied snapshot and by each fan's version: applied whole or not at all, exactly once.
import { athleteGroupId, unattributedGroupId } from '#shared/orders/contribution';
import type { AthleteBatchPlan, PlannedStep } from '#shared/orders/settle-batch';
import type { AppliedAthleteGroup, UnattributedStepPlan } from '#shared/orders/settlement';
import { ledgerAttributes } from '#lambdas/money/athlete-total';
import { noEventWrites, noFanWrites } from '#lambdas/cards/event-writes';
import type { EventWrites, FanContext, FanWrites } from '#lambdas/cards/event-writes';
import { keyString, versionIs } from '#lambdas/platform/store';
import type { Write } from '#lambdas/platform/store';
import * as keys from '#lambdas/platform/keys';

/** DynamoDB's TransactWriteItems limits: 100 items and 4 MB in all (each item at most 400 KB). */
export const TRANSACTION_ITEMS = 100;
export const TRANSACTION_BYTES = 4 * 1024 * 1024;
/** What a batch may use of the 4 MB: the writes' JSON size is an estimate of their stored size
 * (attribute names and numbers take about as much either way), so keep a quarter spare. */
export const BATCH_BYTES = 3 * 1024 * 1024;

const flagsOf = (applied: Pick<AppliedAthleteGroup, 'lines'>) => Object.values(applied.lines).reduce((n, l) => n + l.oversold + l.whileLocked, 0);

/** One order's own items: its applied snapshot, sale line, flag and ledger entry. */
function orderWrites(athleteId: number, step: PlannedStep): Write[] {
  const { orderId, plan, appliedBefore } = step;
  const { applied } = plan;
  const writes: Write[] = [
    {
      put: { ...keys.appliedGroup(orderId, athleteGroupId(athleteId)), kind: 'athlete', athleteId, ...applied },
      condition: versionIs(appliedBefore?.version ?? 0),
    },
  ];
  const line = plan.saleLine;
  if (plan.removeSaleLine) writes.push({ delete: keys.sale(athleteId, plan.removeSaleLine.createdAt, orderId) });
  if (line) {
    writes.push({
      put: {
        ...keys.sale(athleteId, line.meta.createdAt, orderId),
        ...(line.collectiveId !== null ? keys.saleTransaction(line.collectiveId, line.meta.createdAt, orderId, athleteId) : {}),
        athleteId,
        orderId,
        orderName: line.meta.orderName,
        createdAt: line.meta.createdAt,
        buyer: line.meta.buyerLabel,
        buyerAlias: line.meta.buyerAlias,
        // The buyer's key (a hash, never answered): public lists name the owner by the display name
        // they chose, and leave a minor unnamed (lambdas/identity/display-names.ts publicLabels).
        buyerKey: line.meta.buyerKey,
        quantity: line.quantity,
        amountCents: line.amountCents,
        status: line.meta.status,
        counted: line.meta.counted,
        test: line.meta.test,
        serials: line.serials,
        oversoldUnits: line.oversoldUnits,
        whileLockedUnits: line.whileLockedUnits,
      },
    });
  }
  // Flags for the collective: sales beyond an edition, or of a card still locked.
  const oldFlag =
    appliedBefore?.meta && appliedBefore.collectiveId !== null && flagsOf(appliedBefore) > 0
      ? keys.flag(appliedBefore.collectiveId, appliedBefore.meta.createdAt, orderId, athleteId)
      : null;
  const newFlag =
    line && line.collectiveId !== null && line.oversoldUnits + line.whileLockedUnits > 0
      ? keys.flag(line.collectiveId, line.meta.createdAt, orderId, athleteId)
      : null;
  if (oldFlag && (!newFlag || keyString(oldFlag) !== keyString(newFlag))) writes.push({ delete: oldFlag });
  if (newFlag && line) {
    const cards = Object.values(applied.lines)
      .filter((l) => l.oversold || l.whileLocked)
      .map((l) => ({ cardId: l.cardId, oversold: l.oversold, whileLocked: l.whileLocked }));
    writes.push({
      put: {
        ...newFlag,
        athleteId,
        orderId,
        orderName: line.meta.orderName,
        createdAt: line.meta.createdAt,
        oversoldUnits: line.oversoldUnits,
        whileLockedUnits: line.whileLockedUnits,
        cards,
      },
    });
  }
  if (plan.ledger)
    writes.push({ put: { ...keys.ledger(athleteId, plan.ledger.at, plan.ledger.seq), type: 'ledger', ...plan.ledger }, condition: { notExists: true } });
  return writes;
}

/** The writes of one athlete batch in two parts: those written once for the batch (the total,
 * the months, each fan and Top Fan once, what the event hook adds for each event) and each order's
 * own (its applied snapshot, sale line, flag and ledger entry). */
export function athleteBatchParts(
  athleteId: number,
  batch: AthleteBatchPlan,
  eventWrites: EventWrites = noEventWrites,
  /** The fan hook and where the batch happens (leaderboards: lambdas/notifications/settle-hooks.ts). */
  fanHook: { writes: FanWrites; context: Omit<FanContext, 'athleteId' | 'totalVersion'> } = {
    writes: noFanWrites,
    context: { collectiveId: null, schoolId: null, topFanSets: [], at: '' },
  },
): { shared: Write[]; orders: Write[][] } {
  const { athlete, collectiveId } = batch;
  const shared: Write[] = [
    {
      update: keys.aggTotal(athleteId),
      set: {
        athleteId,
        version: athlete.version,
        cardsSold: athlete.cardsSold,
        revenueCents: athlete.revenueCents,
        orderCount: athlete.orderCount,
        uniqueFans: athlete.uniqueFans,
        topFanCount: athlete.topFanCount,
        cards: athlete.cards,
        issued: athlete.issued,
        oversold: athlete.oversold,
        unlockedAt: athlete.unlockedAt,
        ...ledgerAttributes(athlete.ledger),
        ...(collectiveId !== null ? keys.collectiveAthleteTotal(collectiveId, athleteId) : {}),
      },
      condition: versionIs(batch.versionBefore),
    },
  ];
  for (const { month, figures, collectiveId: tag } of batch.months) {
    shared.push({
      update: keys.aggMonth(athleteId, month),
      set: { athleteId, month, ...(tag !== null ? keys.collectiveAthleteMonth(tag, athleteId, month) : {}) },
      add: { cardsSold: figures.cardsSold, revenueCents: figures.revenueCents, orderCount: figures.orderCount },
    });
  }
  for (const fan of batch.fans) {
    const key = keys.fan(athleteId, fan.buyerKey);
    const condition = versionIs(fan.before?.version ?? 0);
    if (fan.after)
      shared.push({ put: { ...key, ...keys.collectorIndex(fan.buyerKey, athleteId), athleteId, buyerKey: fan.buyerKey, ...fan.after }, condition });
    else shared.push({ delete: key, condition });
  }
  if (batch.fans.length) shared.push(...fanHook.writes(batch.fans, { athleteId, ...fanHook.context, totalVersion: athlete.version }));
  for (const top of batch.topFans) {
    const key = keys.topFan(athleteId, top.buyerKey);
    shared.push(top.op === 'put' ? { put: { ...key, athleteId, buyerAlias: top.buyerAlias } } : { delete: key });
  }
  for (const event of batch.events) shared.push(...eventWrites(event));
  return { shared, orders: batch.steps.map((step) => orderWrites(athleteId, step)) };
}

/** Every write of one athlete batch, as one transaction. */
export function athleteBatchWrites(athleteId: number, batch: AthleteBatchPlan, eventWrites: EventWrites = noEventWrites): Write[] {
  const { shared, orders } = athleteBatchParts(athleteId, batch, eventWrites);
  return [...shared, ...orders.flat()];
}

/** The estimated stored size of writes (their JSON). */
export const writesBytes = (writes: Write[]): number =>
  writes.reduce((n, w) => n + JSON.stringify(w, (_k, v: unknown) => (v instanceof Set ? [...(v as Set<unknown>)] : v)).length, 0);

/** The writes of one order's unattributed lines of a school. */
export function unattributedWrites(orderId: string, schoolId: number, plan: UnattributedStepPlan, appliedVersion: number): Write[] {
  const writes: Write[] = [
    {
      put: { ...keys.appliedGroup(orderId, unattributedGroupId(schoolId)), kind: 'unattributed', schoolId, ...plan.applied },
      condition: versionIs(appliedVersion),
    },
  ];
  if (plan.removeListItem) writes.push({ delete: keys.unattributedOrder(schoolId, plan.removeListItem.createdAt, orderId) });
  if (plan.listItem) {
    const { meta, lines, moreLines } = plan.listItem;
    writes.push({
      put: {
        ...keys.unattributedOrder(schoolId, meta.createdAt, orderId),
        schoolId,
        orderId,
        orderName: meta.orderName,
        createdAt: meta.createdAt,
        lines,
        moreLines,
      },
    });
  }
  const { units, revenueCents, lines } = plan.totals;
  if (units || revenueCents || lines) writes.push({ update: keys.unattributedTotal(schoolId), set: { schoolId }, add: { units, revenueCents, lines } });
  return writes;
}
