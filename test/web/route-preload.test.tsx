// A deep link's first data: each route preloads the entity its path names (its own API URL built from
// the path's params), never the whole catalog; routes whose data depends on the query string or is
// paginated preload none.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { preloadRoute } from '@/app/route-screens';
import { AppRoutes } from '@/app/router';
import { fillPath } from '@/lib/lazy-screen';
import { entityApi } from './entity-api';
import { requestedPaths, fakeApi } from './harness';

jest.setTimeout(20_000);

describe('fillPath', () => {
  it("puts the route's params into a template, encoded as the screens' keys are", () => {
    expect(fillPath('/athletes/:id', { id: '7' })).toBe('/athletes/7');
    expect(fillPath('/schools/:id/sports/:sport', { id: '2', sport: 'Track and Field' })).toBe('/schools/2/sports/Track%20and%20Field');
    expect(fillPath('/featured', {})).toBe('/featured');
  });

  it('gives nothing when a param is missing', () => {
    expect(fillPath('/athletes/:athleteId', { id: '7' })).toBeNull();
  });
});

describe('preloadRoute', () => {
  it.each([
    ['/athlete/1', ['/api/athletes/1']],
    ['/athlete/1/card/2', ['/api/athletes/1']],
    ['/athlete-media/3', ['/api/athletes/3']],
    ['/school/2', ['/api/schools/2']],
    ['/demo', ['/api/featured']],
    ['/search', []],
    ['/school/2/sport/Football', []],
  ])('%s reads %j first', async (path, expected) => {
    const fetch = fakeApi(entityApi());
    await preloadRoute(path, { withData: true });
    expect(requestedPaths(fetch).filter((p) => p.startsWith('/api/'))).toEqual(expected);
  });

  it('reads nothing for a prerendered page (it hydrates without data)', async () => {
    const fetch = fakeApi(entityApi());
    await preloadRoute('/demo', { withData: false });
    expect(requestedPaths(fetch)).toEqual([]);
  });

  it.each([
    ['/athlete/999', ['/api/athletes/999']],
    ['/athlete-media/999', ['/api/athletes/999', '/api/athletes/999/posts']],
  ])('reads an unknown athlete once on a deep link to %s, then redirects home', async (path, expected) => {
    const fetch = fakeApi(entityApi());
    await preloadRoute(path, { withData: true });
    render(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Let Your Fans Elevate Your Program' }, { timeout: 10_000 })).toBeInTheDocument();
    // The screen's hook takes the prime's 404 instead of asking again (home, the storefront, reads its own cards).
    expect(
      requestedPaths(fetch)
        .filter((p) => p.startsWith('/api/') && p !== '/api/storefront')
        .sort(),
    ).toEqual(expected);
  });

  it('renders a primed deep link from the cache, without asking again', async () => {
    const fetch = fakeApi(entityApi());
    await preloadRoute('/athlete/2', { withData: true });
    expect(requestedPaths(fetch)).toEqual(['/api/athletes/2']);
    // The app's own (default) SWR cache, as main.tsx renders it: the screen reads the key the route primed.
    render(
      <MemoryRouter initialEntries={['/athlete/2']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: /Jalen Brooks/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(requestedPaths(fetch).filter((p) => p === '/api/athletes/2')).toHaveLength(1);
  });
});
