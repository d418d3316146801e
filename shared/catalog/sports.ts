// The one list of sports (issue 24): the value stored on an athlete ('Track and Field'), the name
// people read ('Track & Field'), and the spellings a form, a file or older data may carry. Forms
// offer it (the profile request, the collective's Add Athlete and Edit forms), the server accepts
// it, the search page's filters and every screen that names a sport read their display names here,
// and the catalog migration (scripts/catalog-migrate.ts) brings stored values to it.
// The spec's profile form options (Football, Basketball, Baseball, Track shown as Track & Field,
// Soccer) come first, in the spec's order; the NCAA's other championship sports follow, and
// Fishing (a club sport of the sample catalog).

export interface SportInfo {
  /** The value stored on athletes, rosters and keys. */
  name: string;
  /** What screens show. */
  label: string;
  /** Other spellings that mean this sport (besides case, spacing and '&' for 'and'). */
  aliases?: readonly string[];
}

export const SPORTS: readonly SportInfo[] = [
  { name: 'Football', label: 'Football' },
  { name: 'Basketball', label: 'Basketball' },
  { name: 'Baseball', label: 'Baseball' },
  { name: 'Track and Field', label: 'Track & Field', aliases: ['Track', 'Indoor Track and Field', 'Outdoor Track and Field'] },
  { name: 'Soccer', label: 'Soccer' },
  { name: 'Acrobatics and Tumbling', label: 'Acrobatics & Tumbling' },
  { name: 'Beach Volleyball', label: 'Beach Volleyball' },
  { name: 'Bowling', label: 'Bowling' },
  { name: 'Cross Country', label: 'Cross Country' },
  { name: 'Equestrian', label: 'Equestrian' },
  { name: 'Fencing', label: 'Fencing' },
  { name: 'Field Hockey', label: 'Field Hockey' },
  { name: 'Fishing', label: 'Fishing' },
  { name: 'Golf', label: 'Golf' },
  { name: 'Gymnastics', label: 'Gymnastics' },
  { name: 'Ice Hockey', label: 'Ice Hockey', aliases: ['Hockey'] },
  { name: 'Lacrosse', label: 'Lacrosse' },
  { name: 'Rifle', label: 'Rifle' },
  { name: 'Rowing', label: 'Rowing', aliases: ['Crew'] },
  { name: 'Skiing', label: 'Skiing' },
  { name: 'Softball', label: 'Softball' },
  { name: 'Swimming and Diving', label: 'Swimming & Diving', aliases: ['Swimming', 'Swim and Dive'] },
  { name: 'Tennis', label: 'Tennis' },
  { name: 'Triathlon', label: 'Triathlon' },
  { name: 'Volleyball', label: 'Volleyball' },
  { name: 'Water Polo', label: 'Water Polo' },
  { name: 'Wrestling', label: 'Wrestling' },
];

/** Every stored sport name, in the list's order (forms' options, validation). */
export const SPORT_NAMES: readonly string[] = /* @__PURE__ */ SPORTS.map((s) => s.name);

/** The spec's quick filters of the search page, by stored name (shown as their labels). */
export const SPEC_QUICK_FILTERS: readonly string[] = ['Football', 'Basketball', 'Baseball', 'Track and Field'];

/** A spelling reduced to what tells sports apart: lowercase, '&' read as 'and', single spaces. */
const spelling = (text: string) => text.toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, ' ').trim();

// The lookups are built on first use, so a bundle that imports this module for one function
// (a Lambda that never names a sport) leaves the list out (esbuild drops unused pure code).
let lookups: { bySpelling: Map<string, SportInfo>; byName: Map<string, SportInfo> } | null = null;
function sportLookups() {
  if (lookups) return lookups;
  const bySpelling = new Map<string, SportInfo>();
  for (const sport of SPORTS) for (const text of [sport.name, sport.label, ...(sport.aliases ?? [])]) bySpelling.set(spelling(text), sport);
  lookups = { bySpelling, byName: new Map(SPORTS.map((s) => [s.name, s])) };
  return lookups;
}

/** The stored name of a sport written any way the list knows ('track & field', 'Track'), or null. */
export function canonicalSport(input: string): string | null {
  return sportLookups().bySpelling.get(spelling(input))?.name ?? null;
}

/** Whether a value is a sport's stored name exactly (what stored data must hold). */
export const isSportName = (value: string): boolean => sportLookups().byName.has(value);

/** The name to show for a stored sport: the list's label, or for a value the list does not know
 * (data not migrated yet) the value itself with ' and ' shown as ' & '. */
export function sportLabel(sport: string): string {
  return sportLookups().byName.get(sport)?.label ?? sport.replace(/ and /gi, ' & ');
}

/** The lowercase texts a search query is matched against for a sport: its stored name and its
 * label ('track & field' finds 'Track and Field'). */
export function sportSearchTexts(sport: string): string[] {
  const name = sport.toLowerCase();
  const label = sportLabel(sport).toLowerCase();
  return label === name ? [name] : [name, label];
}

/** Options of a sport select: the list (and `current`, a stored value the list lacks, so an edit
 * form never loses it). */
export function sportOptions(current?: string): Array<{ value: string; label: string }> {
  const names = current && !sportLookups().byName.has(current) ? [...SPORT_NAMES, current] : SPORT_NAMES;
  return names.map((name) => ({ value: name, label: sportLabel(name) }));
}

/** Sports in the list's order (unknown values after, alphabetically). */
export function compareSports(a: string, b: string): number {
  const ia = SPORT_NAMES.indexOf(a);
  const ib = SPORT_NAMES.indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
  return a.localeCompare(b);
}
