// Payouts (Earnings): the athlete's balance (a negative balance is carried forward: reversals taken
// after it was paid out come off the next payouts), paid out (paid lines only), sent (on its way)
// and awaiting a payout account, as the server adds them up, the next payout, the payout account
// and the payouts received. The statement and the NIL disclosure kit are Earnings' other tabs
// (earnings-section.tsx). The demo shows the demo athlete's figures read-only. Everything earned is
// Home's one figure; this tab says what is owed and what was paid.
import type { PayoutLineView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { lineLabel } from '@shared/payments/payout-line';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { FigureTile, Tiles } from '@/components/tiles';
import { usePayouts } from '@/features/athlete-panel/api/get-payouts';
import { Table } from '@/components/table/table';
import { StripeAccountPanel, type StripeAccountWords } from '@/components/stripe-account';
import { Panel } from '@/components/panel';

export const PAYOUTS_ERROR = 'Failed to load your payouts. Please try again later.';

/** What happens to a payout waiting for the athlete's payout account: before the account can take
 * payouts, what linking it will do; after, what is happening (the collective's setting decides). */
export function awaitingWords(line: PayoutLineView, linked: boolean): string {
  if (linked) return line.whenLinked === 'at_once' ? 'Sending now' : 'Will be sent with the collective’s next payout';
  return line.whenLinked === 'at_once'
    ? 'Link a payout account (below): it is sent as soon as you do'
    : 'Link a payout account (below): it will be sent with the collective’s next payout after you do';
}

function PayoutsTable({ payouts, linked }: { payouts: PayoutLineView[]; linked: boolean }) {
  return (
    <Table
      caption="Payouts, newest first"
      rows={payouts}
      rowKey={(p) => `${p.batchId}-${p.athleteId}`}
      empty="No payouts yet."
      columns={[
        {
          header: 'Period',
          rowHeader: true,
          cell: (p) => (
            <>
              <DateText iso={p.periodStart} /> – <DateText iso={p.periodEnd} />
            </>
          ),
        },
        { header: 'Amount', align: 'end', cell: (p) => formatUsd(p.amountCents) },
        {
          header: 'Status',
          cell: (p) => (
            <>
              {lineLabel(p)}
              {p.reversedCents ? (
                <div className="hint">
                  {formatUsd(p.reversedCents)} of it was taken back in Stripe: it is back in your balance and no longer counts as paid.
                </div>
              ) : null}
              {p.status === 'failed' && p.failure ? <div className="hint">{p.failure.message} The amount is back in your balance.</div> : null}
              {p.status === 'in_transit' && p.expectedArrival ? <div className="hint">Expected {p.expectedArrival}</div> : null}
              {p.status === 'awaiting_account' ? <div className="hint">{awaitingWords(p, linked)}.</div> : null}
            </>
          ),
        },
        { header: 'Date', cell: (p) => ((p.paidDate ?? p.sentDate) ? <DateText iso={(p.paidDate ?? p.sentDate)!} /> : '—') },
        { header: 'Reference', cell: (p) => <span className="mono">{p.paidReference ?? p.sentReference ?? '—'}</span> },
      ]}
    />
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

export function PayoutsTab({ athleteId, own }: { athleteId: number; own: boolean }) {
  const { data, error, mutate } = usePayouts(athleteId, own);
  if (error) return <ErrorBox message={PAYOUTS_ERROR} onRetry={() => void mutate()} />;
  if (!data) return <Spinner label="Loading your payouts..." />;
  const next = data.nextPayout;
  const linked = data.payoutAccount?.payoutsEnabled === true;
  return (
    <>
      <Panel id="payouts-title" title="Payouts" className="no-print">
        <Tiles>
          <FigureTile label="Balance" value={formatUsd(data.balanceCents)} note="Owed to you now" />
          <FigureTile label="Paid out (all time)" value={formatUsd(data.paidOutCents)} note="Reached your bank" />
          <FigureTile label="Sent" value={formatUsd(data.sentCents)} note="On its way to your bank" />
          <FigureTile label="Awaiting account" value={formatUsd(data.awaitingCents)} note="Held until you link a payout account" />
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
              `waiting for your payout account. ${awaitingWords(next, linked)}`
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
        <PayoutsTable payouts={data.payouts} linked={linked} />
      </Panel>
    </>
  );
}
