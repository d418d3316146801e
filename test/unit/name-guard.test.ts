// The one name guard (shared/platform/name-guard.ts; issue 32 item 4): the fold, the protected names
// and the messages, on each look-alike the issue reports and on real names that must pass.
import {
  MINOR_LABEL,
  athleteFoldCandidates,
  athleteFoldKey,
  foldName,
  nameGuardMessage,
  publicNameError,
  sameNameAs,
  tooCloseTo,
  type ProtectedName,
} from '#shared/platform/name-guard';
import { CONFUSABLES_LATIN } from '#shared/platform/confusables-latin';
import unhomoglyph from 'unhomoglyph';
import { confusablesEntries } from '../../scripts/confusables-latin';

const marcus: ProtectedName = { name: 'Marcus Reed', kind: 'athlete' };
const school: ProtectedName = { name: 'Drift State University', kind: 'school' };
const collective: ProtectedName = { name: 'Bulldog Collective', kind: 'collective' };
const protectedNames = [marcus, school, collective];

describe('foldName', () => {
  it('reads a Cyrillic look-alike as the Latin letter (TR39 skeleton)', () => {
    expect('Drift State Unіversity').not.toBe('Drift State University');
    expect(foldName('Drift State Unіversity')).toBe(foldName('Drift State University'));
    expect(foldName('Drift State Unіversity')).toBe(foldName('drift state university'));
    // Greek capital Alpha, Cyrillic capital Es.
    expect(foldName('\u0391dmin')).toBe(foldName('Admin'));
    expect(foldName('\u0421ollective')).toBe(foldName('collective'));
  });

  it('folds compatibility forms (NFKC), case, spacing, punctuation and accents', () => {
    expect(foldName('ＭＡＲＣＵＳ ＲＥＥＤ')).toBe(foldName('marcus reed'));
    expect(foldName('M a r c u s Reed')).toBe(foldName('Marcus Reed'));
    expect(foldName('marcus.reed')).toBe(foldName('Marcus Reed'));
    expect(foldName("O'Brien")).toBe(foldName('OBrien'));
    expect(foldName('José Álvarez')).toBe(foldName('Jose Alvarez'));
  });

  it('reads leetspeak digits and symbols as letters', () => {
    expect(foldName('Adm1n')).toBe(foldName('admin'));
    expect(foldName('0ff1c1al')).toBe(foldName('official'));
    expect(foldName('$upp0rt')).toBe(foldName('support'));
    expect(foldName('DR1FT')).toBe(foldName('drift'));
  });

  it('folds the look-alikes TR39 keeps apart by case: I, l and 1; rn and m', () => {
    expect(foldName('DRIFT')).toBe(foldName('drift'));
    expect(foldName('Drlft')).toBe(foldName('Drift'));
    expect(foldName('Adrnin')).toBe(foldName('admin'));
  });

  it('keeps other scripts as letters (a name in Cyrillic is not empty)', () => {
    expect(foldName('Нгуен')).not.toBe('');
  });
});

describe('tooCloseTo: display names and donor names', () => {
  it.each([
    ['Drift State Unіversity', school],
    ['Drift State University', school],
    ['Bulldog Collective', collective],
    ['A collector', { name: MINOR_LABEL, kind: 'label' }],
    ['A  Collector', { name: MINOR_LABEL, kind: 'label' }],
    ['acollector99', { name: MINOR_LABEL, kind: 'label' }],
    ['Just A Collector', { name: MINOR_LABEL, kind: 'label' }],
    ['M a r c u s Reed', marcus],
    ['Marcus Reed', marcus],
    ['TheRealMarcusReed7', marcus],
    ['therealmarcusreed', marcus],
    ['Mаrcus Reed', marcus], // Cyrillic a
    ['Adm1n Desk', { name: 'admin', kind: 'staff' }],
    ['Official Drift Admin', { name: 'drift', kind: 'staff' }],
    ['Moderator Kim', { name: 'moderator', kind: 'staff' }],
    ['Drift Operator', { name: 'drift', kind: 'staff' }],
    ['Staff Pick', { name: 'staff', kind: 'staff' }],
    ['Mod Squad', { name: 'mod', kind: 'staff' }],
  ])('%s is too close to a protected name', (name, expected) => {
    expect(tooCloseTo(name, protectedNames)).toEqual(expected);
  });

  it.each([
    'José Álvarez',
    "O'Brien",
    'Nguyễn',
    'Zoë',
    'Casey Fan',
    'Modesto Rivera',
    'Mega Collector',
    'Avid Collector',
    'Desmond Lee',
    'Marcus Green',
    'Reed Marcus',
    'Steam Fan',
  ])('%s passes', (name) => {
    expect(tooCloseTo(name, protectedNames)).toBeNull();
  });

  it('says which name and what it is, kindly', () => {
    expect(nameGuardMessage(marcus)).toBe('This name is too close to Marcus Reed, an athlete on Drift: choose a name that is your own.');
    expect(nameGuardMessage(school)).toBe('This name is too close to Drift State University, a school on Drift: choose a name that is your own.');
    expect(nameGuardMessage(collective)).toBe('This name is too close to Bulldog Collective, a collective on Drift: choose a name that is your own.');
    expect(publicNameError('A collector')).toBe(
      'This name is too close to “A collector”, what Drift calls collectors whose names stay private: choose another.',
    );
    expect(publicNameError('Adm1n Desk')).toBe('This name is too close to “admin”, a word kept for Drift and its staff: choose a name without it.');
    expect(publicNameError('Zoë')).toBeNull();
  });
});

describe('sameNameAs: schools and collectives', () => {
  const schools = [{ id: 1, name: 'Drift State University' }];
  it('finds the existing school a look-alike collides with', () => {
    expect(sameNameAs('Drift State Unіversity', schools)).toEqual(schools[0]);
    expect(sameNameAs('DRIFT STATE UNIVERSITY', schools)).toEqual(schools[0]);
    expect(sameNameAs('Drift State-University', schools)).toEqual(schools[0]);
    expect(sameNameAs('Drift State College', schools)).toBeUndefined();
  });
});

describe('the athletes’ folded-name index', () => {
  it('looks a name up by every run of its fold, bounded by the name’s length', () => {
    const key = athleteFoldKey('Marcus Reed');
    expect(athleteFoldCandidates('M a r c u s Reed')).toContain(key);
    expect(athleteFoldCandidates('TheRealMarcusReed7')).toContain(key);
    expect(athleteFoldCandidates('Casey Fan')).not.toContain(key);
    expect(athleteFoldCandidates('x'.repeat(60)).length).toBeLessThanOrEqual(60 * 29);
    expect(new Set(athleteFoldCandidates('abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz')).size).toBeLessThanOrEqual(1_300);
  });

  it('keys a long name by its fold’s first 32 characters, which its runs include', () => {
    const long = 'Christopher Alexander Montgomery Washington';
    expect(athleteFoldKey(long)).toHaveLength(32);
    expect(athleteFoldCandidates(`Fan of ${long}`)).toContain(athleteFoldKey(long));
  });
});

describe('the TR39 data (shared/platform/confusables-latin.ts)', () => {
  it('is what scripts/confusables-latin.ts takes from the unhomoglyph package now', () => {
    expect(CONFUSABLES_LATIN).toEqual(confusablesEntries().entries);
  });

  it('maps as the package does, for every character it holds', () => {
    for (const [target, sources] of CONFUSABLES_LATIN)
      for (const c of sources.split(' ')) expect(unhomoglyph(String.fromCodePoint(parseInt(c, 36)))).toBe(target);
  });
});
