// Settlement's two hooks (lambdas/cards/event-writes.ts; docs/decisions/0025), wired by the settle
// engine of the Orders table (lambdas/orders/ingest.ts):
// - `settleEventWrites`: each event a settle step causes (a card unlocked, a fan became a Top Fan,
//   an edition sold out) writes one job, keyed by the event and its cause (the order version), in
//   the settle transaction; the sender applies it afterwards (fanout.ts): the audit entry, the
//   notices of the athlete, the collective, the fan and the athlete's followers (as many as they
//   are, a page at a time: more than a transaction could hold), and the news for the feeds.
// - `leaderboardWrites`: the fans whose holdings a batch changed move on the pre-aggregated
//   leaderboards in the same transaction: the athlete's board (cards held), each set's (distinct
//   cards of the set held) with the set's count of fans, and one tally job per fan for the school's
//   board (a school's total needs the fan's other athletes, so the sender adds it under a condition).
// Ranks: most cards first, then who reached that count first (a Top Fan completing a set with the
// same count as another ranks by that moment).
import type { DomainEvent } from '#shared/cards/domain-events';
import type { FanState } from '#shared/orders/settlement';
import * as keys from '#lambdas/platform/keys';
import type { BoardRef } from '#lambdas/platform/keys';
import type { Item, Write } from '#lambdas/platform/store';

// The hooks' shapes (lambdas/cards/event-writes.ts EventWrites and FanWrites, which this domain,
// below cards, does not import: the settle engine takes these functions by their shape).
type FanChange = { buyerKey: string; before: FanState | null; after: FanState | null };
interface FanContext {
  athleteId: number;
  collectiveId: number | null;
  schoolId: number | null;
  topFanSets: number[][];
  at: string;
  /** The athlete total's version the batch writes (unique per committed batch). */
  totalVersion: number;
}

/** The events jobs carry: settlement's and the drop sweep's, and a drop's closing reminder (a job
 * due an hour before its end, written with its start). */
export type JobEvent = DomainEvent | { kind: 'drop-closing'; athleteId: number; cardId: number; at: string; endsAt: string };

const subjectOf = (e: JobEvent) => (e.kind === 'top-fan' ? e.buyerKey : String(e.cardId));
/** What makes the event unique: the order version counted, or for a drop its moment (a drop starts,
 * is reminded of and closes once). */
const causeOf = (e: JobEvent) =>
  'cause' in e ? `${e.cause.orderId}:${e.cause.orderVersion}` : e.kind === 'drop-started' ? e.startsAt : e.kind === 'drop-closing' ? e.endsAt : e.at;

/** A job's id: its event's kind, subject and cause (unique: a cause counts once). */
export const eventJobId = (e: JobEvent) => `${e.kind}:${e.athleteId}:${subjectOf(e)}:${causeOf(e)}`.replace(/[^A-Za-z0-9:_.-]/g, '-');

/** A drop's followers are reminded this long before it closes (when the drop lasts longer than twice that). */
export const DROP_CLOSING_NOTICE_MS = 60 * 60_000;

/** A job's outbox entry: due now, spread over the outbox partitions by its id. */
const jobEntry = (jobId: string, at: string): Item => ({ ...keys.fanoutJob(jobId), ...keys.outboxEntry(jobId, at, 'JOB'), dueAt: at });

const eventJob = (event: JobEvent, dueAt: string): Write => {
  const jobId = eventJobId(event);
  return { put: { ...jobEntry(jobId, dueAt), type: 'fanout', kind: 'event', jobId, event, at: event.at, cursor: null }, condition: { notExists: true } };
};

export const settleEventWrites = (event: DomainEvent): Write[] => {
  const writes = [eventJob(event, event.at)];
  if (event.kind === 'drop-started') {
    const remindAt = Date.parse(event.endsAt) - DROP_CLOSING_NOTICE_MS;
    if (remindAt - Date.parse(event.startsAt) >= DROP_CLOSING_NOTICE_MS) {
      const at = new Date(remindAt).toISOString();
      writes.push(eventJob({ kind: 'drop-closing', athleteId: event.athleteId, cardId: event.cardId, at, endsAt: event.endsAt }, at));
    }
  }
  return writes;
};

const unitsOf = (cards: Record<string, number> | undefined) => Object.entries(cards ?? {}).reduce((n, [card, u]) => (card === '0' ? n : n + Math.max(0, u)), 0);
const distinctOf = (cards: Record<string, number> | undefined, set: readonly number[]) => set.filter((id) => (cards?.[String(id)] ?? 0) > 0).length;

/** A fan's entry on a board: put with its rank, or deleted when it holds nothing of it. */
function entryWrite(board: BoardRef, buyerKey: string, units: number, at: string, extra: Item): Write {
  const key = keys.boardEntry(board, buyerKey);
  return units > 0
    ? { put: { ...key, ...keys.boardRank(board, units, at, buyerKey), type: 'board', buyerKey, units, reachedAt: at, ...extra } }
    : { delete: { PK: key.PK, SK: key.SK } };
}

export const leaderboardWrites = (fans: readonly FanChange[], context: FanContext): Write[] => {
  const writes: Write[] = [];
  const athleteBoard: BoardRef = { kind: 'athlete', athleteId: context.athleteId };
  const setCounts = new Map<string, { board: BoardRef; delta: number }>();
  for (const fan of fans) {
    const before = unitsOf(fan.before?.cards);
    const after = unitsOf(fan.after?.cards);
    const topBefore = fan.before?.top === true;
    const topAfter = fan.after?.top === true;
    if (after !== before) writes.push(entryWrite(athleteBoard, fan.buyerKey, after, context.at, { topFan: topAfter }));
    else if (after > 0 && topAfter !== topBefore) writes.push({ update: keys.boardEntry(athleteBoard, fan.buyerKey), set: { topFan: topAfter } });
    for (const set of context.topFanSets) {
      const board: BoardRef = { kind: 'set', athleteId: context.athleteId, cardIds: set };
      const heldBefore = distinctOf(fan.before?.cards, set);
      const heldAfter = distinctOf(fan.after?.cards, set);
      if (heldBefore === heldAfter) continue;
      writes.push(entryWrite(board, fan.buyerKey, heldAfter, context.at, { complete: heldAfter === set.length }));
      const crossed = (heldAfter > 0 ? 1 : 0) - (heldBefore > 0 ? 1 : 0);
      if (crossed) {
        const id = keys.boardPartition(board);
        setCounts.set(id, { board, delta: (setCounts.get(id)?.delta ?? 0) + crossed });
      }
    }
    if (context.schoolId !== null && after !== before) {
      // Keyed by the athlete total's version the batch writes: one tally per committed change of
      // one fan. (Not the fan item's version: the item is deleted when the fan holds nothing, its
      // version starts again, and a tally still waiting for the sender would refuse the new one,
      // cancelling every settle of the athlete until the sender ran.)
      const jobId = `tally:${context.schoolId}:${context.athleteId}:${fan.buyerKey}:${context.totalVersion}`;
      writes.push({
        put: {
          ...jobEntry(jobId, context.at),
          type: 'fanout',
          kind: 'tally',
          jobId,
          schoolId: context.schoolId,
          buyerKey: fan.buyerKey,
          delta: after - before,
          at: context.at,
        },
        condition: { notExists: true },
      });
    }
  }
  for (const { board, delta } of setCounts.values()) if (delta) writes.push({ update: keys.boardCount(board), add: { fans: delta } });
  return writes;
};
