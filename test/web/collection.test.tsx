// My Collection (GET /api/me/collection) and the card purchase page (GET /api/athletes/{id}, the local
// checkout): sets with progress, serials, missing cards, the Top Fan badge, pages, local cards, errors, buying.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CollectionAthlete, CollectionCard, MeCollectionResponse } from '@shared/sales/collection-api';
import { athleteSummary } from '@shared/catalog/catalog-types';
import { SAMPLE_ATHLETES } from '@shared/catalog/seed-data';
import { PURCHASED_CARDS_KEY, type LocalCollectible } from '@/lib/purchased-cards';
import { entityApi, type EntityApiOptions } from './entity-api';
import { requestedPaths, fakeApi, renderRoute } from './harness';

jest.setTimeout(20_000);

/** An athlete of the sample catalog as the collection shows it: its season set, holding `held` (card id -> serials). */
function collected(athleteId: number, held: Record<number, Array<[number, number]>>, topFan = false, acquired: Record<number, string> = {}): CollectionAthlete {
  const athlete = SAMPLE_ATHLETES.find((a) => a.id === athleteId)!;
  const cards: CollectionCard[] = athlete.digitalcollectibles.map((c) => {
    const serials = held[c.id] ?? [];
    return {
      id: c.id,
      name: c.name,
      image: c.image,
      edition: c.edition ?? null,
      editionSize: c.editionSize ?? null,
      priceCents: c.priceCents,
      state: 'published',
      held: serials.reduce((n, [from, to]) => n + to - from + 1, 0),
      serials,
      acquiredAt: acquired[c.id] ?? null,
    };
  });
  const owned = cards.filter((c) => c.held > 0).length;
  return {
    athlete: athleteSummary(athlete),
    topFan,
    sets: [{ id: 1, name: '2026 Season', countsForTopFan: true, cards, held: owned, total: cards.length, complete: owned === cards.length }],
  };
}

const local = (id: string, extra: Partial<LocalCollectible> = {}): LocalCollectible => ({
  id,
  athleteId: 2,
  cardId: 1,
  title: 'Jalen Brooks - Card #1',
  athleteName: 'Jalen Brooks',
  image: '/images/cards/2-1.svg',
  priceCents: 300,
  purchaseMethod: 'Solana',
  purchaseDate: '2026-10-01T10:00:00.000Z',
  ...extra,
});

function api(collection: MeCollectionResponse[] | 'fail', options: EntityApiOptions = {}) {
  const fake = entityApi({ ...options, collection: collection === 'fail' ? undefined : collection });
  return fakeApi((path, init) => {
    if (collection === 'fail' && /^\/api(\/demo)?\/me\/collection/.test(path)) return { status: 500, body: { error: { code: 'internal', message: 'x' } } };
    return fake(path, init);
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('my collection', () => {
  it('shows No Cards Yet with Browse Athletes when empty', async () => {
    const fetch = api([{ items: [], nextCursor: null, latest: null }]);
    renderRoute('/mycards');
    expect(await screen.findByRole('heading', { name: 'No Cards Yet' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Athletes' })).toHaveAttribute('href', '/search');
    // Signed out: the demo buyer's twin.
    expect(requestedPaths(fetch).filter((p) => p.startsWith('/api/'))).toEqual(['/api/demo/me/collection']);
  });

  it('groups the cards by athlete and set with progress, serials and links to the missing cards', async () => {
    api([{ items: [collected(1, { 1: [[7, 7]], 2: [[3, 5]] })], nextCursor: null, latest: null }]);
    renderRoute('/demo/mycards');
    const marcus = await screen.findByRole('region', { name: 'Marcus Reed' });
    expect(within(marcus).getByRole('heading', { name: /2026 Season/ })).toHaveTextContent('2 of 3');
    const cards = within(marcus).getByRole('list', { name: '2026 Season cards' });
    expect(within(cards).getByLabelText('Serials of Marcus Reed - Card #1')).toHaveTextContent('#7 / 500');
    expect(within(cards).getByLabelText('Serials of Marcus Reed - Card #2')).toHaveTextContent('#3–5 / 100');
    expect(within(cards).getByText('×3')).toBeInTheDocument();
    // Each held card in its frame with its serial; no implementation words.
    expect(within(cards).getByRole('link', { name: 'View Marcus Reed - Card #1' })).toHaveTextContent('Serial #7 / 500');
    expect(within(cards).getByRole('link', { name: 'View Marcus Reed - Card #2' })).toHaveTextContent('Serial #3–5 / 100');
    expect(screen.queryByText(/Shopify/)).not.toBeInTheDocument();
    expect(within(cards).getByRole('link', { name: 'Missing: Marcus Reed - Card #3, open its card page' })).toHaveAttribute('href', '/athlete/1/card/3');
    expect(within(marcus).queryByText('Top Fan')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByText('2 collectibles')).toBeInTheDocument();
  });

  it('shows the Top Fan badge from the answer’s flag, never recomputed', async () => {
    // Tyler holds every card and is a Top Fan; Jalen's set is complete too, but the answer says no (not yet settled).
    api([
      {
        items: [collected(3, { 1: [[1, 1]], 2: [[2, 2]], 3: [[3, 3]] }, true), collected(2, { 1: [[4, 4]], 2: [[5, 5]], 3: [[6, 6]] }, false)],
        nextCursor: null,
        latest: null,
      },
    ]);
    renderRoute('/mycards');
    expect(await screen.findByRole('note')).toHaveTextContent('You hold the full set of Tyler Vance.');
    expect(within(screen.getByRole('region', { name: 'Tyler Vance' })).getByText('Top Fan')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Jalen Brooks' })).queryByText('Top Fan')).not.toBeInTheDocument();
  });

  it('pages through the collection with Load more (the answer’s cursor)', async () => {
    const fetch = api([
      { items: [collected(1, { 1: [[1, 1]] })], nextCursor: 'page-2', latest: null },
      { items: [collected(2, { 1: [[2, 2]] })], nextCursor: null, latest: null },
    ]);
    const user = userEvent.setup();
    renderRoute('/mycards');
    await screen.findByRole('region', { name: 'Marcus Reed' });
    expect(screen.queryByRole('region', { name: 'Jalen Brooks' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('region', { name: 'Jalen Brooks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requestedPaths(fetch)).toContain('/api/demo/me/collection?cursor=page-2');
  });

  it('lists the cards of this browser until the collection holds them; only those can be removed after confirmation', async () => {
    localStorage.setItem(PURCHASED_CARDS_KEY, JSON.stringify([local('l1'), local('l2', { orderId: 'o1', athleteId: 1, cardId: 1, title: 'dup' })]));
    api([{ items: [collected(1, { 1: [[9, 9]] })], nextCursor: null, latest: null }]);
    const user = userEvent.setup();
    renderRoute('/demo/mycards');
    await screen.findByRole('list', { name: 'My collectibles' });
    const list = screen.getByRole('list', { name: 'Cards on this device' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Jalen Brooks - Card #1')).toBeInTheDocument();
    expect(screen.queryByText('dup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove Marcus Reed/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Jalen Brooks - Card #1' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Collectible?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove Jalen Brooks - Card #1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('list', { name: 'Cards on this device' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'My collectibles' })).getByRole('region', { name: 'Marcus Reed' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PURCHASED_CARDS_KEY)!).map((e: LocalCollectible) => e.id)).toEqual(['l2']);
  });

  it('shows the load error with a retry, still listing local cards', async () => {
    localStorage.setItem(PURCHASED_CARDS_KEY, JSON.stringify([local('l1')]));
    api('fail');
    renderRoute('/mycards');
    expect(await screen.findByText('Failed to load Shopify orders. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText('Jalen Brooks - Card #1')).toBeInTheDocument();
  });

  it('shows the refresh error when a refresh fails after a load', async () => {
    let fail = false;
    const fake = entityApi({ collection: [{ items: [collected(1, { 2: [[1, 1]] })], nextCursor: null, latest: null }] });
    fakeApi((path, init) => (fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : fake(path, init)));
    const user = userEvent.setup();
    renderRoute('/mycards');
    await screen.findByText('Marcus Reed - Card #2');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh Shopify orders. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Marcus Reed - Card #2')).toBeInTheDocument();
  });
});

describe('my collection as a showcase', () => {
  it('shows the newest purchase first and highlights it', async () => {
    // Marcus (athlete 1) comes first by id, but Jalen's card was bought last.
    api([
      {
        items: [
          collected(1, { 1: [[7, 7]], 2: [[3, 3]] }, false, { 1: '2026-10-01T10:00:00.000Z', 2: '2026-10-05T10:00:00.000Z' }),
          collected(2, { 1: [[12, 12]] }, false, { 1: '2026-11-20T09:00:00.000Z' }),
        ],
        nextCursor: null,
        latest: { athleteId: 2, cardId: 1, at: '2026-11-20T09:00:00.000Z' },
      },
    ]);
    renderRoute('/demo/mycards');
    await screen.findByRole('region', { name: 'Jalen Brooks' });
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions.indexOf('collection-athlete-2')).toBeLessThan(regions.indexOf('collection-athlete-1'));
    const jalen = screen.getByRole('region', { name: 'Jalen Brooks' });
    expect(within(jalen).getByText('Newest')).toBeInTheDocument();
    expect(screen.getAllByText('Newest')).toHaveLength(1);
    // Within Marcus's set: the newer card (#2) before the older (#1), the missing one last.
    const names = within(screen.getByRole('region', { name: 'Marcus Reed' }))
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Marcus Reed - Card #2', 'Marcus Reed - Card #1', 'Marcus Reed - Card #3']);
  });

  it('filters by school and by set, and says when nothing matches', async () => {
    // Athlete 1 is at Drift State University; athlete 4 at another school.
    const other = SAMPLE_ATHLETES.find((a) => a.schoolId !== SAMPLE_ATHLETES[0].schoolId)!;
    const second = collected(other.id, { 1: [[2, 2]] });
    second.sets = [{ ...second.sets[0], id: 2, name: 'Rivalry Week' }];
    api([{ items: [collected(1, { 1: [[7, 7]] }), second], nextCursor: null, latest: null }]);
    const user = userEvent.setup();
    renderRoute('/demo/mycards');
    await screen.findByRole('region', { name: other.name });
    const filters = screen.getByRole('group', { name: 'Filter my collection' });
    await user.selectOptions(within(filters).getByLabelText('School'), other.school);
    expect(screen.queryByRole('region', { name: 'Marcus Reed' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: other.name })).toBeInTheDocument();
    await user.selectOptions(within(filters).getByLabelText('Set'), '2026 Season');
    expect(screen.getByText('No cards match these filters.')).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Reset Filters' }));
    expect(screen.getByRole('region', { name: 'Marcus Reed' })).toBeInTheDocument();
    await user.selectOptions(within(filters).getByLabelText('Set'), 'Rivalry Week');
    expect(screen.queryByRole('region', { name: 'Marcus Reed' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: other.name })).getByRole('heading', { name: /Rivalry Week/ })).toBeInTheDocument();
  });
});
