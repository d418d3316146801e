// The web app's date rule (lib/dates.ts): UTC calendar dates, as the API's month buckets.
import { render, screen } from '@testing-library/react';
import { DateText } from '@/components/date-text';
import { formatDate, formatDateTime, utcYear } from '@/lib/dates';

describe('dates', () => {
  it('shows the UTC calendar date, so a late-evening order stays in its UTC month', () => {
    // 23:30 UTC on 31 March is already 1 April east of UTC and still 31 March everywhere west of it.
    expect(formatDate('2026-03-31T23:30:00Z')).toBe('Mar 31, 2026');
    expect(formatDate('2026-04-01T00:30:00+02:00')).toBe('Mar 31, 2026');
  });

  it('gives the exact moment in UTC with the zone named', () => {
    expect(formatDateTime('2026-03-03T14:05:09Z')).toBe('Mar 3, 2026, 14:05 UTC');
  });

  it('leaves an unreadable value as it came', () => {
    expect(formatDate('soon')).toBe('soon');
  });

  it('renders a <time> with the ISO value and the UTC time on hover', () => {
    render(<DateText iso="2026-11-02T08:00:00Z" suffix=" · edited" />);
    const time = screen.getByText('Nov 2, 2026 · edited');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-11-02T08:00:00Z');
    expect(time).toHaveAttribute('title', 'Nov 2, 2026, 08:00 UTC');
  });

  it('counts the year in UTC', () => {
    expect(utcYear(new Date('2026-12-31T23:59:00-05:00'))).toBe(2027);
  });
});
