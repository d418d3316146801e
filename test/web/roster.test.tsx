// Sport roster and school pages: sorting, search by name or jersey, position filter, count, empty state, redirects.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Athlete } from '@shared/catalog-types';
import { SAMPLE_ATHLETES } from '@shared/seed-data';
import { filterRoster, positionsOf, sportRoster } from '@/features/schools/components/roster-filter';
import { mockApi, renderRoute } from './render-app';

function rowNames(): string[] {
  const list = screen.getByRole('list', { name: /roster/ });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('strong')!.textContent ?? '');
}

describe('roster rules', () => {
  const make = (id: number, name: string, number: string, position = 'Guard'): Athlete => ({ ...SAMPLE_ATHLETES[0], id, name, number, position });

  it('sorts by jersey number, then athletes without a number by name', () => {
    const roster = [make(1, 'Zed', '12'), make(2, 'Amy', ''), make(3, 'Bob', '3'), make(4, 'Al', '')];
    expect(filterRoster(roster, '', 'All Positions').map((a) => a.name)).toEqual(['Bob', 'Zed', 'Al', 'Amy']);
  });

  it('matches name case-insensitively or jersey number as a substring', () => {
    const roster = [make(1, 'Marcus Reed', '7'), make(2, 'Tyler Vance', '11'), make(3, 'Nate', '17')];
    expect(filterRoster(roster, 'REED', 'All Positions').map((a) => a.id)).toEqual([1]);
    expect(filterRoster(roster, '7', 'All Positions').map((a) => a.id)).toEqual([1, 3]);
  });

  it('lists the distinct positions of a sport at a school', () => {
    const football = sportRoster(SAMPLE_ATHLETES, 2, 'Football');
    expect(football.map((a) => a.name)).toEqual(['Marcus Reed', 'Tyler Vance']);
    expect(positionsOf(football)).toEqual(['Quarterback', 'Wide Receiver']);
  });
});

describe('sport roster route', () => {
  beforeEach(() => {
    mockApi();
  });

  it('shows the list view by default, sorted by jersey, with the count', async () => {
    renderRoute('/school/2/sport/Football');
    expect(await screen.findByRole('link', { name: '← Back to Drift State University' })).toHaveAttribute('href', '/school/2');
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
    expect(screen.getByText('1 Athlete(s)')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Tyler Vance']);
    await user.type(screen.getByLabelText('Search roster'), 'reed');
    expect(screen.getByText('No athletes match your filters')).toBeInTheDocument();
    expect(screen.getByText('0 Athlete(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(screen.getByText('2 Athlete(s)')).toBeInTheDocument();
    expect(screen.getByLabelText('Search roster')).toHaveValue('');
    await user.type(screen.getByLabelText('Search roster'), '11');
    expect(rowNames()).toEqual(['Tyler Vance']);
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
  beforeEach(() => {
    mockApi();
  });

  it('shows a roster per sport with View Team Roster and View More/View Less, and the merch', async () => {
    const user = userEvent.setup();
    renderRoute('/school/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drift Tech' })).toBeInTheDocument();
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
