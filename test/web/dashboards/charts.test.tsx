// Dashboard charts: continuous month axes (missing months are zeros), the series of Monthly
// Earnings told apart by more than colour, the legend and screen-reader table, and drawings that
// wait until their frame comes near the viewport.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OverviewSection } from '@/features/collective-panel/components/overview-section';
import { continuousMonths, monthRange } from '@/components/charts/months';
import { compactUsd, yTop } from '@/components/charts/line-chart-impl';
import { collectiveStats, members } from './fixtures';
import { renderRoute, settled, fakeApi } from '../harness';

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
  it('shows every month from the first with figures to this one, with zeros for the quiet ones, all three series under All', async () => {
    const stats = collectiveStats();
    stats.monthly = [
      { month: '2026-01', totalCents: 1000, athleteCents: 970, donationsCents: 0 },
      { month: '2026-04', totalCents: 5000, athleteCents: 0, donationsCents: 5000 },
    ];
    fakeApi({}); // /config.json: none, the open demo
    const { container } = renderRoute(<OverviewSection stats={stats} members={members()} />);
    // All time, and the spec's three series together.
    fireEvent.click(within(screen.getByRole('group', { name: 'Monthly Earnings: time range' })).getByRole('radio', { name: 'All' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('radio', { name: 'All' }));
    const table = screen.getByRole('table', { name: 'Monthly Earnings' });
    const current = new Date().toISOString().slice(0, 7);
    const months = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(months.slice(0, 4)).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026']);
    expect(months).toHaveLength(monthRange('2026-01', current).length);
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
    // jsdom has no IntersectionObserver, so both drawings load (lazily) at once: the test ends once
    // they are drawn and the runtime config is read, not with React still working after it.
    await waitFor(() => expect(container.querySelectorAll('.dash-chart svg').length).toBeGreaterThanOrEqual(2));
    await settled();
  });

  it('keeps donations off the sales axis: card sales show the athletes\u2019 97%, donations their own chart', async () => {
    const stats = collectiveStats();
    stats.monthly = [{ month: new Date().toISOString().slice(0, 7), totalCents: 501_200, athleteCents: 1_164, donationsCents: 500_000 }];
    fakeApi({});
    renderRoute(<OverviewSection stats={stats} members={members()} />);
    const table = () => screen.getByRole('table', { name: 'Monthly Earnings' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Athlete']);
    expect(within(table()).getAllByRole('row').at(-1)).toHaveTextContent('$11.64');
    fireEvent.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('radio', { name: 'Donations' }));
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Collective Donations']);
    expect(within(table()).getAllByRole('row').at(-1)).toHaveTextContent('$5,000.00');
    await settled();
  });

  it('reads the last 7 days by day when 7 days is chosen, a bucket per UTC day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const api = fakeApi({
      'GET /api/collectives/1/daily?days=7': {
        body: { collectiveId: 1, from: today, to: today, complete: true, days: [{ date: today, revenueCents: 600, athleteCents: 582, donationsCents: 2500 }] },
      },
    });
    renderRoute(<OverviewSection stats={collectiveStats()} members={members()} />);
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    const table = await screen.findByRole('table', { name: 'Daily Earnings' });
    const rows = within(table).getAllByRole('rowheader');
    expect(rows).toHaveLength(7);
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('$5.82');
    expect(api.calls.some((c) => c.url === '/api/collectives/1/daily?days=7')).toBe(true);
    expect(screen.getByText(/The last 7 days, by day \(UTC\)/)).toBeInTheDocument();
    await settled();
  });
});

describe('charts drawn when they come near the viewport', () => {
  /** A stand-in IntersectionObserver the test drives: `show(el)` reports el as intersecting. */
  class FakeObserver {
    static all: FakeObserver[] = [];
    observed: Element[] = [];
    constructor(readonly callback: IntersectionObserverCallback) {
      FakeObserver.all.push(this);
    }
    observe(el: Element) {
      this.observed.push(el);
    }
    disconnect() {
      this.observed = [];
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
    static show(el: Element) {
      for (const o of FakeObserver.all.filter((x) => x.observed.includes(el)))
        o.callback([{ target: el, isIntersecting: true } as unknown as IntersectionObserverEntry], o as unknown as IntersectionObserver);
    }
  }
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    FakeObserver.all = [];
    (globalThis as { IntersectionObserver: unknown }).IntersectionObserver = FakeObserver;
  });
  afterEach(() => {
    (globalThis as { IntersectionObserver: unknown }).IntersectionObserver = original;
  });

  const drawing = (title: string) => screen.queryByRole('img', { name: `${title} (chart; the figures are also in the table that follows)` });

  it('keeps the frames empty (no Victory) until each is scrolled near, then draws that chart only', async () => {
    const { container } = renderRoute(<OverviewSection stats={collectiveStats()} members={members()} />);
    const [lineFrame, doughnutFrame] = [...container.querySelectorAll('.dash-chart-frame')];
    expect(lineFrame).toHaveClass('dash-chart-frame-line');
    expect(doughnutFrame).toHaveClass('dash-chart-frame-doughnut');
    // The legends and the screen-reader tables do not wait.
    expect(screen.getByRole('table', { name: 'Monthly Earnings' })).toBeInTheDocument();
    expect(screen.getByText('Marcus Reed: $39.77')).toBeInTheDocument();
    expect(lineFrame).toBeEmptyDOMElement();
    expect(doughnutFrame).toBeEmptyDOMElement();

    act(() => FakeObserver.show(lineFrame));
    expect(await screen.findByRole('img', { name: /^Monthly Earnings \(chart/ })).toBeInTheDocument();
    await waitFor(() => expect(lineFrame.querySelector('.dash-line-chart svg')).not.toBeNull());
    expect(drawing('Earnings per Athlete')).toBeNull();
    expect(doughnutFrame).toBeEmptyDOMElement();

    act(() => FakeObserver.show(doughnutFrame));
    await waitFor(() => expect(doughnutFrame.querySelector('svg.dash-doughnut-svg')).not.toBeNull());
  });

  it('shows the titles, the line legend and the empty frames while the figures load', () => {
    const { container } = renderRoute(<OverviewSection />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading stats...');
    for (const title of ['Monthly Earnings', 'Earnings per Athlete']) expect(screen.getByText(title).closest('figure')).toHaveAttribute('aria-busy', 'true');
    // The default view, card sales: the athletes' 97%.
    expect([...container.querySelectorAll('.dash-legend li')].map((li) => li.textContent)).toEqual(['Athlete']);
    expect(container.querySelectorAll('.dash-chart-frame')).toHaveLength(2);
    // Nothing to draw yet: even a frame in view stays empty.
    act(() => container.querySelectorAll('.dash-chart-frame').forEach((f) => FakeObserver.show(f)));
    expect(drawing('Monthly Earnings')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Unattributed Sales' })).toBeInTheDocument();
  });
});
