// /operator: the platform operators' console. Its inbox lists the sale lines whose product is not in
// the catalog and whose vendor or title names no school (no collective sees those); an operator
// sends each to the collective it belongs to, whose dashboard then lists it among its
// unattributed sales for assignment to a card. Its Applications section (applications-section.tsx)
// approves or declines collectives' applications. Only accounts of the operator group may use it.
import { useState } from 'react';
import type { OperatorCollective } from '@shared/operator/operator-api';
import type { UnattributedSale } from '@shared/sales/sales-api';
import { formatUsd } from '@shared/platform/money';
import { DateText } from '@/components/date-text';
import { OrderRef } from '@/components/dashboard/recent-orders';
import { DataTable } from '@/components/dashboard/data-table';
import '@/components/dashboard/dashboard.css';
import '@/features/operator/components/operator.css';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { ShowMore } from '@/components/show-more';
import { PrivacyRequests } from '@/features/operator/components/privacy-requests';
import { usePlatformInbox, useOperatorCollectives, useRouteLine } from '@/features/operator/api/platform-inbox';
import { ApplicationsSection } from '@/features/operator/components/applications-section';
import { ApiError } from '@/lib/api-client';
import { groupsOf, useSession } from '@/lib/auth/session-store';

function SendLine({
  line,
  collectives,
  onSent,
  refresh,
}: {
  line: UnattributedSale;
  collectives: OperatorCollective[];
  /** Told what was sent: the inbox says so above the list, since the line leaves it once settled. */
  onSent: (message: string) => void;
  refresh: () => Promise<unknown>;
}) {
  const [collectiveId, setCollectiveId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const route = useRouteLine(refresh);
  const id = `send-${line.orderId}-${line.lineItemId}`;
  const send = async () => {
    if (!collectiveId) {
      setError('Choose the collective this sale belongs to.');
      return;
    }
    setError(null);
    try {
      const name = collectives.find((c) => String(c.collectiveId) === collectiveId)?.name ?? 'the collective';
      await route.trigger({ orderId: line.orderId, lineItemId: line.lineItemId, collectiveId: Number(collectiveId) });
      setSentTo(name);
      onSent(`Sent ${line.title} (order ${line.orderName}) to ${name}.`);
    } catch (e) {
      setError(e instanceof ApiError ? (e.fields.collectiveId ?? e.message) : 'The sale could not be sent. Please try again.');
    }
  };
  // Accepted: the line leaves the inbox once the settle step has moved it (a moment later).
  if (sentTo) return <p role="status">Sent to {sentTo}</p>;
  return (
    <div className="send-line">
      <label className="sr-only" htmlFor={id}>
        Collective for {line.title}
      </label>
      <select
        id={id}
        className="input"
        value={collectiveId}
        onChange={(e) => setCollectiveId(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Choose a collective</option>
        {collectives.map((c) => (
          <option key={c.collectiveId} value={c.collectiveId}>
            {c.name} ({c.schoolName})
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-primary btn-sm" disabled={route.isMutating} onClick={() => void send()}>
        {route.isMutating ? 'Sending...' : 'Send'}
      </button>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function PlatformInbox() {
  const inbox = usePlatformInbox();
  const collectives = useOperatorCollectives();
  const [sent, setSent] = useState<string | null>(null);
  const pages = inbox.data ?? [];
  const lines = pages.flatMap((p) => p.items);
  const first = pages[0];
  const more = Boolean(pages.at(-1)?.nextCursor);
  if (inbox.error || collectives.error)
    return (
      <ErrorBox message="Failed to load the platform inbox. Please try again later." onRetry={() => void Promise.all([inbox.mutate(), collectives.mutate()])} />
    );
  const directory = collectives.data?.items;
  if (!first || !directory) return <Spinner label="Loading the platform inbox..." />;
  return (
    <>
      {sent && (
        <p role="status" className="form-success">
          {sent}
        </p>
      )}
      <p className="muted">
        {lines.length === 0
          ? 'Every sale names a school: nothing is waiting here.'
          : `${first.units} ${first.units === 1 ? 'unit' : 'units'} for ${formatUsd(first.revenueCents)} name no school. Send each sale to the collective it belongs to; that collective then assigns it to a card.`}
      </p>
      {lines.length > 0 && (
        <DataTable
          label="Sales that name no school"
          caption="Sales that name no school, newest first"
          columns={['Date', 'Order', 'Product', 'Units', 'Amount', 'Send to']}
        >
          {lines.map((line) => (
            <tr key={`${line.orderId}-${line.lineItemId}`}>
              <td>
                <DateText iso={line.createdAt} />
              </td>
              <td>
                <OrderRef orderId={line.orderId} orderName={line.orderName} />
              </td>
              <td>{line.title}</td>
              <td>{line.units}</td>
              <td>{formatUsd(line.revenueCents)}</td>
              <td>
                <SendLine line={line} collectives={directory} onSent={setSent} refresh={() => inbox.mutate()} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ShowMore list={inbox} more={more} />
    </>
  );
}

export default function OperatorConsole() {
  const session = useSession();
  const isOperator = groupsOf(session).includes('operator');
  return (
    <div className="page container">
      <h1 className="page-title">Operator console</h1>
      {!isOperator ? (
        <p className="muted">This console is for Drift&apos;s platform operators. Sign in with an operator account to use it.</p>
      ) : (
        <>
          {/* Collective applications (/collectives/join): approve or decline with a reason. */}
          <section aria-labelledby="applications-title" className="dash-section">
            <h2 id="applications-title">Collective applications</h2>
            <ApplicationsSection />
          </section>
          <section aria-labelledby="inbox-title" className="dash-section">
            <h2 id="inbox-title">Sales that name no school</h2>
            <PlatformInbox />
          </section>
          <section aria-labelledby="privacy-title" className="dash-section">
            <h2 id="privacy-title">Privacy requests</h2>
            <PrivacyRequests />
          </section>
        </>
      )}
    </div>
  );
}
