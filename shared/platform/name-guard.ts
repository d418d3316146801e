// The one name guard for every public name (issue 32 item 4; docs/decisions/0026-name-guard.md): a
// fan's display name, a donor's name, a collective's name and a new school's name. Pure code, used by
// the API (which looks the protected names up) and by the forms (the words and labels every name is
// checked against need no lookup, so the form can say so before sending).
//
// Two names collide when their folds are equal; a fan's or donor's name is refused when its fold
// contains the fold of a protected name. The fold reads a name as an eye does:
// - Unicode NFKC (fullwidth, mathematical and ligature forms become plain letters: "ｆｉ" -> "fi");
// - leetspeak digits and symbols as the letters they stand for ("Adm1n" -> "admin", "$" -> "s");
// - the confusable skeleton of Unicode TR39 (NFD, then each character mapped by TR39's
//   confusables.txt, then NFD): Cyrillic "і" reads as "i", Greek "Α" as "A". Applied again after
//   lower-casing, as TR39 maps by case. The mapping is TR39's own as the `unhomoglyph` package ships
//   it, limited to the mappings into Latin letters and digits (confusables-latin.ts, generated from
//   the package by scripts/confusables-latin.ts: the whole table would not fit the Lambda budget);
// - case, accents (combining marks), spacing and punctuation dropped ("M a r c u s" -> "marcus",
//   "O'Brien" -> "obrien", "José" -> "jose");
// - the few look-alikes the skeleton keeps apart once lower-cased folded together: l and i (TR39
//   reads "I" and "1" as "l"), "rn" as "m".
// A fold is for comparing only: it is never shown, nor stored as anyone's name.
import { CONFUSABLES_LATIN } from './confusables-latin';

/** Leetspeak: digits and symbols read as letters (before the skeleton, which reads 0 as O). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  '+': 't',
};
const LEET_RE = /[0134578@$!|+9]/g;

/** TR39's confusables mapping, by source character (one code point each). */
const PROTOTYPE = new Map(
  CONFUSABLES_LATIN.flatMap(([target, sources]) => sources.split(' ').map((c) => [String.fromCodePoint(parseInt(c, 36)), target] as const)),
);

/** TR39's skeleton: NFD, each character to its prototype, NFD again. */
const skeleton = (text: string): string =>
  [...text.normalize('NFD')]
    .map((c) => PROTOTYPE.get(c) ?? c)
    .join('')
    .normalize('NFD');

/** The fold of a name: what it looks like, for comparing with other names (see above). */
export function foldName(name: string): string {
  const compat = name.normalize('NFKC').replace(LEET_RE, (c) => LEET[c]!);
  return skeleton(skeleton(compat).toLowerCase())
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/l/g, 'i')
    .replace(/rn/g, 'm');
}

/** Words no public name may contain: Drift's own and its staff's roles (a fan's or donor's name
 * claiming one would read as Drift speaking). Words of 5 letters or more are refused anywhere in a
 * name's fold; shorter ones (which hide inside ordinary names: "mod" in "Modesto") as a whole word. */
export const STAFF_WORDS = [
  'drift',
  'admin',
  'administrator',
  'official',
  'support',
  'staff',
  'moderator',
  'mod',
  'operator',
  'helpdesk',
  'help',
  'team',
  'system',
  'security',
  'verified',
  'billing',
  'payments',
  'root',
  'ncaa',
] as const;

/** What public lists call a fan who may not be listed publicly (a minor): no one may take it. */
export const MINOR_LABEL = 'A collector';

export type ProtectedKind = 'athlete' | 'school' | 'collective' | 'label' | 'staff';

/** A name no other public name may be too close to, and what it is. */
export interface ProtectedName {
  name: string;
  kind: ProtectedKind;
}

/** The sentence that refuses a name too close to `match` (the form shows it on the field). */
export function nameGuardMessage(match: ProtectedName): string {
  switch (match.kind) {
    case 'athlete':
      return `This name is too close to ${match.name}, an athlete on Drift: choose a name that is your own.`;
    case 'school':
      return `This name is too close to ${match.name}, a school on Drift: choose a name that is your own.`;
    case 'collective':
      return `This name is too close to ${match.name}, a collective on Drift: choose a name that is your own.`;
    case 'label':
      return `This name is too close to “${match.name}”, what Drift calls collectors whose names stay private: choose another.`;
    case 'staff':
      return `This name is too close to “${match.name}”, a word kept for Drift and its staff: choose a name without it.`;
  }
}

const wordsOf = (name: string): string[] =>
  name
    .normalize('NFKC')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(foldName);

/**
 * The first protected name that a fan's or donor's name is too close to, among the minors' label,
 * `others` (athletes, schools, collectives the caller looked up) and the staff words: its fold equals
 * or contains theirs (the label: begins with it, or holds its words). Null when the name is clear.
 */
export function tooCloseTo(name: string, others: readonly ProtectedName[] = []): ProtectedName | null {
  const fold = foldName(name);
  if (!fold) return null;
  const wordList = wordsOf(name);
  const words = new Set(wordList);
  // The label begins the name, or stands in it as its own words ("Mega Collector" is someone's own).
  const label = foldName(MINOR_LABEL);
  const labelWords = wordsOf(MINOR_LABEL);
  const labelAt = (i: number) => labelWords.every((w, n) => wordList[i + n] === w);
  if (fold.startsWith(label) || wordList.some((_, i) => labelAt(i))) return { name: MINOR_LABEL, kind: 'label' };
  for (const p of others) {
    const f = foldName(p.name);
    if (f && fold.includes(f)) return p;
  }
  for (const word of STAFF_WORDS) {
    const f = foldName(word);
    if (word.length >= 5 ? fold.includes(f) : words.has(f) || fold === f) return { name: word, kind: 'staff' };
  }
  return null;
}

/** The field error for a fan's or donor's name that the form can tell without a lookup (a staff
 * word, the minors' label), or null; the API adds athletes, schools and collectives. */
export function publicNameError(name: string): string | null {
  const match = tooCloseTo(name);
  return match ? nameGuardMessage(match) : null;
}

/** The existing name (a school, a collective) whose fold equals this name's, or undefined. */
export function sameNameAs<T extends { name: string }>(name: string, existing: readonly T[]): T | undefined {
  const fold = foldName(name);
  return fold ? existing.find((e) => foldName(e.name) === fold) : undefined;
}

/** Shortest and longest folds the athletes' folded-name index is looked up by: an athlete's fold
 * is keyed by its first ATHLETE_FOLD_MAX characters (catalog-items.ts athleteFoldKey). */
export const ATHLETE_FOLD_MIN = 4;
export const ATHLETE_FOLD_MAX = 32;

/** The key an athlete's name is indexed under (its fold, cut at ATHLETE_FOLD_MAX characters). */
export const athleteFoldKey = (name: string): string => [...foldName(name)].slice(0, ATHLETE_FOLD_MAX).join('');

/**
 * Every athlete fold key a name may contain: each run of its fold of ATHLETE_FOLD_MIN to
 * ATHLETE_FOLD_MAX characters (and the whole fold, if shorter). As many as the name is long, never
 * more: about 1,200 for a 60-character donor name, 200 for a 24-character display name.
 */
export function athleteFoldCandidates(name: string): string[] {
  const fold = [...foldName(name)];
  const out = new Set<string>();
  if (fold.length > 0 && fold.length < ATHLETE_FOLD_MIN) out.add(fold.join(''));
  for (let i = 0; i < fold.length; i++)
    for (let n = ATHLETE_FOLD_MIN; n <= ATHLETE_FOLD_MAX && i + n <= fold.length; n++) out.add(fold.slice(i, i + n).join(''));
  return [...out];
}
