// The 3-card carousel wraps around; Recent Orders follow the spec's formatting; View All pages through every order.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CardCarousel, visibleCards, wrapIndex } from '@/components/dashboard/card-carousel';
import { RecentOrdersTable } from '@/components/dashboard/recent-orders';
import type { AthletePayoutsResponse } from '@shared/money/payouts-api';
import { HomeSection } from '@/features/athlete-panel/components/home-section';
import { profileWithSales, athleteStats, saleLines } from './fixtures';
import { renderRoute, fakeApi } from '../harness';

const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    shopifyProductId: String(i),
    name: `Card #${i + 1}`,
    description: '',
    image: `/c${i + 1}.svg`,
    priceCents: 500,
  }));

const shownNames = () =>
  within(screen.getByRole('list'))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('card carousel', () => {
  it('wraps indexes in both directions', () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(visibleCards([1, 2, 3, 4], 3)).toEqual([4, 1, 2]);
    expect(visibleCards([1, 2], 1)).toEqual([2, 1]);
    expect(visibleCards([1, 2, 3], 1)).toEqual([2, 3, 1]);
  });

  it('visibly moves three cards: the arrows rotate them and wrap around', () => {
    renderRoute(<CardCarousel cards={cards(3)} label="Cards" />);
    expect(shownNames()).toEqual(['Card #1', 'Card #2', 'Card #3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(shownNames()).toEqual(['Card #2', 'Card #3', 'Card #1']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous card' }));
    expect(shownNames()).toEqual(['Card #3', 'Card #1', 'Card #2']);
    expect(screen.getAllByRole('button', { name: /Show card/ })[2]).toHaveAttribute('aria-pressed', 'true');
  });

  it('disables the arrows of a single card', () => {
    renderRoute(<CardCarousel cards={cards(1)} label="Cards" />);
    expect(screen.getByRole('button', { name: 'Next card' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous card' })).toBeDisabled();
  });

  it('shows three cards and wraps past the end and the start', () => {
    renderRoute(<CardCarousel cards={cards(4)} label="Cards" />);
    expect(shownNames()).toEqual(['Card #1', 'Card #2', 'Card #3']);

    fireEvent.click(screen.getByRole('button', { name: 'Previous card' }));
    expect(shownNames()).toEqual(['Card #4', 'Card #1', 'Card #2']);

    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(shownNames()).toEqual(['Card #1', 'Card #2', 'Card #3']);

    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(shownNames()).toEqual(['Card #4', 'Card #1', 'Card #2']);
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(shownNames()).toEqual(['Card #1', 'Card #2', 'Card #3']);
  });

  it('has one dot per card and jumps to the chosen card', () => {
    renderRoute(<CardCarousel cards={cards(4)} label="Cards" />);
    const dots = screen.getAllByRole('button', { name: /Show card/ });
    expect(dots).toHaveLength(4);
    fireEvent.click(dots[2]);
    expect(shownNames()).toEqual(['Card #3', 'Card #4', 'Card #1']);
    expect(dots[2]).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('recent orders', () => {
  it("shows Shopify's order name with the full id on hover, the buyer before @, USD amounts and Paid by default", () => {
    renderRoute(
      <RecentOrdersTable
        caption="Orders"
        orders={[
          {
            ...saleLines(1)[0],
            orderId: '5829301746251234',
            orderName: '#1001',
            createdAt: '2026-03-05T10:00:00.000Z',
            buyer: 'jane.doe@example.com',
            quantity: 2,
            amountCents: 123456,
            status: '',
          },
        ]}
      />,
    );
    const row = screen.getAllByRole('row')[1];
    // The order names the row (its header), then its cells.
    const cells = [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')];
    expect(cells.map((c) => c.textContent)).toEqual(['#1001', 'Mar 5, 2026', 'jane.doe', '$1,234.56', 'Paid']);
    expect(within(cells[0]).getByText('#1001')).toHaveAttribute('title', 'Order ID 5829301746251234');
    expect(screen.getByRole('columnheader', { name: 'Order' })).toBeInTheDocument();
  });

  it('tells orders apart even when their 16-digit ids share the first 8 characters', () => {
    const lines = saleLines(3).map((line, i) => ({ ...line, orderId: `58293017462512${i}0`, orderName: `#${1001 + i}` }));
    renderRoute(<RecentOrdersTable caption="Orders" orders={lines} />);
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getByRole('rowheader').textContent);
    expect(new Set(names).size).toBe(3);
    expect(names).toEqual(['#1001', '#1002', '#1003']);
  });

  it('copies the full order id', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderRoute(<RecentOrdersTable caption="Orders" orders={[{ ...saleLines(1)[0], orderId: '5829301746251234', orderName: '#1001' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy order ID of #1001' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('5829301746251234'));
    expect(await screen.findByText('Order ID 5829301746251234 copied')).toBeInTheDocument();
  });

  it('shows the full id of an order without a name', () => {
    renderRoute(<RecentOrdersTable caption="Orders" orders={[{ ...saleLines(1)[0], orderId: '5829301746251234', orderName: '' }]} />);
    expect(screen.getByText('5829301746251234')).toBeInTheDocument();
  });

  /** The athlete's money: $39.77 earned from cards (97% of $41.00) and $10.00 of donations allocated. */
  const payouts: AthletePayoutsResponse = {
    athleteId: 1,
    balanceCents: 4977,
    earnedCents: 4977,
    paidOutCents: 0,
    sentCents: 0,
    awaitingCents: 0,
    year: {
      year: 2026,
      earnedCents: 4977,
      paidCents: 0,
      w9OnFile: false,
      w9Date: null,
      form1099ThresholdCents: 200000,
      form1099Required: false,
      nil: { thresholdCents: 60000, crossedAt: null, deadline: null, reportedDate: null, reference: null },
    },
    payouts: [],
    nextPayout: null,
  };
  const home = () => renderRoute(<HomeSection profile={profileWithSales(1)} own={false} pending={0} onOpen={() => undefined} />);

  it('lists the first 5 orders and pages through all of them with View All Orders', async () => {
    const all = saleLines(23);
    fakeApi({
      'GET /api/athletes/1/stats': { body: athleteStats() },
      'GET /api/athletes/1/payouts': { body: payouts },
      'GET /api/athletes/1/orders?limit=6': { body: { items: all.slice(0, 6), nextCursor: 'c6' } },
      'GET /api/athletes/1/orders?limit=20': { body: { items: all.slice(0, 20), nextCursor: 'c20' } },
      'GET /api/athletes/1/orders?limit=20&cursor=c20': { body: { items: all.slice(20), nextCursor: null } },
    });
    home();

    const recent = await screen.findByRole('table', { name: 'Recent orders, newest first' });
    expect(within(recent).getAllByRole('row')).toHaveLength(1 + 5);

    fireEvent.click(screen.getByRole('button', { name: 'View All Orders' }));
    const table = await screen.findByRole('table', { name: 'All orders, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 20);
    fireEvent.click(screen.getByRole('button', { name: 'Load More Orders' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'All orders, newest first' })).getAllByRole('row')).toHaveLength(1 + 23));
    expect(screen.queryByRole('button', { name: 'Load More Orders' })).not.toBeInTheDocument();
  });

  it("shows one earnings figure, then the spec's sales dashboard: Total Cards Sold, Total Revenue with the average price, Total Fans", async () => {
    fakeApi({
      'GET /api/athletes/1/stats': { body: athleteStats() },
      'GET /api/athletes/1/payouts': { body: { ...payouts, earnedCents: 4977 } },
      'GET /api/athletes/1/orders?limit=6': { body: { items: saleLines(2), nextCursor: null } },
    });
    home();
    const tiles = within(await screen.findByLabelText('Sales dashboard'));
    expect(tiles.getAllByRole('term').map((t) => t.textContent)).toEqual(['Your earnings', 'Total Cards Sold', 'Total Revenue', 'Total Fans']);
    const [earned, sold, total, fans] = tiles.getAllByRole('definition');
    // Everything earned, from the ledger: the 97% of card sales ($39.77 of $41.00) and the donations allocated ($10.00).
    expect(earned).toHaveTextContent(
      '$49.77Your 97% of $41.00 in card sales, plus $10.00 from your collective (activations, and donations allocated before activations)',
    );
    expect(sold).toHaveTextContent('7');
    expect(total).toHaveTextContent('$41.00Avg. $5.86 per card · Gross: what fans paid, after discounts and refunds');
    expect(fans).toHaveTextContent('4Unique purchasers');
    // The earnings figure appears once on Home (no second "Net Revenue", no "Your Earnings (97%)" panel).
    expect(screen.getAllByText('$49.77')).toHaveLength(1);
    expect(screen.queryByText('Net Revenue')).not.toBeInTheDocument();
    expect(screen.getByText(/fans? owns? your full set/)).toBeInTheDocument();
  });

  it('hides View All Orders with 5 orders or fewer, and shows the error with Try Again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/athletes/1/stats': () => (fail ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : { body: athleteStats() }),
      'GET /api/athletes/1/payouts': { body: payouts },
      'GET /api/athletes/1/orders?limit=6': { body: { items: saleLines(5), nextCursor: null } },
    });
    home();
    expect(await screen.findByText('Failed to load your sales data. Please try again later.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Recent orders, newest first' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View All Orders' })).not.toBeInTheDocument();
  });
});
