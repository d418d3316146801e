// The card page's sales reads (lambdas/sales/card-page-repo.ts): a card's latest sales, and what a
// buyer's order revealed once its sale was counted (the serials it got and the set's progress).
import type { CollectionAthlete } from './collection-api';

/** One recent sale of a card: when, the serials it got and who owns it now, by pseudonym only. */
export interface CardSale {
  at: string;
  serials: Array<[number, number]>;
  /** Units of this card the sale counted with a serial. */
  units: number;
  /** The owner's public label ('Fan 7KQ2MX'): never an email or any part of one. */
  owner: string;
}

/** GET /api/athletes/{id}/cards/{cardId}/sales: the card's latest sales, newest first (public). */
export interface CardSalesResponse {
  items: CardSale[];
}

export interface OrderRevealLine {
  athleteId: number;
  cardId: number;
  quantity: number;
  /** The serials the units got ([from, to] ranges), once counted. */
  serials: Array<[number, number]>;
}

/** GET /api/me/orders/{orderId} (the buyer; the demo buyer's twin in demo mode). */
export interface OrderRevealResponse {
  orderId: string;
  orderName: string;
  createdAt: string;
  /** Every part of the order is counted (serials are assigned when a sale is counted, moments after payment). */
  settled: boolean;
  /** Paid and not cancelled or refunded: its units hold serials. */
  counted: boolean;
  lines: OrderRevealLine[];
  /** The order's athletes as My Collection shows them (sets and progress), once settled. */
  athletes: CollectionAthlete[];
}

/** How many recent sales the card page lists, and how many of the athlete's latest sale lines one read looks through for them. */
export const CARD_SALES_SHOWN = 8;
export const CARD_SALES_WINDOW = 40;
