// What the money and scarcity paths report as having happened, as data: the settle step
// (shared/orders/settlement.ts) says which cards unlocked, which buyers became Top Fans and which
// editions sold out; the drop sweep (lambdas/cards/card-drops.ts) when a moment drop opens and
// closes. Each event names its cause (the order version that was counted; a drop's card, as a drop
// starts and closes once), so a consumer can key what it writes by it: the writers pass every event to one hook
// (lambdas/cards/event-writes.ts) whose items join the same transaction, so an outbox item is
// written exactly once with its cause.

/** The order version whose counting caused an event (unique with the event's kind and subject). */
export interface OrderCause {
  orderId: string;
  orderVersion: number;
}

export type DomainEvent =
  /** A locked card's quota was reached: it is on sale from now on (permanent). */
  | { kind: 'unlock-reached'; athleteId: number; cardId: number; at: string; cause: OrderCause }
  /** A buyer now holds a whole set of the athlete's cards (again, after losing it). */
  | { kind: 'top-fan'; athleteId: number; buyerKey: string; buyerAlias: string; at: string; cause: OrderCause }
  /** The last serial of an edition was issued. */
  | { kind: 'edition-sold-out'; athleteId: number; cardId: number; editionSize: number; at: string; cause: OrderCause }
  /** A moment drop's window opened: the card is on sale until `endsAt` (once per drop). */
  | { kind: 'drop-started'; athleteId: number; cardId: number; at: string; startsAt: string; endsAt: string }
  /** A moment drop closed: its print run is fixed (once per drop). */
  | { kind: 'drop-closed'; athleteId: number; cardId: number; at: string; printRun: number };

export type DomainEventKind = DomainEvent['kind'];
