// The catalog routes' contract (lambdas/catalog): request and response shapes shared by the lambdas and the web app.
import type {
  Athlete,
  AthleteSummary,
  CardSet,
  Catalog,
  DigitalCollectible,
  Collective,
  MemberSummary,
  MerchItem,
  School,
  SchoolSummary,
} from './catalog-types';
import type { Page } from '../platform/http-api';

export type CatalogResponse = Catalog;

// ---- The catalog by entity (lambdas/catalog/catalog.handler.ts, search.handler.ts; docs/API.md) ------------
// Every answer is bounded whatever the catalog holds; public ones carry `cache-control: public,
// max-age=20` (lambdas/platform/cache-policy.ts).

/** A card as fans see it (published, or retired and marked so), with its sale state read from
 * the athlete's pre-aggregated total. */
export interface CardView extends Pick<DigitalCollectible, 'id' | 'shopifyProductId' | 'name' | 'description' | 'image' | 'priceCents'> {
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
  /** Published, unlocked, not sold out and, for a moment drop, inside its window. */
  buyable: boolean;
  /** A moment drop (decision 0022): its window, where it is now, and its print run once closed.
   * Absent or null: not a drop. */
  drop?: DropView | null;
}

/** A moment drop as fans see it. `phase` is as of the answer (shared/cards/lifecycle.ts dropPhase):
 * the countdown runs on in the browser from `startsAt` and `endsAt`. */
export interface DropView {
  startsAt: string;
  endsAt: string;
  phase: 'scheduled' | 'live' | 'ended' | 'closed';
  closedAt: string | null;
  /** Serials issued when the drop closed ("Print run: 1,234"), or null before. */
  printRun: number | null;
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
  /** The school's collective's support page (/support/{collectiveId}), once the collective has set it up; else null. */
  support: { collectiveId: number; collectiveName: string } | null;
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
  /** The catalog's sports with their athletes (stored names; the page's filters), with `type=all`. */
  sports?: SportCount[];
}

/** A sport of the catalog and how many athletes play it. */
export interface SportCount {
  sport: string;
  count: number;
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
