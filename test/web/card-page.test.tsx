// The card page sells (GET /api/athletes/{id}, the card's recent sales, the local checkout, the
// order revealed): the card in its frame, the edition's progress, the serial a buyer would get,
// quantity and a review step, the set, recent sales by pseudonym, share; after buying, the serials
// revealed once counted and the set's progress, then My Cards. Locked, sold-out and retired cards
// say why they cannot be bought.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderRevealResponse } from '@shared/sales/card-page-api';
import { athleteSummary } from '@shared/catalog/catalog-types';
import { SAMPLE_ATHLETES } from '@shared/catalog/seed-data';
import { PURCHASED_CARDS_KEY } from '@/lib/purchased-cards';
import { resetRuntimeConfig } from '@/lib/runtime-config';
import { entityApi, type EntityApiOptions } from './entity-api';
import { fakeApi, renderRoute } from './harness';

jest.setTimeout(30_000);

const jalen = SAMPLE_ATHLETES.find((a) => a.id === 2)!;

/** An order of Jalen's Base card: counted with `serials`, or not yet (`settled` false). */
function reveal(orderId: string, serials: Array<[number, number]>, settled = true): OrderRevealResponse {
  const quantity = serials.reduce((n, [a, b]) => n + b - a + 1, 0) || 2;
  const cards = jalen.digitalcollectibles.map((c) => ({
    id: c.id,
    name: c.name,
    image: c.image,
    edition: c.edition ?? null,
    editionSize: c.editionSize ?? null,
    priceCents: c.priceCents,
    state: 'published' as const,
    held: c.id === 1 ? quantity : 0,
    serials: c.id === 1 ? serials : [],
    acquiredAt: null,
  }));
  return {
    orderId,
    orderName: '#1099',
    createdAt: '2026-11-27T10:00:00.000Z',
    settled,
    counted: settled,
    lines: [{ athleteId: 2, cardId: 1, quantity, serials: settled ? serials : [] }],
    athletes: settled
      ? [
          {
            athlete: athleteSummary(jalen),
            topFan: false,
            sets: [{ id: 1, name: '2026 Season', countsForTopFan: true, cards, held: 1, total: 3, complete: false }],
          },
        ]
      : [],
  };
}

function api(options: EntityApiOptions = {}, checkout?: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const fake = entityApi(options);
  return fakeApi((path, init) => {
    if (path === '/api/checkout' && init?.method === 'POST')
      return checkout ? checkout(JSON.parse(String(init.body))) : { status: 201, body: { orderId: 'o-99', orderName: '#1099' } };
    return fake(path, init);
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('card page', () => {
  it('shows Card not found with Go Back for an unknown card', async () => {
    api();
    renderRoute('/athlete/10/card/3');
    expect(await screen.findByRole('heading', { name: 'Card not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('shows the card in its frame, what is left, the serial a buyer would get, its set and its recent sales by pseudonym', async () => {
    api({
      cards: { '2:1': { sold: 25, issued: 25, remaining: 475 } },
      sales: { '2:1': { items: [{ at: new Date(Date.now() - 5 * 60_000).toISOString(), serials: [[25, 25]], units: 1, owner: 'Fan 7KQ2MX' }] } },
    });
    renderRoute('/athlete/2/card/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jalen Brooks - Card #1' })).toBeInTheDocument();
    const frame = screen.getAllByRole('figure')[0];
    expect(frame).toHaveAttribute('data-edition', 'base');
    expect(frame).toHaveTextContent('Base edition of 500');
    expect(frame).not.toHaveTextContent(/legendary|rare|common|level/i);
    expect(screen.getByText('475 of 500 left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Issued of the edition: 475 of 500 left' })).toHaveAttribute('value', '25');
    expect(screen.getByText("You'd get about #26 / 500")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Profile' })).toHaveAttribute('href', '/athlete/2');
    // The set: this card and the two others, each a link.
    const set = screen.getByRole('region', { name: '2026 Season' });
    expect(set).toHaveTextContent('Card 1 of 3 in 2026 Season: collect all 3 to become a Top Fan.');
    expect(within(set).getByRole('link', { name: 'Jalen Brooks - Card #2' })).toHaveAttribute('href', '/athlete/2/card/2');
    expect(within(set).getByRole('link', { name: 'Jalen Brooks - Card #1 (this card)' })).toHaveAttribute('aria-current', 'page');
    const sales = await screen.findByRole('region', { name: 'Recent sales' });
    expect(await within(sales).findByText('Fan 7KQ2MX')).toBeInTheDocument();
    expect(within(sales).getByText('#25 / 500')).toBeInTheDocument();
    expect(within(sales).getByText('5 minutes ago')).toBeInTheDocument();
  });

  it('buys two after a review (price x quantity, total), reveals both serials once counted with the set progress, then goes to My Cards', async () => {
    const fetch = api(
      {
        cards: { '2:1': { sold: 25, issued: 25, remaining: 475 } },
        orders: { 'o-99': (calls) => (calls < 2 ? reveal('o-99', [], false) : reveal('o-99', [[26, 27]])) },
      },
      undefined,
    );
    const user = userEvent.setup();
    const { location } = renderRoute('/athlete/2/card/1');
    await screen.findByText('475 of 500 left');
    await user.click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);
    expect(screen.getByText('$3.00 × 2 = $6.00')).toBeInTheDocument();
    expect(screen.getByText("You'd get about #26–27 / 500")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    // The review: nothing bought yet.
    const review = screen.getByRole('region', { name: 'Review your order' });
    expect(within(review).getByText('$3.00 × 2')).toBeInTheDocument();
    expect(within(review).getByText('$6.00')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.url === '/api/checkout')).toBe(false);
    await user.click(within(review).getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByRole('heading', { name: 'Purchase Successful!' })).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.url === '/api/checkout')!.body).toEqual({ athleteId: 2, cardId: 1, quantity: 2 });
    expect(screen.getByText(/Counting your sale: your serial numbers are given in a moment/)).toBeInTheDocument();
    expect(await screen.findByText('Your serial numbers: #26 / 500, #27 / 500', {}, { timeout: 5000 })).toBeInTheDocument();
    const revealed = screen.getByRole('list', { name: 'Your serial numbers' });
    expect(
      within(revealed)
        .getAllByRole('figure')
        .map((f) => f.textContent),
    ).toEqual([expect.stringContaining('#26 / 500'), expect.stringContaining('#27 / 500')]);
    expect(screen.getByText('2026 Season: 1 of 3 collected')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(PURCHASED_CARDS_KEY)!)[0]).toMatchObject({ athleteId: 2, cardId: 1, orderId: 'o-99' });
    expect(screen.getByText(/You are being redirected to/)).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/mycards'), { timeout: 10_000 });
  });

  it('stays on the reveal when asked, and sends a signed-out buyer outside the demo to the demo My Cards, never to sign-in', async () => {
    resetRuntimeConfig({
      auth: { region: 'us-east-2', userPoolId: 'us-east-2_x', clientId: 'c', endpoint: 'http://127.0.0.1/', googleEnabled: false },
      demo: { athleteId: 1, collectiveId: 1 },
    });
    try {
      const fetch = api({ orders: { 'o-98': reveal('o-98', [[1, 1]]) } }, () => ({ status: 201, body: { orderId: 'o-98', orderName: '#1098' } }));
      const user = userEvent.setup();
      const { location } = renderRoute('/athlete/2/card/1');
      await screen.findByText('500 of 500 left');
      await user.click(screen.getByRole('button', { name: 'Buy' }));
      await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
      expect(await screen.findByText('Your serial number: #1 / 500')).toBeInTheDocument();
      // Signed out: the order is read from the demo buyer's twin.
      expect(fetch.calls.some((c) => c.url === '/api/me/orders/o-98')).toBe(true);
      expect(within(screen.getByRole('status')).getByRole('link', { name: 'My Cards' })).toHaveAttribute('href', '/demo/mycards');
      expect(screen.getByText(/kept on this device/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
      await new Promise((r) => setTimeout(r, 7_000));
      expect(location().pathname).toBe('/athlete/2/card/1');
      expect(screen.getByRole('link', { name: 'Go to My Cards' })).toHaveAttribute('href', '/demo/mycards');
    } finally {
      resetRuntimeConfig();
    }
  });

  it('never offers more than the edition has left (nor more than 10)', async () => {
    api({ cards: { '2:1': { sold: 497, issued: 497, remaining: 3 } } });
    const user = userEvent.setup();
    renderRoute('/athlete/2/card/1');
    await screen.findByText('3 of 500 left');
    const more = screen.getByRole('button', { name: 'One more' });
    await user.click(more);
    await user.click(more);
    expect(screen.getByLabelText('Quantity')).toHaveValue(3);
    expect(more).toBeDisabled();
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '40');
    expect(screen.getByLabelText('Quantity')).toHaveValue(3);
  });

  it('disables Buy on a locked card and says why (its progress)', async () => {
    api({ cards: { '1:2': { unlock: { cardId: 1, units: 25, sold: 18, unlockedAt: null } } } });
    renderRoute('/athlete/1/card/2');
    expect(await screen.findByRole('progressbar', { name: 'Sold toward the unlock: 18 of 25 Base sold to unlock' })).toHaveAttribute('value', '18');
    const buy = screen.getByRole('button', { name: 'Buy' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription('18 of 25 Base sold to unlock');
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
  });

  it.each([
    ['sold out', { sold: 500, issued: 500, remaining: 0, soldOut: true, buyable: false }, 'Sold out'],
    ['retired', { state: 'retired' as const, buyable: false }, 'Retired: no longer on sale'],
  ])('says a %s card cannot be bought', async (_, state, text) => {
    api({ cards: { '2:1': state } });
    renderRoute('/athlete/2/card/1');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
  });

  it('says where a moment drop is: live with what it has sold and the serial a buyer would get, then its print run', async () => {
    const window = { startsAt: '2026-11-27T00:00:00.000Z', endsAt: '2099-11-28T00:00:00.000Z', closedAt: null, printRun: null };
    api({ cards: { '2:1': { editionSize: null, remaining: null, sold: 3, issued: 3, drop: { ...window, phase: 'live' } } } });
    renderRoute('/athlete/2/card/1');
    expect(await screen.findByText('Moment drop: 3 sold so far')).toBeInTheDocument();
    // The window is the countdown's.
    expect(screen.getByText(/Ends in/)).toBeInTheDocument();
    expect(screen.getByText("You'd get about #4")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeEnabled();
  });

  it("shows a closed drop's print run, not on sale", async () => {
    const closed = { startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-02T00:00:00.000Z', closedAt: '2026-11-02T00:01:00.000Z', printRun: 1234 };
    api({
      cards: { '2:1': { editionSize: 1234, remaining: 0, soldOut: true, sold: 1234, issued: 1234, buyable: false, drop: { ...closed, phase: 'closed' } } },
    });
    renderRoute('/athlete/2/card/1');
    const buy = await screen.findByRole('button', { name: 'Buy' });
    // The countdown shows the print run; the Buy button's description says it too.
    await waitFor(() => expect(buy).toHaveAccessibleDescription('Print run: 1,234'));
    expect(buy).toBeDisabled();
    expect(screen.getAllByText('Print run: 1,234').length).toBeGreaterThan(0);
  });

  it('says a drop that closed with no sale sold no copies: no edition of 0, no print run of 0, no first buyer', async () => {
    const closed = { startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-02T00:00:00.000Z', closedAt: '2026-11-02T00:01:00.000Z', printRun: 0 };
    api({
      cards: {
        '2:1': { edition: 'Gold', editionSize: 0, remaining: 0, soldOut: true, sold: 0, issued: 0, buyable: false, drop: { ...closed, phase: 'closed' } },
      },
    });
    renderRoute('/athlete/2/card/1');
    const buy = await screen.findByRole('button', { name: 'Buy' });
    await waitFor(() => expect(buy).toHaveAccessibleDescription('No copies sold in this drop'));
    expect(buy).toBeDisabled();
    await screen.findByText('No copies sold in this drop.');
    expect(screen.getByRole('region', { name: 'Moment drop' })).toHaveTextContent('No copies sold in this drop');
    const page = document.body.textContent ?? '';
    for (const wrong of ['edition of 0', 'Print run: 0', '/0', 'first buyer gets serial #1']) expect([wrong, page.includes(wrong)]).toEqual([wrong, false]);
  });

  it("shows the checkout's 409 message and the card's new state", async () => {
    let soldOut = false;
    fakeApi((path, init) => {
      if (path === '/api/checkout' && init?.method === 'POST') {
        soldOut = true;
        return { status: 409, body: { error: { code: 'sold_out', message: 'This card is sold out' } } };
      }
      return entityApi({ cards: soldOut ? { '2:1': { sold: 500, issued: 500, remaining: 0, soldOut: true, buyable: false } } : {} })(path, init);
    });
    const user = userEvent.setup();
    renderRoute('/athlete/2/card/1');
    await screen.findByText('500 of 500 left');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByText('This card is sold out')).toBeInTheDocument();
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(localStorage.getItem(PURCHASED_CARDS_KEY)).toBeNull();
  });

  it('shares the link: the share sheet where there is one, else copied to the clipboard', async () => {
    api();
    const user = userEvent.setup();
    renderRoute('/athlete/2/card/1');
    await screen.findByText('500 of 500 left');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/');
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    const share = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { share });
    try {
      await user.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Jalen Brooks - Card #1' }));
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });
});
