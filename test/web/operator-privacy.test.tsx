// The operators' privacy queue: Shopify's requests with their due dates, fans' own requests with the
// CCPA's timelines, the overdue ones marked, a data request's export downloaded (and the queue read
// again), an empty queue and a failed read.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PrivacyRequestView } from '@shared/orders/privacy-api';
import { PrivacyRequests } from '@/features/operator/components/privacy-requests';
import { fakeApi, renderRoute } from './harness';

jest.setTimeout(30_000);

const request = (over: Partial<PrivacyRequestView>): PrivacyRequestView => ({
  requestId: 'data-1-9',
  topic: 'customers/data_request',
  shopDomain: 'drift.myshopify.com',
  customerId: '191168',
  orders: 1,
  receivedAt: '2026-10-01T00:00:00.000Z',
  dueBy: '2026-10-31',
  acknowledgeBy: null,
  acknowledgedAt: null,
  status: 'received',
  completedAt: null,
  completedBy: null,
  redactedOrders: null,
  ...over,
});

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:export'), revokeObjectURL: jest.fn() });
});

it('lists the requests with their due dates and statuses, and downloads a data request export', async () => {
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  let exported = false;
  const api = fakeApi({
    'GET /api/operator/privacy': () => ({
      body: {
        items: [
          request({ status: exported ? 'exported' : 'received' }),
          request({
            requestId: 'redact-1-191167',
            topic: 'customers/redact',
            status: 'completed',
            redactedOrders: 2,
            customerId: '191167',
            dueBy: '2026-11-30',
          }),
          request({ requestId: 'shop-1', topic: 'shop/redact', customerId: null, dueBy: '2026-12-20' }),
          request({
            requestId: 'account-delete-1',
            topic: 'account/deletion',
            customerId: null,
            shopDomain: '',
            status: 'completed',
            redactedOrders: 1,
            accountClosedAt: '2026-10-01T00:01:00.000Z',
            acknowledgeBy: '2026-10-15',
            acknowledgedAt: '2026-10-01T00:00:00.000Z',
            dueBy: '2026-11-15',
          }),
          request({
            requestId: 'account-delete-2',
            topic: 'account/deletion',
            customerId: null,
            shopDomain: '',
            acknowledgeBy: '2026-12-01',
            acknowledgedAt: null,
            dueBy: '2026-12-10',
          }),
        ],
        nextCursor: null,
      },
    }),
    'GET /api/operator/privacy/data-1-9/export': () => {
      exported = true;
      return { body: { requestId: 'data-1-9', orders: [], holdings: [] } };
    },
  });
  renderRoute(<PrivacyRequests today="2026-11-25" />);
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => r.textContent)).toEqual([
    expect.stringContaining('Customer data request'),
    expect.stringContaining('Redacted (2 orders)'),
    expect.stringContaining('To run (see the runbook)'),
    expect.stringContaining('Fan: account deletion (CCPA)'),
    expect.stringContaining('Confirmed, being carried out'),
  ]);
  expect(rows[3].textContent).toContain('A Drift account2026-10-15 (done)2026-11-15Deleted (1 order redacted)');
  expect(rows[4].textContent).toContain('2026-12-012026-12-10');
  expect(rows[0].textContent).toContain('(overdue)');
  expect(rows[1].textContent).not.toContain('(overdue)');
  fireEvent.click(within(rows[0]).getByRole('button', { name: 'Download export' }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  await waitFor(() => expect(screen.getByText('Export downloaded')).toBeTruthy());
  expect(api.calls.map((c) => c.url)).toContain('/api/operator/privacy/data-1-9/export');
  click.mockRestore();
});

it('says so when there are none, and offers a retry when the read fails', async () => {
  fakeApi({ 'GET /api/operator/privacy': { body: { items: [], nextCursor: null } } });
  renderRoute(<PrivacyRequests />);
  expect(await screen.findByText('No privacy requests yet, from Shopify or from fans.')).toBeTruthy();
});

it('offers a retry when the queue cannot be read', async () => {
  fakeApi({ 'GET /api/operator/privacy': { status: 500, body: { error: { code: 'internal', message: 'boom' } } } });
  renderRoute(<PrivacyRequests />);
  expect(await screen.findByText('Failed to load the privacy requests. Please try again later.')).toBeTruthy();
  expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
});
