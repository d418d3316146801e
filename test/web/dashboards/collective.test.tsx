// Collective panel: loading text, the five tiles, athlete search, transaction badges, settings actions and validation.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import CollectivePanelRoute from '@/features/collective-panel/collective-panel-route';
import CollectiveAthleteRoute from '@/features/collective-panel/collective-athlete-route';
import { transactionBadgeTone } from '@/components/dashboard/format';
import { formatUsd } from '@shared/platform/money';
import { profileWithSales, catalog, collectiveResponse, collectiveStats, athleteStats, members, saleLines } from './fixtures';
import { renderRoute, settled, fakeApi, type Handler, signInAs, signOut } from '../harness';

// The machine is shared: lazy sections and several reads per screen take a few seconds there
// (findBy/waitFor included: their 1 s default failed the first test under load).
jest.setTimeout(30_000);

/** The members route as the server answers it: filtered by query (name, sport or position) and sport. */
const membersRoute: Handler = (_init, url) => {
  const params = new URL(url, 'http://x').searchParams;
  const q = (params.get('query') ?? '').toLowerCase();
  const sport = params.get('sport');
  const items = members().filter((m) => (!q || [m.name, m.sport, m.position].some((v) => v.toLowerCase().includes(q))) && (!sport || m.sport === sport));
  // The first page of an unfiltered read names every sport of the members.
  const sports = !q && !sport && !params.get('cursor') ? [...new Set(members().map((m) => m.sport))].sort() : undefined;
  return { body: { items, nextCursor: null, ...(sports ? { sports } : {}) } };
};

function api(extra: Record<string, Handler | { status?: number; body?: unknown }> = {}) {
  return fakeApi({
    'GET /api/collectives/1/stats': { body: collectiveStats() },
    'GET /api/collectives/1': { body: collectiveResponse() },
    'GET /api/collectives/1/members': membersRoute,
    'GET /api/athletes/1': { body: profileWithSales(1) },
    ...extra,
  });
}

const renderPanel = (query = '') => renderRoute(<CollectivePanelRoute />, { path: '/collective', at: `/collective${query}` });

describe('collective panel', () => {
  it("shows the layout with 'Loading stats...' at once and then the five tiles from one stats request", async () => {
    const stub = api();
    renderPanel();
    expect(screen.getByText('Loading stats...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Collective Dashboard' })).toBeInTheDocument();
    // The tiles stand in their place before the figures arrive: labels, blank values.
    const tiles = within(screen.getByLabelText('Collective figures'));
    expect(tiles.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Athlete Earnings This Month',
      'Donations This Month',
      'Total Athletes',
      'Athlete Transactions',
      'Collective Donations',
    ]);
    const values = () => tiles.getAllByRole('definition').map((d) => d.querySelector('.dash-tile-value')?.textContent);
    expect(values()).toEqual(Array(5).fill('\u00a0Loading'));
    expect(screen.getByText('Monthly Earnings').closest('figure')).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(values()).toEqual(['$39.77', '$1,050.00', '5', '9', '7']));
    expect(screen.queryByText('Loading stats...')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Monthly Earnings' })).toBeInTheDocument();
    expect(screen.getByText('Mystery Card')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.url.startsWith('/api/collectives/1/stats'))).toHaveLength(1);
    expect(stub.calls.filter((c) => c.url.startsWith('/api/athletes/'))).toHaveLength(0);
    // The panel reads the collective's own routes, never the whole catalog.
    expect(stub.calls.some((c) => c.url.startsWith('/api/catalog'))).toBe(false);
  });

  it('shows the red error box when the stats fail', async () => {
    api({ 'GET /api/collectives/1/stats': { status: 500, body: { error: { code: 'internal', message: 'x' } } } });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data. Please try again later.');
    spy.mockRestore();
  });

  it("links the demo dashboard's View Details to the demo's athlete view", async () => {
    api();
    renderRoute(<CollectivePanelRoute />, { path: '/demo/collective', at: '/demo/collective?section=athletes' });
    const table = await screen.findByRole('table', { name: 'Collective athletes' });
    expect(within(table).getByRole('link', { name: 'View Details of Marcus Reed' })).toHaveAttribute('href', '/demo/collective/athlete/1');
  });

  it("shows the spec's three tiles (total athletes, total sales, total revenue in USD) and the net beside them", async () => {
    api();
    renderPanel('?section=athletes');
    const tiles = within(await screen.findByLabelText('Athlete totals'));
    expect(tiles.getAllByRole('term').map((t) => t.textContent)).toEqual(['Total Athletes', 'Total Sales', 'Total Revenue (USD)', 'Net Revenue']);
    await waitFor(() => expect(tiles.getAllByRole('definition')[2]).toHaveTextContent(/^\$[\d,]+\.\d{2}Gross: what fans paid, after discounts and refunds$/));
    const stats = collectiveStats();
    const [, , total, net] = tiles.getAllByRole('definition');
    expect(total).toHaveTextContent(formatUsd(stats.totals.revenueCents));
    expect(net).toHaveTextContent(formatUsd(stats.athletes.reduce((n, a) => n + a.earningsCents, 0)));
    expect(net).toHaveTextContent("Athletes' 97% of Total Revenue, after the 3% platform share");
  });

  it('lists only the members and searches by name, sport or position, case-insensitively', async () => {
    const stub = api();
    renderPanel('?section=athletes');
    const table = await screen.findByRole('table', { name: 'Collective athletes' });
    const names = () =>
      within(screen.getByRole('table', { name: 'Collective athletes' }))
        .getAllByRole('rowheader')
        .map((h) => h.textContent);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(5);
    expect(names().join()).not.toContain('Andre Coleman');
    // Sales: units, with the order count under them; Revenue: the gross, with the athlete's 97% (net) under it.
    const first = within(table).getByRole('row', { name: /Marcus Reed/ });
    expect(within(first).getByText('7')).toBeInTheDocument();
    expect(within(first).getByText('6 orders')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Athlete', 'Sport', 'Position', 'Cards', 'Sales', 'Revenue', 'NIL disclosure', 'Details']);
    const marcus = within(table).getByRole('row', { name: /Marcus Reed/ });
    expect(within(marcus).getByText('$41.00')).toBeInTheDocument();
    expect(within(marcus).getByText('$39.77 net')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View Details of Marcus Reed' })).toHaveAttribute('href', '/collective/athlete/1');

    const search = screen.getByPlaceholderText('Search athletes...');
    fireEvent.change(search, { target: { value: 'BASKET' } });
    await waitFor(() => expect(names()).toEqual([expect.stringContaining('Jalen Brooks')]));
    fireEvent.change(search, { target: { value: 'quarterback' } });
    await waitFor(() => expect(names()).toEqual([expect.stringContaining('Marcus Reed')]));
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No athletes found matching your search.')).toBeInTheDocument();
    // The search is the server's (the members route's query).
    expect(stub.calls.some((c) => c.url.includes('/members?') && c.url.includes('query=quarterback'))).toBe(true);
  });

  it('colours transaction badges: green Completed, yellow Processing, red otherwise', async () => {
    expect([transactionBadgeTone('Completed'), transactionBadgeTone('Processing'), transactionBadgeTone('Refunded')]).toEqual(['green', 'yellow', 'red']);
    api({
      'GET /api/collectives/1/transactions?limit=20': {
        body: {
          items: [
            {
              id: 't1',
              date: '2026-11-20T00:00:00.000Z',
              name: 'Marcus Reed',
              details: '2 collections',
              amountCents: 800,
              type: 'Athlete Transaction',
              status: 'Completed',
            },
            {
              id: 't2',
              date: '2026-11-19T00:00:00.000Z',
              name: 'Tyler Vance',
              details: '2 collections',
              amountCents: 2910,
              type: 'Payout',
              status: 'Processing',
            },
            {
              id: 't3',
              date: '2026-11-18T00:00:00.000Z',
              name: 'Jalen Brooks',
              details: '1 collections',
              amountCents: 300,
              type: 'Athlete Transaction',
              status: 'Refunded',
            },
          ],
          nextCursor: null,
        },
      },
    });
    renderPanel('?section=transactions');
    expect(await screen.findByRole('heading', { name: 'Transaction & Donation History' })).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toHaveClass('dash-badge-green');
    expect(screen.getByText('Processing')).toHaveClass('dash-badge-yellow');
    expect(screen.getByText('Refunded')).toHaveClass('dash-badge-red');
    // '{n} collections', singular for one.
    const details = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1].textContent); // Date, then Details (the name is the row's header)
    expect(details).toEqual(['2 collections', '2 collections', '1 collection']);
  });

  it('opens Settings on Athletes Management, pauses a member through the API and confirms removal', async () => {
    const stub = api({
      'PUT /api/collectives/1/athletes/2': { body: { ...catalog().athletes[1], status: 'Paused' } },
      'DELETE /api/collectives/1/athletes/3': { status: 204 },
    });
    renderPanel();
    await screen.findByText('Athlete Earnings This Month');
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('tab', { name: 'Athletes Management' }, { timeout: 5000 })).toHaveAttribute('aria-selected', 'true');

    await screen.findByRole('button', { name: 'Pause Jalen Brooks' }, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'Basketball' } });
    await waitFor(() => expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Jalen Brooks']));
    fireEvent.click(screen.getByRole('button', { name: 'Pause Jalen Brooks' }));
    expect(await screen.findByText('Jalen Brooks is now Paused.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')).toMatchObject({ url: '/api/collectives/1/athletes/2', body: { status: 'Paused' } });

    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'All' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tyler Vance' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Athlete?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Tyler Vance was removed from Mariners NIL Collective.')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'DELETE' && c.url === '/api/collectives/1/athletes/3')).toBe(true);
  });

  it("filters Athletes Management by the members' own sports (All plus each distinct sport), not the school's", async () => {
    const stub = api();
    renderPanel();
    await screen.findByText('Athlete Earnings This Month');
    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    await screen.findByRole('button', { name: 'Pause Jalen Brooks' }, { timeout: 5000 });
    const filter = screen.getByRole('combobox', { name: 'Sport' });
    // School 2 lists Football and Basketball only; its members also run track and fish.
    expect(collectiveResponse().school.sports).toEqual(['Football', 'Basketball']);
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Sports', 'Basketball', 'Fishing', 'Football', 'Track & Field']);
    fireEvent.change(filter, { target: { value: 'Track and Field' } });
    const table = await screen.findByRole('table', { name: 'Athletes management' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Athletes management' }))
          .getAllByRole('rowheader')
          .map((h) => h.textContent),
      ).toEqual([members([10])[0].name]),
    );
    expect(table).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('/members?') && c.url.includes('sport=Track+and+Field'))).toBe(true);
  });

  it('validates Add Athlete Profile inline and shows the server field errors', async () => {
    const stub = api({
      'POST /api/collectives/1/athletes': {
        status: 400,
        body: { error: { code: 'validation', message: 'Invalid name', fields: { name: 'Name must be at most 80 characters' } } },
      },
    });
    renderPanel('?section=settings');
    await screen.findByRole('tablist', { name: 'Settings' }, { timeout: 5000 });
    await screen.findByRole('button', { name: 'Pause Jalen Brooks' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Add Athlete Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Athlete' }));
    expect(screen.getByLabelText('Athlete Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Player number is required')).toBeInTheDocument();
    expect(screen.getByText('PNG, JPG, GIF up to 10MB')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);

    const file = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Profile Image'), { target: { files: [file] } });
    expect(screen.getByText('Only PNG, JPG or GIF images can be uploaded')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByLabelText('Profile Image'), { target: { files: [big] } });
    expect(screen.getByText('The image must be 10MB or smaller')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Profile Image'), { target: { files: [] } });
    fireEvent.change(screen.getByLabelText('Athlete Name'), { target: { value: 'Zoe Park' } });
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'Soccer' } });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'Forward' } });
    fireEvent.change(screen.getByLabelText('Player Number'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Athlete' }));
    expect(await screen.findByText('Name must be at most 80 characters')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Zoe Park', sport: 'Soccer', position: 'Forward', number: '9' });
  });

  it('saves school colours and rejects a malformed colour', async () => {
    const stub = api({
      'PUT /api/schools/2/colors': { body: { ...catalog().schools[0], colors: { primary: '#112233', secondary: '#FFFFFF', accent: '#000000' } } },
    });
    renderPanel('?section=settings');
    await screen.findByRole('tablist', { name: 'Settings' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('tab', { name: 'School Colors' }));
    const primary = screen.getByLabelText('Primary Color');
    expect(primary).toHaveValue('#C4161C');
    fireEvent.change(primary, { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Colors' }));
    expect(screen.getByText('Use a colour like #C4161C')).toBeInTheDocument();
    fireEvent.change(primary, { target: { value: '#112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Colors' }));
    expect(await screen.findByText('Colors saved for Drift State University.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ primary: '#112233', secondary: '#FFFFFF', accent: '#000000' });
  });
});

describe('collective athlete view', () => {
  it('shows the sales dashboard and up to 10 recent orders of a member', async () => {
    api({
      'GET /api/athletes/1/stats': { body: athleteStats() },
      'GET /api/athletes/1/orders?limit=10': { body: { items: saleLines(10), nextCursor: 'more' } },
    });
    renderRoute(<CollectiveAthleteRoute />, { path: '/collective/athlete/:athleteId', at: '/collective/athlete/1' });
    expect(await screen.findByRole('heading', { name: 'Marcus Reed' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Total Cards Sold')).toBeInTheDocument();
    // The spec's Total Revenue (with the average price) is the gross, what fans paid; beside it Net
    // Revenue, the athlete's 97% of it. Each says what it is.
    const tiles = within(screen.getByLabelText('Sales dashboard'));
    expect(tiles.getAllByRole('term').map((t) => t.textContent)).toEqual(['Total Cards Sold', 'Total Revenue', 'Net Revenue', 'Total Fans']);
    const [, total, net] = tiles.getAllByRole('definition');
    expect(total).toHaveTextContent('$41.00');
    expect(total).toHaveTextContent('Avg. $5.86 per card');
    expect(total).toHaveTextContent('Gross: what fans paid, after discounts and refunds');
    expect(net).toHaveTextContent('$39.77');
    expect(net).toHaveTextContent("Athlete's 97% of Total Revenue, after the 3% platform share");
  });

  it("shows 'Athlete not found' with Return to Dashboard to the demo dashboard for a signed-out visitor", async () => {
    api();
    renderRoute(<CollectiveAthleteRoute />, { path: '/collective/athlete/:athleteId', at: '/collective/athlete/4' });
    expect(await screen.findByText('Athlete not found')).toBeInTheDocument();
    // /collective would ask a signed-out visitor to sign in: a dead end.
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/demo/collective');
  });

  it('returns from the demo athlete view to the demo dashboard', async () => {
    api({ 'GET /api/athletes/1/stats': { body: athleteStats() }, 'GET /api/athletes/1/orders?limit=10': { body: { items: saleLines(2), nextCursor: null } } });
    renderRoute(<CollectiveAthleteRoute />, { path: '/demo/collective/athlete/:athleteId', at: '/demo/collective/athlete/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Marcus Reed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Return to Dashboard' })).toHaveAttribute('href', '/demo/collective?section=athletes');
  });

  it('returns the signed-in collective to its own dashboard', async () => {
    signInAs('collective', 1);
    try {
      api({
        'GET /api/athletes/1/stats': { body: athleteStats() },
        'GET /api/athletes/1/orders?limit=10': { body: { items: saleLines(2), nextCursor: null } },
      });
      renderRoute(<CollectiveAthleteRoute />, { path: '/collective/athlete/:athleteId', at: '/collective/athlete/1' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Marcus Reed' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '← Return to Dashboard' })).toHaveAttribute('href', '/collective?section=athletes');
      await settled();
    } finally {
      // The view is gone before the session is (signing out under it re-renders it outside act()).
      cleanup();
      signOut();
    }
  });

  it('shows the serials each order holds and its oversold and while-locked units', async () => {
    const [first, second] = saleLines(2);
    first.serials = [{ cardId: 1, from: 4, to: 6, editionSize: 100 }];
    second.serials = [{ cardId: 2, from: 7, to: 7, editionSize: 50 }];
    second.oversoldUnits = 1;
    second.whileLockedUnits = 2;
    api({
      'GET /api/athletes/1/stats': { body: athleteStats() },
      'GET /api/athletes/1/orders?limit=10': { body: { items: [first, second], nextCursor: null } },
    });
    renderRoute(<CollectiveAthleteRoute />, { path: '/collective/athlete/:athleteId', at: '/collective/athlete/1' });
    const table = await screen.findByRole('table', { name: "Marcus Reed's recent orders, newest first" });
    expect(within(table).getByText('#4–6 / 100')).toBeInTheDocument();
    expect(within(table).getByText('#7 / 50')).toBeInTheDocument();
    expect(within(table).getByText('1 oversold')).toBeInTheDocument();
    expect(within(table).getByText('2 while locked')).toBeInTheDocument();
  });

  it('shows the load error text when sales fail', async () => {
    api({
      'GET /api/athletes/1/stats': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
      'GET /api/athletes/1/orders?limit=10': { body: { items: [], nextCursor: null } },
    });
    renderRoute(<CollectiveAthleteRoute />, { path: '/collective/athlete/:athleteId', at: '/collective/athlete/1' });
    expect(await screen.findByText('Failed to load sales data. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument());
  });
});
