// The collective's Payouts section: balances and tax status, the NIL Go alert, "Pay everything owed
// through {date}" with its preview (who gets what, what is not payable yet and when, what earlier
// batches are still paying) creating the batch with one idempotency key per submission (a retry
// reuses it) and paying it through Stripe, the server's errors, payouts marked sent then paid in bulk
// in a side panel, the CSV download with the bearer token, activations (which replaced donation allocations).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CollectivePayoutsResponse, PayoutBatchView, PayoutLineView, PayoutPreview, YearStatusView } from '@shared/money/payouts-api';
import type { NilGoRecordView } from '@shared/money/compliance-api';
import type { ActivationView } from '@shared/money/activations';
import { PayoutsSection } from '@/features/collective-panel/components/payouts/payouts-section';
import { members } from './dashboards/fixtures';
import { renderRoute, fakeApi, signInAs, signOut } from './harness';

jest.setTimeout(30_000);

afterEach(signOut);

const year = (over: Partial<YearStatusView> = {}, nil: Partial<YearStatusView['nil']> = {}): YearStatusView => ({
  year: 2026,
  earnedCents: 0,
  paidCents: 0,
  w9OnFile: false,
  w9Date: null,
  form1099ThresholdCents: 60000,
  form1099Required: false,
  nil: { thresholdCents: 60000, crossedAt: null, deadline: null, reportedDate: null, reference: null, ...nil },
  ...over,
});

/** Marcus Reed's NIL Go record: $650 provided, reached $600 on 2 October, overdue since 9 October. */
const DUE: NilGoRecordView = {
  recordId: 'collective-1~v1',
  payorGroup: 'collective-1',
  payors: ['Mariners NIL Collective'],
  terms: { version: 1, from: '2023-08-01', royaltyBasisPoints: 9700, obligations: 'Approves each card' },
  cumulativeCents: 65000,
  providedUnderTermsCents: 65000,
  thresholdCents: 60000,
  reportableAt: '2026-10-02',
  deadline: '2026-10-09',
  status: 'overdue',
  businessDaysLeft: 0,
  reported: null,
  payments: [{ date: '2026-10-02', amountCents: 65000, reference: 'ACH-9', batchId: 'b' }],
};

const BATCH = '20261117000000-abcdef12';
/** Today and tomorrow (UTC): the default period runs through today, its exclusive end is tomorrow. */
const TODAY = new Date().toISOString().slice(0, 10);
const TOMORROW = new Date(Date.parse(`${TODAY}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

const payouts = (): CollectivePayoutsResponse => ({
  collectiveId: 1,
  year: 2026,
  defaultPeriod: { periodStart: '2026-11-16T00:00:00.000Z', periodEnd: `${TOMORROW}T00:00:00.000Z` },
  members: [
    {
      athleteId: 1,
      balanceCents: 72000,
      payableCents: 70000,
      payouts: { paidOutCents: 90000, sentCents: 1200, awaitingCents: 800 },
      year: year(
        {
          earnedCents: 72000,
          paidCents: 65000,
          w9OnFile: true,
          w9Date: '2026-02-01',
          form1099Required: true,
          taxForms: [
            {
              form: '1099-MISC',
              box: '2',
              label: 'Royalties',
              paymentType: 'royalty',
              paidCents: 65000,
              thresholdCents: 1000,
              toConfirm: false,
              required: true,
            },
          ],
        },
        { crossedAt: '2026-10-02', deadline: '2026-10-09' },
      ),
      lastPayout: null,
      nilGo: {
        eligibilityStart: '2023-08-01',
        eligibilityStartSource: 'join date',
        records: [DUE],
        alert: DUE,
      },
    },
    { athleteId: 2, balanceCents: 0, payableCents: 0, payouts: { paidOutCents: 0, sentCents: 0, awaitingCents: 0 }, year: year(), lastPayout: null },
  ],
  batches: [
    {
      batchId: BATCH,
      collectiveId: 1,
      periodStart: '2026-11-09T00:00:00.000Z',
      periodEnd: '2026-11-16T00:00:00.000Z',
      createdAt: '2026-11-17T00:00:00.000Z',
      createdBy: 'c1',
      status: 'created',
      totalCents: 70000,
      lineCount: 1,
    },
  ],
});

const batchDetail = (status: 'pending' | 'sent' | 'paid' = 'pending'): PayoutBatchView => ({
  ...payouts().batches[0],
  lines: [
    {
      batchId: BATCH,
      athleteId: 1,
      amountCents: 70000,
      status,
      periodStart: '2026-11-09T00:00:00.000Z',
      periodEnd: '2026-11-16T00:00:00.000Z',
      createdAt: '2026-11-17T00:00:00.000Z',
      sentDate: status === 'pending' ? null : '2026-11-18',
      sentReference: status === 'pending' ? null : 'ACH-1',
      paidDate: status === 'paid' ? '2026-11-19' : null,
      paidReference: status === 'paid' ? 'ACH-1' : null,
    },
  ],
});

const preview = (over: Partial<PayoutPreview> = {}): PayoutPreview => ({
  collectiveId: 1,
  through: TODAY,
  period: { periodStart: '2026-11-16T00:00:00.000Z', periodEnd: `${TOMORROW}T00:00:00.000Z` },
  stripeReady: false,
  lines: [{ athleteId: 1, amountCents: 70000, rail: 'by_hand' }],
  totalCents: 70000,
  notPayable: [{ athleteId: 1, amountCents: 2000, reason: 'after_date', availableOn: TOMORROW }],
  inFlight: [{ athleteId: 2, batchId: BATCH, amountCents: 500, status: 'in_transit', availableOn: '2026-11-30' }],
  ...over,
});
const PREVIEW = `GET /api/collectives/1/payouts/preview?through=${TODAY}`;

const renderPayouts = () => renderRoute(<PayoutsSection collectiveId={1} members={members([1, 2])} />);

describe('Payouts', () => {
  it('shows balances, tax status, the NIL alert with its deadline, and no writes for visitors', async () => {
    fakeApi({ 'GET /api/collectives/1/payouts': { body: payouts() }, [PREVIEW]: { body: preview() } });
    renderPayouts();
    expect(await screen.findByRole('alert', { name: 'NIL Go reports due' })).toHaveTextContent(
      'Marcus Reed: NIL Go report overdue. Mariners NIL Collective provided Marcus Reed $650.00 since the eligibility start; it reached $600.00 on Oct 2, 2026. Report the deal (royalty 97% of net card sales): it was due by Oct 9, 2026.',
    );
    const table = screen.getByRole('table', { name: /What each member is owed/ });
    const marcus = within(table).getByRole('row', { name: /Marcus Reed/ });
    expect(within(marcus).getByText('$720.00')).toBeInTheDocument();
    expect(within(marcus).getByText('$700.00 payable now')).toBeInTheDocument();
    // What is owed and not payable yet says when and why.
    expect(within(marcus).getByText('$20.00 recorded after today (UTC): available from tomorrow.')).toBeInTheDocument();
    expect(within(marcus).getByText('$650.00')).toBeInTheDocument();
    // Paid out all time, paid lines only, with what is on its way and what awaits an account beside it (the athlete's own figures).
    expect(within(marcus).getByText('$900.00')).toBeInTheDocument();
    expect(within(marcus).getByText('$12.00 sent, on its way')).toBeInTheDocument();
    expect(within(marcus).getByText('$8.00 awaiting a payout account')).toBeInTheDocument();
    expect(within(marcus).getByText('1099-MISC box 2 required')).toBeInTheDocument();
    expect(within(marcus).getByText('Due by 2026-10-09')).toBeInTheDocument();
    expect(within(marcus).getByText(/Yes/)).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Jalen Brooks/ })).getByText('No')).toBeInTheDocument();
    // Visitors see the preview, but nothing that pays or marks.
    expect(await screen.findByRole('table', { name: /^Who gets what/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay everything owed/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show payouts/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record W-9/ })).not.toBeInTheDocument();
  });

  it('previews everything owed through today, says what is not payable yet and when, and pays it after a confirmation with one idempotency key per submission', async () => {
    signInAs('collective', 1);
    let attempt = 0;
    const stub = fakeApi({
      'GET /api/collectives/1/payouts': { body: payouts() },
      [PREVIEW]: { body: preview() },
      'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
      'POST /api/collectives/1/payouts/batches': () => {
        attempt += 1;
        if (attempt === 1) return { status: 503, body: { error: { code: 'unavailable', message: 'Please retry in a moment' } } };
        return { status: 201, body: { ...batchDetail(), lineCount: 1, totalCents: 70000 } };
      },
    });
    renderPayouts();
    const who = await screen.findByRole('table', {
      name: `Who gets what: everything owed through ${new Date(`${TODAY}T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`,
    });
    expect(within(within(who).getByRole('row', { name: /Marcus Reed/ })).getByText('By hand, from your bank (CSV)')).toBeInTheDocument();
    const later = screen.getByRole('table', { name: 'Owed, not payable yet' });
    expect(within(later).getByText(/^Available on .*: earned after/)).toBeInTheDocument();
    const moving = screen.getByRole('table', { name: 'Already on their way (earlier batches)' });
    expect(within(moving).getByText('In transit: available on Nov 30, 2026')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: /^Pay everything owed through/ });
    // Cancel pays nothing.
    fireEvent.click(pay);
    const dialog = screen.getByRole('dialog', { name: /^Pay everything owed through/ });
    expect(dialog).toHaveTextContent('$700.00 to 1 athlete: Marcus Reed $700.00.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(pay);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create the batch' }));
    expect(await screen.findByText('Please retry in a moment')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Pay everything owed through/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create the batch' }));
    expect(await screen.findByText(/^Batch created for \$700\.00 to 1 athlete\. Pay it from your bank/)).toBeInTheDocument();
    const posts = stub.calls.filter((c) => c.method === 'POST');
    // The batch is the preview's period: what the preview showed is what it pays.
    expect(posts[0].body).toMatchObject({ periodStart: '2026-11-16T00:00:00.000Z', periodEnd: `${TOMORROW}T00:00:00.000Z` });
    const [first, second] = posts.map((p) => (p.body as { idempotencyKey: string }).idempotencyKey);
    expect(first).toMatch(/^[\w:.-]{8,100}$/);
    expect(second).toBe(first);
  });

  it('pays everything owed through Stripe in one action: the existing batch creation, then Pay now on it', async () => {
    signInAs('collective', 1);
    const stub = fakeApi({
      'GET /api/collectives/1/payouts': { body: payouts() },
      [PREVIEW]: { body: preview({ stripeReady: true, lines: [{ athleteId: 1, amountCents: 70000, rail: 'stripe' }] }) },
      'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
      'GET /api/collectives/1/stripe/account': { body: { account: null } },
      'POST /api/collectives/1/payouts/batches': { status: 201, body: { ...batchDetail(), lineCount: 1, totalCents: 70000 } },
      [`POST /api/collectives/1/payouts/batches/${BATCH}/pay`]: {
        body: {
          batch: { ...batchDetail(), lines: [{ ...batchDetail().lines![0], status: 'in_transit', expectedArrival: '2026-11-30' }] },
          errors: [],
          notStarted: 0,
        },
      },
    });
    renderPayouts();
    expect(within(await screen.findByRole('table', { name: /^Who gets what/ })).getByText('Stripe, to their bank')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Pay everything owed through/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pay $700.00' }));
    expect(await screen.findByText('Paying $700.00 to 1 athlete: 1 on their way through Stripe.')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/collectives/1/payouts/batches',
      `/api/collectives/1/payouts/batches/${BATCH}/pay`,
    ]);
  });

  it('previews another day through the day chosen and refuses a day in the future', async () => {
    signInAs('collective', 1);
    const stub = fakeApi({
      'GET /api/collectives/1/payouts': { body: payouts() },
      'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
      'GET /api/collectives/1/payouts/preview': (_init, url) => ({ body: preview({ through: url.split('through=')[1], lines: [], totalCents: 0 }) }),
    });
    renderPayouts();
    const through = await screen.findByLabelText('Through (UTC)');
    fireEvent.change(through, { target: { value: '2026-11-15' } });
    expect(await screen.findByText(/^Nothing to pay through this day\./)).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url === '/api/collectives/1/payouts/preview?through=2026-11-15')).toBe(true);
    expect(screen.getByRole('button', { name: 'Pay everything owed through Nov 15, 2026' })).toBeDisabled();
    fireEvent.change(through, { target: { value: '2999-01-01' } });
    expect(screen.getByText('The day can be today (UTC) at the latest: later days have no earnings yet')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('through=2999'))).toBe(false);
  });

  it('marks a payout sent then paid with a reference and downloads the batch CSV with the bearer token', async () => {
    signInAs('collective', 1);
    let status: 'pending' | 'sent' | 'paid' = 'pending';
    const csvCalls: Array<{ url: string; auth: string | undefined }> = [];
    const stub = fakeApi({
      'GET /api/collectives/1/payouts': { body: payouts() },
      [PREVIEW]: { body: preview() },
      'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
      [`GET /api/collectives/1/payouts/batches/${BATCH}`]: () => ({ body: batchDetail(status) }),
      [`GET /api/collectives/1/payouts/batches/${BATCH}/csv`]: (init, url) => {
        csvCalls.push({ url, auth: (init?.headers as Record<string, string>)?.Authorization });
        return { body: 'athlete,amount\nMarcus Reed,700.00\n' };
      },
      [`POST /api/collectives/1/payouts/batches/${BATCH}/payouts/1`]: (init) => {
        status = (JSON.parse(String(init?.body)) as { status: 'sent' | 'paid' }).status;
        return { body: batchDetail(status).lines![0] };
      },
    });
    const createObjectURL = jest.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPayouts();
    fireEvent.click(await screen.findByRole('button', { name: 'Show payouts of 2026-11-09 through 2026-11-15' }));
    // Nothing selected: nothing to mark.
    expect(await screen.findByRole('button', { name: 'Mark sent…' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the payout of Marcus Reed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark sent…' }));
    const sent = within(await screen.findByRole('dialog', { name: 'Mark 1 payout sent' }));
    fireEvent.click(sent.getByRole('button', { name: 'Mark 1 payout sent' }));
    expect(await sent.findByText('Enter the ACH trace, transfer id or cheque number')).toBeInTheDocument();
    fireEvent.change(sent.getByLabelText('Reference for Marcus Reed ($700.00)'), { target: { value: 'ACH-1' } });
    fireEvent.change(sent.getByLabelText('Date sent'), { target: { value: '2026-11-18' } });
    fireEvent.click(sent.getByRole('button', { name: 'Mark 1 payout sent' }));
    expect(await screen.findByText('1 payout marked sent.')).toBeInTheDocument();
    const first = stub.calls.find((c) => c.method === 'POST')!;
    expect(first.body).toMatchObject({ status: 'sent', reference: 'ACH-1', date: '2026-11-18' });
    // Each payout of a submission has its own key (the submission's, per athlete).
    expect((first.body as { idempotencyKey: string }).idempotencyKey).toMatch(/-1$/);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the payout of Marcus Reed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid…' }));
    const paid = within(await screen.findByRole('dialog', { name: 'Mark 1 payout paid' }));
    expect(paid.getByLabelText('Reference for Marcus Reed ($700.00)')).toHaveValue('ACH-1');
    fireEvent.change(paid.getByLabelText('Date paid'), { target: { value: '2026-11-19' } });
    fireEvent.click(paid.getByRole('button', { name: 'Mark 1 payout paid' }));
    await waitFor(() => expect(screen.getByText('Done')).toBeInTheDocument());
    expect(stub.calls.filter((c) => c.method === 'POST')[1].body).toMatchObject({ status: 'paid', reference: 'ACH-1', date: '2026-11-19' });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(`payouts-${BATCH}.csv downloaded.`)).toBeInTheDocument();
    expect(csvCalls[0].auth).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('records an activation instead of allocating a donation: inline errors per field, a confirmation first, then the list with its states and Cancel', async () => {
    signInAs('collective', 1);
    const proposed: ActivationView = {
      id: 'act-00000000000000000001',
      collectiveId: 1,
      collectiveName: 'Mariners NIL Collective',
      athleteId: 2,
      athleteName: 'Jalen Brooks',
      kind: 'appearance',
      description: 'Youth clinic',
      date: TODAY,
      priceCents: 25000,
      proofUrl: 'https://example.com/clinic',
      status: 'proposed',
      statusLabel: 'Waiting for the athlete',
      declineReason: null,
      createdAt: `${TODAY}T10:00:00.000Z`,
      confirmedAt: null,
      history: [],
      actions: ['cancel'],
    };
    const declined: ActivationView = {
      ...proposed,
      id: 'act-00000000000000000002',
      status: 'declined',
      statusLabel: 'Declined',
      declineReason: 'Not me',
      actions: [],
    };
    let list: ActivationView[] = [declined];
    const stub = fakeApi((path, init) => {
      const method = init?.method ?? 'GET';
      if (path === '/api/collectives/1/payouts') return { body: { ...payouts(), batches: [] } };
      if (path === '/api/collectives/1/activations' && method === 'GET') return { body: { activations: list } };
      if (path === '/api/collectives/1/activations' && method === 'POST') {
        list = [proposed, declined];
        return { status: 201, body: proposed };
      }
      if (path === `/api/collectives/1/activations/${proposed.id}/cancel`) {
        list = [{ ...proposed, status: 'canceled', statusLabel: 'Canceled', actions: [] }, declined];
        return { body: list[0] };
      }
      return undefined;
    });
    renderPayouts();
    expect(screen.queryByRole('form', { name: 'Allocate a donation' })).toBeNull();
    const form = await screen.findByRole('form', { name: 'Record an activation' });
    fireEvent.click(within(form).getByRole('button', { name: 'Record activation' }));
    expect(within(form).getByLabelText(/^Athlete/)).toHaveAccessibleDescription('Choose one of your athletes');
    expect(within(form).getByLabelText(/^Deliverable/)).toHaveAccessibleDescription('Choose what the athlete delivers');
    expect(within(form).getByLabelText(/^Proof/)).toHaveAccessibleDescription(/A public https link.*Is required/);
    expect(within(form).getByLabelText(/^Price/)).toHaveAccessibleDescription(/Enter the price in dollars, at least \$1\.00/);
    fireEvent.change(within(form).getByLabelText(/^Athlete/), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText(/^Deliverable/), { target: { value: 'appearance' } });
    fireEvent.change(within(form).getByLabelText(/^Description/), { target: { value: 'Youth clinic' } });
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '0.50' } });
    fireEvent.change(within(form).getByLabelText(/^Proof/), { target: { value: 'http://example.com/clinic' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record activation' }));
    expect(within(form).getByText('Must be at least $1.00')).toBeInTheDocument();
    expect(within(form).getByText('Must start with https://')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/^Price/), { target: { value: '250' } });
    fireEvent.change(within(form).getByLabelText(/^Proof/), { target: { value: 'https://example.com/clinic' } });
    // Asked first; stepping back sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Record activation' }));
    let dialog = await screen.findByRole('dialog', { name: 'Record this activation?' });
    expect(dialog).toHaveTextContent('Appearance by Jalen Brooks');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(form).findByText('Nothing was recorded.')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Record activation' }));
    dialog = await screen.findByRole('dialog', { name: 'Record this activation?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record $250.00' }));
    expect(await within(form).findByText('Recorded: $250.00 for Jalen Brooks. They are paid once they confirm it was delivered.')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      idempotencyKey: expect.any(String),
      athleteId: 2,
      kind: 'appearance',
      description: 'Youth clinic',
      date: TODAY,
      priceCents: 25000,
      proofUrl: 'https://example.com/clinic',
    });
    // The list: states, the reason of a decline, and the table's one collective move (Cancel) on the proposed one only.
    const table = await screen.findByRole('table', { name: 'Your activations, newest first' });
    await waitFor(() => expect(within(table).getByText('Waiting for the athlete')).toBeInTheDocument());
    expect(within(table).getByText('“Not me”')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /Cancel the activation/ })).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: /Cancel the activation/ }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel the $250.00 activation?' })).getByRole('button', { name: 'Cancel activation' }));
    expect(await screen.findByText('Canceled the $250.00 activation of Jalen Brooks. Nothing is paid for it.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('button', { name: /Cancel the activation/ })).toBeNull());
  });

  it('shows a load error with Retry', async () => {
    fakeApi({ 'GET /api/collectives/1/payouts': { status: 500, body: { error: { code: 'x', message: 'x' } } } });
    renderPayouts();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load data. Please try again later.')).toBeInTheDocument();
  });

  it('links the collective’s Stripe account, pays a batch with Pay now (what it did, each payout’s Stripe status and reason) and retries a failed payout', async () => {
    signInAs('collective', 1);
    const stripeLine = (over: Partial<PayoutLineView>): PayoutLineView => ({
      ...batchDetail().lines![0],
      attempt: 1,
      transferId: 'tr_1',
      payoutId: 'po_1',
      expectedArrival: null,
      failure: null,
      updatedAt: '2026-11-18T00:00:00.000Z',
      ...over,
    });
    let lines: PayoutLineView[] = [
      { ...batchDetail().lines![0], status: 'pending' },
      { ...batchDetail().lines![0], athleteId: 2, amountCents: 500, status: 'pending' },
    ];
    const detail = () => ({ ...batchDetail(), lineCount: 2, lines });
    const stub = fakeApi({
      'GET /api/collectives/1/payouts': { body: payouts() },
      [PREVIEW]: { body: preview() },
      'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
      'GET /api/collectives/1/stripe/account': { body: { account: null } },
      'POST /api/collectives/1/stripe/onboarding': { body: { url: 'http://127.0.0.1/local-stripe/onboarding/abc', expiresAt: 0, account: {} } },
      [`GET /api/collectives/1/payouts/batches/${BATCH}`]: () => ({ body: detail() }),
      [`POST /api/collectives/1/payouts/batches/${BATCH}/pay`]: () => {
        lines = [
          stripeLine({ status: 'in_transit', expectedArrival: '2026-11-20' }),
          stripeLine({ athleteId: 2, amountCents: 500, status: 'failed', failure: { code: 'no_account', message: 'The bank account number does not exist.' } }),
        ];
        return { body: { batch: detail(), errors: [], notStarted: 0 } };
      },
      [`POST /api/collectives/1/payouts/batches/${BATCH}/payouts/2/retry`]: () => {
        // Meanwhile an operator took part of the first payout's transfer back in Stripe.
        lines = [
          stripeLine({ status: 'paid', paidDate: '2026-11-20', reversedCents: 2500 }),
          stripeLine({ athleteId: 2, amountCents: 500, status: 'awaiting_account', attempt: 1 }),
        ];
        return { body: lines[1] };
      },
    });
    renderPayouts();
    const account = await screen.findByRole('region', { name: 'Stripe account' });
    expect(within(account).getByText('Not linked')).toBeInTheDocument();
    // jsdom reports the navigation to Stripe's page as not implemented: that line alone is silenced.
    const quiet = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!String((args[0] as Error)?.message ?? args[0]).includes('Not implemented: navigation')) throw new Error(String(args[0]));
    });
    fireEvent.click(within(account).getByRole('button', { name: 'Link Stripe' }));
    // The browser then goes to Stripe's page (jsdom does not navigate): the link was asked for, and nothing failed.
    await waitFor(() => expect(stub.calls.some((c) => c.url === '/api/collectives/1/stripe/onboarding')).toBe(true));
    await waitFor(() => expect(quiet).toHaveBeenCalled());
    quiet.mockRestore();

    fireEvent.click(await screen.findByRole('button', { name: 'Show payouts of 2026-11-09 through 2026-11-15' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Pay now: 1 on their way or paid; 1 failed (see the reason below).')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: `Payouts of batch ${BATCH}` });
    expect(within(table).getByText('In transit')).toBeInTheDocument();
    expect(within(table).getByText('Available on 2026-11-20')).toBeInTheDocument();
    expect(within(table).getByText(/The bank account number does not exist\. \(no account\)\. The amount is back/)).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox', { name: 'Select the payout of Marcus Reed' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Retry the payout of Jalen Brooks' }));
    expect(await screen.findByText('Jalen Brooks: awaiting payout account.')).toBeInTheDocument();
    expect(await within(table).findByText('Paid, reversed in part')).toBeInTheDocument();
    expect(within(table).getByText('$25.00 taken back in Stripe: back in the athlete’s balance and off the year’s paid total.')).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/collectives/1/stripe/onboarding',
      `/api/collectives/1/payouts/batches/${BATCH}/pay`,
      `/api/collectives/1/payouts/batches/${BATCH}/payouts/2/retry`,
    ]);
  });
});
