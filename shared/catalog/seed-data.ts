// The sample data of SPEC section 3, our seed data. The catalog lives in the table; this module
// is only what `seed` writes into an empty table (and what tests compare against).
import type { Athlete, CardSet, Catalog, Collective, DigitalCollectible, MerchItem, School, UnlockRule } from './catalog-types';
import { DEFAULT_SCHOOL_COLORS } from './catalog-types';

interface AthleteSeed {
  id: number;
  name: string;
  agent: string;
  sport: string;
  schoolId: number;
  number: string;
  position: string;
  level: number;
  year: string;
  height: string;
  weight: string;
  hometown: string;
  achievements: string[];
  bio: string;
  cardPrices: number[];
}

export const SCHOOLS: School[] = [
  {
    id: 2,
    name: 'Drift State University',
    logo: '/images/schools/2-logo.svg',
    header: '/images/schools/2-header.svg',
    background: '/images/schools/2-background.svg',
    description:
      'Drift State University competes with grit on the coast. The Mariners field nationally ranked football and basketball programs and a fast-rising track squad, backed by one of the most active fan collectives in the conference.',
    sports: ['Football', 'Basketball'],
    colors: { ...DEFAULT_SCHOOL_COLORS },
    state: 'NY',
  },
  {
    id: 3,
    name: 'Drift Tech',
    logo: '/images/schools/3-logo.svg',
    header: '/images/schools/3-header.svg',
    background: '/images/schools/3-background.svg',
    description:
      'Drift Tech pairs engineering excellence with hard-nosed athletics. The Engineers are known for disciplined football, a relentless full-court press and a fishing team that has won three straight regional titles.',
    sports: ['Football', 'Basketball'],
    colors: { primary: '#111111', secondary: '#FFFFFF', accent: '#C4161C' },
    state: 'OH',
  },
  {
    id: 4,
    name: 'Drift University',
    logo: '/images/schools/4-logo.svg',
    header: '/images/schools/4-header.svg',
    background: '/images/schools/4-background.svg',
    description:
      'Drift University is the flagship campus of the valley. The Hawks play in front of sold-out crowds every weekend and their student-athletes are consistently recognised for leadership on and off the field.',
    sports: ['Football', 'Basketball'],
    colors: { primary: '#1D4ED8', secondary: '#FFFFFF', accent: '#F59E0B' },
    state: 'CA',
  },
];

const ATHLETES: AthleteSeed[] = [
  {
    id: 1,
    name: 'Marcus Reed',
    agent: 'test',
    sport: 'Football',
    schoolId: 2,
    number: '7',
    position: 'Quarterback',
    level: 9,
    year: 'Junior',
    height: '6\'3"',
    weight: '215 lbs',
    hometown: 'Mobile, AL',
    achievements: [
      'All-Conference First Team',
      'Conference Offensive Player of the Year',
      '3,400 passing yards in 2025',
      'Team Captain',
      'Academic All-American',
    ],
    bio: 'Marcus Reed is a dual-threat quarterback who led the Mariners to a conference title as a sophomore. Known for his calm in the pocket and his work with local youth camps, he has become the face of Drift State football and one of the most followed players in the program.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 2,
    name: 'Jalen Brooks',
    agent: 'test',
    sport: 'Basketball',
    schoolId: 2,
    number: '3',
    position: 'Point Guard',
    level: 7,
    year: 'Senior',
    height: '6\'1"',
    weight: '180 lbs',
    hometown: 'Atlanta, GA',
    achievements: ['Conference Assist Leader', 'All-Defensive Team'],
    bio: 'Jalen Brooks runs the floor for the Mariners with elite vision and a lockdown perimeter defence. A four-year starter, he is the program leader in assists.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 3,
    name: 'Tyler Vance',
    agent: 'test',
    sport: 'Football',
    schoolId: 2,
    number: '11',
    position: 'Wide Receiver',
    level: 5,
    year: 'Sophomore',
    height: '6\'0"',
    weight: '190 lbs',
    hometown: 'Tampa, FL',
    achievements: ['Freshman All-American', '1,100 receiving yards', 'Special Teams Player of the Week'],
    bio: 'Tyler Vance is a deep threat with sure hands and sprinter speed, who broke the school freshman receiving record.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 4,
    name: 'Andre Coleman',
    agent: 'drift-sports',
    sport: 'Football',
    schoolId: 3,
    number: '22',
    position: 'Running Back',
    level: 8,
    year: 'Junior',
    height: '5\'11"',
    weight: '205 lbs',
    hometown: 'Houston, TX',
    achievements: ['1,000-yard rusher', 'All-Conference Second Team'],
    bio: 'Andre Coleman is a downhill runner with breakaway speed and the heart of the Engineers offence.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 5,
    name: 'Devin Harper',
    agent: 'drift-sports',
    sport: 'Basketball',
    schoolId: 3,
    number: '15',
    position: 'Forward',
    level: 6,
    year: 'Senior',
    height: '6\'8"',
    weight: '225 lbs',
    hometown: 'Chicago, IL',
    achievements: [
      'Double-double leader',
      'Conference Sixth Man of the Year',
      'Team Captain',
      'All-Tournament Team',
      '1,000 career points',
      'Academic Honor Roll',
    ],
    bio: 'Devin Harper is a versatile forward who can defend every position and finish at the rim, the engine of the Engineers press.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 6,
    name: 'Caleb Morgan',
    agent: 'drift-sports',
    sport: 'Football',
    schoolId: 3,
    number: '44',
    position: 'Linebacker',
    level: 4,
    year: 'Freshman',
    height: '6\'2"',
    weight: '235 lbs',
    hometown: 'Knoxville, TN',
    achievements: ['N/A'],
    bio: 'Caleb Morgan is a hard-hitting freshman linebacker who earned a starting role in his first fall camp.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 7,
    name: 'Isaiah Grant',
    agent: 'valley-nil',
    sport: 'Football',
    schoolId: 4,
    number: '2',
    position: 'Cornerback',
    level: 7,
    year: 'Junior',
    height: '6\'0"',
    weight: '185 lbs',
    hometown: 'Miami, FL',
    achievements: ['Conference Interception Leader', 'All-Conference First Team'],
    bio: 'Isaiah Grant is a shutdown corner with ball skills that make quarterbacks think twice.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 8,
    name: 'Malik Sutton',
    agent: 'valley-nil',
    sport: 'Basketball',
    schoolId: 4,
    number: '34',
    position: 'Center',
    level: 3,
    year: 'Sophomore',
    height: '6\'11"',
    weight: '250 lbs',
    hometown: 'Detroit, MI',
    achievements: ['Conference Blocks Leader'],
    bio: 'Malik Sutton anchors the Hawks defence in the paint and is developing a soft shooting touch.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 9,
    name: 'Nate Ellison',
    agent: 'valley-nil',
    sport: 'Football',
    schoolId: 4,
    number: '88',
    position: 'Tight End',
    level: 2,
    year: 'Senior',
    height: '6\'5"',
    weight: '250 lbs',
    hometown: 'Omaha, NE',
    achievements: ['Team Captain', 'Community Service Award'],
    bio: 'Nate Ellison is a reliable blocker and red-zone target who has started every game of his college career.',
    cardPrices: [3, 5, 25],
  },
  {
    id: 10,
    name: 'Avery Collins',
    agent: 'test',
    sport: 'Track and Field',
    schoolId: 2,
    number: '14',
    position: 'Sprinter',
    level: 6,
    year: 'Junior',
    height: '5\'7"',
    weight: '135 lbs',
    hometown: 'Charlotte, NC',
    achievements: ['Conference 100m Champion', 'NCAA Regional Qualifier'],
    bio: 'Avery Collins is the fastest woman in the conference over 100 metres and anchors the Mariners relay team.',
    cardPrices: [5],
  },
  {
    id: 11,
    name: 'Jordan Price',
    agent: 'test',
    sport: 'Fishing',
    schoolId: 2,
    number: '5',
    position: 'Angler',
    level: 3,
    year: 'Senior',
    height: '5\'10"',
    weight: '170 lbs',
    hometown: 'Baton Rouge, LA',
    achievements: ['Collegiate Bass Open Winner'],
    bio: 'Jordan Price has fished the Gulf since childhood and captains the Drift State bass fishing team.',
    cardPrices: [5],
  },
  {
    id: 12,
    name: 'Kendall Ross',
    agent: 'drift-sports',
    sport: 'Basketball',
    schoolId: 3,
    number: '10',
    position: 'Shooting Guard',
    level: 5,
    year: 'Sophomore',
    height: '6\'2"',
    weight: '185 lbs',
    hometown: 'Memphis, TN',
    achievements: ['Three-point percentage leader'],
    bio: 'Kendall Ross is a pure shooter who can change a game in a two-minute stretch.',
    cardPrices: [5],
  },
  {
    id: 13,
    name: 'Riley Chen',
    agent: 'valley-nil',
    sport: 'Track and Field',
    schoolId: 4,
    number: '21',
    position: 'Hurdler',
    level: 8,
    year: 'Senior',
    height: '5\'9"',
    weight: '150 lbs',
    hometown: 'San Jose, CA',
    achievements: ['All-American', 'School Record 400m Hurdles', 'Conference Champion'],
    bio: 'Riley Chen holds the Drift University record in the 400 metre hurdles and is a two-time All-American.',
    cardPrices: [5],
  },
  {
    id: 14,
    name: 'Sam Whitaker',
    agent: 'drift-sports',
    sport: 'Fishing',
    schoolId: 3,
    number: '9',
    position: 'Angler',
    level: 1,
    year: 'Freshman',
    height: '6\'0"',
    weight: '175 lbs',
    hometown: 'Lake Charles, LA',
    achievements: ['N/A'],
    bio: 'Sam Whitaker joined the Drift Tech fishing team after winning the state high-school championship.',
    cardPrices: [5],
  },
  {
    id: 15,
    name: 'Cameron Lowe',
    agent: 'valley-nil',
    sport: 'Basketball',
    schoolId: 4,
    number: '1',
    position: 'Point Guard',
    level: 10,
    year: 'Junior',
    height: '6\'0"',
    weight: '175 lbs',
    hometown: 'Louisville, KY',
    achievements: ['Conference Player of the Year', 'All-American Honorable Mention', 'Conference Tournament MVP', 'Team Captain', '500 career assists'],
    bio: "Cameron Lowe is the reigning conference player of the year, a point guard with a scorer's instinct and the calm of a veteran in big moments.",
    cardPrices: [5],
  },
];

/** Every sample card belongs to the closed set "2026 Season": Base (edition 500), Gold (100,
 * unlocked once 25 Base have sold) and Signature (10, unlocked once 10 Gold have sold); athletes
 * with one card have its Base edition only. */
export const SEASON_SET_ID = 1;
export const SEASON_SET_NAME = '2026 Season';
export const SEASON_PUBLISHED_AT = '2026-01-15T00:00:00.000Z';
export const SEASON_EDITIONS: ReadonlyArray<{ edition: string; editionSize: number; unlock: UnlockRule | null }> = [
  { edition: 'Base', editionSize: 500, unlock: null },
  { edition: 'Gold', editionSize: 100, unlock: { cardId: 1, units: 25 } },
  { edition: 'Signature', editionSize: 10, unlock: { cardId: 2, units: 10 } },
];

/** The card at `index` of an athlete's season set (id index + 1), published with the seed: its
 * edition, edition size and unlock rule are SEASON_EDITIONS[index]. Seeded cards predate the
 * approval flow: no image hash or approval record was kept. */
export function seasonCard(
  index: number,
  card: Pick<DigitalCollectible, 'shopifyProductId' | 'name' | 'description' | 'image' | 'priceCents'>,
): DigitalCollectible {
  const { edition, editionSize, unlock } = SEASON_EDITIONS[index];
  return {
    id: index + 1,
    shopifyProductId: card.shopifyProductId,
    name: card.name,
    description: card.description,
    image: card.image,
    priceCents: card.priceCents,
    setId: SEASON_SET_ID,
    edition,
    editionSize,
    unlock,
    state: 'published',
    imageHash: null,
    rejectionReason: null,
    approval: null,
    publishedAt: SEASON_PUBLISHED_AT,
    retiredAt: null,
  };
}

/** The closed season set of an athlete with `cardCount` season cards. */
export const seasonSets = (cardCount: number): CardSet[] => [
  { id: SEASON_SET_ID, name: SEASON_SET_NAME, cardIds: Array.from({ length: cardCount }, (_, i) => i + 1), closedAt: SEASON_PUBLISHED_AT },
];

/** Shopify product ids of the sample cards: '74200000' + athlete (3 digits) + card (2 digits). */
export function sampleProductId(athleteId: number, cardId: number): string {
  return `74200000${String(athleteId).padStart(3, '0')}${String(cardId).padStart(2, '0')}`;
}

function handleOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z]+/g, '');
}

export const SAMPLE_ATHLETES: Athlete[] = ATHLETES.map((a) => {
  const school = SCHOOLS.find((s) => s.id === a.schoolId)!;
  return {
    id: a.id,
    name: a.name,
    handle: handleOf(a.name),
    agent: a.agent,
    sport: a.sport,
    schoolId: a.schoolId,
    school: school.name,
    number: a.number,
    position: a.position,
    image: `/images/athletes/${a.id}.svg`,
    level: a.level,
    bio: a.bio,
    stats: { year: a.year, height: a.height, weight: a.weight, hometown: a.hometown },
    achievements: a.achievements,
    verified: true,
    status: 'Active',
    joinDate: '2023-08-01',
    digitalcollectibles: a.cardPrices.map((price, i) =>
      seasonCard(i, {
        shopifyProductId: sampleProductId(a.id, i + 1),
        name: `${a.name} - Card #${i + 1}`,
        description: `Official ${school.name} ${a.sport} collectible #${i + 1} of ${a.name} (#${a.number}, ${a.position}). ${SEASON_EDITIONS[i].edition} edition.`,
        image: `/images/cards/${a.id}-${i + 1}.svg`,
        priceCents: price * 100,
      }),
    ),
    sets: seasonSets(a.cardPrices.length),
    collectiveId: null,
  };
});

export const SAMPLE_MERCH: MerchItem[] = SCHOOLS.flatMap((school) =>
  [
    { name: 'School Hat', priceCents: 2500, slug: 'hat' },
    { name: 'T Shirt', priceCents: 5000, slug: 't-shirt' },
    { name: 'Sweat Shirt', priceCents: 6000, slug: 'sweat-shirt' },
  ].map((item, i) => ({
    id: i + 1,
    schoolId: school.id,
    name: item.name,
    priceCents: item.priceCents,
    image: `/images/merch/${item.slug}.svg`,
  })),
);

export const DEMO_COLLECTIVE_ID = 1;

/** Collectives: one per school; the demo collective's members are the athletes whose agent is 'test'. */
export const SAMPLE_COLLECTIVES: Collective[] = [
  { id: 1, name: 'Mariners NIL Collective', schoolId: 2, members: SAMPLE_ATHLETES.filter((a) => a.agent === 'test').map((a) => a.id) },
  { id: 2, name: 'Engineers Collective', schoolId: 3, members: SAMPLE_ATHLETES.filter((a) => a.schoolId === 3).map((a) => a.id) },
  { id: 3, name: 'Hawks Forever Collective', schoolId: 4, members: SAMPLE_ATHLETES.filter((a) => a.schoolId === 4).map((a) => a.id) },
];

for (const collective of SAMPLE_COLLECTIVES) for (const id of collective.members) SAMPLE_ATHLETES.find((a) => a.id === id)!.collectiveId = collective.id;

export const SAMPLE_CATALOG: Catalog = {
  athletes: SAMPLE_ATHLETES,
  schools: SCHOOLS,
  collectives: SAMPLE_COLLECTIVES,
  merch: SAMPLE_MERCH,
};

/** A donation to a collective (SPEC: id, date, donorName, notes, amount, type). */
export interface DonationSeed {
  id: string;
  collectiveId: number;
  date: string;
  donorName: string;
  notes: string;
  amountCents: number;
  type: 'Organization' | 'Individual';
}

export const SAMPLE_DONATIONS: DonationSeed[] = [
  {
    id: 'd-1001',
    collectiveId: 1,
    date: '2026-06-03T15:00:00.000Z',
    donorName: 'Coastal Auto Group',
    notes: 'Summer camp sponsorship',
    amountCents: 500000,
    type: 'Organization',
  },
  { id: 'd-1002', collectiveId: 1, date: '2026-07-12T18:30:00.000Z', donorName: 'Linda Carter', notes: 'Go Mariners!', amountCents: 25000, type: 'Individual' },
  {
    id: 'd-1003',
    collectiveId: 1,
    date: '2026-08-21T14:10:00.000Z',
    donorName: 'Harbor Bank',
    notes: 'Season kickoff pledge',
    amountCents: 250000,
    type: 'Organization',
  },
  {
    id: 'd-1004',
    collectiveId: 1,
    date: '2026-09-09T20:45:00.000Z',
    donorName: 'Mike Alvarez',
    notes: 'For the offensive line',
    amountCents: 10000,
    type: 'Individual',
  },
  {
    id: 'd-1005',
    collectiveId: 1,
    date: '2026-10-17T16:00:00.000Z',
    donorName: 'Gulf Seafood Co.',
    notes: 'Homecoming match',
    amountCents: 150000,
    type: 'Organization',
  },
  {
    id: 'd-1006',
    collectiveId: 1,
    date: '2026-11-02T13:20:00.000Z',
    donorName: 'Priya Shah',
    notes: 'Monthly supporter',
    amountCents: 5000,
    type: 'Individual',
  },
  {
    id: 'd-1007',
    collectiveId: 1,
    date: '2026-11-14T19:05:00.000Z',
    donorName: 'Mariners Alumni Club',
    notes: 'Rivalry week',
    amountCents: 100000,
    type: 'Organization',
  },
  {
    id: 'd-2001',
    collectiveId: 2,
    date: '2026-09-01T12:00:00.000Z',
    donorName: 'Tech Valley Robotics',
    notes: 'Engineering the win',
    amountCents: 300000,
    type: 'Organization',
  },
  { id: 'd-2002', collectiveId: 2, date: '2026-11-05T12:00:00.000Z', donorName: 'Dana Brooks', notes: 'Proud parent', amountCents: 15000, type: 'Individual' },
  {
    id: 'd-3001',
    collectiveId: 3,
    date: '2026-10-10T12:00:00.000Z',
    donorName: 'Valley Health',
    notes: 'Wellness partnership',
    amountCents: 400000,
    type: 'Organization',
  },
];

/** The demo buyer whose orders `/mycards` shows in local and demo mode until sign-in exists. */
export const DEMO_BUYER_EMAIL = 'demo.fan@example.com';
