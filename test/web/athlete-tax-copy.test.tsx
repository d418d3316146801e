// The athlete's own copy of its 1099 forms (issue 23): each payor's totals by form and box for the
// chosen year, whether filed and when due, the empty year, and the CSV download with the token.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AthleteTaxYear } from '@shared/money/compliance-api';
import { TaxCopy } from '@/features/athlete-panel/components/tax-copy';
import { renderRoute, fakeApi, signInAs, signOut } from './harness';

afterEach(signOut);

const copy: AthleteTaxYear = {
  year: 2026,
  athleteId: 1,
  dueDate: '2027-02-01',
  rows: [
    {
      year: 2026,
      payorId: 1,
      payorName: 'Mariners NIL Collective',
      athleteId: 1,
      athleteName: 'Marcus Reed',
      school: 'Drift State University',
      form: '1099-MISC',
      box: '2',
      boxLabel: 'Royalties',
      paymentType: 'royalty',
      amountCents: 9700,
      thresholdCents: 1000,
      thresholdToConfirm: false,
      required: true,
      w9OnFile: true,
      w9Source: 'stripe',
      dueDate: '2027-02-01',
    },
  ],
};

it('shows each payor’s forms of the year, an empty year, and downloads the CSV with the token', async () => {
  signInAs('athlete', 1);
  const calls: Array<{ auth: string | undefined }> = [];
  fakeApi({
    'GET /api/athletes/1/tax/2026': { body: copy },
    'GET /api/athletes/1/tax/2025': { body: { ...copy, year: 2025, dueDate: '2026-02-02', rows: [] } },
    'GET /api/athletes/1/tax/2026?format=csv': (init) => {
      calls.push({ auth: (init?.headers as Record<string, string>)?.Authorization });
      return { body: 'tax year\n2026\n' };
    },
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  renderRoute(<TaxCopy athleteId={1} own currentYear={2026} />);
  const table = await screen.findByRole('table', { name: 'Your 1099 forms for 2026' });
  const row = within(table).getByRole('row', { name: /Mariners NIL Collective/ });
  expect(row).toHaveTextContent('1099-MISC box 2Royalties$97.00Required');
  expect(screen.getByText(/due to you and the IRS by 2027-02-01/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0].auth).toMatch(/^Bearer /);
  expect(click).toHaveBeenCalled();
  click.mockRestore();
  fireEvent.change(screen.getByLabelText(/Tax year/), { target: { value: '2025' } });
  expect(await screen.findByText('Nothing was paid to you in 2025: no form.')).toBeInTheDocument();
});
