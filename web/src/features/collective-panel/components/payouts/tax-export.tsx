// The collective's year-end tax export (issue 23): every payee it paid in a year, by form and box
// (card royalties on 1099-MISC box 2, allocated donations on the form its settings name), as CSV in
// the layout docs/COMPLIANCE.md documents, with the day the forms are due.
import { useState } from 'react';
import { formsDueDate } from '@shared/money/tax-forms';
import { FormOutcome } from '@/components/form/form-outcome';
import { Panel } from '@/components/panel';
import { downloadCsv } from '@/lib/download';
import '@/components/compliance/compliance.css';

export const taxYears = (now = new Date()): number[] => {
  const current = now.getUTCFullYear();
  return Array.from({ length: Math.min(4, current - 2020) }, (_, i) => current - i);
};

export function TaxExport({ collectiveId }: { collectiveId: number }) {
  const years = taxYears();
  const [year, setYear] = useState(years[0]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await downloadCsv(`/collectives/${collectiveId}/tax/${year}/export`, `tax-${year}-collective-${collectiveId}.csv`);
      setDone(`Downloaded the ${year} tax export.`);
    } catch (err) {
      setError(err instanceof Error ? `The download failed: ${err.message}` : 'The download failed. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel id="tax-export-title" title="Year-end tax export">
      <p className="hint">
        Every athlete your collective paid in the year, by form and box: card royalties on 1099-MISC box 2 (from $10), allocated donations on the form set under
        Compliance settings. Forms for {year} are due by {formsDueDate(year)}. Confirm the figures with your tax adviser.
      </p>
      <div className="dash-actions">
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
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing...' : 'Download tax CSV'}
        </button>
      </div>
      <FormOutcome success={done} error={error} />
    </Panel>
  );
}
