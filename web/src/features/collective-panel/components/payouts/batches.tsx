// Payout batches: each batch's period, count and total, and (for the owner) its payouts with the
// CSV export and each payout marked sent then paid with a reference.
import { useState } from 'react';
import type { PayoutBatchView, PayoutLineView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { periodLabel } from '@shared/money/payouts-api';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Badge } from '@/components/dashboard/format';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { downloadBatchCsv, useBatch, useMarkPayout } from '@/features/collective-panel/api/payouts';
import { LOAD_ERROR, PAYOUT_TEXTS } from '@/features/collective-panel/config';
import { STATUS_LABEL, STATUS_TONE, today, type PayoutsPartProps } from '@/features/collective-panel/components/payouts/payout-parts';
import { DataTable } from '@/components/dashboard/data-table';

/** The reference and day of a payout marked sent or paid, in the form's words. */
function markErrors({ reference, date }: { reference: string; date: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^[\x20-\x7e]{1,100}$/.test(reference.trim())) errors.reference = 'Enter the ACH trace, transfer id or cheque number';
  if (!date) errors.date = 'Choose the day';
  else if (date > today()) errors.date = 'The day cannot be in the future';
  return errors;
}

function MarkForm({ collectiveId, batchId, line, name }: { collectiveId: number; batchId: string; line: PayoutLineView; name: string }) {
  const mark = useMarkPayout(collectiveId);
  const next: 'sent' | 'paid' = line.status === 'pending' ? 'sent' : 'paid';
  const form = useForm({
    initial: { reference: line.sentReference ?? '', date: today() },
    check: (values) => ({ value: { date: values.date, reference: values.reference.trim() }, errors: markErrors(values) }),
    send: (marked, { idempotencyKey }) => mark.trigger({ batchId, athleteId: line.athleteId, status: next, ...marked, idempotencyKey }),
    texts: PAYOUT_TEXTS,
  });
  const label = next === 'sent' ? 'Mark sent' : 'Mark paid';
  return (
    <Form form={form} className="dash-assign" aria-label={`${label}: ${name}`}>
      <InputField label={`Reference for ${name}`} {...form.field('reference')} />
      <InputField label={`Date ${next} for ${name}`} type="date" max={today()} {...form.field('date')} />
      <SubmitButton form={form} className="btn btn-primary btn-sm">
        {label}
      </SubmitButton>
      <FormOutcome error={form.error} />
    </Form>
  );
}

function BatchDetail({ collectiveId, batch, nameOf }: { collectiveId: number; batch: PayoutBatchView; nameOf: (id: number) => string }) {
  const detail = useBatch(collectiveId, batch.batchId);
  const csv = useAction({ other: 'The download failed. Please try again.' });
  if (detail.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void detail.mutate()} retryLabel="Retry" />;
  if (!detail.data) return <Spinner label="Loading payouts..." />;
  const lines = detail.data.lines ?? [];
  return (
    <div className="dash-main">
      <div className="dash-actions">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={csv.running}
          onClick={() => void csv.run(() => downloadBatchCsv(collectiveId, batch.batchId), `payouts-${batch.batchId}.csv downloaded.`)}
        >
          Export CSV
        </button>
      </div>
      <FormOutcome success={csv.success} error={csv.error} />
      <DataTable caption={`Payouts of batch ${batch.batchId}`} columns={['Athlete', 'Amount', 'Status', 'Sent', 'Paid', 'Next step']}>
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
      </DataTable>
    </div>
  );
}

export function Batches({ collectiveId, data, nameOf, owner }: PayoutsPartProps) {
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
