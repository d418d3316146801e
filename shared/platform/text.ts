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

// Characters no name or label may hold: C0 and C1 controls (NUL, BEL, line feeds, escape, DEL...)
// and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which
// reorder what follows them on screen, so "Jo<U+202E>nhoj" displays as another name. A multi-line
// text (a bio, a post, a comment) may hold tabs and line breaks, and nothing else of these.
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const MULTI_LINE_FORBIDDEN = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]/u;

/** The first forbidden character of `text` as "U+XXXX", or null when the text is safe to show. */
export function forbiddenCharacter(text: string, options: { multiline?: boolean } = {}): string | null {
  const match = (options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).exec(text);
  return match ? `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** The field error for a text holding a forbidden character (named by `label`), or null. */
export function forbiddenCharacterError(text: string, label: string, options: { multiline?: boolean } = {}): string | null {
  const found = forbiddenCharacter(text, options);
  if (!found) return null;
  return options.multiline
    ? `${label} contains an invisible control or text-direction character (${found}); remove it and try again`
    : `${label} must be one line of visible text: it contains a control, line break or text-direction character (${found})`;
}
