// The athlete's statement (Payouts tab): a period's opening balance, earnings, reversals, credits,
// payouts, closing balance and its lines, a page at a time; it prints on its own and downloads as
// CSV. The period form checks the statement route's rules before asking.
import { useState } from 'react';
import { formatUsd } from '@shared/platform/money';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { InputField } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { Spinner } from '@/components/spinner';
import { FigureTile, Tiles } from '@/components/tiles';
import { DataTable } from '@/components/dashboard/data-table';
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
  allocation: 'Donation allocated',
  payout: 'Payout',
};

function StatementView({ statement }: { statement: StatementResponse }) {
  const s = statement;
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
        {s.creditsCents !== 0 && <FigureTile label="Donations allocated" value={formatUsd(s.creditsCents)} />}
        <FigureTile label="Payouts" value={minus(s.payoutsCents)} />
        <FigureTile label="Closing balance" value={formatUsd(s.closingBalanceCents)} />
      </Tiles>
      {s.openingBalanceCents < 0 && (
        <p className="hint">The period opened with a negative balance carried forward: refunds after a payout come off later earnings.</p>
      )}
      {s.entries.length === 0 ? (
        <p className="muted">No lines in this period.</p>
      ) : (
        <DataTable caption="Statement lines, oldest first" columns={['Date', 'Kind', 'Reference', 'Gross', 'Your amount', 'Balance']}>
          {s.entries.map((e) => (
            <tr key={e.seq}>
              <td>
                <DateText iso={e.at} />
              </td>
              <td>{e.kind === 'payout' && e.payoutCents < 0 ? 'Payout failed: returned' : (KIND[e.kind] ?? e.kind)}</td>
              <td>{e.orderName ?? e.batchId ?? e.donationId ?? ''}</td>
              <td>{e.grossCents ? formatUsd(e.grossCents) : '—'}</td>
              <td>
                <Money cents={e.athleteShareCents + e.creditCents - e.payoutCents} />
              </td>
              <td>
                <Money cents={e.balanceAfterCents} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

export function Statement({ athleteId, own }: { athleteId: number; own: boolean }) {
  const [draft, setDraft] = useState<Period>(currentMonth);
  const [errors, setErrors] = useState<Partial<Record<keyof Period, string>>>({});
  const [period, setPeriod] = useState<Period>(currentMonth);
  // The ledger positions of the pages read so far (a period holds up to 200 lines a page).
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1) ?? null;
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
      setCursors([]);
    }
  };
  const download = async () => {
    setDownloadError(null);
    try {
      await downloadCsv(
        statementPath(athleteId, own, period, `&format=csv${after ? `&after=${encodeURIComponent(after)}` : ''}`),
        `statement-${period.from}-to-${period.to}${cursors.length ? `-part-${cursors.length + 1}` : ''}.csv`,
      );
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
        <button type="submit" className="btn btn-outline">
          Show statement
        </button>
      </form>
      {error ? (
        <ErrorBox message={error instanceof ApiError && error.status === 400 ? error.message : STATEMENT_ERROR} onRetry={() => void mutate()} />
      ) : !data || isLoading ? (
        <Spinner label="Loading the statement..." />
      ) : (
        <>
          <StatementView statement={data} />
          {(data.nextAfter || cursors.length > 0) && (
            <div className="dash-actions no-print">
              <button type="button" className="btn btn-ghost btn-sm" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous lines
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={!data.nextAfter}
                onClick={() => setCursors((c) => (data.nextAfter ? [...c, data.nextAfter] : c))}
              >
                Next lines
              </button>
            </div>
          )}
          <div className="dash-actions no-print">
            <button type="button" className="btn btn-outline" onClick={() => printSection('statement')}>
              Print statement
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void download()}>
              Download CSV
            </button>
          </div>
          <FormOutcome error={downloadError} />
        </>
      )}
    </Panel>
  );
}
