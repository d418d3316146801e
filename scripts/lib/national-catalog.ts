// A deterministic national catalog of any size for seeding and benchmarks, at the real density of
// college sports (issue 27): schools like Division I athletics departments (ncaa-programs.ts: each
// program sponsored by as many schools as sponsor it, with its roster size and positions, ~564
// athletes a school on average), one collective per school holding its athletes, 3 merch items per
// school, and cards like the sample's (a closed "2026 Season" set: Base 500; Gold 100 after 25
// Base; Signature 10 after 10 Gold, for three athletes in five; Base only for the rest).
// Athletes of women's programs get women's first names; full names are unique up to 360,000
// athletes of each list, then repeat as real ones do; jersey numbers are unique within a team up
// to 100 players (football's rosters share them). Ids go round robin over the schools, so every
// school's roster spans the id range. The same size and seed always give the same catalog.
import type { Athlete, Catalog, Collective, MerchItem, School } from '#shared/catalog/catalog-types';
import { SEASON_EDITIONS, seasonCard, seasonSets } from '#shared/catalog/seed-data';
import { compareSports, sportLabel } from '#shared/catalog/sports';
import { DI_ATHLETES, DI_SCHOOLS, KINDS, LAST_END, LAST_START, MEN_FIRST, PLACES, POSITIONS, PROGRAMS, STATES, WOMEN_FIRST } from './ncaa-programs';
import type { Program } from './ncaa-programs';

/** The mean roster of a school before scaling: each program's sponsorship rate times its roster. */
const UNSCALED_MEAN = PROGRAMS.reduce((sum, p) => sum + p.athletes / DI_SCHOOLS, 0);
/** Rosters are scaled by this so a school averages Division I's athletes per school. */
const ROSTER_SCALE = DI_ATHLETES / DI_SCHOOLS / UNSCALED_MEAN;
/** Athletes of an average school (~564). */
export const ATHLETES_PER_SCHOOL = Math.round(DI_ATHLETES / DI_SCHOOLS);

const YEARS: ReadonlyArray<readonly [string, number]> = [
  ['Freshman', 30],
  ['Sophomore', 25],
  ['Junior', 22],
  ['Senior', 18],
  ['Graduate', 5],
];

/** Linear congruential PRNG (the same seed gives the same catalog on every machine). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function weighted<T>(rand: () => number, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = rand() * total;
  for (const [value, w] of choices) if ((r -= w) < 0) return value;
  return choices[choices.length - 1][0];
}

function shuffle<T>(rand: () => number, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

const SURNAMES = LAST_START.length * LAST_END.length;
/** The i-th full name of a first-name list: distinct for i < first names x surnames (a stride
 * coprime with that count walks the pairs in a fixed shuffled order). */
function fullName(first: readonly string[], i: number): string {
  const pairs = first.length * SURNAMES;
  const pair = (i * 7919) % pairs;
  const last = Math.floor(pair / first.length);
  return `${first[pair % first.length]} ${LAST_START[last % LAST_START.length]}${LAST_END[Math.floor(last / LAST_START.length)]}`;
}

/** A school's name, unique for every id (place x kind, then a roman-numeral campus). */
function schoolName(i: number): string {
  const place = PLACES[i % PLACES.length];
  const kind = KINDS[Math.floor(i / PLACES.length) % KINDS.length];
  const campus = Math.floor(i / (PLACES.length * KINDS.length));
  const roman = ['', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'][campus % 10];
  return `${place} ${kind}${campus ? ` ${roman}${campus >= 10 ? ` ${Math.floor(campus / 10) + 1}` : ''}` : ''}`;
}

/** Product ids of generated cards: '75' + athlete id (8 digits) + card (2 digits). */
export const nationalProductId = (athleteId: number, cardId: number) => `75${String(athleteId).padStart(8, '0')}${String(cardId).padStart(2, '0')}`;

export interface NationalCatalogOptions {
  seed?: number;
  /** At least this many schools (tests: a small catalog over several schools, each school's
   * places then only partly filled); by default as many as the athletes fill. */
  schools?: number;
  /** Progress while generating (athletes done, total). */
  onProgress?: (done: number, total: number) => void;
}

/** One place on a school's roster, before it has an athlete. */
interface Slot {
  program: Program;
  position: string;
  number: string;
}

/** A school's athletics department: the programs it sponsors, their rosters' places in a random order. */
function department(rand: () => number): Slot[] {
  const slots: Slot[] = [];
  for (const program of PROGRAMS) {
    // Track and field's indoor and outdoor teams are one roster here: a rate above 1 is its size.
    const rate = Math.min(1, program.teams / DI_SCHOOLS);
    if (rand() >= rate) continue;
    const roster = Math.max(1, Math.round((program.athletes / (rate * DI_SCHOOLS)) * ROSTER_SCALE * (0.8 + 0.4 * rand())));
    const numbers = shuffle(
      rand,
      Array.from({ length: 100 }, (_, n) => n),
    );
    for (let k = 0; k < roster; k++)
      slots.push({ program, position: weighted(rand, POSITIONS[program.sport] ?? [['Athlete', 1]]), number: String(numbers[k % numbers.length]) });
  }
  return shuffle(rand, slots);
}

function newSchool(rand: () => number, id: number, slots: Slot[]): School {
  const name = schoolName(id - 1);
  const hue = Math.floor(rand() * 0xffffff);
  const sports = [...new Set(slots.map((s) => s.program.sport))].sort(compareSports);
  const programs = new Set(slots.map((s) => `${s.program.sport}|${s.program.women}`)).size;
  return {
    id,
    name,
    logo: '/images/logo.svg',
    header: '/images/schools/2-header.svg',
    background: '/images/schools/2-background.svg',
    description: `${name} fields ${programs} varsity programs and an active NIL collective that backs its athletes on and off the field.`,
    sports,
    colors: { primary: `#${hue.toString(16).padStart(6, '0').toUpperCase()}`, secondary: '#FFFFFF', accent: '#000000' },
  };
}

export function nationalCatalog(athleteCount: number, options: NationalCatalogOptions = {}): Catalog {
  const rand = prng(options.seed ?? 2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  // Departments until their places hold every athlete (a school at a time, ~564 places each).
  const departments: Slot[][] = [];
  let places = 0;
  do {
    const slots = department(rand);
    if (slots.length === 0) continue;
    departments.push(slots);
    places += slots.length;
  } while (places < athleteCount || departments.length < (options.schools ?? 1));
  const schools = departments.map((slots, i) => newSchool(rand, i + 1, slots));
  const collectives: Collective[] = schools.map((s) => ({ id: s.id, name: `${s.name.split(' ')[0]} NIL Collective`, schoolId: s.id, members: [] }));
  const merch: MerchItem[] = schools.flatMap((s) =>
    [
      { name: 'School Hat', priceCents: 2500, slug: 'hat' },
      { name: 'T Shirt', priceCents: 5000, slug: 't-shirt' },
      { name: 'Sweat Shirt', priceCents: 6000, slug: 'sweat-shirt' },
    ].map((m, i) => ({ id: i + 1, schoolId: s.id, name: m.name, priceCents: m.priceCents, image: `/images/merch/${m.slug}.svg` })),
  );
  const athletes: Athlete[] = [];
  const named = { men: 0, women: 0 };
  // Round robin over the schools that still have places: a school's athletes span the id range,
  // and a catalog smaller than the places leaves each school's last (random) places empty.
  const next = departments.map(() => 0);
  let open = departments.map((_, i) => i);
  while (athletes.length < athleteCount) {
    for (const s of open) {
      if (athletes.length >= athleteCount) break;
      const slot = departments[s][next[s]++];
      const id = athletes.length + 1;
      const school = schools[s];
      const { program, position, number } = slot;
      const name = program.women ? fullName(WOMEN_FIRST, named.women++) : fullName(MEN_FIRST, named.men++);
      const year = weighted(rand, YEARS);
      const sport = program.sport;
      const threeCards = rand() < 0.6;
      const prices = threeCards ? [3, 5, 25] : [5];
      const inches = program.women ? 62 + Math.floor(rand() * 14) : 67 + Math.floor(rand() * 14);
      athletes.push({
        id,
        name,
        handle: `${name.toLowerCase().replace(/[^a-z]+/g, '')}${id}`,
        agent: `collective-${school.id}`,
        sport,
        schoolId: school.id,
        school: school.name,
        number,
        position,
        image: '/images/logo.svg',
        level: 1 + Math.floor(rand() * 10),
        bio: `${name} is a ${year.toLowerCase()} ${position.toLowerCase()} for ${school.name} ${sportLabel(sport).toLowerCase()}, known for preparation, leadership in the locker room and work with local youth programs.`,
        stats: {
          year,
          height: `${Math.floor(inches / 12)}'${inches % 12}"`,
          weight: `${(program.women ? 120 : 150) + Math.floor(rand() * (program.women ? 70 : 130))} lbs`,
          hometown: `${pick(PLACES)}, ${pick(STATES)}`,
        },
        achievements: rand() < 0.5 ? ['All-Conference Team', 'Academic Honor Roll'] : ['Team Captain'],
        digitalcollectibles: prices.map((price, c) =>
          seasonCard(c, {
            shopifyProductId: nationalProductId(id, c + 1),
            name: `${name} - Card #${c + 1}`,
            description: `Official ${school.name} ${sportLabel(sport)} collectible #${c + 1} of ${name}. ${SEASON_EDITIONS[c].edition} edition.`,
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
      collectives[s].members.push(id);
      if (options.onProgress && (id % 10_000 === 0 || id === athleteCount)) options.onProgress(id, athleteCount);
    }
    open = open.filter((s) => next[s] < departments[s].length);
  }
  return { athletes, schools, collectives, merch };
}
