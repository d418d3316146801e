// Catalog entities (SPEC section 3). Prices are integer cents; Shopify ids are strings.

/** Where a card is in its lifecycle (DESIGN.md section 10): draft -> pending (the athlete's
 * approval) -> approved or rejected -> published (on sale) -> retired. Sold out is not a state: it
 * follows from the sale state (serials issued reach the edition size). The moves between states,
 * and every question about a card's state (what fans see, what they can buy), are answered by
 * shared/cards/lifecycle.ts, the only place a state is compared. */
export type CardState = 'draft' | 'pending' | 'approved' | 'rejected' | 'published' | 'retired';

/** The athlete's decision on the exact image version of a card. */
export interface CardApproval {
  /** Who approved (the athlete account's subject, or 'seed'). */
  by: string;
  at: string;
  /** The hash of the image that was approved; a new image needs a new approval. */
  imageHash: string;
}

export interface DigitalCollectible {
  /** Id within the athlete (1, 2, 3). */
  id: number;
  /** The Shopify product id, set once the card is published (attribution by product id). */
  shopifyProductId: string;
  /** The card's title ('Athlete Name - Card #n'): the spec's "name or title". */
  name: string;
  description: string;
  /** Image URL. */
  image: string;
  priceCents: number;
  /** Edition size: serials #1..N are issued to counted units; null or absent = an open edition. */
  editionSize?: number | null;
  /** Locked until this many units of another card of the same athlete have sold (counted). */
  unlock?: UnlockRule | null;
  /** The set (series) the card belongs to, an id within the athlete. */
  setId?: number | null;
  /** Edition name: 'Base', 'Gold', 'Signature' or free text. */
  edition?: string;
  /** Lifecycle state; absent means published (cards stored before the lifecycle). */
  state?: CardState;
  /** A hash of the image's bytes (the version the athlete approves). */
  imageHash?: string | null;
  rejectionReason?: string | null;
  approval?: CardApproval | null;
  publishedAt?: string | null;
  retiredAt?: string | null;
  /** Who did what to the card and when (owner routes only; the last CARD_HISTORY_MAX events). */
  history?: CardEvent[];
  /** A moment drop (shared/cards/lifecycle.ts, decision 0022): the card sells as an open edition
   * during its window only; at the close its print run becomes its edition size. */
  drop?: CardDrop | null;
}

/** A moment drop's window and, once closed, its print run. Times are ISO-8601 UTC. */
export interface CardDrop {
  startsAt: string;
  /** Exclusive: an order created at `endsAt` or later is outside the window. */
  endsAt: string;
  /** When the close was recorded (the print run fixed), or null. */
  closedAt: string | null;
  /** Serials issued when the drop closed (the card's edition size from then on), or null. */
  printRun: number | null;
}

export type CardAction =
  'created' | 'edited' | 'submitted' | 'approved' | 'rejected' | 'published' | 'retired' | 'image-changed' | 'drop-scheduled' | 'drop-closed';

/** One decision or change on a card: who (account subject, or 'seed'), when, and the image version. */
export interface CardEvent {
  action: CardAction;
  by: string;
  at: string;
  imageHash?: string | null;
  reason?: string;
  /** The Shopify product id a publication linked. */
  shopifyProductId?: string;
  /** A drop's window (drop-scheduled) or print run (drop-closed). */
  startsAt?: string;
  endsAt?: string;
  printRun?: number;
}
export const CARD_HISTORY_MAX = 50;

/** A named series of an athlete's cards ("2026 Season"). Once closed its membership is fixed:
 * a buyer holding every card of a closed set is a Top Fan, and new cards go into a new set. */
export interface CardSet {
  /** Id within the athlete. */
  id: number;
  name: string;
  cardIds: number[];
  /** When the set was closed, or null while it is open. */
  closedAt: string | null;
}

export interface UnlockRule {
  cardId: number;
  units: number;
}

export interface AthleteStatsBlock {
  year: string;
  height: string;
  weight: string;
  hometown: string;
}

export type MemberStatus = 'Active' | 'Paused';

export interface Athlete {
  id: number;
  name: string;
  /** Public handle shown in the athlete panel, without '@'. */
  handle: string;
  agent: string;
  sport: string;
  schoolId: number;
  /** School name, denormalised for search and display. */
  school: string;
  /** Jersey number as a string (also called playerNumber). */
  number: string;
  position: string;
  image: string;
  level: number;
  bio: string;
  stats: AthleteStatsBlock;
  achievements: string[];
  digitalcollectibles: DigitalCollectible[];
  verified: boolean;
  /** Membership status within its collective. */
  status: MemberStatus;
  /** ISO date of joining the collective. */
  joinDate: string;
  /** The start of the athlete's period of eligibility (YYYY-MM-DD), from which NIL Go counts what a
   * payor provided (issue 23); absent: the join date. Set by the collective. */
  eligibilityStart?: string;
  /** The athlete's card sets (absent: every card forms one set). */
  sets?: CardSet[];
  /** The collective the athlete belongs to (denormalised from the collective's members). */
  collectiveId?: number | null;
}

/** What lists show of an athlete (search results, rosters, related athletes, featured): an
 * Athlete is one, so the same components render both. */
export type AthleteSummary = Pick<Athlete, 'id' | 'name' | 'schoolId' | 'school' | 'sport' | 'position' | 'number' | 'image' | 'level'> & {
  stats: Pick<AthleteStatsBlock, 'year'>;
};

export function athleteSummary(a: AthleteSummary): AthleteSummary {
  return {
    id: a.id,
    name: a.name,
    schoolId: a.schoolId,
    school: a.school,
    sport: a.sport,
    position: a.position,
    number: a.number,
    image: a.image,
    level: a.level,
    stats: { year: a.stats?.year ?? '' },
  };
}

/** A collective's member as its list shows it. */
export type MemberSummary = AthleteSummary & { status: MemberStatus; joinDate: string; cardCount: number };

/** What lists show of a school (search results, featured schools). */
export type SchoolSummary = Pick<School, 'id' | 'name' | 'logo' | 'sports'> & { colors: Pick<SchoolColors, 'primary'> };

export function schoolSummary(s: SchoolSummary): SchoolSummary {
  return { id: s.id, name: s.name, logo: s.logo, sports: s.sports, colors: { primary: s.colors.primary } };
}

export interface SchoolColors {
  primary: string;
  secondary: string;
  accent: string;
}

export interface School {
  id: number;
  name: string;
  logo: string;
  header: string;
  background: string;
  description: string;
  sports: string[];
  colors: SchoolColors;
  /** The US state the school is in (USPS code): its state's NIL disclosure rule applies (issue 23). */
  state?: string | null;
}

export interface MerchItem {
  id: number;
  schoolId: number;
  name: string;
  priceCents: number;
  image: string;
}

export interface Collective {
  id: number;
  name: string;
  schoolId: number;
  /** Athlete ids of the members. */
  members: number[];
  /** Where athletes and schools reach the collective (the NIL disclosure record's payor contact). */
  contactEmail?: string;
}

export interface Catalog {
  athletes: Athlete[];
  schools: School[];
  collectives: Collective[];
  merch: MerchItem[];
}

export const DEFAULT_SCHOOL_COLORS: SchoolColors = { primary: '#C4161C', secondary: '#FFFFFF', accent: '#000000' };

/** Lookups built once from a catalog. */
export interface CatalogIndex {
  athleteById: Map<number, Athlete>;
  cardByProductId: Map<string, { athleteId: number; cardId: number }>;
  collectiveByAthleteId: Map<number, number>;
  athletesBySchool: Map<number, Athlete[]>;
  schools: Array<Pick<School, 'id' | 'name'>>;
}

export function indexCatalog(catalog: Pick<Catalog, 'athletes' | 'collectives'> & { schools?: Array<Pick<School, 'id' | 'name'>> }): CatalogIndex {
  const athleteById = new Map<number, Athlete>();
  const cardByProductId = new Map<string, { athleteId: number; cardId: number }>();
  const athletesBySchool = new Map<number, Athlete[]>();
  for (const athlete of catalog.athletes) {
    athleteById.set(athlete.id, athlete);
    athletesBySchool.set(athlete.schoolId, [...(athletesBySchool.get(athlete.schoolId) ?? []), athlete]);
    for (const card of athlete.digitalcollectibles) {
      if (card.shopifyProductId) cardByProductId.set(card.shopifyProductId, { athleteId: athlete.id, cardId: card.id });
    }
  }
  const collectiveByAthleteId = new Map<number, number>();
  for (const collective of catalog.collectives) {
    for (const member of collective.members) collectiveByAthleteId.set(member, collective.id);
  }
  return { athleteById, cardByProductId, collectiveByAthleteId, athletesBySchool, schools: (catalog.schools ?? []).map((s) => ({ id: s.id, name: s.name })) };
}
