// The operators' privacy queue: Shopify's customers/data_request, customers/redact and shop/redact
// requests with the date each is due (30 days from receipt), and fans' own requests from their
// account page with the CCPA's timelines (acknowledged within 10 business days, fulfilled within 45
// days). A customer's redaction is carried out when it arrives; a data request's export is
// downloaded here and sent to the merchant; a shop's redaction is run with the runbook's command; a
// fan's download is served at once and a fan's deletion runs when the fan confirms the emailed code.
import { useState } from 'react';
import type { PrivacyRequestView } from '@shared/orders/privacy-api';
import { DateText } from '@/components/date-text';
import { DataTable } from '@/components/dashboard/data-table';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { fetchPrivacyExport, usePrivacyRequests } from '@/features/operator/api/privacy-requests';
import { ApiError } from '@/lib/api-client';

const TOPIC_LABEL: Record<PrivacyRequestView['topic'], string> = {
  'customers/data_request': 'Customer data request',
  'customers/redact': 'Customer redaction',
  'shop/redact': 'Shop redaction',
  'account/data': 'Fan: download of their data (CCPA)',
  'account/deletion': 'Fan: account deletion (CCPA)',
};

function statusOf(r: PrivacyRequestView): string {
  if (r.topic === 'account/data') return 'Served (downloaded by the fan)';
  if (r.topic === 'account/deletion')
    return r.status === 'completed' && r.accountClosedAt
      ? `Deleted (${r.redactedOrders ?? 0} ${r.redactedOrders === 1 ? 'order' : 'orders'} redacted)`
      : 'Confirmed, being carried out';
  if (r.status === 'completed') return `Redacted (${r.redactedOrders ?? 0} ${r.redactedOrders === 1 ? 'order' : 'orders'})`;
  if (r.status === 'exported') return 'Export downloaded';
  if (r.topic === 'shop/redact') return 'To run (see the runbook)';
  return r.topic === 'customers/data_request' ? 'Export to send' : 'Received';
}

function DownloadExport({ request, onDone }: { request: PrivacyRequestView; onDone: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await fetchPrivacyExport(request.requestId);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `drift-${request.requestId}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      await onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The export could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing...' : 'Download export'}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function PrivacyRequests({ today = new Date().toISOString().slice(0, 10) }: { today?: string }) {
  const requests = usePrivacyRequests();
  if (requests.error) return <ErrorBox message="Failed to load the privacy requests. Please try again later." onRetry={() => void requests.mutate()} />;
  if (!requests.data) return <Spinner label="Loading the privacy requests..." />;
  const items = requests.data.items;
  if (!items.length) return <p className="muted">No privacy requests yet, from Shopify or from fans.</p>;
  return (
    <DataTable
      label="Privacy requests"
      caption="Privacy requests from Shopify and from fans, newest first"
      columns={['Received', 'Request', 'Customer', 'Acknowledge by', 'Due by', 'Status', 'Action']}
    >
      {items.map((r) => {
        const open = r.status !== 'completed' && r.status !== 'exported';
        return (
          <tr key={r.requestId}>
            <td>
              <DateText iso={r.receivedAt} />
            </td>
            <td>{TOPIC_LABEL[r.topic] ?? r.topic}</td>
            <td>{r.customerId ? `Shopify customer ${r.customerId}` : r.topic.startsWith('account/') ? 'A Drift account' : r.shopDomain}</td>
            <td>{r.acknowledgeBy ? (r.acknowledgedAt ? `${r.acknowledgeBy} (done)` : r.acknowledgeBy) : '—'}</td>
            <td>
              {r.dueBy}
              {open && r.dueBy < today ? <strong className="field-error"> (overdue)</strong> : null}
            </td>
            <td>{statusOf(r)}</td>
            <td>{r.topic === 'customers/data_request' ? <DownloadExport request={r} onDone={() => requests.mutate()} /> : '—'}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
