// Transaction & Donation History: newest first, status badges, paged by cursor.
import { formatUsd } from '@shared/platform/money';
import { Spinner } from '@/components/spinner';
import { DateText } from '@/components/date-text';
import { Badge, transactionBadgeTone, transactionDetails } from '@/components/dashboard/format';
import { useTransactions } from '@/features/collective-panel/api/get-transactions';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { DataTable } from '@/components/dashboard/data-table';
import { Panel } from '@/components/panel';

export function TransactionsSection({ collectiveId }: { collectiveId: number }) {
  const { data, error, size, setSize, isValidating, mutate } = useTransactions(collectiveId);
  const items = data?.flatMap((p) => p.items) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);
  return (
    <Panel id="transactions-title" title="Transaction & Donation History">
      {error ? (
        <div className="dash-red-box dash-load-error" role="alert">
          <p>{LOAD_ERROR}</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void mutate()}>
            Try Again
          </button>
        </div>
      ) : !data ? (
        <Spinner label="Loading transactions..." />
      ) : items.length === 0 ? (
        <p className="muted">No transactions yet.</p>
      ) : (
        <>
          <DataTable caption="Transactions and donations, newest first" columns={['Date', 'Name', 'Details', 'Amount', 'Type', 'Status']}>
            {items.map((t) => (
              <tr key={t.id}>
                <td>
                  <DateText iso={t.date} />
                </td>
                <td>{t.name}</td>
                <td>{transactionDetails(t.details)}</td>
                <td>{formatUsd(t.amountCents)}</td>
                <td>{t.type}</td>
                <td>
                  <Badge tone={transactionBadgeTone(t.status)}>{t.status}</Badge>
                </td>
              </tr>
            ))}
          </DataTable>
          {hasMore && (
            <button type="button" className="btn btn-outline dash-pager" disabled={isValidating} onClick={() => void setSize(size + 1)}>
              {isValidating ? 'Loading...' : 'Load More'}
            </button>
          )}
        </>
      )}
    </Panel>
  );
}
