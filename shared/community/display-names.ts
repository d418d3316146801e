// A fan's display name (issue 26 item 1): what every public list shows instead of any part of an
// email. Pure rules shared by the API and the settings form:
// - 3 to 24 characters: letters, digits, spaces and . _ -, starting with a letter;
// - no address or link, not the shape of the pseudonyms Drift gives fans who have not chosen
//   ("Fan 7KQ2MX");
// - unique by its key (letters and digits, lower case: "Casey.Fan" and "casey fan" are one name);
// - the name guard's (shared/platform/name-guard.ts, decision 0026): not too close to a word of Drift's
//   own roles (admin, support, official...) or "A collector", checked here for the form, nor to an
//   athlete's, a school's or a collective's name, which the API looks up.
// The public profile lives at /collector/{name}, any spelling of the name leading to it.

import { publicNameError } from '#shared/platform/name-guard';

export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 24;

/** Words no display name may be, besides the name guard's staff words (shared/platform/name-guard.ts):
 * words that read as no one, or as a system's blank. */
export const RESERVED_WORDS = ['null', 'undefined', 'anonymous', 'guest'] as const;

const ALLOWED = /^[A-Za-z][A-Za-z0-9 ._-]*$/;
const PSEUDONYM = /^fan[\s._-]*[a-z0-9]{6}$/i;

/** The name as stored and shown: trimmed, inner runs of spaces made one. */
export const cleanDisplayName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** The name's key: its letters and digits in lower case (uniqueness, the profile's address). */
export const displayNameKey = (name: string): string =>
  cleanDisplayName(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The name's words: split at spaces and . _ -, between a lower and an upper case letter, and
 * between letters and digits ("TheRealMarcusReed7" -> the real marcus reed 7). */
export function displayNameWords(name: string): string[] {
  return cleanDisplayName(name)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s._-]+/)
    .filter(Boolean);
}

/** Why a name cannot be used (the settings form's field error), or null when it can be (before the
 * uniqueness and athlete checks, which need the table). */
export function displayNameError(input: unknown): string | null {
  if (typeof input !== 'string' || !cleanDisplayName(input)) return 'Choose a display name.';
  const name = cleanDisplayName(input);
  if (name.length < DISPLAY_NAME_MIN || name.length > DISPLAY_NAME_MAX) return `A display name has ${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} characters.`;
  if (name.includes('@')) return 'A display name cannot be an email address or contain one.';
  if (!ALLOWED.test(name)) return 'Use letters, digits, spaces and . _ - only, starting with a letter.';
  if (/https?|www\.|\.(com|net|org|io)\b/i.test(name)) return 'A display name cannot be a link.';
  if (PSEUDONYM.test(name)) return 'Names like “Fan 7KQ2MX” are the ones Drift gives; choose your own.';
  const words = displayNameWords(name);
  const reserved = RESERVED_WORDS.find((w) => words.includes(w));
  if (reserved) return `“${reserved}” is reserved: choose a name without it.`;
  return publicNameError(name);
}

/** A fan's profile settings as the API answers them (GET /api/me/profile). */
export interface MyProfile {
  /** The chosen name, or null before one is chosen. */
  displayName: string | null;
  /** What public lists show meanwhile (the pseudonym). */
  pseudonym: string;
  /** The public profile at /collector/{name} is on (it is off until the fan turns it on). */
  public: boolean;
  /** A minor's profile is never public, whatever they choose. */
  canBePublic: boolean;
}

export interface ProfileRequest {
  displayName: string | null;
  public: boolean;
}

export function validateProfile(input: unknown): { value: ProfileRequest; errors: Record<string, string> } {
  const v = (input ?? {}) as { displayName?: unknown; public?: unknown };
  const errors: Record<string, string> = {};
  const displayName = v.displayName === null || v.displayName === undefined || v.displayName === '' ? null : v.displayName;
  if (displayName !== null) {
    const error = displayNameError(displayName);
    if (error) errors.displayName = error;
  }
  if (typeof v.public !== 'boolean') errors.public = 'Choose whether your profile is public.';
  else if (v.public && displayName === null) errors.public = 'Choose a display name first: your public profile is found by it.';
  return { value: { displayName: typeof displayName === 'string' ? cleanDisplayName(displayName) : null, public: v.public === true }, errors };
}
