// The blank-text rule shared by the posts API and the web composer, and singular/plural counts.
import fc from 'fast-check';
import { countLabel, forbiddenCharacter, forbiddenCharacterError, isBlankText, trimText, visibleText } from '#shared/platform/text';

/** A test name that shows invisible characters as \\u escapes. */
const show = (text: string) => JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);

const INVISIBLE = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00A0',
  '\u3000',
  '\u180E',
  '\u2028',
  '\u2029',
  '\u202F',
  '\u200E',
  '\u200F',
  '\u00AD',
  '\u3164',
  '\u115F',
  '\uFE0F',
  '\u2800',
  ' ',
  '\t',
  '\n',
  '\r',
];

describe('isBlankText', () => {
  it.each(['', '   ', '\t\n', ...INVISIBLE, '\u200B\u200B\u200B', ' \u200B \uFEFF\u3000\u00A0 ', '\u2060\u180E\u200C\u200D'].map((t) => [show(t), t]))(
    'counts %s as blank',
    (_name, text) => {
      expect(isBlankText(text)).toBe(true);
    },
  );

  it.each(['a', ' a ', '\u200Ba\u200B', '.', '🏈', '👨\u200D👩\u200D👧', '漢', '\u00A0!'].map((t) => [show(t), t]))('counts %s as text', (_name, text) => {
    expect(isBlankText(text)).toBe(false);
  });

  it('treats a missing value as blank', () => {
    expect(isBlankText(undefined)).toBe(true);
    expect(isBlankText(null)).toBe(true);
  });

  it('is blank for any string made only of invisible characters', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...INVISIBLE), { maxLength: 30 }), (chars) => isBlankText(chars.join(''))));
  });

  it('is not blank as soon as one visible character is mixed in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INVISIBLE), { maxLength: 10 }),
        fc.array(fc.constantFrom(...INVISIBLE), { maxLength: 10 }),
        fc.constantFrom('x', 'Z', '7', '!', 'é', '🏀'),
        (before, after, visible) => !isBlankText(before.join('') + visible + after.join('')),
      ),
    );
  });
});

describe('visibleText and trimText', () => {
  it('removes every invisible character for the check', () => {
    expect(visibleText('\u200BGame\u00A0day\u2060!')).toBe('Gameday!');
  });

  it('trims invisible characters at the ends only, keeping emoji joiners inside', () => {
    expect(trimText('\u200B\uFEFF Game day! \u3000\u200B')).toBe('Game day!');
    expect(trimText('👨\u200D👩\u200D👧')).toBe('👨\u200D👩\u200D👧');
    expect(trimText('\u200B\u200B')).toBe('');
  });
});

describe('countLabel', () => {
  it('uses the singular only for exactly one', () => {
    expect(countLabel(1, 'collection')).toBe('1 collection');
    expect(countLabel(2, 'collection')).toBe('2 collections');
    expect(countLabel(0, 'collection')).toBe('0 collections');
    expect(countLabel(1, 'athlete')).toBe('1 athlete');
  });

  it('takes an irregular plural', () => {
    expect(countLabel(3, 'match', 'matches')).toBe('3 matches');
  });
});

describe('forbiddenCharacter', () => {
  it('finds C0 and C1 controls, DEL and the bidi embeddings, overrides and isolates in one-line text', () => {
    for (const [text, code] of [
      ['a\u0000b', 'U+0000'],
      ['a\u0007b', 'U+0007'],
      ['a\nb', 'U+000A'],
      ['a\tb', 'U+0009'],
      ['a\u007Fb', 'U+007F'],
      ['a\u0085b', 'U+0085'],
      ['a\u009Fb', 'U+009F'],
      ['a\u202Ab', 'U+202A'],
      ['a\u202Eb', 'U+202E'],
      ['a\u2066b', 'U+2066'],
      ['a\u2069b', 'U+2069'],
    ])
      expect(forbiddenCharacter(text)).toBe(code);
  });

  it('accepts what names are made of: accents, other scripts, emoji with joiners, apostrophes and symbols', () => {
    for (const text of ["D'Andre O\u2019Neil", 'José Núñez', '李小龙', 'محمد', '👨\u200D👩\u200D👧 fam', "$' $` $& </title>", 'Tyler\u00A0Vance'])
      expect(forbiddenCharacter(text)).toBeNull();
  });

  it('lets a multi-line text keep tabs and line breaks, nothing else of those', () => {
    expect(forbiddenCharacter('one\r\n\ttwo', { multiline: true })).toBeNull();
    expect(forbiddenCharacter('one\u0000two', { multiline: true })).toBe('U+0000');
    expect(forbiddenCharacter('one\u202Etwo', { multiline: true })).toBe('U+202E');
  });

  it('names the field and the character in its message', () => {
    expect(forbiddenCharacterError('Jo\u202Enhoj', 'Name')).toBe(
      'Name must be one line of visible text: it contains a control, line break or text-direction character (U+202E)',
    );
    expect(forbiddenCharacterError('fine', 'Name')).toBeNull();
  });
});
