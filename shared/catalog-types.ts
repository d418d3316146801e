// Catalog entities (SPEC section 3). Prices are integer cents; Shopify ids are strings.

export type Sport = 'Football' | 'Basketball' | 'Baseball' | 'Track and Field' | 'Soccer' | 'Fishing';

export interface DigitalCollectible {
  /** Id within the athlete (1, 2, 3). */
  id: number;
  shopifyProductId: string;
  /** 'Athlete Name - Card #n' */
  name: string;
  description: string;
  image: string;
  priceCents: number;
  /** Edition size: serials #1..N are issued to counted units; null or absent = an open edition. */
  editionSize?: number | null;
  /** Locked until this many units of another card of the same athlete have sold (counted). */
  unlock?: UnlockRule | null;
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
      cardByProductId.set(card.shopifyProductId, { athleteId: athlete.id, cardId: card.id });
    }
  }
  const collectiveByAthleteId = new Map<number, number>();
  for (const collective of catalog.collectives) {
    for (const member of collective.members) collectiveByAthleteId.set(member, collective.id);
  }
  return { athleteById, cardByProductId, collectiveByAthleteId, athletesBySchool, schools: (catalog.schools ?? []).map((s) => ({ id: s.id, name: s.name })) };
}

/** The card sets whose every card a buyer must hold to be the athlete's Top Fan. */
export function topFanSetsOf(athlete: Pick<Athlete, 'digitalcollectibles'> | undefined): number[][] {
  const ids = athlete?.digitalcollectibles.map((c) => c.id) ?? [];
  return ids.length ? [ids] : [];
}
