// The HTTP API contract: request and response shapes shared by the lambdas and the web app.
import type { Athlete, AthleteSummary, CardSet, Catalog, Collective, MemberSummary, MerchItem, School, SchoolSummary } from './catalog-types';
import { forbiddenCharacter, forbiddenCharacterError } from './text';

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export type CatalogResponse = Catalog;

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page, or null at the end. */
  nextCursor: string | null;
}

// ---- The catalog by entity (lambdas/functions/catalog.ts, search.ts; README "API") ------------
// Every answer is bounded whatever the catalog holds; public ones carry `cache-control: public,
// max-age=20` (lambdas/common/cache-policy.ts).

/** A card as fans see it (published, or retired and marked so), with its sale state read from
 * the athlete's pre-aggregated total. */
export interface CardView {
  id: number;
  shopifyProductId: string;
  name: string;
  description: string;
  image: string;
  priceCents: number;
  setId: number | null;
  edition: string | null;
  /** null: an open edition. */
  editionSize: number | null;
  state: 'published' | 'retired';
  publishedAt: string | null;
  retiredAt: string | null;
  /** Counted units (paid, net of refunds and cancellations). */
  sold: number;
  /** Serials issued (never reissued). */
  issued: number;
  /** editionSize - issued, or null for an open edition. */
  remaining: number | null;
  soldOut: boolean;
  oversold: number;
  /** The unlock rule and its progress (null: the card has no quota). */
  unlock: { cardId: number; units: number; sold: number; unlockedAt: string | null } | null;
  locked: boolean;
  /** Published, unlocked and not sold out. */
  buyable: boolean;
}

/** GET /api/athletes/{id}: the profile and its public cards with their sale state. */
export interface AthleteProfileResponse {
  athlete: Omit<Athlete, 'digitalcollectibles' | 'sets'>;
  cards: CardView[];
  /** The athlete's sets, each listing its public cards only. */
  sets: CardSet[];
}

/** GET /api/athletes?ids=1,2,3 (at most 24 ids; unknown ids are left out). */
export interface AthletesResponse {
  items: AthleteProfileResponse[];
}

/** GET /api/athletes/{id}/related: athletes of the same school, the athlete excluded. */
export interface RelatedAthletesResponse {
  items: AthleteSummary[];
}

/** GET /api/featured: the home page's carousels. */
export interface FeaturedResponse {
  /** The first schools of the catalog (up to 6). */
  schools: SchoolSummary[];
  /** The last athletes of the catalog (up to 6), in catalog order. */
  athletes: AthleteSummary[];
}

/** GET /api/schools/{id}: the school, the first athletes of each sport's roster, its merch. */
export interface SchoolPageResponse {
  school: School;
  /** Sports with at least one athlete: the roster's size and its first athletes (roster order). */
  sports: Array<{ sport: string; count: number; athletes: AthleteSummary[] }>;
  merch: MerchItem[];
}

/** GET /api/schools/{id}/sports/{sport}/athletes?position=&query=&limit=&cursor= */
export interface SportRosterResponse extends Page<AthleteSummary> {
  school: { id: number; name: string };
  /** The sport's name as stored ('Track and Field'); the request may differ in case. */
  sport: string;
  /** Athletes of the sport at the school (before the position and search filters). */
  total: number;
  /** Positions with at least one athlete, sorted (the Position filter's options). */
  positions: string[];
}

/** GET /api/schools/{id}/merch */
export interface SchoolMerchResponse {
  items: MerchItem[];
}

/** One list of search results. `total` counts matches up to a cap (`totalIsCapped` then true). */
export interface SearchResults<T> extends Page<T> {
  total: number;
  totalIsCapped: boolean;
}

/** GET /api/search?query=&type=all|athletes|schools&limit=&cursor= */
export interface SearchResponse {
  query: string;
  athletes: SearchResults<AthleteSummary>;
  schools: SearchResults<SchoolSummary>;
}

/** GET /api/collectives/{id}/members?limit=&cursor=&query=&sport= (owner; demo twin public). */
export type CollectiveMembersResponse = Page<MemberSummary> & {
  /** The distinct sports of all the members, sorted: on the first page of a read without query or sport filter. */
  sports?: string[];
};

/** GET /api/collectives/{id} (owner; demo twin public): the collective, its school and merch. */
export interface CollectiveResponse {
  collective: Collective;
  school: School;
  merch: MerchItem[];
}

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

/** GET /api/operator/unattributed: the platform inbox, sale lines that named no school. */
export interface PlatformInboxResponse {
  units: number;
  revenueCents: number;
  items: UnattributedSale[];
  nextCursor: string | null;
}

/** GET /api/operator/collectives: where an operator can send a line. */
export interface OperatorCollective {
  collectiveId: number;
  name: string;
  schoolId: number;
  schoolName: string;
}
export interface OperatorCollectivesResponse {
  items: OperatorCollective[];
}

/** POST /api/operator/unattributed/route */
export interface RouteUnattributedRequest {
  orderId: string;
  lineItemId: string;
  collectiveId: number;
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

export interface WaitlistRequest {
  firstName: string;
  lastName: string;
  email: string;
  details?: string;
  school?: string;
}
export const WAITLIST_SCHOOLS = ['Duke', 'Florida State', 'Temple'] as const;

export type WaitlistErrors = Partial<Record<'firstName' | 'lastName' | 'email' | 'details' | 'school', string>>;

/** The waiting list's rules (SPEC section 5), for the form and POST /api/waitlist: first name, last
 * name and a valid email required, each one line of visible text; details optional (multi-line). */
export function validateWaitlist(values: Partial<Record<keyof WaitlistRequest, unknown>>): WaitlistErrors {
  const errors: WaitlistErrors = {};
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const [firstName, lastName, email, details, school] = [values.firstName, values.lastName, values.email, values.details, values.school].map(str);
  if (!firstName) errors.firstName = 'First name is required.';
  else if (firstName.length > 100) errors.firstName = 'First name must be at most 100 characters.';
  else errors.firstName = forbiddenCharacterError(firstName, 'First name') ?? undefined;
  if (!lastName) errors.lastName = 'Last name is required.';
  else if (lastName.length > 100) errors.lastName = 'Last name must be at most 100 characters.';
  else errors.lastName = forbiddenCharacterError(lastName, 'Last name') ?? undefined;
  if (!email) errors.email = 'Email is required.';
  else if (!isValidEmail(email)) errors.email = 'Please enter a valid email address.';
  if (details.length > 5000) errors.details = 'Details must be at most 5000 characters.';
  else errors.details = forbiddenCharacterError(details, 'Details', { multiline: true }) ?? undefined;
  if (school && !(WAITLIST_SCHOOLS as readonly string[]).includes(school)) errors.school = `School must be one of ${WAITLIST_SCHOOLS.join(', ')}`;
  for (const key of Object.keys(errors) as Array<keyof WaitlistErrors>) if (errors[key] === undefined) delete errors[key];
  return errors;
}

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

/** Simple email check used by forms on both sides: one @, a dotted domain, at most 64 characters
 * before the @ and 254 in all, no control or text-direction character. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(value.trim()) && value.length <= 254 && forbiddenCharacter(value) === null;
}

/** A payout of one athlete in a batch (lambdas/common/payouts.ts). */
export interface PayoutLineView {
  batchId: string;
  athleteId: number;
  amountCents: number;
  status: 'pending' | 'sent' | 'paid';
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  sentDate: string | null;
  sentReference: string | null;
  paidDate: string | null;
  paidReference: string | null;
}

export interface PayoutBatchView {
  batchId: string;
  collectiveId: number;
  periodStart: string;
  periodEnd: string;
  createdAt: string;
  createdBy: string;
  status: 'creating' | 'created';
  totalCents: number;
  lineCount: number;
  lines?: PayoutLineView[];
}

/** An athlete's year: NIL disclosure and tax status. */
export interface YearStatusView {
  year: number;
  earnedCents: number;
  paidCents: number;
  w9OnFile: boolean;
  w9Date: string | null;
  form1099ThresholdCents: number;
  form1099Required: boolean;
  nil: { thresholdCents: number; crossedAt: string | null; deadline: string | null; reportedDate: string | null; reference: string | null };
}

/** GET /api/collectives/{id}/payouts */
export interface CollectivePayoutsResponse {
  collectiveId: number;
  year: number;
  /** The default batch period: from the day the latest batch ended through today (its end,
   * exclusive, is tomorrow 00:00 UTC), so it pays everything owed now; `payableCents` is what a
   * batch created now with it pays each member. */
  defaultPeriod: { periodStart: string; periodEnd: string };
  members: Array<{ athleteId: number; balanceCents: number; payableCents: number; year: YearStatusView; lastPayout: PayoutLineView | null }>;
  batches: PayoutBatchView[];
}

/** GET /api/athletes/{id}/payouts */
export interface AthletePayoutsResponse {
  athleteId: number;
  balanceCents: number;
  earnedCents: number;
  paidOutCents: number;
  year: YearStatusView;
  payouts: PayoutLineView[];
  nextPayout: PayoutLineView | null;
}

/** GET /api/athletes/{id}/disclosure?year= : the NIL disclosure record of a year. */
export interface DisclosureRecord {
  athlete: { id: number; name: string; school: string; sport: string };
  payor: { name: string; contact: string | null };
  year: number;
  services: string;
  compensation: string;
  term: string;
  earnedCents: number;
  paidCents: number;
  payments: Array<{ date: string; amountCents: number; reference: string | null }>;
  thresholdCents: number;
  crossedAt: string | null;
  deadline: string | null;
  reportedDate: string | null;
  reference: string | null;
}
