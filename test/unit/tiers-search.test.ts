import { yearMonthOf } from '#shared/platform/months';
import { compareRoster, searchAthletes, searchCollectiveAthletes, searchRoster, searchSchools } from '#shared/catalog/search';
import { SAMPLE_ATHLETES, SCHOOLS } from '#shared/catalog/seed-data';
import { tierFor } from '#shared/catalog/tiers';

describe('tierFor', () => {
  it.each([
    [10, 'Legendary', 'purple'],
    [9, 'Legendary', 'purple'],
    [8, 'Rare', 'blue'],
    [7, 'Rare', 'blue'],
    [6, 'Uncommon', 'green'],
    [5, 'Uncommon', 'green'],
    [4, 'Common', 'yellow'],
    [3, 'Common', 'yellow'],
    [2, 'Basic', 'grey'],
    [undefined, 'Basic', 'grey'],
  ])('level %p is %s (%s)', (level, name, colour) => {
    expect(tierFor(level)).toMatchObject({ name, colour });
  });
});

describe('search', () => {
  it('matches athletes on name, school or sport, case-insensitively', () => {
    expect(searchAthletes(SAMPLE_ATHLETES, 'marcus').map((a) => a.id)).toEqual([1]);
    expect(searchAthletes(SAMPLE_ATHLETES, 'DRIFT TECH').every((a) => a.schoolId === 3)).toBe(true);
    expect(searchAthletes(SAMPLE_ATHLETES, 'fishing').map((a) => a.id)).toEqual([11, 14]);
    expect(searchAthletes(SAMPLE_ATHLETES, 'Track & Field').map((a) => a.id)).toEqual([10, 13]);
    expect(searchAthletes(SAMPLE_ATHLETES, '  ')).toHaveLength(15);
  });

  it('matches schools on name only', () => {
    expect(searchSchools(SCHOOLS, 'tech').map((s) => s.id)).toEqual([3]);
    expect(searchSchools(SCHOOLS, 'football')).toEqual([]);
  });

  it('matches collective athletes on name, sport or position', () => {
    expect(searchCollectiveAthletes(SAMPLE_ATHLETES, 'quarterback').map((a) => a.id)).toEqual([1]);
    expect(searchCollectiveAthletes(SAMPLE_ATHLETES, 'drift state')).toEqual([]);
  });

  it('matches the roster on name or jersey number and sorts by number', () => {
    expect(searchRoster(SAMPLE_ATHLETES, '22').map((a) => a.id)).toEqual([4]);
    const sorted = [...SAMPLE_ATHLETES].sort(compareRoster).map((a) => Number(a.number));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  });
});

describe('yearMonthOf', () => {
  it('buckets by UTC year and month', () => {
    expect(yearMonthOf('2026-01-31T23:30:00-05:00')).toBe('2026-02');
    expect(yearMonthOf('2025-03-01T00:00:00Z')).toBe('2025-03');
  });
});
