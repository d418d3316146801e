// Sport roster and school pages (GET /api/schools/{id}, .../sports/{sport}/athletes): server-side search by
// name or jersey (debounced), the position filter's options from the answer, count, Load more, empty state, redirects.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAMPLE_ATHLETES, SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import { entityApi } from './entity-api';
import { requestedPaths, fakeApi, renderRoute } from './harness';

jest.setTimeout(20_000);

function rowNames(): string[] {
  const list = screen.getByRole('list', { name: /roster/ });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('strong')!.textContent ?? '');
}

describe('sport roster route', () => {
  let fetch: jest.Mock;
  beforeEach(() => {
    fetch = fakeApi(entityApi());
  });

  afterEach(() => {
    expect(requestedPaths(fetch).filter((p) => p.startsWith('/api/catalog'))).toEqual([]);
  });

  it('shows the list view by default, sorted by jersey, with the count', async () => {
    renderRoute('/school/2/sport/Football');
    expect(await screen.findByRole('link', { name: '← Back to Drift State University' }, { timeout: 10_000 })).toHaveAttribute('href', '/school/2');
    expect(screen.getByText('2 Athlete(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(rowNames()).toEqual(['Marcus Reed', 'Tyler Vance']);
  });

  it('filters by position and search, shows the empty state and resets', async () => {
    const user = userEvent.setup();
    renderRoute('/school/2/sport/Football');
    const position = await screen.findByLabelText('Position');
    expect(
      within(position)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Positions', 'Quarterback', 'Wide Receiver']);
    await user.selectOptions(position, 'Wide Receiver');
    expect(await screen.findByText('1 Athlete(s)')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Tyler Vance']);
    await user.type(screen.getByLabelText('Search roster'), 'reed');
    expect(await screen.findByText('No athletes match your filters')).toBeInTheDocument();
    expect(screen.getByText('0 Athlete(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(await screen.findByText('2 Athlete(s)')).toBeInTheDocument();
    expect(screen.getByLabelText('Search roster')).toHaveValue('');
    await user.type(screen.getByLabelText('Search roster'), '11');
    await waitFor(() => expect(rowNames()).toEqual(['Tyler Vance']));
    // The filters run on the server; typing asked once, after the pause, not per keystroke.
    const paths = requestedPaths(fetch).filter((p) => p.startsWith('/api/schools/2/sports/Football/athletes'));
    expect(paths).toContain('/api/schools/2/sports/Football/athletes?position=Wide+Receiver&limit=24');
    expect(paths).toContain('/api/schools/2/sports/Football/athletes?position=Wide+Receiver&query=reed&limit=24');
    expect(paths.filter((p) => /query=re(&|$)/.test(p))).toEqual([]);
    expect(paths).toContain('/api/schools/2/sports/Football/athletes?query=11&limit=24');
  });

  it('loads the roster a page at a time with Load more', async () => {
    // A big roster: 30 more Football players at Drift State.
    const extra = Array.from({ length: 30 }, (_, i) => ({
      ...SAMPLE_ATHLETES[0],
      id: 100 + i,
      name: `Player ${String(i).padStart(2, '0')}`,
      number: String(20 + i),
    }));
    fetch = fakeApi(entityApi({ catalog: { ...SAMPLE_CATALOG, athletes: [...SAMPLE_CATALOG.athletes, ...extra] } }));
    const user = userEvent.setup();
    renderRoute('/school/2/sport/Football');
    expect(await screen.findByText('32 Athlete(s)', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(rowNames()).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowNames()).toHaveLength(32));
    expect(rowNames().slice(0, 3)).toEqual(['Marcus Reed', 'Tyler Vance', 'Player 00']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // A filtered count is known once every page is here: before that it says there are more.
    await user.type(screen.getByLabelText('Search roster'), 'Player');
    expect(await screen.findByText('24+ Athlete(s)')).toBeInTheDocument();
  });

  it('shows the error with Try Again when the roster fails, then the roster', async () => {
    let fail = true;
    const api = entityApi();
    fakeApi((path, init) => (fail ? { status: 503, body: { error: { code: 'unavailable', message: 'x' } } } : api(path, init)));
    const user = userEvent.setup();
    renderRoute('/school/2/sport/Football');
    expect(await screen.findByText('Failed to load the roster. Please try again later.', {}, { timeout: 10_000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('2 Athlete(s)')).toBeInTheDocument();
  });

  it('switches to the grid view', async () => {
    const user = userEvent.setup();
    renderRoute('/school/2/sport/Football');
    await user.click(await screen.findByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('article', { name: 'Marcus Reed' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /roster/ })).not.toBeInTheDocument();
  });

  it('redirects an unknown school to / and a sport without athletes to the school page', async () => {
    const first = renderRoute('/school/99/sport/Football');
    await waitFor(() => expect(first.location().pathname).toBe('/'));
    first.unmount();
    const second = renderRoute('/school/2/sport/Baseball');
    await waitFor(() => expect(second.location().pathname).toBe('/school/2'));
  });
});

describe('school route', () => {
  let fetch: jest.Mock;
  beforeEach(() => {
    fetch = fakeApi(entityApi());
  });

  it('shows a roster per sport with View Team Roster and View More/View Less, and the merch', async () => {
    const user = userEvent.setup();
    renderRoute('/school/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drift Tech' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(requestedPaths(fetch)).toEqual(['/api/schools/3']);
    const football = screen.getByRole('region', { name: 'Football' });
    expect(within(football).getByRole('link', { name: 'View Team Roster' })).toHaveAttribute('href', '/school/3/sport/Football');
    await user.click(within(football).getByRole('button', { name: 'View More' }));
    expect(within(football).getByRole('button', { name: 'View Less' })).toHaveAttribute('aria-expanded', 'true');
    const merch = screen.getAllByRole('region', { name: 'School Merch' })[0];
    expect(within(merch).getByText('School Hat')).toBeInTheDocument();
    expect(within(merch).getByText('$60.00')).toBeInTheDocument();
  });

  it('redirects an unknown school to /', async () => {
    const { location } = renderRoute('/school/1');
    await waitFor(() => expect(location().pathname).toBe('/'));
  });
});
