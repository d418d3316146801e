// The collective assigns an unattributed sale to a member's card; visitors only see the list.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UnattributedSale } from '@shared/sales/sales-api';
import { OverviewSection } from '@/features/collective-panel/components/overview-section';
import { useCollectiveStats } from '@/features/collective-panel/api/get-collective-stats';
import { collectiveStats, members as memberList, ownerCards } from './fixtures';
import { renderRoute, fakeApi, signInAs, signOut } from '../harness';

const line = {
  orderId: '9007199254740993',
  orderName: '#1042',
  lineItemId: '77',
  createdAt: '2026-11-01T00:00:00.000Z',
  title: 'Mystery box',
  productId: '42',
  units: 1,
  revenueCents: 1500,
  reason: 'unmatched',
} as UnattributedSale;

afterEach(signOut);

/** The overview as the panel shows it: with the stats read by the panel (what a refresh reads again). */
function Panel(props: Required<Parameters<typeof OverviewSection>[0]>) {
  useCollectiveStats(props.stats.collectiveId);
  return <OverviewSection {...props} />;
}

describe('unattributed sales', () => {
  const stats = () => ({ ...collectiveStats(), unattributed: { units: 1, revenueCents: 1500, recent: [line] } });
  const members = () => memberList([1, 2]);

  it('assigns a line to a published card, says the figures update in a moment and reads the stats again after settling', async () => {
    signInAs('collective', 1);
    let body: unknown = null;
    const stub = fakeApi({
      'POST /api/collectives/1/unattributed/assign': (init) => {
        body = JSON.parse(String(init?.body));
        return { status: 202, body: { ok: true, outcome: 'applied' } };
      },
      'GET /api/collectives/1/athletes/2/cards': () => ({ body: ownerCards(2) }),
      'GET /api/collectives/1/stats': () => ({ body: stats() }),
    });
    renderRoute(<Panel stats={stats()} members={members()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an athlete and a card');
    fireEvent.change(screen.getByLabelText('Athlete for Mystery box'), { target: { value: '2' } });
    // Only cards on sale can take a sale: the draft, pending, approved and rejected ones are not offered.
    await screen.findByRole('option', { name: 'Card published' });
    expect(screen.queryByRole('option', { name: 'Card draft' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Card for Mystery box'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned. The figures update in a moment.')).toHaveAttribute('role', 'status');
    expect(body).toEqual({ orderId: line.orderId, lineItemId: '77', athleteId: 2, cardId: 5 });
    const statsReads = () => stub.calls.filter((c) => c.url === '/api/collectives/1/stats').length;
    const afterAccept = statsReads();
    await waitFor(() => expect(statsReads()).toBe(afterAccept + 1), { timeout: 3000 });
  }, 20_000);

  it('shows the server refusal and keeps the choice', async () => {
    signInAs('collective', 1);
    fakeApi({
      'POST /api/collectives/1/unattributed/assign': {
        status: 409,
        body: { error: { code: 'conflict', message: 'This sale is already attributed to an athlete' } },
      },
      'GET /api/collectives/1/athletes/2/cards': () => ({ body: ownerCards(2) }),
    });
    renderRoute(<OverviewSection stats={stats()} members={members()} />);
    fireEvent.change(screen.getByLabelText('Athlete for Mystery box'), { target: { value: '2' } });
    await screen.findByRole('option', { name: 'Card published' });
    fireEvent.change(screen.getByLabelText('Card for Mystery box'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sale is already attributed to an athlete');
    expect(screen.getByLabelText('Card for Mystery box')).toHaveValue('5');
  });

  it('shows visitors the list without the assign control', () => {
    fakeApi({});
    renderRoute(<OverviewSection stats={stats()} members={members()} />);
    expect(screen.getByText('Mystery box')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });
});
