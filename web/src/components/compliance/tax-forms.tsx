// The 1099 forms of a payee's year as the panels show them (issue 23; the rules:
// shared/money/tax-forms.ts): each form and box with what was paid on it and whether it must be filed
// (card royalties on 1099-MISC box 2 from $10, allocated donations on the collective's form with the
// year's threshold, flagged when the year's indexed figure is not published yet).
import type { TaxFormLine } from '@shared/money/compliance-api';
import type { YearStatusView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { Badge } from '@/components/dashboard/format';
import '@/components/compliance/compliance.css';

/** What a form's line paid, in people's words (past allocations marked as such). */
export const PAYMENT_WORDS: Record<TaxFormLine['paymentType'], string> = {
  royalty: 'royalties',
  allocation: 'donation allocations (before activations)',
  activation: 'activations (services)',
};

export const formName = (line: Pick<TaxFormLine, 'form' | 'box'>) => `${line.form} box ${line.box}`;

/** One cell: the forms that must be filed, else "Not required" with what was paid under the thresholds. */
export function TaxFormsStatus({ year }: { year: YearStatusView }) {
  const lines = year.taxForms ?? [];
  if (lines.length === 0) return <span className="muted">Nothing paid</span>;
  return (
    <ul className="tax-forms">
      {lines.map((line) => (
        <li key={formName(line)}>
          {line.required ? <Badge tone="red">{`${formName(line)} required`}</Badge> : <span className="muted">{`${formName(line)} not required`}</span>}
          <span className="hint">
            {' '}
            {formatUsd(line.paidCents)} {PAYMENT_WORDS[line.paymentType]} (from {formatUsd(line.thresholdCents)}
            {line.toConfirm ? ', to confirm' : ''})
          </span>
        </li>
      ))}
    </ul>
  );
}
