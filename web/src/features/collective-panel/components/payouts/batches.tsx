// Payout batches: each batch's period, count and total, and (for the owner) its payouts with the
// CSV export and each payout marked sent then paid with a reference.
import { useState } from 'react';
import type { CollectivePayoutsResponse, PayoutBatchView, PayoutLineView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { periodLabel } from '@shared/money/payouts-api';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Badge } from '@/components/dashboard/format';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { ApiError } from '@/lib/api-client';
import { downloadBatchCsv, useBatch, useMarkPayout } from '@/features/collective-panel/api/payouts';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { STATUS_LABEL, STATUS_TONE, failure, today, useSubmissionKey } from '@/features/collective-panel/components/payouts/payout-parts';
import { TableRegion } from '@/components/dashboard/table-region';

function MarkForm({ collectiveId, batchId, line, name }: { collectiveId: number; batchId: string; line: PayoutLineView; name: string }) {
  const mark = useMarkPayout(collectiveId);
  const key = useSubmissionKey();
  const next: 'sent' | 'paid' = line.status === 'pending' ? 'sent' : 'paid';
  const [form, setForm] = useState({ reference: line.sentReference ?? '', date: today() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const label = next === 'sent' ? 'Mark sent' : 'Mark paid';
  return (
    <form
      className="dash-assign"
      aria-label={`${label}: ${name}`}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        const local: Record<string, string> = {};
        if (!/^[\x20-\x7e]{1,100}$/.test(form.reference.trim())) local.reference = 'Enter the ACH trace, transfer id or cheque number';
        if (!form.date) local.date = 'Choose the day';
        else if (form.date > today()) local.date = 'The day cannot be in the future';
        setErrors(local);
        if (Object.keys(local).length) return;
        try {
          await mark.trigger({
            batchId,
            athleteId: line.athleteId,
            status: next,
            date: form.date,
            reference: form.reference.trim(),
            idempotencyKey: key.current(),
          });
          key.reset();
        } catch (err) {
          const { fields, message } = failure(err);
          setErrors(fields);
          setError(message);
        }
      }}
    >
      <Field label={`Reference for ${name}`} error={errors.reference}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={form.reference}
            onChange={(e) => {
              key.reset();
              setForm((f) => ({ ...f, reference: e.target.value }));
            }}
          />
        )}
      </Field>
      <Field label={`Date ${next} for ${name}`} error={errors.date}>
        {(control) => (
          <input
            {...control}
            type="date"
            className="input"
            max={today()}
            value={form.date}
            onChange={(e) => {
              key.reset();
              setForm((f) => ({ ...f, date: e.target.value }));
            }}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary btn-sm" disabled={mark.isMutating}>
        {label}
      </button>
      <FormOutcome error={error} />
    </form>
  );
}

function BatchDetail({ collectiveId, batch, nameOf }: { collectiveId: number; batch: PayoutBatchView; nameOf: (id: number) => string }) {
  const detail = useBatch(collectiveId, batch.batchId);
  const [csv, setCsv] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (detail.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void detail.mutate()} retryLabel="Retry" />;
  if (!detail.data) return <Spinner label="Loading payouts..." />;
  const lines = detail.data.lines ?? [];
  return (
    <div className="dash-main">
      <div className="dash-actions">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setCsv(null);
            try {
              await downloadBatchCsv(collectiveId, batch.batchId);
              setCsv({ ok: true, text: `payouts-${batch.batchId}.csv downloaded.` });
            } catch (error) {
              setCsv({ ok: false, text: error instanceof ApiError ? error.message : 'The download failed. Please try again.' });
            } finally {
              setBusy(false);
            }
          }}
        >
          Export CSV
        </button>
      </div>
      <FormOutcome success={csv?.ok ? csv.text : null} error={csv && !csv.ok ? csv.text : null} />
      <TableRegion label={`Payouts of batch ${batch.batchId}`}>
        <table className="dash-table">
          <caption className="sr-only">Payouts of batch {batch.batchId}</caption>
          <thead>
            <tr>
              <th scope="col">Athlete</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Sent</th>
              <th scope="col">Paid</th>
              <th scope="col">Next step</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.athleteId}>
                <th scope="row">{nameOf(line.athleteId)}</th>
                <td>{formatUsd(line.amountCents)}</td>
                <td>
                  <Badge tone={STATUS_TONE[line.status]}>{STATUS_LABEL[line.status]}</Badge>
                </td>
                <td>{line.sentDate ? `${line.sentDate} · ${line.sentReference ?? ''}` : '—'}</td>
                <td>{line.paidDate ? `${line.paidDate} · ${line.paidReference ?? ''}` : '—'}</td>
                <td>
                  {line.status === 'paid' ? (
                    <span className="muted">Done</span>
                  ) : (
                    <MarkForm key={line.status} collectiveId={collectiveId} batchId={batch.batchId} line={line} name={nameOf(line.athleteId)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </div>
  );
}

export function Batches({
  collectiveId,
  data,
  nameOf,
  owner,
}: {
  collectiveId: number;
  data: CollectivePayoutsResponse;
  nameOf: (id: number) => string;
  owner: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby="batches-title">
      <h3 id="batches-title" className="panel-title">
        Payout batches
      </h3>
      {data.batches.length === 0 ? (
        <p className="muted">No payout batches yet.</p>
      ) : (
        <ul className="plain-list">
          {data.batches.map((b) => (
            <li key={b.batchId} style={{ marginBottom: 12 }}>
              <div className="dash-row">
                <span>
                  <strong>{periodLabel(b.periodStart, b.periodEnd)}</strong> · {b.lineCount} payout{b.lineCount === 1 ? '' : 's'} · {formatUsd(b.totalCents)} ·
                  created <DateText iso={b.createdAt} />
                  {b.status === 'creating' ? ' · still being created' : ''}
                </span>
                {owner && (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-expanded={open === b.batchId}
                    aria-label={`${open === b.batchId ? 'Hide' : 'Show'} payouts of ${periodLabel(b.periodStart, b.periodEnd)}`}
                    onClick={() => setOpen(open === b.batchId ? null : b.batchId)}
                  >
                    {open === b.batchId ? 'Hide payouts' : 'Show payouts'}
                  </button>
                )}
              </div>
              {owner && open === b.batchId && <BatchDetail collectiveId={collectiveId} batch={b} nameOf={nameOf} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
