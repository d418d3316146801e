// The athlete's own copy of its 1099 forms (issue 23): for a year, each payor's totals by form and box
// (card royalties on 1099-MISC box 2 from $10; allocated donations on the form the collective set),
// whether the form must be filed and when it is due; downloadable as CSV (the collective's export's
// layout, for this athlete).
import { useState } from 'react';
import { formatUsd } from '@shared/platform/money';
import { DataTable } from '@/components/dashboard/data-table';
import { Badge } from '@/components/dashboard/format';
import { ErrorBox } from '@/components/error-box';
import { FormOutcome } from '@/components/form/form-outcome';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { formName } from '@/components/compliance/tax-forms';
import { downloadCsv } from '@/lib/download';
import { taxYearPath, useTaxYear } from '@/features/athlete-panel/api/tax-year';

export const TAX_ERROR = 'Failed to load your tax forms. Please try again later.';

export function TaxCopy({ athleteId, own, currentYear }: { athleteId: number; own: boolean; currentYear: number }) {
  const years = [currentYear, currentYear - 1, currentYear - 2].filter((y) => y >= 2021);
  const [year, setYear] = useState(currentYear);
  const { data, error, mutate } = useTaxYear(athleteId, own, year);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const csv = async () => {
    setDownloadError(null);
    try {
      await downloadCsv(taxYearPath(athleteId, own, year, '?format=csv'), `tax-${year}.csv`);
    } catch (err) {
      setDownloadError(err instanceof Error ? err.message : 'The download failed.');
    }
  };
  return (
    <Panel id="tax-copy-title" title="Your tax forms" className="no-print">
      <label className="compliance-year">
        Tax year{' '}
        <select className="input" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <ErrorBox message={TAX_ERROR} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading your tax forms..." />
      ) : data.rows.length === 0 ? (
        <p className="muted">Nothing was paid to you in {year}: no form.</p>
      ) : (
        <>
          <p className="hint">
            What your collective reports for {year}, due to you and the IRS by {data.dueDate}. Card royalties are 1099-MISC box 2; donations allocated to you
            are on the form your collective uses.
          </p>
          <DataTable caption={`Your 1099 forms for ${year}`} columns={['Payor', 'Form', 'Paid', 'Filed']}>
            {data.rows.map((r) => (
              <tr key={`${r.payorId}-${r.form}-${r.box}`}>
                <td>{r.payorName}</td>
                <td>
                  {formName(r)}
                  <div className="hint">{r.boxLabel}</div>
                </td>
                <td>{formatUsd(r.amountCents)}</td>
                <td>{r.required ? <Badge tone="yellow">Required</Badge> : <span className="muted">{`Under ${formatUsd(r.thresholdCents)}`}</span>}</td>
              </tr>
            ))}
          </DataTable>
          <div className="dash-actions">
            <button type="button" className="btn btn-outline" onClick={() => void csv()}>
              Download CSV
            </button>
          </div>
          <FormOutcome error={downloadError} />
        </>
      )}
    </Panel>
  );
}
