// Moment drops on the screens (decision 0022): the countdown the card page, the athlete page and
// the storefront share (web/src/components/drop-countdown.tsx) runs from the window's times in the
// browser and tells the page when the phase it shows changes; the collective's "Schedule a drop"
// form (schedule-drop-form.tsx) checks the window with the server's validator, names the wrong
// field, and sends ISO times; a card approved as a limited edition gets the reason, not the form.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { OwnerCard } from '@shared/cards/cards-api';
import type { DropView } from '@shared/catalog/catalog-api';
import { DropCountdown, timeLeft } from '@/components/drop-countdown';
import { CardsSection } from '@/features/collective-panel/components/cards/cards-section';
import { localInputValue } from '@/features/collective-panel/components/schedule-drop-form';
import { saleStateLabel } from '@/features/athlete-panel/components/sale-state';
import type { CardView } from '@shared/catalog/catalog-api';
import { members, ownerCards } from './dashboards/fixtures';
import { fakeApi, renderRoute, settleAndSignOut, signIn } from './harness';

const START = Date.parse('2027-03-01T12:00:00.000Z');
const drop = (over: Partial<DropView> = {}): DropView => ({
  startsAt: new Date(START).toISOString(),
  endsAt: new Date(START + 24 * 3_600_000).toISOString(),
  phase: 'scheduled',
  closedAt: null,
  printRun: null,
  ...over,
});

describe('DropCountdown', () => {
  beforeEach(() => jest.useFakeTimers({ now: START - 3_600_000 - 5_000 }));
  afterEach(() => jest.useRealTimers());

  it('counts down to the start, then to the end, and tells the page each change', () => {
    const changes: string[] = [];
    render(<DropCountdown drop={drop()} onPhaseChange={(phase) => changes.push(phase)} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Opens in 1h 00m 05s');
    act(() => void jest.advanceTimersByTime(3_606_000));
    expect(screen.getByText('Live drop')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Ends in 23h 59m 59s');
    expect(changes).toEqual(['live']);
    act(() => void jest.advanceTimersByTime(24 * 3_600_000));
    expect(screen.getByText('Drop closed')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(changes).toEqual(['live', 'ended']);
  });

  it('shows the print run once the close is recorded', () => {
    render(<DropCountdown drop={drop({ phase: 'closed', closedAt: new Date(START + 25 * 3_600_000).toISOString(), printRun: 1234 })} />);
    expect(screen.getByText('Print run: 1,234')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Moment drop' })).toHaveTextContent('this card is no longer sold');
  });

  it('says a drop that closed with no sale sold no copies, never "Print run: 0"', () => {
    render(<DropCountdown drop={drop({ phase: 'closed', closedAt: new Date(START + 25 * 3_600_000).toISOString(), printRun: 0 })} />);
    const region = screen.getByRole('region', { name: 'Moment drop' });
    expect(within(region).getByText('No copies sold in this drop')).toBeInTheDocument();
    expect(region).not.toHaveTextContent('Print run');
  });

  it('writes what is left the way a clock does', () => {
    expect(timeLeft(2 * 86_400_000 + 3 * 3_600_000 + 10 * 60_000)).toBe('2d 03h 10m');
    expect(timeLeft(65_000)).toBe('1m 05s');
    expect(timeLeft(-5)).toBe('0s');
  });
});

describe('Schedule a drop (the collective’s Cards tab)', () => {
  afterEach(() => settleAndSignOut());

  it('says a published drop that closed with no sale sold no copies, on the board and in the athlete’s panel', async () => {
    signIn({ 'cognito:groups': ['collective'], 'custom:collectiveId': '1' });
    const data = ownerCards(1, 'local');
    const closed = { startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-11-02T00:00:00.000Z', closedAt: '2026-11-02T00:01:00.000Z', printRun: 0 };
    const sale = { editionSize: 0, remaining: 0, soldOut: true, sold: 0, issued: 0, buyable: false, drop: { ...closed, phase: 'closed' } } as Partial<CardView>;
    data.cards[4] = { ...data.cards[4], edition: 'Gold', editionSize: 0, drop: closed, sale: { ...data.cards[4].sale, ...sale } as OwnerCard['sale'] };
    fakeApi({ 'GET /api/collectives/1/athletes/1/cards': { body: data } });
    renderRoute(<CardsSection collectiveId={1} members={members([1])} school={null} canWrite />);
    const item = (await screen.findByText('Drop closed. No copies sold in this drop.')).closest('li')!;
    expect(item).toHaveTextContent('Gold · None sold');
    expect(item).not.toHaveTextContent('all 0 sold');
    expect(saleStateLabel({ ...(data.cards[4].sale as CardView), state: 'published' }, [])).toBe('Drop closed · No copies sold in this drop');
    expect(saleStateLabel({ ...(data.cards[4].sale as CardView), state: 'published', drop: { ...closed, printRun: 3, phase: 'closed' } }, [])).toBe(
      'Drop closed · Print run: 3',
    );
  });

  it('is not offered for a card the athlete approved as a limited edition: the reason stands in its place', async () => {
    signIn({ 'cognito:groups': ['collective'], 'custom:collectiveId': '1' });
    const data = ownerCards(1, 'local');
    data.cards[2] = { ...data.cards[2], edition: 'Gold', editionSize: 50 };
    fakeApi({ 'GET /api/collectives/1/athletes/1/cards': { body: data } });
    renderRoute(<CardsSection collectiveId={1} members={members([1])} school={null} canWrite />);
    expect(
      await screen.findByText(
        'No drop of Card approved: The athlete approved this card as Gold, an edition of 50, and a drop sells an open edition (as many as fans order in the window): to drop it, ask the athlete to approve an open-edition version of the card first.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule a drop of Card approved' })).toBeNull();
    // Publishing it as the edition it was approved stays offered.
    expect(screen.getByRole('button', { name: 'Publish Card approved' })).toBeEnabled();
  });

  it('opens on an approved open edition, names a window that ends when it starts, then sends the window in UTC', async () => {
    signIn({ 'cognito:groups': ['collective'], 'custom:collectiveId': '1' });
    const data = ownerCards(1, 'local');
    // A drop sells an open edition: only a card approved as one is offered the drop.
    data.cards[2] = { ...data.cards[2], editionSize: null };
    const api = fakeApi({
      'GET /api/collectives/1/athletes/1/cards': { body: data },
      'POST /api/collectives/1/athletes/1/cards/3/drop': { body: { ...data.cards[2], state: 'published' } },
    });
    renderRoute(<CardsSection collectiveId={1} members={members([1])} school={null} canWrite />);
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule a drop of Card approved' }));
    const form = screen.getByRole('form', { name: 'Schedule a drop of Card approved' });
    const starts = within(form).getByLabelText(/Drop starts/);
    const ends = within(form).getByLabelText(/Drop ends/);
    // Two days ahead, at 10:00 in the browser's zone.
    const day = new Date(Date.now() + 2 * 86_400_000);
    day.setHours(10, 0, 0, 0);
    const at = (hours: number) => localInputValue(new Date(day.getTime() + hours * 3_600_000));
    fireEvent.change(starts, { target: { value: at(0) } });
    fireEvent.change(ends, { target: { value: at(0) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule drop' }));
    expect(await within(form).findByText('A drop lasts at least a minute: end it after it starts')).toBeInTheDocument();
    expect(ends).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(ends, { target: { value: at(24) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule drop' }));
    expect(await screen.findByText(/Card approved drops from/)).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      url: '/api/collectives/1/athletes/1/cards/3/drop',
      body: { startsAt: day.toISOString(), endsAt: new Date(day.getTime() + 24 * 3_600_000).toISOString() },
    });
  });
});
