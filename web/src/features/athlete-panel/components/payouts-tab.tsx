// Payouts: the athlete's balance (a negative balance is carried forward: reversals taken after
// it was paid out come off the next payouts), the next payout, payouts received, a statement per
// period (statement.tsx) and the NIL disclosure kit (disclosure-kit.tsx).
// The demo shows the demo athlete's figures read-only.
import type { PayoutLineView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { LINE_STATUS_LABEL } from '@shared/payments/payout-line';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { FigureTile, Tiles } from '@/components/tiles';
import { usePayouts } from '@/features/athlete-panel/api/get-payouts';
import { DisclosureKit } from '@/features/athlete-panel/components/disclosure-kit';
import { NilGoPanel } from '@/features/athlete-panel/components/nil-go-panel';
import { TaxCopy } from '@/features/athlete-panel/components/tax-copy';
import { usePrintScope } from '@/features/athlete-panel/components/print';
import { Statement } from '@/features/athlete-panel/components/statement';
import { DataTable } from '@/components/dashboard/data-table';
import { StripeAccountPanel, type StripeAccountWords } from '@/components/stripe-account';
import { Panel } from '@/components/panel';

export const PAYOUTS_ERROR = 'Failed to load your payouts. Please try again later.';
const STATUS: Record<PayoutLineView['status'], string> = LINE_STATUS_LABEL;

function PayoutsTable({ payouts }: { payouts: PayoutLineView[] }) {
  if (payouts.length === 0) return <p className="muted">No payouts yet.</p>;
  return (
    <DataTable caption="Payouts, newest first" columns={['Period', 'Amount', 'Status', 'Date', 'Reference']}>
      {payouts.map((p) => {
        const date = p.paidDate ?? p.sentDate;
        return (
          <tr key={`${p.batchId}-${p.athleteId}`}>
            <td>
              <DateText iso={p.periodStart} /> – <DateText iso={p.periodEnd} />
            </td>
            <td>{formatUsd(p.amountCents)}</td>
            <td>
              {STATUS[p.status]}
              {p.status === 'failed' && p.failure ? <div className="hint">{p.failure.message} The amount is back in your balance.</div> : null}
              {p.status === 'in_transit' && p.expectedArrival ? <div className="hint">Expected {p.expectedArrival}</div> : null}
            </td>
            <td>{date ? <DateText iso={date} /> : '—'}</td>
            <td>{p.paidReference ?? p.sentReference ?? '—'}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** The athlete's payout account on Stripe: its status and the way to link it (Stripe's own page). */
const PAYOUT_ACCOUNT_WORDS: StripeAccountWords = {
  title: 'Payout account',
  loadError: 'Failed to load your payout account. Please try again later.',
  loading: 'Loading your payout account...',
  enabled: 'Your collective’s payouts go to the bank account you gave Stripe.',
  unlinked:
    'Link a payout account so your collective can pay you through Stripe. Stripe asks for your identity, bank account and W-9 on its own page; Drift keeps none of them.',
  link: 'Link payout account',
};
const PAYOUT_ACCOUNT_FRAME = { as: 'div', titleId: 'payout-account-title', titleClassName: 'ap-subtitle' } as const;

export default function PayoutsTab({ athleteId, own }: { athleteId: number; own: boolean }) {
  const { data, error, mutate } = usePayouts(athleteId, own);
  usePrintScope('statement');
  if (error) return <ErrorBox message={PAYOUTS_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading your payouts..." />;
  const next = data.nextPayout;
  return (
    <>
      <Panel id="payouts-title" title="Payouts" className="no-print">
        <Tiles>
          <FigureTile label="Balance" value={formatUsd(data.balanceCents)} />
          <FigureTile label="Earned (all time)" value={formatUsd(data.earnedCents)} />
          <FigureTile label="Paid out (all time)" value={formatUsd(data.paidOutCents)} />
        </Tiles>
        {data.balanceCents < 0 && (
          <p className="hint ap-negative-note">
            Your balance is negative ({formatUsd(data.balanceCents)}): refunds came in after a payout. It is carried forward and comes off your next earnings.
          </p>
        )}
        <h3 className="ap-subtitle">Next payout</h3>
        {next ? (
          <p>
            {formatUsd(next.amountCents)} for <DateText iso={next.periodStart} /> – <DateText iso={next.periodEnd} />:{' '}
            {next.status === 'sent' && next.sentDate ? (
              <>
                sent on <DateText iso={next.sentDate} />
                {next.sentReference ? ` (ref ${next.sentReference})` : ''}
              </>
            ) : next.status === 'in_transit' || next.status === 'sending' ? (
              <>on its way to your bank through Stripe{next.expectedArrival ? `, expected ${next.expectedArrival}` : ''}</>
            ) : next.status === 'awaiting_account' ? (
              'waiting for you to link a payout account (below)'
            ) : (
              'being prepared by your collective'
            )}
            .
          </p>
        ) : (
          <p className="muted">No payout is being prepared. Your collective pays the balance of each finished period.</p>
        )}
        {own && <StripeAccountPanel owner={`/athletes/${athleteId}`} words={PAYOUT_ACCOUNT_WORDS} frame={PAYOUT_ACCOUNT_FRAME} />}
        <h3 className="ap-subtitle">Payouts received</h3>
        <PayoutsTable payouts={data.payouts} />
      </Panel>
      <NilGoPanel athleteId={athleteId} own={own} />
      <Statement athleteId={athleteId} own={own} />
      <DisclosureKit athleteId={athleteId} own={own} currentYear={data.year.year} />
      <TaxCopy athleteId={athleteId} own={own} currentYear={data.year.year} />
    </>
  );
}
