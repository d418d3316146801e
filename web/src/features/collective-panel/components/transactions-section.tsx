// Transaction & Donation History: newest first, status badges, paged by cursor (Load More).
import { formatUsd } from '@shared/platform/money';
import { Spinner } from '@/components/spinner';
import { DateText } from '@/components/date-text';
import { Badge, transactionBadgeTone, transactionDetails } from '@/components/dashboard/format';
import { Button } from '@/components/button';
import { Table } from '@/components/table/table';
import { useTransactions } from '@/features/collective-panel/api/get-transactions';
import { LOAD_ERROR } from '@/features/collective-panel/config';
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
          <Button size="sm" onClick={() => void mutate()}>
            Try Again
          </Button>
        </div>
      ) : !data ? (
        <Spinner label="Loading transactions..." />
      ) : (
        <>
          <Table
            caption="Transactions and donations, newest first"
            rows={items}
            rowKey={(t) => t.id}
            empty="No transactions yet."
            columns={[
              { header: 'Date', cell: (t) => <DateText iso={t.date} /> },
              { header: 'Name', rowHeader: true, cell: (t) => t.name },
              { header: 'Details', cell: (t) => transactionDetails(t.details) },
              { header: 'Amount', align: 'end', cell: (t) => formatUsd(t.amountCents) },
              { header: 'Type', cell: (t) => t.type },
              { header: 'Status', cell: (t) => <Badge tone={transactionBadgeTone(t.status)}>{t.status}</Badge> },
            ]}
          />
          {hasMore && (
            <Button className="dash-pager" busy={isValidating} busyLabel="Loading..." onClick={() => void setSize(size + 1)}>
              Load More
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
