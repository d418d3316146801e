// My Collection and the card purchase page: merge of orders and local cards, removal, Top Fan, errors, buying.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerOrder } from '@shared/api';
import { SAMPLE_CATALOG } from '@shared/seed-data';
import { PURCHASED_CARDS_KEY, type LocalCollectible } from '@/lib/purchased-cards';
import { resetRuntimeConfig } from '@/lib/runtime-config';
import { mockApi, renderRoute } from './render-app';

const order = (orderId: string, lines: Array<[number, number]>, createdAt = '2026-11-01T10:00:00.000Z'): BuyerOrder => ({
  orderId,
  orderName: `#${orderId}`,
  createdAt,
  status: 'paid',
  totalCents: 300 * lines.length,
  lines: lines.map(([athleteId, cardId]) => ({ athleteId, cardId, title: `Card ${athleteId}-${cardId}`, quantity: 1, priceCents: 300 })),
});

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

function api(orders: BuyerOrder[] | 'fail') {
  return mockApi((path) => {
    if (path === '/api/catalog') return { body: SAMPLE_CATALOG };
    if (/^\/api(\/demo)?\/me\/orders/.test(path))
      return orders === 'fail' ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { body: { items: orders, nextCursor: null } };
    return { status: 404 };
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('my collection', () => {
  it('shows No Cards Yet with Browse Athletes when empty', async () => {
    api([]);
    renderRoute('/mycards');
    expect(await screen.findByRole('heading', { name: 'No Cards Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Athletes' })).toHaveAttribute('href', '/search');
  });

  it('merges storefront orders and local cards; only local ones can be removed after confirmation', async () => {
    localStorage.setItem(PURCHASED_CARDS_KEY, JSON.stringify([local('l1'), local('l2', { orderId: 'o1', athleteId: 1, cardId: 1, title: 'dup' })]));
    api([order('o1', [[1, 1]])]);
    const user = userEvent.setup();
    renderRoute('/demo/mycards');
    const list = await screen.findByRole('list', { name: 'My collectibles' });
    await waitFor(() => expect(within(list).getByText('Marcus Reed - Card #1')).toBeInTheDocument());
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).queryByText('dup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Marcus Reed - Card #1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Jalen Brooks - Card #1' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Collectible?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove Jalen Brooks - Card #1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(PURCHASED_CARDS_KEY)!).map((e: LocalCollectible) => e.id)).toEqual(['l2']);
  });

  it('marks a Top Fan when the buyer holds an athlete’s full set', async () => {
    api([
      order('o1', [
        [3, 1],
        [3, 2],
      ]),
      order('o2', [[3, 3]], '2026-11-02T10:00:00.000Z'),
    ]);
    renderRoute('/mycards');
    expect(await screen.findByRole('note')).toHaveTextContent('You hold the full set of Tyler Vance');
    expect(screen.getAllByText('Top Fan').length).toBeGreaterThanOrEqual(3);
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
    mockApi((path) => {
      if (path === '/api/catalog') return { body: SAMPLE_CATALOG };
      return fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { body: { items: [order('o1', [[1, 2]])], nextCursor: null } };
    });
    const user = userEvent.setup();
    renderRoute('/mycards');
    await screen.findByText('Marcus Reed - Card #2');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Failed to refresh Shopify orders. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Marcus Reed - Card #2')).toBeInTheDocument();
  });
});

describe('card purchase page', () => {
  it('shows Card not found with Go Back for an unknown card', async () => {
    api([]);
    renderRoute('/athlete/10/card/3');
    expect(await screen.findByRole('heading', { name: 'Card not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('buys through the local checkout, shows Purchase Successful! and redirects to My Cards', async () => {
    const fetch = mockApi((path, init) => {
      if (path === '/api/catalog') return { body: SAMPLE_CATALOG };
      if (path === '/api/checkout' && init?.method === 'POST') return { status: 201, body: { orderId: 'o-99', orderName: '#1099' } };
      if (/^\/api(\/demo)?\/me\/orders/.test(path)) return { body: { items: [], nextCursor: null } };
      return { status: 404 };
    });
    const user = userEvent.setup();
    const { location } = renderRoute('/athlete/1/card/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marcus Reed - Card #3' })).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Profile' })).toHaveAttribute('href', '/athlete/1');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(await screen.findByRole('heading', { name: 'Purchase Successful!' })).toBeInTheDocument();
    const call = fetch.mock.calls.find((c) => c[0] === '/api/checkout')!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ athleteId: 1, cardId: 3, quantity: 1 });
    expect(JSON.parse(localStorage.getItem(PURCHASED_CARDS_KEY)!)[0]).toMatchObject({ athleteId: 1, cardId: 3, orderId: 'o-99', purchaseMethod: 'Shopify' });
    expect(location().pathname).toBe('/athlete/1/card/3');
    await waitFor(() => expect(location().pathname).toBe('/mycards'), { timeout: 4000 });
  }, 10000);

  it('sends a signed-out buyer outside the demo to the demo My Cards (which shows the card), never to sign-in', async () => {
    // Sign-in is configured, so /mycards would ask a signed-out buyer to sign in: a dead end after a purchase.
    resetRuntimeConfig({
      auth: { region: 'us-east-2', userPoolId: 'us-east-2_x', clientId: 'c', endpoint: 'http://127.0.0.1/', googleEnabled: false },
      demo: { athleteId: 1, collectiveId: 1 },
    });
    try {
      mockApi((path, init) => {
        if (path === '/api/catalog') return { body: SAMPLE_CATALOG };
        if (path === '/api/checkout' && init?.method === 'POST') return { status: 201, body: { orderId: 'o-98', orderName: '#1098' } };
        if (/^\/api(\/demo)?\/me\/orders/.test(path)) return { body: { items: [], nextCursor: null } };
        return { status: 404 };
      });
      const user = userEvent.setup();
      const { location } = renderRoute('/athlete/2/card/1');
      await user.click(await screen.findByRole('button', { name: 'Buy' }));
      expect(await screen.findByRole('heading', { name: 'Purchase Successful!' })).toBeInTheDocument();
      expect(within(screen.getByRole('status')).getByRole('link', { name: 'My Cards' })).toHaveAttribute('href', '/demo/mycards');
      expect(screen.getByText(/kept on this device/)).toBeInTheDocument();
      await waitFor(() => expect(location().pathname).toBe('/demo/mycards'), { timeout: 4000 });
      expect(await screen.findByText('Jalen Brooks - Card #1')).toBeInTheDocument();
    } finally {
      resetRuntimeConfig();
    }
  }, 10000);
});
