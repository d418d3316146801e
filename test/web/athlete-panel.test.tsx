// The athlete panel off the catalog: its profile route, each card's sale state, serials in orders,
// the Approvals tab (approve the shown image version, 409 reload, reject with a reason in a
// dialog, decided cards with who and when), the Payouts tab (balance, negative carried forward,
// next payout, statement, NIL disclosure alert and Mark reported) and the read-only demo.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NilGoRecordView, NilGoView } from '@shared/money/compliance-api';
import type { AthletePayoutsResponse, DisclosureRecord } from '@shared/money/payouts-api';
import type { SaleLine } from '@shared/sales/sales-api';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import type { ActivationView } from '@shared/money/activations';
import AthletePanelRoute from '@/features/athlete-panel/athlete-panel-route';
import { athleteStats, profileWithSales, saleLines } from './dashboards/fixtures';
import { renderRoute, fakeApi, type FakeApi, type Routes, signInAs, signOut, settleAndSignOut } from './harness';

const IMG = '/uploads/00000000-0000-4000-8000-000000000001.png';
const ownerCard = (id: number, state: OwnerCard['state'], over: Partial<OwnerCard> = {}): OwnerCard => ({
  id,
  name: `Card ${id}`,
  shopifyProductId: '',
  description: 'Game day',
  image: IMG,
  priceCents: 2500,
  editionSize: 100,
  edition: 'Base',
  setId: 1,
  unlock: null,
  state,
  sale: null,
  imageHash: `hash-${id}`,
  history: [{ action: 'created', by: 'c1', at: '2026-11-01T00:00:00.000Z' }],
  ...over,
});

function ownerCards(cards: OwnerCard[]): OwnerCardsResponse {
  const { athlete } = profileWithSales(1);
  return { athlete: { ...athlete, stats: { year: athlete.stats.year } }, cards, sets: [], publishMode: 'local' };
}

const payouts = (over: Partial<AthletePayoutsResponse> = {}): AthletePayoutsResponse => ({
  athleteId: 1,
  balanceCents: 4850,
  earnedCents: 14550,
  paidOutCents: 9700,
  sentCents: 0,
  awaitingCents: 0,
  year: {
    year: 2026,
    earnedCents: 14550,
    paidCents: 9700,
    w9OnFile: false,
    w9Date: null,
    form1099ThresholdCents: 200000,
    form1099Required: false,
    nil: { thresholdCents: 60000, crossedAt: null, deadline: null, reportedDate: null, reference: null },
  },
  payouts: [
    {
      batchId: '20261116000000-abcdef12',
      athleteId: 1,
      amountCents: 9700,
      status: 'paid',
      periodStart: '2026-11-09T00:00:00.000Z',
      periodEnd: '2026-11-16T00:00:00.000Z',
      createdAt: '2026-11-16T10:00:00.000Z',
      sentDate: '2026-11-17',
      sentReference: 'ACH-1',
      paidDate: '2026-11-18',
      paidReference: 'ACH-1-PAID',
    },
  ],
  nextPayout: null,
  ...over,
});

const disclosure = (over: Partial<DisclosureRecord> = {}): DisclosureRecord => ({
  athlete: { id: 1, name: 'Sample', school: 'Drift U', sport: 'Football' },
  payor: { name: 'Drift Collective', contact: 'pay@example.com' },
  year: 2026,
  services: 'Licence of NIL',
  compensation: '97% of net card sales',
  term: 'Ongoing',
  earnedCents: 14550,
  paidCents: 9700,
  payments: [{ date: '2026-11-18', amountCents: 9700, reference: 'ACH-1-PAID' }],
  thresholdCents: 60000,
  crossedAt: null,
  deadline: null,
  reportedDate: null,
  reference: null,
  ...over,
});

const nilGoRecord = (over: Partial<NilGoRecordView> = {}): NilGoRecordView => ({
  recordId: 'collective-1~v1',
  payorGroup: 'collective-1',
  payors: ['Drift Collective'],
  terms: { version: 1, from: '2023-08-01', royaltyBasisPoints: 9700, obligations: 'Approves each card' },
  cumulativeCents: 69_840,
  providedUnderTermsCents: 69_840,
  thresholdCents: 60_000,
  reportableAt: '2026-11-10',
  deadline: '2026-11-17',
  status: 'due',
  businessDaysLeft: 3,
  reported: null,
  payments: [
    { date: '2025-12-15', amountCents: 39_770, reference: 'ACH-1', batchId: 'b1' },
    { date: '2026-11-10', amountCents: 30_070, reference: 'ACH-2', batchId: 'b2' },
  ],
  ...over,
});

const nilGoView = (records: NilGoRecordView[] = []): NilGoView => ({
  eligibilityStart: '2023-08-01',
  eligibilityStartSource: 'join date',
  records,
  alert: records.find((r) => ['due', 'due_today', 'overdue'].includes(r.status)) ?? null,
});

const statement = {
  athleteId: 1,
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-12-01T00:00:00.000Z',
  openingBalanceCents: -300,
  earningsCents: 14550,
  reversalsCents: 0,
  creditsCents: 0,
  payoutsCents: 9700,
  closingBalanceCents: 4550,
  entries: [
    {
      athleteId: 1,
      seq: 7,
      at: '2026-11-10T10:00:00.000Z',
      orderDate: '2026-11-08T15:00:00.000Z',
      cards: ['Marcus Reed - Card #1'],
      kind: 'sale',
      orderName: '#1042',
      collectiveId: 1,
      grossCents: 15000,
      athleteShareCents: 14550,
      platformShareCents: 450,
      creditCents: 0,
      payoutCents: 0,
      cumulativeGrossCents: 15000,
      salesAfterCents: 14550,
      reversalsAfterCents: 0,
      creditsAfterCents: 0,
      payoutsAfterCents: 0,
      balanceAfterCents: 14250,
    },
    {
      athleteId: 1,
      seq: 8,
      at: '2026-11-16T10:00:00.000Z',
      orderDate: null,
      cards: [],
      kind: 'payout',
      batchId: '20261116000000-abcdef12',
      collectiveId: 1,
      grossCents: 0,
      athleteShareCents: 0,
      platformShareCents: 0,
      creditCents: 0,
      payoutCents: 9700,
      cumulativeGrossCents: 15000,
      salesAfterCents: 14550,
      reversalsAfterCents: 0,
      creditsAfterCents: 0,
      payoutsAfterCents: 9700,
      balanceAfterCents: 4550,
    },
  ],
  nextAfter: null,
  athlete: { id: 1, name: 'Sample', school: 'Drift U' },
};

function panelApi(over: Routes = {}): FakeApi {
  return fakeApi({
    'GET /api/athletes/1': { body: profileWithSales(1) },
    'GET /api/athletes/1/cards': { body: ownerCards([]) },
    'GET /api/athletes/1/stats': { body: athleteStats() },
    'GET /api/athletes/1/orders': { body: { items: saleLines(2), nextCursor: null } },
    'GET /api/athletes/1/payouts': { body: payouts() },
    'GET /api/athletes/1/statement': { body: statement },
    'GET /api/athletes/1/disclosure': { body: disclosure() },
    'GET /api/athletes/1/nil-go': { body: nilGoView() },
    ...over,
  });
}

const openPanel = (tab = '') => renderRoute(<AthletePanelRoute />, { path: '/athlete', at: `/athlete${tab ? `?tab=${tab}` : ''}` });

describe('athlete panel', () => {
  beforeEach(() => signInAs('athlete', 1));
  afterEach(settleAndSignOut);

  it("reads the athlete's profile, never the whole catalog, and shows each card's sale state", async () => {
    const profile = profileWithSales(1);
    const [first, second, third] = profile.cards;
    const stub = panelApi({
      'GET /api/athletes/1': {
        body: profileWithSales(1, {
          [first.id]: { editionSize: 100, issued: 12, sold: 12, edition: 'Base' },
          [second.id]: { editionSize: 50, locked: true, buyable: false, unlock: { cardId: first.id, units: 25, sold: 18, unlockedAt: null } },
          [third.id]: { soldOut: true, editionSize: 10, issued: 10, sold: 10, buyable: false },
        }),
      },
    });
    openPanel('cards');
    const table = await screen.findByRole('table', { name: 'Sale state of each card' });
    // A count of the edition, never a serial's "#12".
    expect(within(table).getByText('On sale · 12 of 100 sold · 88 left')).toBeInTheDocument();
    expect(within(table).getByText('Locked · 18 of 25 Base sold to unlock')).toBeInTheDocument();
    expect(within(table).getByText('Sold out · all 10 sold')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.startsWith('/api/catalog'))).toBe(false);
  });

  it('lists the activations to confirm in plain words, confirms one after asking, and declines one with a reason', async () => {
    const base: ActivationView = {
      id: 'act-00000000000000000001',
      collectiveId: 1,
      collectiveName: 'Mariners NIL Collective',
      athleteId: 1,
      athleteName: 'Sample',
      kind: 'autograph_session',
      description: 'Signing at the bookstore',
      date: '2026-11-20',
      priceCents: 30000,
      proofUrl: 'https://example.com/signing',
      status: 'proposed',
      statusLabel: 'Waiting for the athlete',
      declineReason: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      confirmedAt: null,
      history: [],
      actions: ['confirm', 'decline'],
    };
    const second: ActivationView = { ...base, id: 'act-00000000000000000002', kind: 'social_post', description: 'Two posts', priceCents: 5000 };
    const canceled: ActivationView = { ...base, id: 'act-00000000000000000003', status: 'canceled', statusLabel: 'Canceled', actions: [] };
    let list = [base, second, canceled];
    const answered = (id: string, over: Partial<ActivationView>) => {
      list = list.map((a) => (a.id === id ? { ...a, ...over, actions: [] } : a));
      return { body: list.find((a) => a.id === id) };
    };
    const stub = panelApi({
      'GET /api/athletes/1/activations': () => ({ body: { activations: list } }),
      [`POST /api/athletes/1/activations/${base.id}/confirm`]: () => answered(base.id, { status: 'confirmed', statusLabel: 'Confirmed' }),
      [`POST /api/athletes/1/activations/${second.id}/decline`]: (init) =>
        answered(second.id, { status: 'declined', statusLabel: 'Declined', declineReason: JSON.parse(String(init?.body)).reason }),
    });
    openPanel('activations');
    const waiting = await screen.findByRole('list', { name: 'Activations waiting for your answer' });
    expect(within(waiting).getByRole('heading', { name: 'Mariners NIL Collective will pay you $300.00' })).toBeInTheDocument();
    expect(within(waiting).getByText('Autograph session on 2026-11-20: Signing at the bookstore')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /answered or your collective canceled/ })).toHaveTextContent('Canceled');
    fireEvent.click(within(waiting).getByRole('button', { name: 'Confirm delivered: Autograph session on 2026-11-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm you delivered it?' });
    expect(dialog).toHaveTextContent('$300.00 from Mariners NIL Collective is added to your balance and paid with your next payout.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm $300.00' }));
    expect(await screen.findByText('Confirmed. $300.00 is in your balance and is paid with your next payout.')).toBeInTheDocument();
    // Decline: the reason is required.
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Social media post on 2026-11-20' }));
    const decline = await screen.findByRole('dialog', { name: 'Decline the $50.00 activation?' });
    fireEvent.click(within(decline).getByRole('button', { name: 'Decline' }));
    expect(await within(decline).findByText(/Say why/)).toBeInTheDocument();
    fireEvent.change(within(decline).getByLabelText(/^Reason/), { target: { value: 'I only made one post' } });
    fireEvent.click(within(decline).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined. Mariners NIL Collective sees your reason; nothing is paid for it.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing to confirm.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url.endsWith('/decline'))?.body).toEqual({ reason: 'I only made one post' });
  });

  it('shows a retired card as retired and the profile error with Try Again', async () => {
    let fail = true;
    const profile = profileWithSales(1);
    panelApi({
      'GET /api/athletes/1': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'x' } } }
          : { body: profileWithSales(1, { [profile.cards[0].id]: { state: 'retired', sold: 4 } }) },
    });
    openPanel('cards');
    expect(await screen.findByText('Failed to load your profile. Please try again later.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Retired · 4 sold')).toBeInTheDocument();
  });

  it('shows the serials of each order line, ranges and units without a serial', async () => {
    const lines: SaleLine[] = saleLines(2);
    lines[0] = { ...lines[0], quantity: 3, serials: [{ cardId: 1, from: 3, to: 5, editionSize: 100 }] };
    lines[1] = { ...lines[1], quantity: 2, serials: [{ cardId: 1, from: 7, to: 7, editionSize: 100 }], oversoldUnits: 0, whileLockedUnits: 1 };
    panelApi({ 'GET /api/athletes/1/orders': { body: { items: lines, nextCursor: null } } });
    openPanel();
    const table = await screen.findByRole('table', { name: 'Recent orders, newest first' });
    expect(within(table).getByText('#3–5 / 100')).toBeInTheDocument();
    expect(within(table).getByText('#7 / 100')).toBeInTheDocument();
    expect(within(table).getByText('1 sold while locked')).toBeInTheDocument();
  });

  it('badges the pending count and approves the exact image version it showed', async () => {
    let cards = [ownerCard(4, 'pending'), ownerCard(5, 'pending', { name: 'Gold Rush', edition: 'Gold', editionSize: 25, priceCents: 9900 })];
    const stub = panelApi({
      'GET /api/athletes/1/cards': () => ({ body: ownerCards(cards) }),
      'POST /api/athletes/1/cards/5/approve': () => {
        cards = cards.map((c) =>
          c.id === 5 ? { ...c, state: 'approved', history: [...c.history!, { action: 'approved', by: 'athlete-sub', at: '2026-11-20T09:00:00.000Z' }] } : c,
        );
        return { body: cards.find((c) => c.id === 5) };
      },
    });
    openPanel('approvals');
    expect(await screen.findByRole('tab', { name: 'Cards & approvals (2 pending)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'Approvals (2 pending)' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Cards waiting for your approval' });
    // As fans will see it: the Drift frame with the edition and its size.
    expect(within(list).getByRole('img', { name: 'Card image of Gold Rush' }).closest('figure')).toHaveClass('drift-card');
    expect(within(list).getByText('Gold edition of 25')).toBeInTheDocument();
    expect(within(list).getByText('$99.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Gold Rush' }));
    expect(await screen.findByText('Approved Gold Rush. The collective can now publish it.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({ imageHash: 'hash-5' });
    const decided = await screen.findByRole('table', { name: 'Cards you decided on, newest first' });
    expect(within(decided).getByText('Gold Rush')).toBeInTheDocument();
    expect(within(decided).getByText('you')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Approvals (1 pending)' })).toBeInTheDocument());
  });

  it('tells the athlete to reload a card whose image changed since it was shown (409)', async () => {
    let hash = 'hash-4';
    panelApi({
      'GET /api/athletes/1/cards': () => ({ body: ownerCards([ownerCard(4, 'pending', { imageHash: hash })]) }),
      'POST /api/athletes/1/cards/4/approve': () => ({
        status: 409,
        body: { error: { code: 'conflict', message: 'The image changed since you reviewed it.' } },
      }),
    });
    openPanel('approvals');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Card 4' }));
    expect(await screen.findByText(/The image changed since you reviewed it\. Reload the card/)).toBeInTheDocument();
    hash = 'hash-4b';
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(/The image changed since you reviewed it/)).not.toBeInTheDocument());
  });

  it('rejects with a required reason in a dialog and keeps the reason on a failure', async () => {
    let cards = [ownerCard(4, 'pending')];
    let fail = true;
    const stub = panelApi({
      'GET /api/athletes/1/cards': () => ({ body: ownerCards(cards) }),
      'POST /api/athletes/1/cards/4/reject': (init) => {
        if (fail) return { status: 503, body: { error: { code: 'unavailable', message: 'Try again in a moment.' } } };
        const { reason } = JSON.parse(String(init?.body));
        cards = [
          {
            ...cards[0],
            state: 'rejected',
            rejectionReason: reason,
            history: [...cards[0].history!, { action: 'rejected', by: 'athlete-sub', at: '2026-11-20T09:00:00.000Z', reason }],
          },
        ];
        return { body: cards[0] };
      },
    });
    openPanel('approvals');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Card 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Card 4' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reject card' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Wrong jersey' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject card' }));
    expect(await within(dialog).findByText('Try again in a moment.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('Wrong jersey');
    fail = false;
    // The failure's line shows a moment before the write stops being under way (the button says Rejecting... until then).
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reject card' }));
    expect(await screen.findByText('Rejected Card 4. The collective sees your reason.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Cards you decided on, newest first' })).getByText(/Wrong jersey/)).toBeInTheDocument();
    expect(screen.getByText('No cards waiting for your approval.')).toBeInTheDocument();
  });

  it('shows the approvals error with Try Again', async () => {
    let fail = true;
    panelApi({ 'GET /api/athletes/1/cards': () => (fail ? { status: 500, body: { error: { code: 'x', message: 'x' } } } : { body: ownerCards([]) }) });
    openPanel('approvals');
    expect(await screen.findByText('Failed to load your cards. Please try again later.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No cards waiting for your approval.')).toBeInTheDocument();
  });

  it('shows the balance, payouts received, a statement for the chosen period and a negative opening balance', async () => {
    const stub = panelApi({ 'GET /api/athletes/1/payouts': { body: payouts({ balanceCents: -300 }) } });
    const view = openPanel('payouts');
    expect(await screen.findByText(/Your balance is negative \(-\$3\.00\)/)).toBeInTheDocument();
    const received = screen.getByRole('table', { name: 'Payouts, newest first' });
    expect(within(received).getByText('ACH-1-PAID')).toBeInTheDocument();
    expect(within(received).getByText('Paid')).toBeInTheDocument();
    view.unmount();
    openPanel('statement');
    const lines = await screen.findByRole('table', { name: /^Statement lines 1 to 2, oldest first/ });
    expect(within(lines).getByText('#1042')).toBeInTheDocument();
    // The line names its card and the order's own date beside the day it was settled.
    const sale = within(lines).getByRole('row', { name: /#1042/ });
    expect(within(sale).getByText('Marcus Reed - Card #1')).toBeInTheDocument();
    expect(within(sale).getByText('Nov 8, 2026')).toBeInTheDocument();
    expect(within(sale).getByText('Nov 10, 2026')).toBeInTheDocument();
    expect(screen.getByText(/opened with a negative balance carried forward/)).toBeInTheDocument();
    expect(screen.getAllByText('-$97.00').length).toBeGreaterThan(0); // the period's payouts
    expect(screen.queryByText('-$0.00')).not.toBeInTheDocument(); // no reversals

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText(/^Up to/), { target: { value: '2026-09-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show statement' }));
    expect(await screen.findByText('must be after from, at most a year later')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Up to/), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show statement' }));
    await waitFor(() => expect(stub.calls.some((c) => c.url === '/api/athletes/1/statement?from=2026-10-01&to=2026-11-01')).toBe(true));
  });

  it('shows the payout account to link, a failed Stripe payout with its reason, the next one on its way, and asks Stripe for the onboarding link', async () => {
    const failed = {
      ...payouts().payouts[0],
      batchId: '20261120000000-abcdef12',
      status: 'failed' as const,
      sentDate: null,
      sentReference: null,
      paidDate: null,
      paidReference: null,
      attempt: 1,
      failure: { code: 'no_account', message: 'The bank account number does not exist.' },
    };
    const moving = {
      ...failed,
      batchId: '20261121000000-abcdef12',
      status: 'in_transit' as const,
      failure: null,
      expectedArrival: '2026-11-23',
      sentDate: '2026-11-21',
      sentReference: 'tr_1',
    };
    const stub = panelApi({
      'GET /api/athletes/1/payouts': { body: payouts({ payouts: [moving, failed, ...payouts().payouts], nextPayout: moving }) },
      'GET /api/athletes/1/stripe/account': { body: { account: null } },
      'POST /api/athletes/1/stripe/onboarding': { body: { url: 'http://127.0.0.1/local-stripe/onboarding/xyz', expiresAt: 0, account: {} } },
    });
    openPanel('payouts');
    expect(await screen.findByText(/on its way to your bank through Stripe, expected 2026-11-23/)).toBeInTheDocument();
    const received = screen.getByRole('table', { name: 'Payouts, newest first' });
    expect(within(received).getByText('Failed')).toBeInTheDocument();
    expect(within(received).getByText('The bank account number does not exist. The amount is back in your balance.')).toBeInTheDocument();
    expect(within(received).getByText('In transit')).toBeInTheDocument();
    expect(await screen.findByText('Not linked')).toBeInTheDocument();
    const quiet = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String((args[0] as Error)?.message ?? args[0]).includes('Not implemented: navigation')) throw new Error(String(args[0]));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link payout account' }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === 'POST' && c.url === '/api/athletes/1/stripe/onboarding')).toBe(true));
    await waitFor(() => expect(quiet).toHaveBeenCalled());
    quiet.mockRestore();
  });

  it('shows paid out, sent and awaiting as the server adds them up, a payout reversed in part, and what linking an account will do', async () => {
    const paid = payouts().payouts[0];
    const reversed = { ...paid, batchId: '20261110000000-abcdef12', attempt: 1, reversedCents: 2500 };
    const waiting = {
      ...paid,
      batchId: '20261121000000-abcdef12',
      status: 'awaiting_account' as const,
      sentDate: null,
      sentReference: null,
      paidDate: null,
      paidReference: null,
      whenLinked: 'next_payout' as const,
    };
    const body = payouts({ paidOutCents: 16900, sentCents: 1200, awaitingCents: 9700, payouts: [waiting, paid, reversed], nextPayout: waiting });
    panelApi({ 'GET /api/athletes/1/payouts': { body }, 'GET /api/athletes/1/stripe/account': { body: { account: null } } });
    const view = openPanel('payouts');
    // Each tile is its term and its figure (dt, dd): paid lines only are paid out.
    const tile = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    await screen.findByText('Paid out (all time)');
    expect(tile('Paid out (all time)')).toHaveTextContent('$169.00');
    expect(tile('Sent')).toHaveTextContent('$12.00');
    expect(tile('Awaiting account')).toHaveTextContent('$97.00');
    const received = screen.getByRole('table', { name: 'Payouts, newest first' });
    expect(within(received).getByText('Paid, reversed in part')).toBeInTheDocument();
    expect(within(received).getByText(/\$25\.00 of it was taken back in Stripe/)).toBeInTheDocument();
    expect(
      screen.getByText(/waiting for your payout account\. Link a payout account \(below\): it will be sent with the collective’s next payout after you do/),
    ).toBeInTheDocument();
    view.unmount();
    // Linked, in a collective that pays waiting lines at once: it says it is being sent.
    const linked = {
      accountId: 'acct_1',
      detailsSubmitted: true,
      chargesEnabled: false,
      payoutsEnabled: true,
      currentlyDue: [],
      disabledReason: null,
      detailsSubmittedAt: null,
      linkedAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
    };
    panelApi({
      'GET /api/athletes/1/payouts': {
        body: { ...body, payoutAccount: linked, payouts: [{ ...waiting, whenLinked: 'at_once' }], nextPayout: { ...waiting, whenLinked: 'at_once' } },
      },
      'GET /api/athletes/1/stripe/account': { body: { account: linked } },
    });
    openPanel('payouts');
    expect(await screen.findByText(/waiting for your payout account\. Sending now/)).toBeInTheDocument();
  });

  it('pages through a statement with more lines than one page', async () => {
    const cursor = 'LEDGER#2026-11-16T10:00:00.000Z#0000000008';
    const stub = panelApi({
      'GET /api/athletes/1/statement': (_init, url) =>
        url.includes('after=')
          ? { body: { ...statement, entries: [{ ...statement.entries[0], seq: 9, orderName: '#2001' }], nextAfter: null } }
          : { body: { ...statement, nextAfter: cursor } },
    });
    openPanel('statement');
    const lines = await screen.findByRole('table', { name: /^Statement lines 1 to 2/ });
    expect(within(lines).getByText('#1042')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Statement pages' });
    expect(within(pages).getByText('Lines 1–2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('#2001')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Statement lines 3 to 3/ })).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.endsWith(`&after=${encodeURIComponent(cursor)}`))).toBe(true);
    expect(within(screen.getByRole('navigation', { name: 'Statement pages' })).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Statement pages' })).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('#1042')).toBeInTheDocument();
  });

  it('prints only the statement and downloads the whole period as CSV with the token', async () => {
    const stub = panelApi({ 'GET /api/athletes/1/statement?from=2026-10-01&to=2026-11-01&format=csv': { body: 'date,kind' } });
    const saved = jest.fn((blob: Blob) => (expect(blob.type).toBe('text/csv;charset=utf-8'), 'blob:statement'));
    Object.assign(URL, { createObjectURL: saved, revokeObjectURL: jest.fn() });
    // The save link's click (jsdom cannot navigate to a blob: URL; a browser saves the file).
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const print = jest.fn(() => expect(document.body.dataset.apPrint).toBe('statement'));
    window.print = print;
    openPanel('statement');
    await screen.findByRole('table', { name: /^Statement lines/ });
    expect(document.body.dataset.apPrint).toBe('statement');
    fireEvent.click(screen.getByRole('button', { name: 'Print statement' }));
    expect(print).toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(document.body.dataset.apPrint).toBe('statement');

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText(/^Up to/), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show statement' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV (whole period)' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(click).toHaveBeenCalled();
    click.mockRestore();
    expect(stub.calls.some((c) => c.url === '/api/athletes/1/statement?from=2026-10-01&to=2026-11-01&format=csv')).toBe(true);
    const init = (global.fetch as jest.Mock).mock.calls.find(([u]) => String(u).includes('format=csv'))[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
  });

  it("shows NIL Go's alert on every tab and in Earnings › NIL & tax, with the deadline and rate, and marks the record reported", async () => {
    let view = nilGoView([nilGoRecord()]);
    const stub = panelApi({
      'GET /api/athletes/1/nil-go': () => ({ body: view }),
      'POST /api/athletes/1/nil-go/collective-1~v1/reported': (init) => {
        const body = JSON.parse(String(init?.body));
        view = nilGoView([nilGoRecord({ status: 'reported', businessDaysLeft: null, reported: { date: body.date, reference: body.reference } })]);
        return { body: view };
      },
    });
    const first = openPanel();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'Report to NIL Go. Drift Collective provided you $698.40 since the eligibility start; it reached $600.00 on Nov 10, 2026.',
    );
    expect(banner).toHaveTextContent('royalty 97% of net card sales) by Nov 17, 2026 (3 business days left).');
    expect(within(banner).getByRole('link', { name: 'Open NIL Go' })).toHaveAttribute('href', '/athlete?tab=disclosure');
    first.unmount();
    openPanel('disclosure');
    const panel = await screen.findByRole('region', { name: 'NIL Go' });
    expect(within(panel).getByRole('alert')).toHaveTextContent('by Nov 17, 2026 (3 business days left)');
    const row = within(panel).getByRole('row', { name: /Drift Collective/ });
    expect(row).toHaveTextContent('Royalty 97% of net card sales');
    expect(row).toHaveTextContent('Due by 2026-11-17 (3 business days left)');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark reported' }));
    const form = within(panel).getByRole('form', { name: 'Mark Drift Collective reported' });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark reported' }));
    expect(await within(form).findByText('Reference is required: the NIL Go or school reference (at most 100 characters)')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Reference/), { target: { value: 'NILGO-77' } });
    fireEvent.change(within(form).getByLabelText(/^Reported on/), { target: { value: '2026-11-12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark reported' }));
    expect(await within(panel).findByText('Marked Drift Collective reported (ref NILGO-77).')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(panel).getByText('Reported 2026-11-12')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/nil-go/collective-1~v1/reported'))?.body).toEqual({
      date: '2026-11-12',
      reference: 'NILGO-77',
    });
  });

  it('marks the year of the disclosure record reported (the disclosure kit keeps its Mark reported)', async () => {
    let record = disclosure({ crossedAt: '2026-11-10', deadline: '2026-11-17', earnedCents: 61000 });
    const stub = panelApi({
      'GET /api/athletes/1/disclosure': () => ({ body: record }),
      'POST /api/athletes/1/disclosure/2026/reported': (init) => {
        const body = JSON.parse(String(init?.body));
        if (body.reference === 'BAD')
          return { status: 400, body: { error: { code: 'validation', message: 'Invalid input', fields: { reference: 'is not accepted' } } } };
        record = { ...record, reportedDate: body.date, reference: body.reference };
        return { body: record };
      },
    });
    openPanel('disclosure');
    const form = await screen.findByRole('form', { name: 'Mark 2026 reported' });
    expect(screen.getByText(/provided by one payor since the eligibility start, across years/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Mark reported' }));
    // Each error names its field.
    expect(await within(form).findByText('Reference is required: the NIL Go or school reference (at most 100 characters)')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Reference/)).toHaveAccessibleDescription(
      'The NIL Go or school reference of your report. Reference is required: the NIL Go or school reference (at most 100 characters)',
    );
    fireEvent.change(within(form).getByLabelText(/^Reported on/), { target: { value: '2999-01-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark reported' }));
    expect(await within(form).findByText('Reported on must be the day it was reported (YYYY-MM-DD, not in the future)')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Reported on/), { target: { value: '2026-11-12' } });
    fireEvent.change(within(form).getByLabelText(/^Reference/), { target: { value: 'BAD' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark reported' }));
    expect(await within(form).findByText('Reference is not accepted')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Reference/), { target: { value: 'NILGO-77' } });
    fireEvent.change(within(form).getByLabelText(/^Reported on/), { target: { value: '2026-11-12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark reported' }));
    expect(await screen.findByText('Marked 2026 as reported (ref NILGO-77).')).toBeInTheDocument();
    expect(screen.getByText(/\(ref NILGO-77\)$/)).toBeInTheDocument();
    expect(
      stub.calls.find((c) => c.method === 'POST' && c.url.endsWith('/reported') && (c.body as { reference: string }).reference === 'NILGO-77')?.body,
    ).toEqual({
      date: '2026-11-12',
      reference: 'NILGO-77',
    });
  });

  it('keeps the demo read-only: no Approve button, no Mark reported', async () => {
    signOut();
    panelApi({
      'GET /api/athletes/1/cards': { body: ownerCards([ownerCard(4, 'pending')]) },
      'GET /api/athletes/1/disclosure': { body: disclosure({ crossedAt: '2026-11-10T10:00:00.000Z', deadline: '2026-11-17' }) },
    });
    const view = renderRoute(<AthletePanelRoute />, { path: '/demo/athlete', at: '/demo/athlete?tab=approvals' });
    expect(await screen.findByText(/Sign in to approve or reject cards/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Card 4' })).not.toBeInTheDocument();
    view.unmount();
    renderRoute(<AthletePanelRoute />, { path: '/demo/athlete', at: '/demo/athlete?tab=disclosure' });
    expect(await screen.findByText(/Sign in to mark your disclosure reported/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Mark 2026 reported' })).not.toBeInTheDocument();
  });
});
