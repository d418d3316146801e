// What every API answer shares: the error body, a page of results, the email check of forms on both sides.
import { forbiddenCharacter } from './text';

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export interface Page<T> {
  items: T[];
  /** Opaque cursor for the next page, or null at the end. */
  nextCursor: string | null;
}

/** Simple email check used by forms on both sides: one @, a dotted domain, at most 64 characters
 * before the @ and 254 in all, no control or text-direction character. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(value.trim()) && value.length <= 254 && forbiddenCharacter(value) === null;
}
