// The athlete's statement (Earnings): a period's opening balance, earnings, reversals, credits,
// payouts, closing balance and its lines (each with its order's date, its cards and the day it
// was settled), a page at a time (the server's 25 lines) with Previous / Next; it prints on its own and the
// CSV covers the whole period. The period form checks the statement route's rules before asking.
import { useState } from 'react';
import { PAST_ALLOCATION_LABEL } from '@shared/money/activations';
import { formatUsd } from '@shared/platform/money';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { InputField } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { Spinner } from '@/components/spinner';
import { FigureTile, Tiles } from '@/components/tiles';
import { Button } from '@/components/button';
import { Pager } from '@/components/pager';
import { Table } from '@/components/table/table';
import { ApiError } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download';
import { statementPath, useStatement, type Period, type StatementResponse } from '@/features/athlete-panel/api/get-statement';
import { printSection } from '@/features/athlete-panel/components/print';
import { Panel } from '@/components/panel';

export const STATEMENT_ERROR = 'Failed to load the statement. Please try again later.';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The current UTC month: from its first day up to (not including) the next month's. */
export function currentMonth(now = new Date()): Period {
  return {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))),
  };
}

/** The statement route's rules: two days, the end after the start and at most a year later. */
export function validatePeriod(period: Period): Partial<Record<keyof Period, string>> {
  const errors: Partial<Record<keyof Period, string>> = {};
  const valid = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  if (!valid(period.from)) errors.from = 'must be a date (YYYY-MM-DD)';
  if (!valid(period.to)) errors.to = 'must be a date (YYYY-MM-DD)';
  else if (!errors.from && (period.to <= period.from || Date.parse(period.to) - Date.parse(period.from) > 366 * 86_400_000))
    errors.to = 'must be after from, at most a year later';
  return errors;
}

/** A deduction shown with its sign ('-$97.00'), and none when there is nothing ('$0.00'). */
const minus = (cents: number) => formatUsd(cents === 0 ? 0 : -cents);
const Money = ({ cents }: { cents: number }) => <span className={cents < 0 ? 'ap-negative' : undefined}>{formatUsd(cents)}</span>;

const KIND: Record<string, string> = {
  sale: 'Sale',
  refund: 'Refund',
  cancellation: 'Cancellation',
  deletion: 'Order deleted',
  allocation: PAST_ALLOCATION_LABEL,
  activation: 'Activation (confirmed deliverable)',
  payout: 'Payout',
};

function StatementView({ statement, first }: { statement: StatementResponse; first: number }) {
  const s = statement;
  // Of the credits, confirmed activations (an answer from before activations has none).
  const activations = s.activationsCents ?? 0;
  return (
    <div id="ap-statement" className="ap-print-area">
      <h3 className="ap-print-title">
        Statement · {s.athlete.name} · <DateText iso={s.from} /> to <DateText iso={s.to} /> (not included)
      </h3>
      <p className="muted small ap-print-only">{s.athlete.school} · Dates in UTC · Amounts in USD</p>
      <Tiles>
        <FigureTile label="Opening balance" value={formatUsd(s.openingBalanceCents)} />
        <FigureTile label="Earnings (97%)" value={formatUsd(s.earningsCents)} />
        <FigureTile label="Reversals" value={minus(s.reversalsCents)} />
        {activations !== 0 && <FigureTile label="Activations" value={formatUsd(activations)} />}
        {s.creditsCents - activations !== 0 && <FigureTile label={PAST_ALLOCATION_LABEL} value={formatUsd(s.creditsCents - activations)} />}
        <FigureTile label="Payouts" value={minus(s.payoutsCents)} />
        <FigureTile label="Closing balance" value={formatUsd(s.closingBalanceCents)} />
      </Tiles>
      {s.openingBalanceCents < 0 && (
        <p className="hint">The period opened with a negative balance carried forward: refunds after a payout come off later earnings.</p>
      )}
      <Table
        caption={`Statement lines ${first + 1} to ${first + s.entries.length}, oldest first`}
        rows={s.entries}
        rowKey={(e) => e.seq}
        empty="No lines in this period."
        columns={[
          { header: 'Order date', cell: (e) => (e.orderDate ? <DateText iso={e.orderDate} /> : '—') },
          { header: 'Settled', cell: (e) => <DateText iso={e.at} /> },
          { header: 'Kind', cell: (e) => (e.kind === 'payout' && e.payoutCents < 0 ? 'Payout failed: returned' : (KIND[e.kind] ?? e.kind)) },
          {
            header: 'Reference',
            rowHeader: true,
            cell: (e) => (
              <>
                <span className="mono">{e.orderName ?? e.batchId ?? e.donationId ?? e.activationId ?? ''}</span>
                {e.cards.length > 0 && <div className="muted small">{e.cards.join(', ')}</div>}
              </>
            ),
          },
          { header: 'Gross', align: 'end', cell: (e) => (e.grossCents ? formatUsd(e.grossCents) : '—') },
          { header: 'Your amount', align: 'end', cell: (e) => <Money cents={e.athleteShareCents + e.creditCents - e.payoutCents} /> },
          { header: 'Balance', align: 'end', cell: (e) => <Money cents={e.balanceAfterCents} /> },
        ]}
      />
    </div>
  );
}

export function Statement({ athleteId, own }: { athleteId: number; own: boolean }) {
  const [draft, setDraft] = useState<Period>(currentMonth);
  const [errors, setErrors] = useState<Partial<Record<keyof Period, string>>>({});
  const [period, setPeriod] = useState<Period>(currentMonth);
  // The pages before the one shown: where each next one starts (its ledger position) and how many
  // lines came before it (for "Lines 26–50").
  const [pages, setPages] = useState<Array<{ after: string; before: number }>>([]);
  const after = pages.at(-1)?.after ?? null;
  const before = pages.at(-1)?.before ?? 0;
  const { data, error, mutate, isLoading } = useStatement(athleteId, own, period, after);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const serverFields = error instanceof ApiError ? error.fields : {};
  /** A bound of the period as its date field shows it: the draft's value, its own error or the server's. */
  const dateField = (bound: keyof Period) => ({
    value: draft[bound],
    onValue: (value: string) => setDraft((d) => ({ ...d, [bound]: value })),
    error: errors[bound] ?? serverFields[bound],
  });

  const show = () => {
    const found = validatePeriod(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setPeriod({ ...draft });
      setPages([]);
    }
  };
  const download = async () => {
    setDownloadError(null);
    try {
      // The whole period, whatever page is shown.
      await downloadCsv(statementPath(athleteId, own, period, '&format=csv'), `statement-${period.from}-to-${period.to}.csv`);
    } catch (err) {
      setDownloadError(err instanceof Error ? err.message : 'The download failed.');
    }
  };

  return (
    <Panel id="statement-title" title="Statement">
      <form
        className="ap-period no-print"
        noValidate
        aria-label="Statement period"
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
      >
        <InputField label="From" required type="date" {...dateField('from')} />
        <InputField label="Up to (not included)" required type="date" {...dateField('to')} />
        <Button type="submit">Show statement</Button>
      </form>
      {error ? (
        <ErrorBox message={error instanceof ApiError && error.status === 400 ? error.message : STATEMENT_ERROR} onRetry={() => void mutate()} />
      ) : !data || isLoading ? (
        <Spinner label="Loading the statement..." />
      ) : (
        <>
          <StatementView statement={data} first={before} />
          <Pager
            label="Statement pages"
            position={`Lines ${before + 1}–${before + data.entries.length}`}
            hasPrevious={pages.length > 0}
            hasNext={Boolean(data.nextAfter)}
            onPrevious={() => setPages((p) => p.slice(0, -1))}
            onNext={() => setPages((p) => (data.nextAfter ? [...p, { after: data.nextAfter, before: before + data.entries.length }] : p))}
          />
          <div className="dash-actions no-print">
            <Button onClick={() => printSection('statement')}>Print statement</Button>
            <Button onClick={() => void download()}>Download CSV (whole period)</Button>
          </div>
          <FormOutcome error={downloadError} />
        </>
      )}
    </Panel>
  );
}
