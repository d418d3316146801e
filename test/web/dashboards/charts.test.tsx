// Dashboard charts: continuous month axes (missing months are zeros), the series of Monthly
// Earnings told apart by more than colour, and the legend and screen-reader table.
import { screen, within } from '@testing-library/react';
import { OverviewSection } from '@/features/collective-panel/components/overview-section';
import { continuousMonths, monthRange } from '@/components/charts/months';
import { compactUsd, yTop } from '@/components/charts/line-chart-impl';
import { collectiveStats, members } from './fixtures';
import { renderRoute } from './helpers';

describe('month axes', () => {
  it('lists every month between two months, across a year end', () => {
    expect(monthRange('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthRange('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthRange('2026-04', '2026-03')).toEqual([]);
  });

  it('fills the months without activity with zeros, in order', () => {
    const rows = [
      { month: '2026-06', amountCents: 500 },
      { month: '2026-02', amountCents: 100 },
      { month: '2026-04', amountCents: 300 },
    ];
    expect(continuousMonths(rows, (month) => ({ month, amountCents: 0 }))).toEqual([
      { month: '2026-02', amountCents: 100 },
      { month: '2026-03', amountCents: 0 },
      { month: '2026-04', amountCents: 300 },
      { month: '2026-05', amountCents: 0 },
      { month: '2026-06', amountCents: 500 },
    ]);
    expect(continuousMonths([], (month) => ({ month }))).toEqual([]);
  });
});

describe('line chart scale', () => {
  it('starts at zero with headroom above the highest value', () => {
    expect(yTop([{ name: 'a', color: '#fff', values: [380_000, 470_000] }])).toBeCloseTo(5170);
    expect(yTop([{ name: 'a', color: '#fff', values: [0, 0] }])).toBe(10);
    expect(compactUsd(0)).toBe('$0');
    expect(compactUsd(3800)).toBe('$3.8k');
    expect(compactUsd(250)).toBe('$250');
  });
});

describe('Monthly Earnings on the collective overview', () => {
  it('shows every month from the first to the last, with zeros for the quiet ones', () => {
    const stats = collectiveStats();
    stats.monthly = [
      { month: '2026-01', totalCents: 1000, athleteCents: 970, donationsCents: 0 },
      { month: '2026-04', totalCents: 5000, athleteCents: 0, donationsCents: 5000 },
    ];
    renderRoute(<OverviewSection stats={stats} members={members()} />);
    const table = screen.getByRole('table', { name: 'Monthly Earnings' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026']);
    const feb = within(table).getAllByRole('row')[2];
    expect(
      within(feb)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$0.00', '$0.00', '$0.00']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Total', 'Athlete', 'Collective Donations']);
  });
});
