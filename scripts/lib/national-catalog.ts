// A deterministic national catalog of any size for seeding and benchmarks: schools of about 125
// athletes each (a Division I program's order of magnitude), one collective per school holding its
// athletes, 3 merch items per school, athletes spread over the schools and sports with jersey
// numbers, positions, levels and bios, and cards like the sample's (a closed "2026 Season" set:
// Base 500; Gold 100 after 25 Base; Signature 10 after 10 Gold, for three athletes in five; Base
// only for the rest). First names and surname syllables repeat (as real rosters do), so search has
// both common answers and, full names being unique up to 57,600 athletes, single ones. The same
// size and seed always give the same catalog.
import type { Athlete, Catalog, Collective, MerchItem, School } from '#shared/catalog/catalog-types';
import { SEASON_EDITIONS, seasonCard, seasonSets } from '#shared/catalog/seed-data';

export const ATHLETES_PER_SCHOOL = 125;

const FIRST = [
  'James',
  'Marcus',
  'Jalen',
  'Tyler',
  'Andre',
  'Devin',
  'Caleb',
  'Isaiah',
  'Malik',
  'Nate',
  'Avery',
  'Jordan',
  'Kendall',
  'Riley',
  'Sam',
  'Cameron',
  'Aaliyah',
  'Maya',
  'Sofia',
  'Elena',
  'Grace',
  'Chloe',
  'Zoe',
  'Jasmine',
  'Olivia',
  'Ethan',
  'Noah',
  'Liam',
  'Mason',
  'Lucas',
  'Hannah',
  'Brianna',
  'Dominic',
  'Xavier',
  'Trinity',
  'Imani',
  'Gabriel',
  'Julian',
  'Kayla',
  'Destiny',
  'Owen',
  'Landon',
  'Mia',
  'Naomi',
  'Quinn',
  'Reese',
  'Sierra',
  'Tristan',
  'Victoria',
  'Wesley',
  'Aiden',
  'Bella',
  'Carlos',
  'Dante',
  'Emma',
  'Felix',
  'Gianna',
  'Hugo',
  'Ivy',
  'Jamal',
  'Keira',
  'Leo',
  'Mateo',
  'Nia',
  'Omar',
  'Paige',
  'Rafael',
  'Sadie',
  'Theo',
  'Uma',
  'Valentina',
  'Wyatt',
  'Ximena',
  'Yusuf',
  'Zara',
  'Amir',
  'Brooke',
  'Cole',
  'Daria',
  'Elijah',
  'Fiona',
  'Grant',
  'Hazel',
  'Ian',
  'Jada',
  'Kai',
  'Luca',
  'Mila',
  'Nico',
  'Orla',
  'Pablo',
  'Ruby',
  'Silas',
  'Tessa',
  'Uriel',
  'Vera',
  'Wade',
  'Yara',
  'Zeke',
  'Alma',
];
// Surnames from two syllables (24 x 24 = 576): with 100 first names, every full name is unique up
// to 57,600 athletes (the generator walks the pairs in a fixed shuffled order).
const LAST_START = [
  'Ash',
  'Brad',
  'Carl',
  'Dal',
  'El',
  'Fair',
  'Gar',
  'Hal',
  'Kings',
  'Lang',
  'Mar',
  'Nor',
  'Old',
  'Pem',
  'Red',
  'Stan',
  'Thorn',
  'Wal',
  'Whit',
  'York',
  'Bel',
  'Crom',
  'Dun',
  'Har',
];
const LAST_END = [
  'ford',
  'ley',
  'ton',
  'well',
  'wood',
  'by',
  'field',
  'man',
  'son',
  'worth',
  'stone',
  'bridge',
  'more',
  'dale',
  'ham',
  'wick',
  'croft',
  'land',
  'mont',
  'ridge',
  'shaw',
  'cott',
  'berg',
  'ville',
];
const NAME_PAIRS = FIRST.length * LAST_START.length * LAST_END.length;
/** The i-th full name: distinct for i < NAME_PAIRS (a stride coprime with it permutes the pairs). */
function fullName(i: number): string {
  const pair = (i * 7919) % NAME_PAIRS;
  const first = FIRST[pair % FIRST.length];
  const last = Math.floor(pair / FIRST.length);
  return `${first} ${LAST_START[last % LAST_START.length]}${LAST_END[Math.floor(last / LAST_START.length)]}`;
}
const PLACES = [
  'Ashford',
  'Bayview',
  'Cedar',
  'Dunmore',
  'Eastbrook',
  'Fairmont',
  'Glenwood',
  'Harbor',
  'Ironwood',
  'Juniper',
  'Kingsley',
  'Lakeside',
  'Maplewood',
  'Northfield',
  'Oakridge',
  'Pinecrest',
  'Quarry',
  'Redwood',
  'Silverton',
  'Thornbury',
  'Union',
  'Valley',
  'Westfield',
  'Yorktown',
  'Zephyr',
];
const KINDS = ['State University', 'University', 'Tech', 'College', 'A&M', 'Institute'];
const SPORTS: Array<{ sport: string; share: number; positions: string[] }> = [
  {
    sport: 'Football',
    share: 0.4,
    positions: [
      'Quarterback',
      'Running Back',
      'Wide Receiver',
      'Tight End',
      'Offensive Line',
      'Defensive Line',
      'Linebacker',
      'Cornerback',
      'Safety',
      'Kicker',
    ],
  },
  { sport: 'Basketball', share: 0.12, positions: ['Point Guard', 'Shooting Guard', 'Small Forward', 'Power Forward', 'Center'] },
  { sport: 'Baseball', share: 0.16, positions: ['Pitcher', 'Catcher', 'Infielder', 'Outfielder'] },
  { sport: 'Soccer', share: 0.14, positions: ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] },
  { sport: 'Track and Field', share: 0.14, positions: ['Sprinter', 'Hurdler', 'Distance', 'Jumper', 'Thrower'] },
  { sport: 'Fishing', share: 0.04, positions: ['Angler'] },
];
const YEARS = ['Freshman', 'Sophomore', 'Junior', 'Senior'];

/** Linear congruential PRNG (the same seed gives the same catalog on every machine). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A school's name, unique for every id (place x kind, then a roman-numeral campus). */
function schoolName(i: number): string {
  const place = PLACES[i % PLACES.length];
  const kind = KINDS[Math.floor(i / PLACES.length) % KINDS.length];
  const campus = Math.floor(i / (PLACES.length * KINDS.length));
  return `${place} ${kind}${campus ? ` ${['', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'][campus % 10]}${campus >= 10 ? ` ${Math.floor(campus / 10) + 1}` : ''}` : ''}`;
}

/** Product ids of generated cards: '75' + athlete id (8 digits) + card (2 digits). */
export const nationalProductId = (athleteId: number, cardId: number) => `75${String(athleteId).padStart(8, '0')}${String(cardId).padStart(2, '0')}`;

export interface NationalCatalogOptions {
  seed?: number;
  /** Progress while generating (athletes done, total). */
  onProgress?: (done: number, total: number) => void;
}

export function nationalCatalog(athleteCount: number, options: NationalCatalogOptions = {}): Catalog {
  const rand = prng(options.seed ?? 2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const schoolCount = Math.max(1, Math.ceil(athleteCount / ATHLETES_PER_SCHOOL));
  const schools: School[] = Array.from({ length: schoolCount }, (_, i) => {
    const id = i + 1;
    const name = schoolName(i);
    const hue = Math.floor(rand() * 0xffffff);
    return {
      id,
      name,
      logo: '/images/logo.svg',
      header: '/images/schools/2-header.svg',
      background: '/images/schools/2-background.svg',
      description: `${name} fields ${SPORTS.length} varsity programs and an active NIL collective that backs its athletes on and off the field.`,
      sports: ['Football', 'Basketball'],
      colors: { primary: `#${hue.toString(16).padStart(6, '0').toUpperCase()}`, secondary: '#FFFFFF', accent: '#000000' },
    };
  });
  const collectives: Collective[] = schools.map((s) => ({ id: s.id, name: `${s.name.split(' ')[0]} NIL Collective`, schoolId: s.id, members: [] }));
  const merch: MerchItem[] = schools.flatMap((s) =>
    [
      { name: 'School Hat', priceCents: 2500, slug: 'hat' },
      { name: 'T Shirt', priceCents: 5000, slug: 't-shirt' },
      { name: 'Sweat Shirt', priceCents: 6000, slug: 'sweat-shirt' },
    ].map((m, i) => ({ id: i + 1, schoolId: s.id, name: m.name, priceCents: m.priceCents, image: `/images/merch/${m.slug}.svg` })),
  );
  const jerseys = new Map<string, number>();
  const athletes: Athlete[] = [];
  for (let i = 0; i < athleteCount; i++) {
    const id = i + 1;
    // Athletes spread over the schools (round robin), so each school's roster spans the id range.
    const school = schools[i % schoolCount];
    let r = rand();
    const sport = SPORTS.find((s) => (r -= s.share) <= 0) ?? SPORTS[0];
    const rosterKey = `${school.id}|${sport.sport}`;
    const number = String(((jerseys.get(rosterKey) ?? Math.floor(rand() * 20)) + 1 + Math.floor(rand() * 3)) % 100);
    jerseys.set(rosterKey, Number(number));
    const name = fullName(i);
    const position = pick(sport.positions);
    const threeCards = rand() < 0.6;
    const prices = threeCards ? [3, 5, 25] : [5];
    athletes.push({
      id,
      name,
      handle: `${name.toLowerCase().replace(/[^a-z]+/g, '')}${id}`,
      agent: `collective-${school.id}`,
      sport: sport.sport,
      schoolId: school.id,
      school: school.name,
      number,
      position,
      image: '/images/logo.svg',
      level: 1 + Math.floor(rand() * 10),
      bio: `${name} is a ${pick(YEARS).toLowerCase()} ${position.toLowerCase()} for ${school.name} ${sport.sport.toLowerCase()}, known for preparation, leadership in the locker room and work with local youth programs.`,
      stats: {
        year: pick(YEARS),
        height: `${5 + Math.floor(rand() * 2)}'${Math.floor(rand() * 12)}"`,
        weight: `${150 + Math.floor(rand() * 120)} lbs`,
        hometown: `${pick(PLACES)}, ${pick(['AL', 'CA', 'FL', 'GA', 'IL', 'NY', 'OH', 'TX', 'WA'])}`,
      },
      achievements: rand() < 0.5 ? ['All-Conference Team', 'Academic Honor Roll'] : ['Team Captain'],
      digitalcollectibles: prices.map((price, c) =>
        seasonCard(c, {
          shopifyProductId: nationalProductId(id, c + 1),
          name: `${name} - Card #${c + 1}`,
          description: `Official ${school.name} ${sport.sport} collectible #${c + 1} of ${name}. ${SEASON_EDITIONS[c].edition} edition.`,
          image: '/images/logo.svg',
          priceCents: price * 100,
        }),
      ),
      sets: seasonSets(prices.length),
      verified: true,
      status: 'Active',
      joinDate: '2025-08-01',
      collectiveId: school.id,
    });
    collectives[school.id - 1].members.push(id);
    if (options.onProgress && (id % 10_000 === 0 || id === athleteCount)) options.onProgress(id, athleteCount);
  }
  return { athletes, schools, collectives, merch };
}
