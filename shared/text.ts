// Text rules shared by the API and the web app: when a text counts as blank (nothing a reader
// would see), and singular/plural counts.
//
// A text is blank when nothing is left after removing whitespace and invisible characters:
// every Unicode White_Space character (U+0020, U+00A0, U+3000, line and paragraph separators...),
// control characters (Cc), format characters (Cf: zero-width space U+200B, non-joiner U+200C,
// joiner U+200D, word joiner U+2060, BOM U+FEFF, Mongolian vowel separator U+180E, bidi marks...),
// the other default-ignorable code points (Hangul fillers, variation selectors, U+034F) and the
// Braille blank U+2800, which renders as an empty cell.

const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
const INVISIBLE_AT_ENDS =
  /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+|[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+$/gu;

/** The characters of `text` a reader can see (whitespace and invisible characters removed). */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** True when `text` shows nothing: empty, whitespace-only or made only of invisible characters. */
export function isBlankText(text: string | null | undefined): boolean {
  return typeof text !== 'string' || visibleText(text).length === 0;
}

/** Like String.prototype.trim, but also strips invisible characters at both ends (never inside,
 * where joiners hold emoji sequences together). */
export function trimText(text: string): string {
  return text.replace(INVISIBLE_AT_ENDS, '');
}

/** '1 collection', '2 collections', '0 collections' (English plural with an optional irregular form). */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
