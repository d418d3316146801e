// The one hook through which what the money and scarcity paths cause (shared/cards/domain-events.ts:
// a card unlocked, a buyer became a Top Fan, an edition sold out) can add items to the very
// transaction that causes it, e.g. a notification outbox item: written exactly once, with its
// cause, or not at all. The settle transaction builder (lambdas/orders/settle-writes.ts) calls it
// for every event of a settle step. By default it adds nothing.
//
// Rules for a hook (docs/ARCHITECTURE.md, "Events"): a pure function of the event (it is called
// again each time a batch is sized, and again when a conflicted transaction is planned anew); its
// items are keyed by the event (kind, subject and cause), so no two events of one transaction
// write the same item; puts with `notExists` or otherwise idempotent; a few per event (they count
// towards the transaction's 100 items: a settle batch takes fewer orders to make room for them).
import type { DomainEvent } from '#shared/cards/domain-events';
import type { FanState } from '#shared/orders/settlement';
import type { Write } from '#lambdas/platform/store';

export type EventWrites = (event: DomainEvent) => Write[];

/** The default hook: events are computed and logged, nothing more is written. */
export const noEventWrites: EventWrites = () => [];

/** Where a settle batch happens: what a fan hook needs beside the fan. */
export interface FanContext {
  athleteId: number;
  collectiveId: number | null;
  schoolId: number | null;
  /** The card ids of each set that makes a Top Fan (closed sets; or every public card). */
  topFanSets: number[][];
  /** The batch's time (ISO). */
  at: string;
  /** The athlete total's version this batch writes: one per committed batch, never reused (a fan
   * item is deleted when it holds nothing, so its own version can start again). */
  totalVersion: number;
}

/** A fan whose holding a settle batch changed: as read, and after the batch (null: holds nothing of
 * the athlete any more). */
export interface FanChange {
  buyerKey: string;
  before: FanState | null;
  after: FanState | null;
}

/**
 * The second hook (issue 26, leaderboards): items to write with the fans whose holdings a settle
 * batch changed, in the same transaction. Called once per batch with every changed fan (so it can
 * sum what several fans move in one item); the same rules as EventWrites: pure, idempotent or
 * conditional puts, a few items per fan (they count towards the transaction's 100 items).
 */
export type FanWrites = (fans: readonly FanChange[], context: FanContext) => Write[];

/** The default fan hook: nothing. */
export const noFanWrites: FanWrites = () => [];
