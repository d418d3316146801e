// Stage 2 of ingestion: settle accepted orders' pending groups (see ingest-core.ts). What the settle
// function (the table's stream, the scheduled sweep) and the inline callers run.
//
// Many orders are settled together (docs/decisions/0021-batched-settlement.md): their pending
// groups are gathered per athlete, and each athlete's orders are applied in counting order, as
// many per transaction as it holds (shared/orders/settle-batch.ts, settle-writes.ts), under the
// athlete's total version as read. One hot athlete then costs a transaction per ~15 orders
// instead of one per order; different athletes settle in parallel. A school's unattributed lines
// are applied per order (they never share an aggregate with a card's sales).
import { topFanSetsOf } from '#shared/cards/sets';
import type { Athlete } from '#shared/catalog/catalog-types';
import { athleteGroupId, contributionOf, groupOf, groupTargets, unattributedGroupId } from '#shared/orders/contribution';
import type { GroupTarget } from '#shared/orders/contribution';
import { planUnattributedStep } from '#shared/orders/settlement';
import type { AppliedAthleteGroup, AppliedUnattributedGroup, CardRules, FanState } from '#shared/orders/settlement';
import { addStep, finishBatch, startBatch } from '#shared/orders/settle-batch';
import type { AthleteBatch } from '#shared/orders/settle-batch';
import { RetryLater } from '#lambdas/platform/errors';
import { DEFAULT_SETTLE_MS, orderOptions, runtimeOf, toStored } from './ingest-core';
import type { IngestDeps, StoredOrder } from './ingest-core';
import { StoreConflict, keyString, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Store, Item, Key, Write } from '#lambdas/platform/store';
import { athleteStateOf } from '#lambdas/money/athlete-total';
import { noEventWrites, noFanWrites } from '#lambdas/cards/event-writes';
import * as keys from '#lambdas/platform/keys';
import { BATCH_BYTES, TRANSACTION_ITEMS, athleteBatchParts, unattributedWrites, writesBytes } from './settle-writes';

/** Groups (athletes, schools) settled at once; one athlete's batches run one after the other. */
const GROUP_CONCURRENCY = 8;
/** Orders whose pending markers are cleared at once. */
const CLEAR_CONCURRENCY = 8;
/** How many of one athlete's orders a batch reads ahead (a transaction takes about 15). */
const READ_AHEAD = 40;
/** BatchGetItem reads at most 100 keys. */
const BATCH_GET_KEYS = 100;

/** One order's part for a group: the version to bring it to, and what it says. */
interface GroupWork {
  orderId: string;
  version: number;
  target: GroupTarget | null;
  /** This group is all the order has pending: the batch that applies it also clears the order. */
  last: boolean;
}

/** What a settle pass did with the orders it was given. */
export interface SettleOutcome {
  /** Applied in full and no longer pending. */
  settled: string[];
  /** Found with nothing pending (a marker left by a crash, or settled by another settler). */
  stale: string[];
  /** Still pending: busy past the deadline, a newer version arrived, or an error. */
  left: string[];
  /** The first error other than contention (the orders it touched are in `left`). */
  error?: unknown;
}

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

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

/** Each card's editions, unlock rule and drop. A drop's print run is read from the athlete's total
 * (`printRuns`, written by the close under the total's version: lambdas/cards/card-drops.ts), the
 * item this step is guarded by, so a step planned on an open drop cannot land after its close. */
function cardRulesOf(athlete: Athlete | null, total: Item | undefined): Map<number, CardRules> {
  const printRuns = (total?.printRuns as Record<string, number> | undefined) ?? {};
  const rules = new Map<number, CardRules>();
  for (const card of athlete?.digitalcollectibles ?? []) {
    const printRun = printRuns[String(card.id)] ?? card.drop?.printRun ?? null;
    const drop = card.drop ? { startsAt: card.drop.startsAt, endsAt: card.drop.endsAt, printRun } : null;
    rules.set(card.id, { editionSize: card.editionSize ?? null, unlock: card.unlock ?? null, drop });
  }
  return rules;
}

export function createSettler(deps: IngestDeps) {
  const { store, now, metric, log, backoff } = runtimeOf(deps);
  const eventWrites = deps.eventWrites ?? noEventWrites;
  const fanWrites = deps.fanWrites ?? noFanWrites;

  /** Consistent reads of any number of keys, 100 per request. */
  async function getMany(list: Key[]): Promise<Map<string, Item>> {
    const chunks: Key[][] = [];
    for (let i = 0; i < list.length; i += BATCH_GET_KEYS) chunks.push(list.slice(i, i + BATCH_GET_KEYS));
    const found = new Map<string, Item>();
    for (const got of await Promise.all(chunks.map((chunk) => store.get(chunk)))) for (const [k, v] of got) found.set(k, v);
    return found;
  }

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

  /** Clears an order's pending state: the `pending` set (at the version settled) and its marker. */
  const clearWrites = (orderId: string, version: number): Write[] => [
    { update: keys.order(orderId), remove: ['pending'], condition: versionIs(version) },
    { delete: keys.pendingOrder(orderId) },
  ];

  /**
   * One transaction for as many of `window`'s orders (in order) as it holds: reads the athlete's
   * total, the orders' applied snapshots and their buyers' fan items, folds the steps and writes
   * them, with the clearing of each order this group finishes (unless a newer version of it
   * arrived: `raced`). Answers how many of the window it took (orders applied already included)
   * and the orders it cleared.
   */
  async function applyAthleteBatch(athleteId: number, window: GroupWork[], raced: Set<string>): Promise<{ taken: number; cleared: string[] }> {
    const appliedKey = (orderId: string) => keys.appliedGroup(orderId, athleteGroupId(athleteId));
    const buyersOf = (list: Array<string | null | undefined>) => [...new Set(list.filter((k): k is string => Boolean(k)))];
    const targetBuyers = buyersOf(window.map((w) => (w.target as AthleteTarget | null)?.meta.buyerKey));
    const totalKey = keys.aggTotal(athleteId);
    const [got, catalogAthlete] = await Promise.all([
      getMany([totalKey, ...window.map((w) => appliedKey(w.orderId)), ...targetBuyers.map((b) => keys.fan(athleteId, b))]),
      // The athlete's cards (editions, unlock rules), closed sets and collective: one Query.
      deps.catalog.athlete(athleteId),
    ]);
    const applied = new Map(window.map((w) => [w.orderId, (got.get(keyString(appliedKey(w.orderId))) as unknown as AppliedAthleteGroup | undefined) ?? null]));
    // Buyers an applied snapshot names whom no target names (a changed or removed buyer).
    const moreBuyers = buyersOf([...applied.values()].map((a) => a?.meta?.buyerKey)).filter((b) => !targetBuyers.includes(b));
    const more = moreBuyers.length ? await getMany(moreBuyers.map((b) => keys.fan(athleteId, b))) : new Map<string, Item>();
    const fans = new Map<string, FanState | null>();
    for (const buyerKey of [...targetBuyers, ...moreBuyers]) {
      const k = keyString(keys.fan(athleteId, buyerKey));
      fans.set(buyerKey, fanStateOf(got.get(k) ?? more.get(k)));
    }
    const fanHook = {
      writes: fanWrites,
      context: {
        collectiveId: catalogAthlete?.collectiveId ?? null,
        schoolId: catalogAthlete?.schoolId ?? null,
        topFanSets: topFanSetsOf(catalogAthlete ?? undefined),
        at: now(),
      },
    };
    let batch: AthleteBatch = startBatch({
      athleteId,
      athlete: athleteStateOf(got.get(keyString(totalKey))),
      fans,
      cards: cardRulesOf(catalogAthlete, got.get(keyString(totalKey))),
      topFanSets: topFanSetsOf(catalogAthlete ?? undefined),
      collectiveId: catalogAthlete?.collectiveId ?? null,
      now: now(),
    });
    // Each order's own writes are sized once; the shared ones (the total, months, fans) again
    // with each order added, as they grow with it.
    const orderBytes = new Map<string, number>();
    const clears = (list: GroupWork[]) => list.filter((w) => w.last && !raced.has(w.orderId));
    let taken = 0;
    for (const w of window) {
      const next = addStep(batch, {
        orderId: w.orderId,
        orderVersion: w.version,
        target: w.target as AthleteTarget | null,
        applied: applied.get(w.orderId) ?? null,
      });
      if (next !== batch) {
        const parts = athleteBatchParts(athleteId, finishBatch(next), eventWrites, fanHook);
        orderBytes.set(w.orderId, writesBytes(parts.orders[parts.orders.length - 1]));
        const items = parts.shared.length + parts.orders.reduce((n, o) => n + o.length, 0) + 2 * clears(window.slice(0, taken + 1)).length;
        const bytes = writesBytes(parts.shared) + [...orderBytes.values()].reduce((a, b) => a + b, 0);
        // The first order is taken whatever its size (alone it fits: MAX_LINES_PER_ATHLETE).
        if (batch.steps.length > 0 && (items > TRANSACTION_ITEMS || bytes > BATCH_BYTES)) break;
      } else if (batch.steps.length > 0 && 2 * clears(window.slice(0, taken + 1)).length > TRANSACTION_ITEMS / 4) break;
      batch = next;
      taken++;
    }
    const toClear = clears(window.slice(0, taken));
    if (batch.steps.length === 0 && toClear.length === 0) return { taken, cleared: [] };
    const plan = finishBatch(batch);
    const parts = athleteBatchParts(athleteId, plan, eventWrites, fanHook);
    const writes = [...parts.shared, ...parts.orders.flat()];
    const firstClear = writes.length;
    writes.push(...toClear.flatMap((w) => clearWrites(w.orderId, w.version)));
    try {
      await store.transact(writes);
    } catch (error) {
      // Only clears refused: those orders changed since they were read (a newer version is
      // pending). The next attempt leaves them pending and applies the rest.
      if (error instanceof StoreConflict && error.failed.length > 0 && error.failed.every((i) => i >= firstClear))
        for (const i of error.failed) raced.add(toClear[Math.floor((i - firstClear) / 2)].orderId);
      throw error;
    }
    const oversold = plan.steps.reduce(
      (n, s) => n + (s.plan.saleLine?.oversoldUnits ?? 0) - (s.appliedBefore ? Object.values(s.appliedBefore.lines).reduce((m, l) => m + l.oversold, 0) : 0),
      0,
    );
    if (oversold > 0) metric('OversoldLines', oversold);
    if (plan.steps.length > 1) metric('SettleBatchOrders', plan.steps.length);
    for (const event of plan.events) log('info', event.kind, { ...event });
    return { taken, cleared: toClear.map((w) => w.orderId) };
  }

  /** Applies one athlete's orders in the order given, batch after batch. Answers the orders it
   * could not apply (busy past the deadline, or an error), those it cleared, and the error. */
  function settleAthlete(athleteId: number, work: GroupWork[], deadline: number): Promise<{ left: string[]; cleared: string[]; error?: unknown }> {
    return withLock(`athlete:${athleteId}`, async () => {
      const cleared: string[] = [];
      const raced = new Set<string>();
      let rest = work;
      while (rest.length > 0) {
        const window = rest.slice(0, READ_AHEAD);
        try {
          const done = await retryOnConflict(() => applyAthleteBatch(athleteId, window, raced), retries(deadline, `athlete ${athleteId} is busy; retry later`));
          cleared.push(...done.cleared);
          rest = rest.slice(done.taken);
        } catch (error) {
          return { left: rest.map((w) => w.orderId), cleared, ...(error instanceof RetryLater ? {} : { error }) };
        }
      }
      return { left: [], cleared };
    });
  }

  async function stepUnattributed(orderId: string, version: number, schoolId: number, target: UnattributedTarget | null, deadline: number): Promise<void> {
    await retryOnConflict(
      async () => {
        const appliedKey = keys.appliedGroup(orderId, unattributedGroupId(schoolId));
        const item = (await store.get([appliedKey])).get(keyString(appliedKey));
        if (item && Number(item.version) >= version) return;
        const applied = (item as unknown as AppliedUnattributedGroup | undefined) ?? null;
        const plan = planUnattributedStep(version, target, applied);
        await store.transact(unattributedWrites(orderId, schoolId, plan, applied?.version ?? 0));
        if (plan.totals.lines > 0) metric('UnattributedLines', plan.totals.lines);
      },
      retries(deadline, `order ${orderId}: unattributed lines of school ${schoolId} are busy; retry later`),
    );
  }

  async function clearPending(orderId: string, version: number): Promise<boolean> {
    try {
      await store.transact(clearWrites(orderId, version));
      return true;
    } catch (error) {
      if (error instanceof StoreConflict) return false;
      throw error;
    }
  }

  /** One pass over the orders: every pending group applied (athletes in batches), then each
   * order whose groups all applied is cleared, unless a newer version arrived meanwhile. */
  async function settlePass(orderIds: string[], deadline: number): Promise<SettleOutcome & { raced: string[] }> {
    const ids = [...new Set(orderIds)];
    const found = await getMany(ids.map((id) => keys.order(id)));
    const orders = new Map<string, StoredOrder>();
    const stale: string[] = [];
    const work = new Map<string, GroupWork[]>();
    for (const orderId of ids) {
      const item = found.get(keyString(keys.order(orderId)));
      const stored = item ? toStored(item) : null;
      if (!stored || stored.pending.length === 0) {
        stale.push(orderId);
        continue;
      }
      orders.set(orderId, stored);
      const targets = groupTargets(contributionOf(stored.state, orderOptions(deps.options(), stored.countTestOrders)));
      // An order whose only pending group is an athlete's is cleared in that group's batch.
      const last = stored.pending.length === 1;
      for (const groupId of stored.pending) {
        const list = work.get(groupId) ?? [];
        list.push({ orderId, version: stored.version, target: targets.get(groupId) ?? null, last });
        work.set(groupId, list);
      }
    }
    const failed = new Set<string>();
    const clearedInBatch = new Set<string>();
    let error: unknown;
    await pool([...work.entries()], GROUP_CONCURRENCY, async ([groupId, list]) => {
      const group = groupOf(groupId);
      if (!group) {
        error ??= new Error(`orders ${list.map((w) => w.orderId).join(', ')}: unknown group ${groupId}`);
        for (const w of list) failed.add(w.orderId);
        return;
      }
      if (group.kind === 'athlete') {
        const result = await settleAthlete(group.athleteId, list, deadline);
        for (const id of result.left) failed.add(id);
        for (const id of result.cleared) clearedInBatch.add(id);
        if (result.error !== undefined) error ??= result.error;
        return;
      }
      for (const w of list) {
        try {
          await stepUnattributed(w.orderId, w.version, group.schoolId, w.target as UnattributedTarget | null, deadline);
        } catch (e) {
          failed.add(w.orderId);
          if (!(e instanceof RetryLater)) error ??= e;
        }
      }
    });
    const done = [...orders.keys()].filter((id) => !failed.has(id) && !clearedInBatch.has(id));
    const settled: string[] = [...clearedInBatch];
    const raced: string[] = [];
    await pool(done, CLEAR_CONCURRENCY, async (orderId) => {
      try {
        ((await clearPending(orderId, orders.get(orderId)!.version)) ? settled : raced).push(orderId);
      } catch (e) {
        error ??= e;
        failed.add(orderId);
      }
    });
    return { settled, stale, left: [...failed], raced, ...(error !== undefined ? { error } : {}) };
  }

  /**
   * Settles these orders (in this order: the counting order of each athlete's orders), until
   * done or the deadline passes. An order a newer version reached while it was settled is
   * settled again at once (its new marker would bring it back anyway).
   */
  async function settleMany(orderIds: string[], deadline = Date.now() + DEFAULT_SETTLE_MS): Promise<SettleOutcome> {
    const outcome: SettleOutcome = { settled: [], stale: [], left: [] };
    let ids = orderIds;
    while (ids.length > 0) {
      const pass = await settlePass(ids, deadline);
      outcome.settled.push(...pass.settled);
      outcome.stale.push(...pass.stale);
      outcome.left.push(...pass.left);
      if (pass.error !== undefined) outcome.error ??= pass.error;
      ids = pass.raced;
      if (Date.now() > deadline || outcome.error !== undefined) {
        outcome.left.push(...ids);
        break;
      }
    }
    return outcome;
  }

  /** Applies every pending group of one order, until done or the deadline passes. Returns the
   * number of groups still pending (0 when the order's figures are final). */
  async function settle(orderId: string, deadline = Date.now() + DEFAULT_SETTLE_MS): Promise<number> {
    const outcome = await settleMany([orderId], deadline);
    if (outcome.error !== undefined) throw outcome.error;
    if (outcome.left.length === 0) return 0;
    const item = (await store.get([keys.order(orderId)])).get(keyString(keys.order(orderId)));
    return item ? toStored(item).pending.length : 0;
  }

  return { settle, settleMany };
}

export type Settler = ReturnType<typeof createSettler>;

/** The settle sweeper: finishes orders left pending (crashes, deadlines, contention), the oldest
 * first, each athlete's in batches. */
export async function settlePending(
  settler: Settler,
  store: Store,
  options: { limit?: number; deadlineMs?: number } = {},
): Promise<{ orders: number; settled: number; pending: number }> {
  const deadline = Date.now() + (options.deadlineMs ?? 20_000);
  const markers = (await Promise.all(keys.pendingPartitions().map((pk) => store.query(pk, options.limit ?? 100)))).flat();
  markers.sort((a, b) => String(a.since ?? '').localeCompare(String(b.since ?? '')) || String(a.orderId).localeCompare(String(b.orderId)));
  const outcome = await settler.settleMany(
    markers.map((m) => String(m.orderId)),
    deadline,
  );
  // A marker whose order has nothing pending (settled by a request that crashed before its delete).
  await pool(outcome.stale, CLEAR_CONCURRENCY, async (orderId) => {
    await store
      .transact([{ delete: keys.pendingOrder(orderId) }, { check: keys.order(orderId), condition: { absentField: 'pending' } }])
      .catch((error: unknown) => {
        if (!(error instanceof StoreConflict)) throw error;
      });
  });
  if (outcome.error !== undefined) throw outcome.error;
  return { orders: markers.length, settled: outcome.settled.length + outcome.stale.length, pending: outcome.left.length };
}
