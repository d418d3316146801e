// An athlete's Top Fans brought in line with its sets (docs/ARCHITECTURE.md "Quotas, editions and
// sets"): each fan's `top` flag, its TOPFAN item and the total's count, a chunk of fans per
// transaction under the total's version, so a concurrent settle step makes a chunk retry, never
// double-count. Over the store port (lambdas/platform/store.ts).
import { topFanSetsOf } from '#shared/cards/sets';
import { isTopFan } from '#shared/orders/aggregation';
import { readAthleteRecord } from '#lambdas/catalog/athlete-record';
import { Conflict } from '#lambdas/platform/errors';
import * as keys from '#lambdas/platform/keys';
import { keyString, noBackoff, retryOnConflict, versionIs } from '#lambdas/platform/store';
import type { Item, TransactionalStore, Write } from '#lambdas/platform/store';

/** Fans whose Top Fan status one transaction changes (2 items each, plus the total). */
const TOP_FAN_CHUNK = 40;
/** Conflicts in a row (no chunk committed between them) before giving up. */
const STALLS = 10;
/** Items of a fan partition read per Query (the reads go on until the prefix ends). */
const PAGE = 1_000;

export function topFans(store: TransactionalStore) {
  /** Every item of the athlete's partition under `prefix` (consistent), a page at a time. */
  async function queryPrefix(pk: string, prefix: string): Promise<Item[]> {
    const items: Item[] = [];
    for (;;) {
      const last = items.at(-1);
      const page = await store.query(pk, PAGE, { beginsWith: prefix, ...(last ? { from: `${String(last.SK)}\u0000` } : {}) });
      items.push(...page);
      if (page.length < PAGE) return items;
    }
  }

  /** One chunk: the fans still out of line, at most TOP_FAN_CHUNK of them, written under the
   * total's version; how many were changed, or null when every fan is in line. */
  async function recomputeChunk(athleteId: number): Promise<number | null> {
    const pk = keys.athletePartition(athleteId);
    const totalKey = keys.aggTotal(athleteId);
    const [{ athlete }, found, fans, tops] = await Promise.all([
      readAthleteRecord(store, athleteId),
      store.get([totalKey]),
      queryPrefix(pk, keys.fanPrefix),
      queryPrefix(pk, keys.topFanPrefix),
    ]);
    const total = found.get(keyString(totalKey));
    const sets = topFanSetsOf(athlete ?? undefined);
    const buyerOf = (fan: Item) => String(fan.buyerKey ?? keys.fanBuyerOf(String(fan.SK)));
    const stored = new Set(tops.map((t) => String(keys.topFanBuyerOf(String(t.SK)))));
    const work = fans
      .map((fan) => ({ fan, buyerKey: buyerOf(fan), want: isTopFan((fan.cards as Record<string, number>) ?? {}, sets) }))
      .filter(({ fan, buyerKey, want }) => fan.top !== want || stored.has(buyerKey) !== want);
    // TOPFAN items without a fan (never written by ingestion) would be counted wrongly: drop them.
    const orphans = [...stored].filter((key) => !fans.some((f) => buyerOf(f) === key));
    if (work.length === 0 && orphans.length === 0 && (!total || Number(total.topFanCount ?? 0) === stored.size)) return null;
    if (!total) return null;
    const version = Number(total.version ?? 0);
    const chunk = work.slice(0, TOP_FAN_CHUNK);
    const writes: Write[] = [];
    let count = stored.size;
    for (const { fan, buyerKey, want } of chunk) {
      const fanVersion = Number(fan.version ?? 0);
      writes.push({ update: keys.fan(athleteId, buyerKey), set: { top: want, version: fanVersion + 1 }, condition: versionIs(fanVersion) });
      if (want && !stored.has(buyerKey)) {
        writes.push({ put: { ...keys.topFan(athleteId, buyerKey), athleteId, buyerAlias: fan.buyerAlias ?? '' } });
        count += 1;
      } else if (!want && stored.has(buyerKey)) {
        writes.push({ delete: keys.topFan(athleteId, buyerKey) });
        count -= 1;
      }
    }
    for (const key of orphans.slice(0, Math.max(0, TOP_FAN_CHUNK - chunk.length))) {
      writes.push({ delete: keys.topFan(athleteId, key) });
      count -= 1;
    }
    writes.push({ update: totalKey, set: { topFanCount: count, version: version + 1 }, condition: versionIs(version) });
    await store.transact(writes);
    return chunk.length;
  }

  /**
   * Brings every fan's Top Fan status in line with the athlete's current sets, chunk by chunk.
   * Reads the athlete's fans: run only when the sets that make a Top Fan change (an owner action,
   * not a page view). Each committed chunk is progress; STALLS conflicts in a row give up (409).
   */
  async function recomputeTopFans(athleteId: number): Promise<{ changed: number }> {
    let changed = 0;
    for (;;) {
      const step = await retryOnConflict(() => recomputeChunk(athleteId), {
        attempts: STALLS,
        backoff: noBackoff,
        onExhausted: () => new Conflict('The athlete’s Top Fans are changing too fast to recompute; try again'),
      });
      if (step === null) return { changed };
      changed += step;
    }
  }

  return { recomputeTopFans };
}
