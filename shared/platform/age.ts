// The age screen at sign-up (issue 23, COPPA): a neutral birth-date question whose answer is turned
// into an age band at once and never stored. Under 13 the account is refused and nothing is kept;
// 13 to 17 is a minor, kept off every public list; 18 and over an adult. The web form, Cognito's
// pre sign-up trigger (lambdas/identity/pre-sign-up.handler.ts) and the question a Google account
// answers all use this one rule, so the browser and the server never disagree.
//
// The rule, written down:
// - Age is counted in whole years: a person born on 2013-05-10 is 13 from 2026-05-10 on.
// - A 29 February birthday is reached on 1 March in a year without a 29 February (the later of the
//   two readings, so nobody is counted older than they are).
// - "Today" is the date Anywhere on Earth (UTC-12), the last place a calendar day begins: a birthday
//   counts once it has begun everywhere, so the answer never depends on the visitor's own time zone
//   and never makes a 12-year-old 13 a few hours early.
// - A birth date must be a real calendar date, not in the future, and not before 1900.

export type AgeBand = 'minor' | 'adult';

/** The ages the screen decides at. */
export const MIN_SIGN_UP_AGE = 13;
export const ADULT_AGE = 18;

/** The Cognito attribute the band is stored in (immutable: set once at sign-up). */
export const AGE_BAND_ATTRIBUTE = 'custom:ageBand';
/** The name of the sign-up's ValidationData entry carrying the birth date (never stored by Cognito). */
export const BIRTH_DATE_FIELD = 'birthdate';

const EARLIEST_YEAR = 1900;
/** Anywhere on Earth: UTC-12. */
const AOE_OFFSET_MS = -12 * 3_600_000;

/** The calendar date (YYYY-MM-DD) Anywhere on Earth at an instant. */
export const todayAnywhereOnEarth = (nowMs: number): string => new Date(nowMs + AOE_OFFSET_MS).toISOString().slice(0, 10);

function parts(date: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/** Why a birth date cannot be used (null when it can), worded for the form. */
export function birthDateError(value: unknown, today: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return 'Enter your date of birth.';
  const p = parts(value);
  if (!p) return 'Enter a real date (YYYY-MM-DD).';
  if (p[0] < EARLIEST_YEAR) return `Enter a date of birth after ${EARLIEST_YEAR}.`;
  if (value.trim() > today) return 'A date of birth cannot be in the future.';
  return null;
}

/** Whole years between a birth date and a day (both YYYY-MM-DD); a 29 February birthday is reached on
 * 1 March in other years. */
export function ageOn(birthDate: string, today: string): number {
  const b = parts(birthDate);
  const t = parts(today);
  if (!b || !t) throw new RangeError(`Not a calendar date: ${!b ? birthDate : today}`);
  let age = t[0] - b[0];
  // This year's birthday, as month*100+day; 29 February becomes 1 March in a common year.
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const birthday = b[1] === 2 && b[2] === 29 && !leap(t[0]) ? 301 : b[1] * 100 + b[2];
  if (t[1] * 100 + t[2] < birthday) age -= 1;
  return age;
}

export type AgeScreen = { allowed: false; reason: 'under13' | 'invalid'; message: string } | { allowed: true; band: AgeBand };

/** The sign-up's answer to a birth date at an instant: refused under 13, else the band. */
export function screenAge(birthDate: unknown, nowMs: number): AgeScreen {
  const today = todayAnywhereOnEarth(nowMs);
  const error = birthDateError(birthDate, today);
  if (error) return { allowed: false, reason: 'invalid', message: error };
  const age = ageOn(String(birthDate).trim(), today);
  if (age < MIN_SIGN_UP_AGE) return { allowed: false, reason: 'under13', message: NOT_ELIGIBLE };
  return { allowed: true, band: age < ADULT_AGE ? 'minor' : 'adult' };
}

/** What a refused visitor reads: neutral, with no hint of the age that would pass. */
export const NOT_ELIGIBLE = 'Sorry, we can’t create an account for you.';

export const isAgeBand = (value: unknown): value is AgeBand => value === 'minor' || value === 'adult';
