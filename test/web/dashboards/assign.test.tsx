// The collective assigns an unattributed sale to a member's card; visitors only see the list.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UnattributedSale } from '@shared/api';
import { OverviewSection } from '@/features/collective-panel/components/overview-section';
import { applySession, resetSessionForTests } from '@/lib/auth/session-store';
import { fakeJwt } from '../auth-helpers';
import { catalog, collectiveStats } from './fixtures';
import { renderRoute, stubFetch } from './helpers';

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

function signInAsCollective(collectiveId: number) {
  const claims = {
    sub: 'c1',
    email: 'c@demo.local',
    email_verified: true,
    'cognito:groups': ['collective'],
    'custom:collectiveId': String(collectiveId),
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  const token = fakeJwt(claims);
  applySession({ idToken: token, accessToken: token, refreshToken: '', expiresAt: Date.now() + 3600_000, remember: false, claims } as Parameters<
    typeof applySession
  >[0]);
}

afterEach(() => {
  applySession(null);
  resetSessionForTests();
});

describe('unattributed sales', () => {
  const stats = () => ({ ...collectiveStats(), unattributed: { units: 1, revenueCents: 1500, recent: [line] } });
  const members = () => catalog().athletes.filter((a) => [1, 2].includes(a.id));

  it('lets the signed-in collective assign a line to a card', async () => {
    signInAsCollective(1);
    let body: unknown = null;
    stubFetch({
      'POST /api/collectives/1/unattributed/assign': (init) => {
        body = JSON.parse(String(init?.body));
        return { body: { ok: true, outcome: 'applied' } };
      },
      'GET /api/catalog': () => ({ body: catalog() }),
      'GET /api/collectives/1/stats': () => ({ body: stats() }),
    });
    renderRoute(<OverviewSection stats={stats()} athletes={members()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a card');
    fireEvent.change(screen.getByLabelText('Card for Mystery box'), { target: { value: '2:3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(body).toEqual({ orderId: line.orderId, lineItemId: '77', athleteId: 2, cardId: 3 }));
  });

  it('shows visitors the list without the assign control', () => {
    stubFetch({});
    renderRoute(<OverviewSection stats={stats()} athletes={members()} />);
    expect(screen.getByText('Mystery box')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });
});
