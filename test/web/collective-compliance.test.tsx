// The collective's compliance in Payouts (issue 23): each member's NIL Go records with their details,
// "Mark reported" per record and the eligibility start's edit (each with field errors named), the
// compliance settings (payor group, allocated donations' form, the school's days) validated then
// saved, and the year-end tax export downloaded with the bearer token. Visitors see no writes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CollectivePayoutsResponse, YearStatusView } from '@shared/money/payouts-api';
import type { ComplianceSettingsView, NilGoRecordView, NilGoView } from '@shared/money/compliance-api';
import { PayoutsSection } from '@/features/collective-panel/components/payouts/payouts-section';
import { members } from './dashboards/fixtures';
import { renderRoute, fakeApi, signInAs, signOut } from './harness';

jest.setTimeout(30_000);
afterEach(signOut);

const year: YearStatusView = {
  year: 2026,
  earnedCents: 0,
  paidCents: 0,
  w9OnFile: false,
  w9Date: null,
  form1099ThresholdCents: 1000,
  form1099Required: false,
  taxForms: [],
  nil: { thresholdCents: 60000, crossedAt: null, deadline: null, reportedDate: null, reference: null },
};

const record = (over: Partial<NilGoRecordView> = {}): NilGoRecordView => ({
  recordId: 'collective-1~v1',
  payorGroup: 'collective-1',
  payors: ['Mariners NIL Collective'],
  terms: { version: 1, from: '2023-08-01', royaltyBasisPoints: 9700, obligations: 'Approves each card' },
  cumulativeCents: 69840,
  providedUnderTermsCents: 69840,
  thresholdCents: 60000,
  reportableAt: '2026-11-27',
  deadline: '2026-12-04',
  status: 'due',
  businessDaysLeft: 5,
  reported: null,
  payments: [],
  ...over,
});

const view = (records: NilGoRecordView[], eligibilityStart = '2023-08-01'): NilGoView => ({
  eligibilityStart,
  eligibilityStartSource: eligibilityStart === '2023-08-01' ? 'join date' : 'athlete',
  records,
  alert: records.find((r) => r.status === 'due') ?? null,
});

let nilGo: NilGoView;
const payouts = (): CollectivePayoutsResponse => ({
  collectiveId: 1,
  year: 2026,
  defaultPeriod: { periodStart: '2026-11-16T00:00:00.000Z', periodEnd: '2026-11-28T00:00:00.000Z' },
  members: [
    { athleteId: 1, balanceCents: 0, payableCents: 0, payouts: { paidOutCents: 0, sentCents: 0, awaitingCents: 0 }, year, lastPayout: null, nilGo },
    { athleteId: 2, balanceCents: 0, payableCents: 0, payouts: { paidOutCents: 0, sentCents: 0, awaitingCents: 0 }, year, lastPayout: null, nilGo: view([]) },
  ],
  batches: [],
});

const settings: ComplianceSettingsView = { payorGroup: null, allocationForm: 'misc3', schoolPolicyDays: null, payWhenLinked: false, updatedAt: null };
const renderPayouts = () => renderRoute(<PayoutsSection collectiveId={1} members={members([1, 2])} />);

beforeEach(() => {
  nilGo = view([record()]);
});

it("opens a member's NIL Go records, reports one and sets the eligibility start, naming each wrong field", async () => {
  signInAs('collective', 1);
  const stub = fakeApi({
    'GET /api/collectives/1/payouts': () => ({ body: payouts() }),
    'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
    'GET /api/collectives/1/compliance': { body: settings },
    'POST /api/athletes/1/nil-go/collective-1~v1/reported': (init) => {
      const body = JSON.parse(String(init?.body));
      nilGo = view([record({ status: 'reported', businessDaysLeft: null, reported: body })]);
      return { body: nilGo };
    },
    'PUT /api/collectives/1/athletes/1': (init) => {
      const body = JSON.parse(String(init?.body));
      nilGo = { ...nilGo, eligibilityStart: body.eligibilityStart, eligibilityStartSource: 'athlete' };
      return { body: {} };
    },
  });
  renderPayouts();
  const panel = await screen.findByRole('region', { name: 'NIL Go' });
  const marcus = within(panel).getByRole('row', { name: /Marcus Reed/ });
  expect(marcus).toHaveTextContent('2023-08-01join date$698.40Due by 2026-12-04 (5 business days left)');
  expect(within(within(panel).getByRole('row', { name: /Jalen Brooks/ })).getByText('Nothing paid yet')).toBeInTheDocument();
  fireEvent.click(within(marcus).getByRole('button', { name: 'Details of Marcus Reed' }));
  const details = within(panel).getByRole('region', { name: 'NIL Go of Marcus Reed' });
  expect(within(details).getByRole('row', { name: /Mariners NIL Collective/ })).toHaveTextContent('Royalty 97% of net card sales');

  fireEvent.click(within(details).getByRole('button', { name: 'Mark reported' }));
  const form = within(details).getByRole('form', { name: 'Mark Mariners NIL Collective reported' });
  fireEvent.change(within(form).getByLabelText(/^Reference/), { target: { value: 'NILGO-1' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Mark reported' }));
  expect(await within(panel).findByText('Marked Mariners NIL Collective reported (ref NILGO-1).')).toBeInTheDocument();
  await waitFor(() => expect(within(panel).getAllByText(/^Reported /).length).toBeGreaterThan(0));

  const eligibility = within(details).getByRole('form', { name: 'Eligibility start of Marcus Reed' });
  fireEvent.change(within(eligibility).getByLabelText(/^Eligibility start/), { target: { value: '2019-05-01' } });
  fireEvent.click(within(eligibility).getByRole('button', { name: 'Save eligibility start' }));
  expect(await within(eligibility).findByText('Eligibility start cannot be before 2021-07-01, when NIL compensation began')).toBeInTheDocument();
  fireEvent.change(within(eligibility).getByLabelText(/^Eligibility start/), { target: { value: '2024-08-15' } });
  fireEvent.click(within(eligibility).getByRole('button', { name: 'Save eligibility start' }));
  expect(await within(details).findByText("Marcus Reed's eligibility start is 2024-08-15: NIL Go counts from that day.")).toBeInTheDocument();
  expect(stub.calls.find((c) => c.method === 'PUT' && c.url === '/api/collectives/1/athletes/1')?.body).toEqual({ eligibilityStart: '2024-08-15' });
});

it('validates and saves the compliance settings', async () => {
  signInAs('collective', 1);
  const stub = fakeApi({
    'GET /api/collectives/1/payouts': () => ({ body: payouts() }),
    'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
    'GET /api/collectives/1/compliance': { body: settings },
    'PUT /api/collectives/1/compliance': (init) => ({ body: { ...JSON.parse(String(init?.body)), updatedAt: '2026-11-27T12:00:00.000Z' } }),
  });
  renderPayouts();
  const form = await screen.findByRole('form', { name: 'Compliance settings' });
  fireEvent.change(within(form).getByLabelText(/^School's days/), { target: { value: '99' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save compliance settings' }));
  expect(await within(form).findByText("School's days must be a whole number from 0 to 60, or empty")).toBeInTheDocument();
  fireEvent.change(within(form).getByLabelText(/^School's days/), { target: { value: '7' } });
  fireEvent.change(within(form).getByLabelText(/^Payor group/), { target: { value: 'Blue Ridge Holdings' } });
  fireEvent.change(within(form).getByLabelText(/^Allocated donations \(before activations\) are reported on/), { target: { value: 'nec' } });
  const payAtOnce = within(form).getByRole('checkbox', { name: 'Pay waiting payouts as soon as the athlete links a payout account' });
  expect(payAtOnce).not.toBeChecked();
  fireEvent.click(payAtOnce);
  fireEvent.click(within(form).getByRole('button', { name: 'Save compliance settings' }));
  await waitFor(() => expect(stub.calls.some((c) => c.method === 'PUT')).toBe(true));
  expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({
    payorGroup: 'Blue Ridge Holdings',
    allocationForm: 'nec',
    schoolPolicyDays: 7,
    payWhenLinked: true,
  });
});

it('downloads the year-end tax export with the bearer token', async () => {
  signInAs('collective', 1);
  const calls: Array<{ url: string; auth: string | undefined }> = [];
  fakeApi({
    'GET /api/collectives/1/payouts': () => ({ body: payouts() }),
    'GET /api/collectives/1/transactions?limit=20': { body: { items: [], nextCursor: null } },
    'GET /api/collectives/1/compliance': { body: settings },
    'GET /api/collectives/1/tax/2025/export': (init, url) => {
      calls.push({ url, auth: (init?.headers as Record<string, string>)?.Authorization });
      return { body: 'tax year,payor id\n2025,1\n' };
    },
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  renderPayouts();
  const panel = await screen.findByRole('region', { name: 'Year-end tax export' });
  fireEvent.change(within(panel).getByLabelText(/Tax year/), { target: { value: String(new Date().getUTCFullYear() - 1) } });
  expect(panel).toHaveTextContent(`Forms for ${new Date().getUTCFullYear() - 1} are due by`);
  fireEvent.change(within(panel).getByLabelText(/Tax year/), { target: { value: '2025' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Download tax CSV' }));
  expect(await within(panel).findByText('Downloaded the 2025 tax export.')).toBeInTheDocument();
  expect(calls[0].auth).toMatch(/^Bearer /);
  expect(click).toHaveBeenCalled();
  click.mockRestore();
});

it('shows visitors the records without any write', async () => {
  fakeApi({ 'GET /api/demo/collectives/1/payouts': () => ({ body: payouts() }), 'GET /api/collectives/1/payouts': () => ({ body: payouts() }) });
  renderPayouts();
  const panel = await screen.findByRole('region', { name: 'NIL Go' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Details of Marcus Reed' }));
  expect(within(panel).queryByRole('button', { name: 'Mark reported' })).not.toBeInTheDocument();
  expect(within(panel).queryByRole('form', { name: /Eligibility start/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Compliance settings' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Year-end tax export' })).not.toBeInTheDocument();
});
