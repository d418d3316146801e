// The disclosure record's clocks (the school's state rule per card licence, NIL Go's per record) and
// the collective's school state form (issue 23).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DisclosureRecord } from '@shared/money/payouts-api';
import type { School } from '@shared/catalog/catalog-types';
import { DisclosureClocks } from '@/components/compliance/disclosure-clocks';
import { SchoolStateForm } from '@/features/collective-panel/components/settings/school-state-form';
import { renderRoute, fakeApi, signInAs, signOut } from './harness';

afterEach(signOut);

const record = (over: Partial<DisclosureRecord>): DisclosureRecord => ({
  athlete: { id: 1, name: 'Marcus Reed', school: 'Drift State University', sport: 'Football' },
  payor: { name: 'Mariners NIL Collective', contact: null },
  year: 2026,
  services: '',
  compensation: '',
  term: '',
  earnedCents: 0,
  paidCents: 0,
  payments: [],
  thresholdCents: 60000,
  crossedAt: null,
  deadline: null,
  reportedDate: null,
  reference: null,
  ...over,
});

it("shows the school's state, each card's clock and NIL Go's with their due dates", () => {
  renderRoute(
    <DisclosureClocks
      record={record({
        state: { code: 'NY', name: 'New York' },
        stateRule: { name: 'New York', to: 'an official of the college', source: 'N.Y. Education Law § 6438' },
        clocks: [
          {
            kind: 'state',
            subject: 'Marcus Reed - Card #1',
            from: "before the athlete's approval of the card",
            timing: 'before',
            dueBy: '2026-03-09',
            to: 'an official of the college',
            source: '',
          },
          {
            kind: 'nil-go',
            subject: 'Mariners NIL Collective',
            from: '5 business days after the compensation provided reached $600',
            timing: 'after',
            dueBy: '2026-12-04',
            to: 'NIL Go',
            source: '',
          },
        ],
      })}
    />,
  );
  const region = screen.getByRole('region', { name: 'Disclosure clocks' });
  expect(region).toHaveTextContent('School state: New York (NY).');
  const table = within(region).getByRole('table', { name: 'Each clock and its due date' });
  expect(within(table).getByRole('row', { name: /Card #1/ })).toHaveTextContent('On or before 2026-03-09');
  expect(within(table).getByRole('row', { name: /NIL Go/ })).toHaveTextContent('By 2026-12-04');
});

it('says when no clock runs yet and when the school has no state', () => {
  renderRoute(<DisclosureClocks record={record({ state: null, stateRule: { name: 'Other states', to: '', source: '' }, clocks: [] })} />);
  expect(screen.getByText(/not set \(the rule of other states applies\)/)).toBeInTheDocument();
  expect(screen.getByText('No card approved and nothing reportable to NIL Go yet: no clock runs.')).toBeInTheDocument();
});

it("sets the school's state, refusing none", async () => {
  signInAs('collective', 1);
  const stub = fakeApi({ 'PUT /api/schools/2/state': (init) => ({ body: { id: 2, ...JSON.parse(String(init?.body)) } }) });
  const school = { id: 2, name: 'Drift State University', state: null } as unknown as School;
  renderRoute(<SchoolStateForm collectiveId={1} school={school} />);
  const form = screen.getByRole('form', { name: 'School state' });
  fireEvent.click(within(form).getByRole('button', { name: 'Save state' }));
  expect(await within(form).findByText('Choose the state the school is in')).toBeInTheDocument();
  fireEvent.change(within(form).getByLabelText(/^State/), { target: { value: 'NY' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save state' }));
  expect(await within(form).findByText('Drift State University is in New York: its disclosure rule applies.')).toBeInTheDocument();
  await waitFor(() => expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ state: 'NY' }));
});
