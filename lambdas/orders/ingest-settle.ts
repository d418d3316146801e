// Stage 2 of ingestion: settle an order's pending groups (see ingest-core.ts). What the settle
// function (the table's stream, the scheduled sweep) and the inline callers run.
import { topFanSetsOf } from '#shared/cards/sets';
import type { Athlete } from '#shared/catalog/catalog-types';
import { athleteGroupId, contributionOf, groupOf, groupTargets, unattributedGroupId } from '#shared/orders/contribution';
import type { GroupTarget } from '#shared/orders/contribution';
import { planAthleteStep, planUnattributedStep } from '#shared/orders/settlement';
import type { AppliedAthleteGroup, AppliedUnattributedGroup, AthleteStepPlan, CardRules, FanState } from '#shared/orders/settlement';
import { RetryLater } from '#lambdas/platform/errors';
import { DEFAULT_SETTLE_MS, orderOptions, runtimeOf } from './ingest-core';
import type { IngestDeps } from './ingest-core';
import { StoreConflict, keyString, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Store, Item, Write } from '#lambdas/platform/store';
import { athleteStateOf, ledgerAttributes } from '#lambdas/money/athlete-total';
import * as keys from '#lambdas/platform/keys';

const STEP_CONCURRENCY = 4;

type AthleteTarget = Extract<GroupTarget, { kind: 'athlete' }>;
type UnattributedTarget = Extract<GroupTarget, { kind: 'unattributed' }>;

const fanStateOf = (item: Item | undefined): FanState | null =>
  item
    ? {
        cards: (item.cards as Record<string, number>) ?? {},
        version: Number(item.version ?? 0),
        buyerLabel: String(item.buyerLabel ?? ''),
        buyerAlias: String(item.buyerAlias ?? ''),
        ...(item.serials ? { serials: item.serials as FanState['serials'] } : {}),
        ...(typeof item.top === 'boolean' ? { top: item.top } : {}),
      }
    : null;

function cardRulesOf(athlete: Athlete | null): Map<number, CardRules> {
  const rules = new Map<number, CardRules>();
  for (const card of athlete?.digitalcollectibles ?? []) rules.set(card.id, { editionSize: card.editionSize ?? null, unlock: card.unlock ?? null });
  return rules;
}

const flagsOf = (applied: Pick<AppliedAthleteGroup, 'lines'>) => Object.values(applied.lines).reduce((n, l) => n + l.oversold + l.whileLocked, 0);

/** The writes of one athlete step (shared by every store). */
export function athleteWrites(
  orderId: string,
  athleteId: number,
  plan: AthleteStepPlan,
  before: { applied: AppliedAthleteGroup | null; athleteVersion: number },
): Write[] {
  const writes: Write[] = [];
  const { applied, athlete } = plan;
  writes.push({
    put: { ...keys.appliedGroup(orderId, athleteGroupId(athleteId)), kind: 'athlete', athleteId, ...applied },
    condition: versionIs(before.applied?.version ?? 0),
  });
  const collectiveId = plan.saleLine?.collectiveId ?? before.applied?.collectiveId ?? null;
  writes.push({
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
    condition: versionIs(before.athleteVersion),
  });
  for (const { month, figures } of plan.months) {
    const tags = collectiveId !== null ? keys.collectiveAthleteMonth(collectiveId, athleteId, month) : {};
    writes.push({
      update: keys.aggMonth(athleteId, month),
      set: { athleteId, month, ...tags },
      add: { cardsSold: figures.cardsSold, revenueCents: figures.revenueCents, orderCount: figures.orderCount },
    });
  }
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
    before.applied?.meta && before.applied.collectiveId !== null && flagsOf(before.applied) > 0
      ? keys.flag(before.applied.collectiveId, before.applied.meta.createdAt, orderId, athleteId)
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
  for (const fan of plan.fans) {
    const key = keys.fan(athleteId, fan.buyerKey);
    const condition = versionIs(fan.before?.version ?? 0);
    if (fan.after)
      writes.push({ put: { ...key, ...keys.collectorIndex(fan.buyerKey, athleteId), athleteId, buyerKey: fan.buyerKey, ...fan.after }, condition });
    else writes.push({ delete: key, condition });
  }
  for (const top of plan.topFans) {
    const key = keys.topFan(athleteId, top.buyerKey);
    writes.push(top.op === 'put' ? { put: { ...key, athleteId, buyerAlias: top.buyerAlias } } : { delete: key });
  }
  if (plan.ledger)
    writes.push({ put: { ...keys.ledger(athleteId, plan.ledger.at, plan.ledger.seq), type: 'ledger', ...plan.ledger }, condition: { notExists: true } });
  return writes;
}

export function createSettler(deps: IngestDeps) {
  const { store, now, metric, log, backoff, getOne, readOrder } = runtimeOf(deps);

  /** Serialises work on one key within this process (local mode, a warm Lambda), so a burst on
   * one athlete queues here instead of conflicting in storage. Across processes the conditions decide. */
  const locks = new Map<string, Promise<unknown>>();
  async function withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = locks.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(work);
    locks.set(key, run);
    try {
      return await run;
    } finally {
      if (locks.get(key) === run) locks.delete(key);
    }
  }

  /** A step's retries: until it applies or the deadline passes (then the sweeper finishes it). */
  const retries = (deadline: number, busy: string) => ({
    attempts: Infinity,
    deadline,
    backoff,
    onConflict: () => metric('IngestConflict'),
    onExhausted: () => new RetryLater(busy),
  });

  async function stepAthlete(orderId: string, version: number, athleteId: number, target: AthleteTarget | null, deadline: number): Promise<void> {
    await withLock(`athlete:${athleteId}`, () =>
      retryOnConflict(
        async () => {
          const appliedKey = keys.appliedGroup(orderId, athleteGroupId(athleteId));
          const totalKey = keys.aggTotal(athleteId);
          const got = await store.get([appliedKey, totalKey, ...(target?.meta.buyerKey ? [keys.fan(athleteId, target.meta.buyerKey)] : [])]);
          const appliedItem = got.get(keyString(appliedKey));
          if (appliedItem && Number(appliedItem.version) >= version) return;
          const applied = (appliedItem as unknown as AppliedAthleteGroup | undefined) ?? null;
          const fans = new Map<string, FanState | null>();
          for (const buyerKey of new Set([applied?.meta?.buyerKey, target?.meta.buyerKey].filter((k): k is string => Boolean(k)))) {
            const fanKey = keys.fan(athleteId, buyerKey);
            fans.set(buyerKey, fanStateOf(got.has(keyString(fanKey)) ? got.get(keyString(fanKey)) : await getOne(fanKey)));
          }
          // The athlete's cards (editions, unlock rules), closed sets and collective: one read.
          const catalogAthlete = await deps.catalog.athlete(athleteId);
          const athleteState = athleteStateOf(got.get(keyString(totalKey)));
          const plan = planAthleteStep({
            athleteId,
            orderVersion: version,
            target,
            applied,
            athlete: athleteState,
            fans,
            cards: cardRulesOf(catalogAthlete),
            topFanSets: topFanSetsOf(catalogAthlete ?? undefined),
            collectiveId: catalogAthlete?.collectiveId ?? null,
            now: now(),
          });
          await store.transact(athleteWrites(orderId, athleteId, plan, { applied, athleteVersion: athleteState.version }));
          const oversold = (plan.saleLine?.oversoldUnits ?? 0) - (applied ? Object.values(applied.lines).reduce((n, l) => n + l.oversold, 0) : 0);
          if (oversold > 0) metric('OversoldLines', oversold);
          for (const u of plan.unlocked) log('info', 'card unlocked', { athleteId, cardId: u.cardId, at: u.at, orderId });
        },
        retries(deadline, `order ${orderId}: athlete ${athleteId} is busy; retry later`),
      ),
    );
  }

  async function stepUnattributed(orderId: string, version: number, schoolId: number, target: UnattributedTarget | null, deadline: number): Promise<void> {
    await retryOnConflict(
      async () => {
        const appliedKey = keys.appliedGroup(orderId, unattributedGroupId(schoolId));
        const item = await getOne(appliedKey);
        if (item && Number(item.version) >= version) return;
        const applied = (item as unknown as AppliedUnattributedGroup | undefined) ?? null;
        const plan = planUnattributedStep(version, target, applied);
        const writes: Write[] = [{ put: { ...appliedKey, kind: 'unattributed', schoolId, ...plan.applied }, condition: versionIs(applied?.version ?? 0) }];
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
        await store.transact(writes);
        if (lines > 0) metric('UnattributedLines', lines);
      },
      retries(deadline, `order ${orderId}: unattributed lines of school ${schoolId} are busy; retry later`),
    );
  }

  function stepGroup(orderId: string, version: number, groupId: string, target: GroupTarget | null, deadline: number): Promise<void> {
    const group = groupOf(groupId);
    if (!group) throw new Error(`order ${orderId}: unknown group ${groupId}`);
    if (group.kind === 'athlete') return stepAthlete(orderId, version, group.athleteId, (target as AthleteTarget | null) ?? null, deadline);
    return stepUnattributed(orderId, version, group.schoolId, (target as UnattributedTarget | null) ?? null, deadline);
  }

  async function clearPending(orderId: string, version: number): Promise<boolean> {
    try {
      await store.transact([{ update: keys.order(orderId), remove: ['pending'], condition: versionIs(version) }, { delete: keys.pendingOrder(orderId) }]);
      return true;
    } catch (error) {
      if (error instanceof StoreConflict) return false;
      throw error;
    }
  }

  /** Applies every pending group of an order, until done or the deadline passes. Returns the
   * number of groups still pending (0 when the order's figures are final). */
  async function settle(orderId: string, deadline = Date.now() + DEFAULT_SETTLE_MS): Promise<number> {
    for (;;) {
      const stored = await readOrder(orderId);
      if (!stored || stored.pending.length === 0) return 0;
      const targets = groupTargets(contributionOf(stored.state, orderOptions(deps.options(), stored.countTestOrders)));
      const queue = [...stored.pending];
      let done = 0;
      let failure: unknown;
      await Promise.all(
        Array.from({ length: Math.min(STEP_CONCURRENCY, queue.length) }, async () => {
          for (let groupId = queue.shift(); groupId !== undefined && failure === undefined; groupId = queue.shift()) {
            try {
              await stepGroup(orderId, stored.version, groupId, targets.get(groupId) ?? null, deadline);
              done++;
            } catch (error) {
              failure ??= error;
            }
          }
        }),
      );
      if (failure !== undefined) {
        if (failure instanceof RetryLater) return stored.pending.length - done;
        throw failure;
      }
      if (await clearPending(orderId, stored.version)) return 0;
      if (Date.now() > deadline) return (await readOrder(orderId))?.pending.length ?? 0;
    }
  }

  return { settle };
}

export type Settler = ReturnType<typeof createSettler>;

/** The settle sweeper: finishes orders left pending (crashes, deadlines, contention). */
export async function settlePending(
  settler: Settler,
  store: Store,
  options: { limit?: number; deadlineMs?: number } = {},
): Promise<{ orders: number; settled: number; pending: number }> {
  const deadline = Date.now() + (options.deadlineMs ?? 20_000);
  const markers = (await Promise.all(keys.pendingPartitions().map((pk) => store.query(pk, options.limit ?? 100)))).flat();
  let settled = 0;
  let pending = 0;
  for (const marker of markers) {
    const orderId = String(marker.orderId);
    if ((await settler.settle(orderId, deadline)) === 0) {
      settled++;
      // A marker whose order was settled by a request that crashed before its delete.
      await store
        .transact([{ delete: keys.pendingOrder(orderId) }, { check: keys.order(orderId), condition: { absentField: 'pending' } }])
        .catch((error: unknown) => {
          if (!(error instanceof StoreConflict)) throw error;
        });
    } else pending++;
    if (Date.now() > deadline) break;
  }
  return { orders: markers.length, settled, pending };
}
