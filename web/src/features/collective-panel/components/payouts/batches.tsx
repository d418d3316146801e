// Payout batches: each batch's period, count and total, and (for the owner) its payouts with the
// two rails: Pay now (Stripe: a transfer and a payout per athlete with a linked account, each line
// then sending -> in transit -> paid, or failed with Stripe's reason and a Retry), or the CSV export
// and each payout marked sent then paid with a reference (the collective pays from its own bank).
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
import { actions } from '@shared/payments/payout-line';
import { downloadBatchCsv, useBatch, useMarkPayout } from '@/features/collective-panel/api/payouts';
import { usePayNow, type PayNowResult } from '@/features/collective-panel/api/stripe';
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
  const next: 'sent' | 'paid' = line.status === 'pending' || line.status === 'awaiting_account' ? 'sent' : 'paid';
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

/** What Pay now did, in the collective's words. */
function payNowSummary(result: PayNowResult, nameOf: (id: number) => string): string {
  const lines = result.batch.lines ?? [];
  const count = (status: string) => lines.filter((l) => l.status === status).length;
  const parts = [
    `${count('in_transit') + count('paid')} on their way or paid`,
    count('awaiting_account') ? `${count('awaiting_account')} waiting for the athlete to link a payout account` : '',
    count('failed') ? `${count('failed')} failed (see the reason below)` : '',
    result.errors.length ? `${result.errors.map((e) => nameOf(e.athleteId)).join(', ')} not sent yet: press Pay now again` : '',
    result.notStarted ? `${result.notStarted} not started yet: press Pay now again` : '',
  ].filter(Boolean);
  return `Pay now: ${parts.join('; ')}.`;
}

/** The line's dates and Stripe's words: when it was sent and paid, when it should arrive, why it failed. */
function LineProgress({ line }: { line: PayoutLineView }) {
  return (
    <>
      {line.status === 'in_transit' && line.expectedArrival ? <div className="hint">Expected {line.expectedArrival}</div> : null}
      {line.status === 'failed' && line.failure ? (
        <div className="hint" role="note">
          {line.failure.message} ({line.failure.code.replaceAll('_', ' ')}). The amount is back in the athlete’s balance.
        </div>
      ) : null}
    </>
  );
}

function BatchDetail({ collectiveId, batch, nameOf }: { collectiveId: number; batch: PayoutBatchView; nameOf: (id: number) => string }) {
  const detail = useBatch(collectiveId, batch.batchId);
  const csv = useAction({ other: 'The download failed. Please try again.' });
  const pay = useAction({ other: 'Stripe could not be reached. Please try again: nothing is paid twice.' });
  const { payNow, retry } = usePayNow(collectiveId);
  if (detail.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void detail.mutate()} retryLabel="Retry" />;
  if (!detail.data) return <Spinner label="Loading payouts..." />;
  const lines = detail.data.lines ?? [];
  const payable = lines.some((l) => actions(l.status).includes('pay') || l.status === 'awaiting_account');
  // The outcome line says what the write did (useAction's success line is set once it returns).
  const runPay = async () => {
    let summary = '';
    const done = await pay.run(async () => {
      const result = await payNow(batch.batchId);
      await detail.mutate(result.batch, { revalidate: false });
      summary = payNowSummary(result, nameOf);
    });
    if (done) pay.show(summary);
  };
  const runRetry = async (athleteId: number) => {
    let summary = '';
    const done = await pay.run(async () => {
      const after = await retry(batch.batchId, athleteId);
      await detail.mutate();
      summary = `${nameOf(athleteId)}: ${STATUS_LABEL[after.status].toLowerCase()}.`;
    });
    if (done) pay.show(summary);
  };
  return (
    <div className="dash-main">
      <div className="dash-actions">
        {payable && (
          <button type="button" className="btn btn-primary btn-sm" disabled={pay.running} onClick={() => void runPay()}>
            {pay.running ? 'Paying...' : 'Pay now'}
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={csv.running}
          onClick={() => void csv.run(() => downloadBatchCsv(collectiveId, batch.batchId), `payouts-${batch.batchId}.csv downloaded.`)}
        >
          Export CSV
        </button>
      </div>
      {payable && (
        <p className="hint">
          Pay now sends each athlete’s payout through Stripe to the bank account they linked. Paying from your own bank instead? Export the CSV and mark each
          payout sent, then paid.
        </p>
      )}
      <FormOutcome success={pay.success} error={pay.error} />
      <FormOutcome success={csv.success} error={csv.error} />
      <DataTable caption={`Payouts of batch ${batch.batchId}`} columns={['Athlete', 'Amount', 'Status', 'Sent', 'Paid', 'Next step']}>
        {lines.map((line) => {
          const can = actions(line.status);
          return (
            <tr key={line.athleteId}>
              <th scope="row">{nameOf(line.athleteId)}</th>
              <td>{formatUsd(line.amountCents)}</td>
              <td>
                <Badge tone={STATUS_TONE[line.status]}>{STATUS_LABEL[line.status]}</Badge>
                <LineProgress line={line} />
              </td>
              <td>{line.sentDate ? `${line.sentDate} · ${line.sentReference ?? ''}` : '—'}</td>
              <td>{line.paidDate ? `${line.paidDate} · ${line.paidReference ?? ''}` : '—'}</td>
              <td>
                {line.status === 'paid' ? (
                  <span className="muted">Done</span>
                ) : (
                  <>
                    {can.includes('retry') && (
                      <button
                        type="button"
                        className="btn btn-outline btn-sm"
                        disabled={pay.running}
                        aria-label={`Retry the payout of ${nameOf(line.athleteId)}`}
                        onClick={() => void runRetry(line.athleteId)}
                      >
                        Retry
                      </button>
                    )}
                    {(line.status === 'sending' || line.status === 'in_transit') && <span className="muted">Stripe is sending it</span>}
                    {(can.includes('mark_sent') || can.includes('mark_paid')) && (
                      <MarkForm key={line.status} collectiveId={collectiveId} batchId={batch.batchId} line={line} name={nameOf(line.athleteId)} />
                    )}
                  </>
                )}
              </td>
            </tr>
          );
        })}
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
