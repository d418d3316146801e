// The athlete panel's sections (issue 25 item 1): sections named for what they answer, the old
// ?tab= values opening the same content, Home's "how am I doing" (one earnings figure, what needs
// the athlete, the chart with its time ranges), Fans' "N fans own your full set" and the Overview's
// donations allocated to the athlete (not its collective's).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AthletePayoutsResponse } from '@shared/money/payouts-api';
import type { AthleteDonationsResponse } from '@shared/sales/sales-api';
import AthletePanelRoute from '@/features/athlete-panel/athlete-panel-route';
import { parseTab, sectionOf } from '@/features/athlete-panel/components/athlete-sections';
import { athleteStats, profileWithSales, saleLines } from './dashboards/fixtures';
import { fakeApi, renderRoute, settleAndSignOut, signInAs, type Routes } from './harness';

const payouts = (over: Partial<AthletePayoutsResponse> = {}): AthletePayoutsResponse => ({
  athleteId: 1,
  balanceCents: 3977,
  earnedCents: 3977,
  paidOutCents: 0,
  sentCents: 0,
  awaitingCents: 0,
  year: {
    year: 2026,
    earnedCents: 3977,
    paidCents: 0,
    w9OnFile: false,
    w9Date: null,
    form1099ThresholdCents: 200000,
    form1099Required: false,
    nil: { thresholdCents: 60000, crossedAt: null, deadline: null, reportedDate: null, reference: null },
  },
  payouts: [],
  nextPayout: null,
  payoutAccount: null,
  ...over,
});

const donations: AthleteDonationsResponse = {
  athleteId: 1,
  totalDonationsCents: 10_000,
  monthly: [{ month: '2026-11', amountCents: 10_000 }],
  donationsThisYear: 1,
  recurringThisMonth: 0,
  recent: [{ date: '2026-11-20T00:00:00.000Z', donationId: 'd-1002', amountCents: 10_000 }],
  comments: [{ donorName: 'Harbor Bank', amountCents: 5_000_000, comment: 'Go Mariners' }],
  collective: { totalDonationsCents: 5_000_000, donationsThisYear: 9, recurringThisMonth: 12 },
};

function api(over: Routes = {}) {
  return fakeApi({
    'GET /api/athletes/1': { body: profileWithSales(1) },
    'GET /api/athletes/1/cards': { body: { athlete: profileWithSales(1).athlete, cards: [], sets: [], publishMode: 'local' } },
    'GET /api/athletes/1/stats': { body: athleteStats() },
    'GET /api/athletes/1/orders': { body: { items: saleLines(2), nextCursor: null } },
    'GET /api/athletes/1/payouts': { body: payouts() },
    'GET /api/athletes/1/donations': { body: donations },
    ...over,
  });
}

const open = (tab = '') => renderRoute(<AthletePanelRoute />, { path: '/athlete', at: `/athlete${tab ? `?tab=${tab}` : ''}` });

describe('the athlete panel’s sections', () => {
  it('opens the spec’s old tabs in the section that holds them', () => {
    expect([null, 'cards', 'approvals', 'payouts', 'overview', 'comments', 'posts', 'nonsense'].map((t) => sectionOf(parseTab(t)))).toEqual([
      'home',
      'cards',
      'cards',
      'earnings',
      'earnings',
      'fans',
      'posts',
      'home',
    ]);
  });
});

describe('Home', () => {
  beforeEach(() => signInAs('athlete', 1));
  afterEach(settleAndSignOut);

  it('answers how the athlete is doing first: one earnings figure, what needs them, the chart and the recent orders', async () => {
    api();
    open();
    expect(await screen.findByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(expect.arrayContaining(['Home', 'Cards & approvals', 'Earnings', 'Fans', 'Posts']));
    const tiles = within(await screen.findByLabelText('Sales dashboard'));
    expect(tiles.getByText('Your earnings')).toBeInTheDocument();
    expect(tiles.getByText('$39.77')).toBeInTheDocument();
    // The athlete has no payout account yet: Home says so, with the way there.
    const needs = screen.getByRole('region', { name: 'Needs you' });
    fireEvent.click(within(needs).getByRole('button', { name: 'Link payout account' }));
    expect(await screen.findByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Earnings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('reads the last 7 days by day for the chart when 7 days is chosen, and shows cards sold as counts', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const stub = api({
      'GET /api/athletes/1/daily?days=7': {
        body: { athleteId: 1, from: today, to: today, complete: true, days: [{ date: today, cardsSold: 3, revenueCents: 900 }] },
      },
    });
    open();
    fireEvent.click(await screen.findByRole('radio', { name: '7 days' }));
    const table = await screen.findByRole('table', { name: 'Daily sales and earnings' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(7);
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('$8.73'); // 97% of $9.00
    fireEvent.click(screen.getByRole('radio', { name: 'Cards sold' }));
    expect(
      within(screen.getByRole('table', { name: 'Daily sales and earnings' }))
        .getAllByRole('row')
        .at(-1),
    ).toHaveTextContent(/3$/);
    expect(stub.calls.some((c) => c.url === '/api/athletes/1/daily?days=7')).toBe(true);
  });

  it('says how many fans own the full set and lists the Top Fans under Fans, beside the Comments', async () => {
    api();
    open('fans');
    const fans = await screen.findByRole('region', { name: 'Top Fans' });
    expect(within(fans).getByText(/fans? owns? your full set/)).toBeInTheDocument();
    expect(within(fans).getByText('superfan')).toBeInTheDocument();
    const comments = await screen.findByRole('table', { name: 'Donor comments' });
    expect(within(comments).getByText('Go Mariners')).toBeInTheDocument();
  });

  it("shows the donations allocated to the athlete in the Overview, the collective's total only beside them", async () => {
    api();
    open('overview');
    const overview = await screen.findByRole('region', { name: 'Overview' });
    const tiles = within(overview);
    await waitFor(() => expect(tiles.getByText('$100.00')).toBeInTheDocument());
    expect(tiles.queryByText('$50,000.00', { selector: '.dash-tile-value' })).not.toBeInTheDocument();
    expect(tiles.getByText(/Your collective raised \$50,000\.00 in all/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Donations allocated to you (before activations), newest first' })).getByText('d-1002'),
    ).toBeInTheDocument();
  });
});
