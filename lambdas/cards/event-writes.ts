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
import type { Write } from '#lambdas/platform/store';

export type EventWrites = (event: DomainEvent) => Write[];

/** The default hook: events are computed and logged, nothing more is written. */
export const noEventWrites: EventWrites = () => [];
