// The NIL disclosure kit: for a year, what the athlete's payor (its collective) paid and owes
// (running totals), NIL Go's status over the eligibility period (its alert and records are the NIL Go
// panel's: nil-go-panel.tsx), a CSV download (with NIL Go's fields) and a printable page, and "Mark
// reported" with the day and the NIL Go or school reference.
import { useState } from 'react';
import type { DisclosureRecord } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { SignInPrompt } from '@/components/sign-in-required';
import { Spinner } from '@/components/spinner';
import { downloadCsv } from '@/lib/download';
import { Button } from '@/components/button';
import { disclosurePath, useDisclosure } from '@/features/athlete-panel/api/get-disclosure';
import { useMarkReported, validateReported, type ReportedValues } from '@/features/athlete-panel/api/mark-reported';
import { printSection } from '@/features/athlete-panel/components/print';
import { DataTable } from '@/components/dashboard/data-table';
import { sportLabel } from '@shared/catalog/sports';
import { DisclosureClocks } from '@/components/compliance/disclosure-clocks';

export const DISCLOSURE_ERROR = 'Failed to load the disclosure record. Please try again later.';

function RecordView({ record }: { record: DisclosureRecord }) {
  return (
    <div id="ap-disclosure" className="ap-print-area">
      <h3 className="ap-print-title">
        NIL disclosure {record.year} · {record.athlete.name}
      </h3>
      <dl className="ap-facts">
        <dt>School · sport</dt>
        <dd>
          {record.athlete.school} · {sportLabel(record.athlete.sport)}
        </dd>
        <dt>Payor</dt>
        <dd>
          {record.payor.name}
          {record.payor.contact ? ` (${record.payor.contact})` : ''}
        </dd>
        <dt>Nature of the services</dt>
        <dd>{record.services}</dd>
        <dt>Compensation</dt>
        <dd>{record.compensation}</dd>
        <dt>Term</dt>
        <dd>{record.term}</dd>
        <dt>Earned in {record.year}</dt>
        <dd>{formatUsd(record.earnedCents)}</dd>
        <dt>Paid in {record.year}</dt>
        <dd>{formatUsd(record.paidCents)}</dd>
        <dt>NIL Go</dt>
        <dd>
          {formatUsd(record.thresholdCents)} provided by one payor since the eligibility start, across years{' '}
          {record.crossedAt ? (
            <>
              (reached on <DateText iso={record.crossedAt} />)
            </>
          ) : (
            '(not reached)'
          )}
        </dd>
        <dt>Reported</dt>
        <dd>
          {record.reportedDate ? (
            <>
              <DateText iso={record.reportedDate} /> (ref {record.reference})
            </>
          ) : (
            'Not yet'
          )}
        </dd>
      </dl>
      <DisclosureClocks record={record} />
      <h4 className="ap-subtitle">Payments received in {record.year}</h4>
      {record.payments.length === 0 ? (
        <p className="muted">No payments received in {record.year}.</p>
      ) : (
        <DataTable caption={`Payments received in ${record.year}`} columns={['Date', 'Amount', 'Reference']}>
          {record.payments.map((p, i) => (
            <tr key={`${p.date}-${i}`}>
              <td>
                <DateText iso={p.date} />
              </td>
              <td>{formatUsd(p.amountCents)}</td>
              <td>{p.reference ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

/** A field's error names its field: the shared rules word it after the name ('is required: ...'). */
export const namedError = (label: string, message: string | undefined): string | undefined =>
  message && (/^[A-Z]/.test(message) ? message : `${label} ${message}`);

function MarkReported({ athleteId, year, onDone }: { athleteId: number; year: number; onDone: (message: string) => void }) {
  const mark = useMarkReported(athleteId, year);
  const form = useForm({
    initial: { date: new Date().toISOString().slice(0, 10), reference: '' },
    check: (values: ReportedValues) => ({ value: values, errors: validateReported(values) }),
    send: (values) => mark.trigger(values),
    onSuccess: (_record, values) => onDone(`Marked ${year} as reported (ref ${values.reference.trim()}).`),
    texts: { failed: (error) => (error instanceof Error ? `${error.message} Check the fields and try again.` : 'Saving failed. Try again.') },
  });
  return (
    <Form form={form} className="ap-reported no-print" aria-label={`Mark ${year} reported`}>
      <InputField label="Reported on" required type="date" {...form.field('date')} error={namedError('Reported on', form.errors.date)} />
      <InputField
        label="Reference"
        required
        hint="The NIL Go or school reference of your report."
        maxLength={100}
        {...form.field('reference')}
        error={namedError('Reference', form.errors.reference)}
      />
      <SubmitButton form={form} busy="Saving...">
        Mark reported
      </SubmitButton>
      <FormOutcome error={form.error} />
    </Form>
  );
}

export function DisclosureKit({ athleteId, own, currentYear }: { athleteId: number; own: boolean; currentYear: number }) {
  const [year, setYear] = useState(currentYear);
  const { data, error, mutate } = useDisclosure(athleteId, own, year);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const years = [currentYear, currentYear - 1, currentYear - 2];

  const csv = async () => {
    setDownloadError(null);
    try {
      await downloadCsv(disclosurePath(athleteId, own, year, '&format=csv'), `nil-disclosure-${year}.csv`);
    } catch (err) {
      setDownloadError(err instanceof Error ? err.message : 'The download failed.');
    }
  };

  return (
    <section className="panel" aria-labelledby="disclosure-title">
      <div className="dash-row no-print">
        <h2 id="disclosure-title" className="panel-title">
          NIL disclosure
        </h2>
        <label className="ap-year">
          Year{' '}
          <select className="input" value={year} onChange={(e) => setYear(Number(e.target.value))}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? (
        <ErrorBox message={DISCLOSURE_ERROR} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading the disclosure record..." />
      ) : (
        <>
          <RecordView record={data} />
          <div className="dash-actions no-print">
            <Button onClick={() => void csv()}>Download CSV</Button>
            <Button onClick={() => printSection('disclosure')}>Print</Button>
          </div>
          <FormOutcome success={notice} error={downloadError} />
          {!data.reportedDate &&
            (own ? (
              <MarkReported athleteId={athleteId} year={data.year} onDone={setNotice} />
            ) : (
              <SignInPrompt message="Sign in to mark your disclosure reported" />
            ))}
        </>
      )}
    </section>
  );
}
