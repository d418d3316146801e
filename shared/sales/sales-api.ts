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

/** GET /api/athletes/{id}/donations: the donations the athlete's collective allocated to the
 * athlete (the spec's Overview figures, the athlete's own: lambdas/sales/athlete-donations.ts), and
 * the comments its collective's donors left (the spec's Comments). */
export interface AthleteDonationsResponse {
  athleteId: number;
  /** Allocated to the athlete, all time (the ledger's credits). */
  totalDonationsCents: number;
  /** Allocated per month (UTC), oldest first. */
  monthly: Array<{ month: string; amountCents: number }>;
  /** Allocations made this calendar year (UTC). */
  donationsThisYear: number;
  /** This month's allocations from monthly memberships. */
  recurringThisMonth: number;
  /** The newest allocations to the athlete (at most 10). */
  recent: Array<{ date: string; donationId: string; amountCents: number }>;
  /** The newest comments of the collective's donors. */
  comments: Array<{ donorName: string; amountCents: number; comment: string }>;
  /** The collective's own donation figures, for context ("your collective raised ..."). */
  collective: { totalDonationsCents: number; donationsThisYear: number; recurringThisMonth: number };
}

/** One UTC day of an athlete's counted sales (GET /api/athletes/{id}/daily?days=7|30). */
export interface DailySales {
  date: string;
  cardsSold: number;
  revenueCents: number;
}

/** The days of a daily range are 7 or 30 (the charts' short ranges). */
export const DAILY_RANGES = [7, 30] as const;
/** A daily read takes at most this many sale lines (or feed lines): a busier range is cut at its oldest day. */
export const DAILY_MAX_LINES = 2_000;

export interface AthleteDailyResponse {
  athleteId: number;
  /** The first and last UTC day covered (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Days with sales, oldest first (a day without is a zero). */
  days: DailySales[];
  /** False when the range held more than DAILY_MAX_LINES lines: `from` is then the first whole day read. */
  complete: boolean;
}

/** One UTC day of a collective (GET /api/collectives/{id}/daily?days=7|30). */
export interface CollectiveDay {
  date: string;
  /** What fans paid for the members' cards that day. */
  revenueCents: number;
  /** The athletes' 97% of it. */
  athleteCents: number;
  /** Donations dated that day, net of refunds. */
  donationsCents: number;
}

export interface CollectiveDailyResponse {
  collectiveId: number;
  from: string;
  to: string;
  days: CollectiveDay[];
  complete: boolean;
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
