// The sales routes' contract (lambdas/sales, orders/checkout): figures, orders, transactions, posts.
import type { Page } from '../platform/http-api';

/** One athlete's part of one order (GET /api/athletes/{id}/orders). */
export interface SaleLine {
  orderId: string;
  orderName: string;
  createdAt: string;
  /** The part of the buyer's email before '@' (never the full email). */
  buyer: string;
  quantity: number;
  amountCents: number;
  status: string;
  /** Serial numbers the order's units hold, per card ('#from-to / editionSize'). */
  serials: Array<{ cardId: number; from: number; to: number; editionSize: number }>;
  /** Units counted after the edition sold out (no serial), and units sold while the card was locked. */
  oversoldUnits: number;
  whileLockedUnits: number;
}

export type AthleteOrdersResponse = Page<SaleLine>;

/** A card's sale state, from the athlete's pre-aggregated total. */
export interface CardSaleState {
  /** Counted units (paid, net of refunds and cancellations). */
  sold: number;
  /** Serials issued (never reissued); remaining = editionSize - issued. */
  issued: number;
  oversold: number;
  /** When the card's unlock quota was reached (permanent), or null. */
  unlockedAt: string | null;
}

export interface MonthlySales {
  month: string;
  cardsSold: number;
  revenueCents: number;
  orderCount: number;
}

export interface TopFan {
  buyer: string;
  cardsHeld: number;
}

export interface AthleteStatsResponse {
  athleteId: number;
  totalCardsSold: number;
  totalRevenueCents: number;
  averagePriceCents: number;
  orderCount: number;
  uniqueFans: number;
  /** The athlete's 97% share of revenue. */
  earningsCents: number;
  /** Units sold per card id. */
  cardsSoldByCard: Record<string, number>;
  /** Sale state per card id (editions, unlocks). */
  cardStates: Record<string, CardSaleState>;
  monthly: MonthlySales[];
  /** How many buyers hold every card of the athlete. */
  topFanCount: number;
  /** The first Top Fans (at most 50), by buyer label. */
  topFans: TopFan[];
}

export interface CollectiveAthleteFigures {
  athleteId: number;
  cardsSold: number;
  revenueCents: number;
  orderCount: number;
  earningsCents: number;
}

export interface CollectiveMonthly {
  month: string;
  /** Athlete sales plus collective donations. */
  totalCents: number;
  /** The athletes' 97% share of the month's sales. */
  athleteCents: number;
  donationsCents: number;
}

export interface UnattributedSale {
  orderId: string;
  orderName: string;
  lineItemId: string;
  createdAt: string;
  title: string;
  productId: string | null;
  units: number;
  revenueCents: number;
  reason: 'unmatched' | 'ambiguous';
}

export interface CollectiveStatsResponse {
  collectiveId: number;
  name: string;
  schoolId: number;
  members: number[];
  /** The current year-month the "this month" tiles refer to. */
  currentMonth: string;
  tiles: {
    athleteEarningsThisMonthCents: number;
    donationsThisMonthCents: number;
    totalAthletes: number;
    athleteTransactions: number;
    collectiveDonationsCount: number;
  };
  totals: { cardsSold: number; revenueCents: number; orderCount: number; donationsCents: number };
  athletes: CollectiveAthleteFigures[];
  monthly: CollectiveMonthly[];
  unattributed: { units: number; revenueCents: number; recent: UnattributedSale[] };
}

export type TransactionType = 'Athlete Transaction' | 'Donation (Organization)' | 'Donation (Individual)' | 'Payout';

export interface Transaction {
  id: string;
  date: string;
  name: string;
  details: string;
  amountCents: number;
  type: TransactionType;
  status: string;
}

export type TransactionsResponse = Page<Transaction>;

export interface AthleteDonationsResponse {
  athleteId: number;
  totalDonationsCents: number;
  monthly: Array<{ month: string; amountCents: number }>;
  donationsThisYear: number;
  recurringThisMonth: number;
  comments: Array<{ donorName: string; amountCents: number; comment: string }>;
}

export interface Post {
  id: number;
  content: string;
  date: string;
  updatedAt: string | null;
}

export interface PostsResponse {
  items: Post[];
}

export interface PostRequest {
  content: string;
}

export const POST_MAX_LENGTH = 2000;

export interface BuyerOrderLine {
  athleteId: number | null;
  cardId: number | null;
  title: string;
  quantity: number;
  priceCents: number;
}

export interface BuyerOrder {
  orderId: string;
  orderName: string;
  createdAt: string;
  status: string;
  totalCents: number;
  lines: BuyerOrderLine[];
}

export type MeOrdersResponse = Page<BuyerOrder>;

/** Local checkout (local mode only): stands in for the Shopify storefront. */
export interface CheckoutRequest {
  athleteId: number;
  cardId: number;
  quantity?: number;
  email?: string;
}

export interface CheckoutResponse {
  orderId: string;
  orderName: string;
}
