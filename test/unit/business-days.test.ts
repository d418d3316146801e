import { addBusinessDays, businessDaysAfterInstant, complianceDate, federalHolidays, isBusinessDay } from '../../shared/platform/business-days';

describe('federal holidays as observed', () => {
  it('lists 2026 (OPM: 4 July on a Saturday is observed Friday 3 July)', () => {
    expect(federalHolidays(2026).map((h) => h.observed)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('lists 2027 (Juneteenth and Christmas on Saturdays, 4 July on a Sunday)', () => {
    expect(federalHolidays(2027).map((h) => h.observed)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
      '2027-12-24',
    ]);
  });

  it('observes New Year 2028 (a Saturday) on Friday 31 December 2027', () => {
    expect(federalHolidays(2028)[0]).toEqual({ name: "New Year's Day", date: '2028-01-01', observed: '2027-12-31' });
    expect(isBusinessDay('2027-12-31')).toBe(false);
    expect(isBusinessDay('2027-12-30')).toBe(true);
  });

  it('has no Juneteenth before 2021', () => {
    expect(federalHolidays(2020).some((h) => h.name.startsWith('Juneteenth'))).toBe(false);
    expect(isBusinessDay('2020-06-19')).toBe(true);
  });
});

describe('business days', () => {
  it('skips weekends', () => {
    expect(addBusinessDays('2026-03-06', 5)).toBe('2026-03-13'); // Friday -> next Friday
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-09'); // Saturday -> Monday
    expect(addBusinessDays('2026-03-09', 0)).toBe('2026-03-09');
  });

  it('skips observed holidays: Thanksgiving week', () => {
    // Monday 23 November 2026: Tue 24, Wed 25, (Thu 26 Thanksgiving), Fri 27, Mon 30, Tue 1 December.
    expect(addBusinessDays('2026-11-23', 5)).toBe('2026-12-01');
    // Across Christmas and New Year 2027/2028 (both observed on Fridays).
    expect(addBusinessDays('2027-12-22', 5)).toBe('2027-12-30'); // Fri 24 skipped
    expect(addBusinessDays('2027-12-27', 5)).toBe('2028-01-04'); // Fri 31 skipped
  });

  it('counts the day in US Eastern time, not UTC', () => {
    expect(complianceDate('2026-03-10T02:00:00.000Z')).toBe('2026-03-09'); // Monday evening in New York
    expect(complianceDate('2026-07-01T12:00:00.000Z')).toBe('2026-07-01');
    expect(complianceDate('2026-07-01')).toBe('2026-07-01'); // a date is a date
    expect(businessDaysAfterInstant('2026-03-10T02:00:00.000Z', 5)).toBe('2026-03-16');
    expect(businessDaysAfterInstant('2026-03-10T12:00:00.000Z', 5)).toBe('2026-03-17');
  });

  it('refuses what is not a date or a count', () => {
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-02-10', -1)).toThrow(RangeError);
    expect(() => complianceDate('yesterday')).toThrow(RangeError);
  });
});
