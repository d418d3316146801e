import { NOT_ELIGIBLE, ageOn, birthDateError, screenAge, todayAnywhereOnEarth } from '../../shared/platform/age';

const at = (iso: string) => Date.parse(iso);

describe('age in whole years', () => {
  it('counts a birthday from its own day on', () => {
    expect(ageOn('2013-05-10', '2026-05-09')).toBe(12);
    expect(ageOn('2013-05-10', '2026-05-10')).toBe(13);
    expect(ageOn('2013-05-10', '2026-12-31')).toBe(13);
  });

  it('reaches a 29 February birthday on 1 March in a common year, on 29 February in a leap year', () => {
    expect(ageOn('2012-02-29', '2025-02-28')).toBe(12);
    expect(ageOn('2012-02-29', '2025-03-01')).toBe(13);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2000-02-29', '2028-02-28')).toBe(27);
    expect(ageOn('2000-02-29', '2028-02-29')).toBe(28);
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => ageOn('2013-02-30', '2026-01-01')).toThrow(RangeError);
  });
});

describe('the day Anywhere on Earth (UTC-12)', () => {
  it('is the UTC date until 12:00 UTC, then the same date', () => {
    expect(todayAnywhereOnEarth(at('2026-05-10T11:59:59Z'))).toBe('2026-05-09');
    expect(todayAnywhereOnEarth(at('2026-05-10T12:00:00Z'))).toBe('2026-05-10');
    expect(todayAnywhereOnEarth(at('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
  });
});

describe('the sign-up screen', () => {
  it('refuses under 13 with a neutral message', () => {
    expect(screenAge('2014-06-01', at('2026-12-01T18:00:00Z'))).toEqual({ allowed: false, reason: 'under13', message: NOT_ELIGIBLE });
    expect(NOT_ELIGIBLE).not.toMatch(/13|age|old|young/i);
  });

  it('admits a 13th birthday today once the day has begun everywhere, whatever the visitor’s zone', () => {
    // Born 2013-12-01: at 05:00 UTC on 1 December it is still 30 November on Baker Island (UTC-12).
    expect(screenAge('2013-12-01', at('2026-12-01T05:00:00Z')).allowed).toBe(false);
    // A visitor in Kiribati (UTC+14) at 09:00 local on 2 December: 1 December has begun everywhere.
    expect(screenAge('2013-12-01', at('2026-12-01T19:00:00Z'))).toEqual({ allowed: true, band: 'minor' });
  });

  it('marks 13 to 17 as a minor and 18 and over as an adult', () => {
    const now = at('2026-12-01T18:00:00Z');
    expect(screenAge('2013-11-30', now)).toEqual({ allowed: true, band: 'minor' });
    expect(screenAge('2008-12-02', now)).toEqual({ allowed: true, band: 'minor' });
    expect(screenAge('2008-12-01', now)).toEqual({ allowed: true, band: 'adult' });
    expect(screenAge('1970-01-01', now)).toEqual({ allowed: true, band: 'adult' });
  });

  it('a leap-day child turns 13 on 1 March of a common year', () => {
    expect(screenAge('2013-02-28', at('2026-02-28T18:00:00Z'))).toEqual({ allowed: true, band: 'minor' });
    expect(screenAge('2012-02-29', at('2025-02-28T18:00:00Z')).allowed).toBe(false);
    expect(screenAge('2012-02-29', at('2025-03-01T18:00:00Z'))).toEqual({ allowed: true, band: 'minor' });
  });

  it('names what is wrong with a birth date', () => {
    const today = '2026-12-01';
    expect(birthDateError(undefined, today)).toBe('Enter your date of birth.');
    expect(birthDateError('', today)).toBe('Enter your date of birth.');
    expect(birthDateError('01/02/2000', today)).toBe('Enter a real date (YYYY-MM-DD).');
    expect(birthDateError('2001-02-29', today)).toBe('Enter a real date (YYYY-MM-DD).');
    expect(birthDateError('1899-12-31', today)).toBe('Enter a date of birth after 1900.');
    expect(birthDateError('2026-12-02', today)).toBe('A date of birth cannot be in the future.');
    expect(birthDateError('2000-02-29', today)).toBeNull();
    expect(screenAge(42, at('2026-12-01T18:00:00Z'))).toMatchObject({ allowed: false, reason: 'invalid' });
  });
});
