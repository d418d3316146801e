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
}

export function indexCatalog(catalog: Pick<Catalog, 'athletes' | 'collectives'>): CatalogIndex {
  const athleteById = new Map<number, Athlete>();
  const cardByProductId = new Map<string, { athleteId: number; cardId: number }>();
  for (const athlete of catalog.athletes) {
    athleteById.set(athlete.id, athlete);
    for (const card of athlete.digitalcollectibles) {
      cardByProductId.set(card.shopifyProductId, { athleteId: athlete.id, cardId: card.id });
    }
  }
  const collectiveByAthleteId = new Map<number, number>();
  for (const collective of catalog.collectives) {
    for (const member of collective.members) collectiveByAthleteId.set(member, collective.id);
  }
  return { athleteById, cardByProductId, collectiveByAthleteId };
}
