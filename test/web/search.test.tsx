// Search page (GET /api/search): quick filters, URL sync, Athletes and Schools sections only when
// non-empty, counts, Load more per list.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAMPLE_ATHLETES, SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import { entityApi } from './entity-api';
import { requestedPaths, fakeApi, renderRoute } from './harness';

jest.setTimeout(20_000);

describe('search route', () => {
  let fetch: jest.Mock;
  beforeEach(() => {
    fetch = fakeApi(entityApi());
  });

  it('reads the query from the URL and shows both sections for a school name', async () => {
    renderRoute('/demo/search?query=drift%20tech');
    expect(await screen.findByRole('heading', { name: 'Search Athletes & Teams' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Schools' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Athletes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View School Drift Tech' })).toHaveAttribute('href', '/school/3');
    expect(screen.getByRole('link', { name: 'View Profile of Andre Coleman' })).toHaveAttribute('href', '/athlete/4');
    expect(requestedPaths(fetch)).toEqual(['/api/search?query=drift+tech&limit=24']);
  });

  it('keeps the URL in sync with typing and hides the empty Schools section', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/search');
    const box = await screen.findByPlaceholderText('Search by name, school, or sport...');
    await user.type(box, 'reed');
    await waitFor(() => expect(router.state.location.search).toBe('?query=reed'));
    // The results of the empty query stay until the typed one's arrive.
    expect(await screen.findByText('1 athlete and 0 schools')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Marcus Reed' })).toBeInTheDocument();
    // One request once typing paused, not one per keystroke.
    expect(requestedPaths(fetch).filter((p) => /query=(r|re|ree)&/.test(p))).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Schools' })).not.toBeInTheDocument();
  });

  it('applies a quick filter, matching Track & Field to Track and Field athletes', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/demo/search');
    await user.click(await screen.findByRole('button', { name: 'Track & Field' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=Track+%26+Field'));
    expect(screen.getByRole('button', { name: 'Track & Field' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Marcus Reed' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Avery Collins' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Riley Chen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Basketball' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=Basketball'));
    expect(await screen.findByRole('article', { name: 'Jalen Brooks' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Avery Collins' })).not.toBeInTheDocument());
  });

  it("offers the spec's four quick filters always (Baseball with no athlete too), then the catalog's other sports, never an empty one", async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/search');
    const filters = await screen.findByRole('group', { name: 'Quick filters' });
    await waitFor(() =>
      expect(
        within(filters)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Football', 'Basketball', 'Baseball', 'Track & Field', 'Fishing']),
    );
    expect(within(filters).queryByLabelText('More sports')).not.toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Baseball' }));
    await waitFor(() => expect(router.state.location.search).toBe('?query=Baseball'));
    expect(await screen.findByText('No athletes or schools match "Baseball".')).toBeInTheDocument();
  });

  it("shows the spec's four quick filters while the search is still loading", async () => {
    fakeApi(() => new Promise(() => undefined));
    renderRoute('/search');
    const filters = screen.getByRole('group', { name: 'Quick filters' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Football', 'Basketball', 'Baseball', 'Track & Field']);
  });

  it('puts the sports beyond eight buttons in a More sports select that searches the chosen one', async () => {
    const sports = ['Soccer', 'Softball', 'Volleyball', 'Lacrosse', 'Swimming and Diving', 'Golf', 'Tennis'];
    const extra = sports.map((sport, i) => ({ ...SAMPLE_ATHLETES[0], id: 300 + i, name: `Extra Player ${i}`, sport }));
    fakeApi(entityApi({ catalog: { ...SAMPLE_CATALOG, athletes: [...SAMPLE_CATALOG.athletes, ...extra] } }));
    const user = userEvent.setup();
    const { router } = renderRoute('/search');
    const filters = await screen.findByRole('group', { name: 'Quick filters' });
    expect(within(filters).getAllByRole('button')).toHaveLength(8);
    const more = within(filters).getByLabelText('More sports');
    const options = within(more)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('More sports');
    expect(options).toContain('Swimming & Diving (1)');
    await user.selectOptions(more, 'Swimming and Diving');
    await waitFor(() => expect(router.state.location.search).toBe('?query=Swimming+%26+Diving'));
    expect(await screen.findByRole('article', { name: 'Extra Player 4' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Quick filters' })).getByLabelText('More sports')).toHaveValue('Swimming and Diving');
  });

  it('shows neither section when nothing matches', async () => {
    renderRoute('/search?query=zzzz');
    expect(await screen.findByText('No athletes or schools match "zzzz".')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Athletes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Schools' })).not.toBeInTheDocument();
  });

  it('shows an error with retry when the search fails', async () => {
    let fail = true;
    const api = entityApi();
    fakeApi((path, init) => (fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : api(path, init)));
    const user = userEvent.setup();
    renderRoute('/search?query=reed');
    expect(await screen.findByText('Failed to search. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Marcus Reed' })).toBeInTheDocument();
  });

  it('loads more of one list with its own cursor, keeping the query', async () => {
    const extra = Array.from({ length: 30 }, (_, i) => ({ ...SAMPLE_ATHLETES[0], id: 200 + i, name: `Alex Player ${i}` }));
    fetch = fakeApi(entityApi({ catalog: { ...SAMPLE_CATALOG, athletes: [...SAMPLE_CATALOG.athletes, ...extra] } }));
    const user = userEvent.setup();
    const { router } = renderRoute('/search?query=alex');
    expect(await screen.findByText('30 athletes and 0 schools')).toBeInTheDocument();
    const athletes = screen.getByRole('region', { name: 'Athletes' });
    expect(within(athletes).getAllByRole('article')).toHaveLength(24);
    await user.click(within(athletes).getByRole('button', { name: 'Load more athletes' }));
    await waitFor(() => expect(within(athletes).getAllByRole('article')).toHaveLength(30));
    expect(within(athletes).queryByRole('button', { name: 'Load more athletes' })).not.toBeInTheDocument();
    expect(requestedPaths(fetch)).toContain(`/api/search?query=alex&type=athletes&limit=24&cursor=${encodeURIComponent(btoa('24'))}`);
    expect(router.state.location.search).toBe('?query=alex');
  });

  it('shows a failed Load more with Try Again, keeping what was loaded', async () => {
    const extra = Array.from({ length: 30 }, (_, i) => ({ ...SAMPLE_ATHLETES[0], id: 200 + i, name: `Alex Player ${i}` }));
    let failMore = true;
    const api = entityApi({ catalog: { ...SAMPLE_CATALOG, athletes: [...SAMPLE_CATALOG.athletes, ...extra] } });
    fakeApi((path, init) => (failMore && path.includes('cursor=') ? { status: 503, body: { error: { code: 'unavailable', message: 'x' } } } : api(path, init)));
    const user = userEvent.setup();
    renderRoute('/search?query=alex');
    const athletes = await screen.findByRole('region', { name: 'Athletes' });
    await user.click(within(athletes).getByRole('button', { name: 'Load more athletes' }));
    expect(await within(athletes).findByText('Failed to load more results. Please try again.')).toBeInTheDocument();
    expect(within(athletes).getAllByRole('article')).toHaveLength(24);
    failMore = false;
    await user.click(within(athletes).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(within(athletes).getAllByRole('article')).toHaveLength(30));
  });
});
