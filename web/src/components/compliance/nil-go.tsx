// NIL Go as both panels show it (issue 23; the rule: shared/money/nil-go.ts): the alert of a record
// that must be reported (before the deadline with the business days left, on it, and after it), and
// the records of an athlete's eligibility period with their payor group, royalty rate, what was
// provided, when it reached $600, the deadline and the report; a record that is due can be marked
// reported here (the panel passes the write: the athlete's own, or its collective's).
import { useState } from 'react';
import type { NilGoRecordView, NilGoView } from '@shared/money/compliance-api';
import { reportedErrors } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { Badge, type BadgeTone } from '@/components/dashboard/format';
import { DataTable } from '@/components/dashboard/data-table';
import { DateText } from '@/components/date-text';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import '@/components/compliance/compliance.css';

export const rateText = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.00$/, '')}% of net card sales`;

const STATUS: Record<NilGoRecordView['status'], { tone: BadgeTone | null; text: (r: NilGoRecordView) => string }> = {
  under: { tone: null, text: (r) => `Under ${formatUsd(r.thresholdCents)}` },
  due: { tone: 'yellow', text: (r) => `Due by ${r.deadline} (${r.businessDaysLeft} business day${r.businessDaysLeft === 1 ? '' : 's'} left)` },
  due_today: { tone: 'red', text: () => 'Due today' },
  overdue: { tone: 'red', text: (r) => `Overdue since ${r.deadline}` },
  reported: { tone: 'green', text: (r) => `Reported ${r.reported?.date ?? ''}` },
};

export function NilGoStatusBadge({ record }: { record: NilGoRecordView }) {
  const s = STATUS[record.status];
  return s.tone ? <Badge tone={s.tone}>{s.text(record)}</Badge> : <span className="muted">{s.text(record)}</span>;
}

/** The alert's words: who provided how much, when it reached $600, and by when to report it. */
export function NilGoAlertText({ record, who }: { record: NilGoRecordView; who: string }) {
  const payors = record.payors.join(', ');
  return (
    <>
      <strong>
        {record.status === 'overdue' ? 'NIL Go report overdue.' : record.status === 'due_today' ? 'NIL Go report due today.' : 'Report to NIL Go.'}
      </strong>{' '}
      {payors} provided {who} {formatUsd(record.cumulativeCents)} since the eligibility start; it reached {formatUsd(record.thresholdCents)} on{' '}
      <DateText iso={record.reportableAt!} />. Report the deal (
      {record.terms.dealType === 'services' ? 'activations: services at their recorded prices' : `royalty ${rateText(record.terms.royaltyBasisPoints)}`})
      {record.status === 'overdue' ? (
        <>
          : it was due by <DateText iso={record.deadline!} />.
        </>
      ) : record.status === 'due_today' ? (
        <> today, the deadline.</>
      ) : (
        <>
          {' '}
          by <DateText iso={record.deadline!} /> ({record.businessDaysLeft} business day{record.businessDaysLeft === 1 ? '' : 's'} left).
        </>
      )}
    </>
  );
}

export type ReportNilGo = (recordId: string, report: { date: string; reference: string }) => Promise<unknown>;

function ReportForm({ record, onReport, onDone }: { record: NilGoRecordView; onReport: ReportNilGo; onDone: (message: string) => void }) {
  const form = useForm({
    initial: { date: new Date().toISOString().slice(0, 10), reference: '' },
    check: (values: { date: string; reference: string }) => {
      const errors = reportedErrors(values, new Date().toISOString().slice(0, 10));
      return {
        value: { date: values.date.trim(), reference: values.reference.trim() },
        errors: {
          ...(errors.date ? { date: `Reported on ${errors.date}` } : {}),
          ...(errors.reference ? { reference: `Reference ${errors.reference}` } : {}),
        },
      };
    },
    send: (report) => onReport(record.recordId, report),
    onSuccess: (_r, report) => onDone(`Marked ${record.payors.join(', ')} reported (ref ${report.reference}).`),
    texts: { failed: (error) => (error instanceof Error ? error.message : 'Saving failed. Try again.') },
  });
  return (
    <Form form={form} className="nil-go-report" aria-label={`Mark ${record.payors.join(', ')} reported`}>
      <InputField label="Reported on" required type="date" {...form.field('date')} />
      <InputField label="Reference" required hint="NIL Go's reference of the report." maxLength={100} {...form.field('reference')} />
      <SubmitButton form={form} busy="Saving..." className="btn btn-outline btn-sm">
        Mark reported
      </SubmitButton>
      <FormOutcome error={form.error} success={form.success} />
    </Form>
  );
}

/** An athlete's records: one row each, the one being reported opens its form below the table. */
export function NilGoRecords({ view, onReport }: { view: NilGoView; onReport?: ReportNilGo }) {
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reporting = view.records.find((r) => r.recordId === open && !r.reported) ?? null;
  if (view.records.length === 0)
    return (
      <p className="muted">Nothing paid since the eligibility start ({view.eligibilityStart}): no NIL Go record yet. Money earned counts once it is paid.</p>
    );
  return (
    <>
      <DataTable
        caption="NIL Go records"
        columns={['Payor', 'Terms', 'Provided', `Reached ${formatUsd(view.records[0].thresholdCents)}`, 'Status', onReport && 'Report']}
      >
        {view.records.map((r) => (
          <tr key={r.recordId}>
            <td>
              {r.payors.join(', ')}
              <div className="hint">Payor group {r.payorGroup}</div>
            </td>
            <td>
              v{r.terms.version} from {r.terms.from}
              <div className="hint">{r.terms.dealType === 'services' ? 'Activations (services)' : `Royalty ${rateText(r.terms.royaltyBasisPoints)}`}</div>
            </td>
            <td>
              {formatUsd(r.cumulativeCents)}
              {r.providedUnderTermsCents !== r.cumulativeCents ? <div className="hint">{formatUsd(r.providedUnderTermsCents)} under these terms</div> : null}
            </td>
            <td>{r.reportableAt ? <DateText iso={r.reportableAt} /> : '—'}</td>
            <td>
              <NilGoStatusBadge record={r} />
              {r.reported ? <div className="hint">ref {r.reported.reference}</div> : null}
            </td>
            {onReport && (
              <td>
                {r.reportableAt && !r.reported ? (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-expanded={open === r.recordId}
                    onClick={() => {
                      setNotice(null);
                      setOpen(open === r.recordId ? null : r.recordId);
                    }}
                  >
                    Mark reported
                  </button>
                ) : (
                  '—'
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      {reporting && onReport && (
        <ReportForm
          key={reporting.recordId}
          record={reporting}
          onReport={onReport}
          onDone={(message) => {
            setOpen(null);
            setNotice(message);
          }}
        />
      )}
      <FormOutcome success={notice} />
    </>
  );
}
