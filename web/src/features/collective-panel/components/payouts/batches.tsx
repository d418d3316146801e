// Payout batches: each batch's period, count, total and where its payouts stand, and (for the
// owner) a batch opened with its payouts: select them and Pay now (Stripe: a transfer and a payout
// per athlete with a linked account, each then sending -> in transit -> paid, or failed with
// Stripe's reason and a Retry), or mark the selection sent then paid in a side panel (bulk-mark.tsx:
// the collective pays from its own bank), and the batch's CSV with each payout's status and dates.
import { useState } from 'react';
import type { PayoutBatchView, PayoutLineView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { periodLabel } from '@shared/money/payouts-api';
import { actions, lineLabel } from '@shared/payments/payout-line';
import { Button } from '@/components/button';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Table } from '@/components/table/table';
import { Badge } from '@/components/dashboard/format';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { downloadBatchCsv, useBatch } from '@/features/collective-panel/api/payouts';
import { usePayNow, type PayNowResult } from '@/features/collective-panel/api/stripe';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { BulkMark, type MarkTo } from '@/features/collective-panel/components/payouts/bulk-mark';
import { STATUS_LABEL, STATUS_TONE, type PayoutsPartProps } from '@/features/collective-panel/components/payouts/payout-parts';

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

/** The line's dates and Stripe's words: when it should arrive, why it failed. */
function LineStatus({ line }: { line: PayoutLineView }) {
  return (
    <>
      <Badge tone={STATUS_TONE[line.status]}>{lineLabel(line)}</Badge>
      {line.reversedCents ? (
        <div className="hint" role="note">
          {formatUsd(line.reversedCents)} taken back in Stripe: back in the athlete’s balance and off the year’s paid total.
        </div>
      ) : null}
      {line.status === 'in_transit' && line.expectedArrival ? <div className="hint">Available on {line.expectedArrival}</div> : null}
      {line.status === 'failed' && line.failure ? (
        <div className="hint" role="note">
          {line.failure.message} ({line.failure.code.replaceAll('_', ' ')}). The amount is back in the athlete’s balance.
        </div>
      ) : null}
    </>
  );
}

const canMark = (line: PayoutLineView, to: MarkTo) => actions(line.status).includes(to === 'sent' ? 'mark_sent' : 'mark_paid');

function BatchDetail({ collectiveId, batch, nameOf }: { collectiveId: number; batch: PayoutBatchView; nameOf: (id: number) => string }) {
  const detail = useBatch(collectiveId, batch.batchId);
  const csv = useAction({ other: 'The download failed. Please try again.' });
  const pay = useAction({ other: 'Stripe could not be reached. Please try again: nothing is paid twice.' });
  const { payNow, retry } = usePayNow(collectiveId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [marking, setMarking] = useState<MarkTo | null>(null);
  if (detail.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void detail.mutate()} retryLabel="Retry" />;
  if (!detail.data) return <Spinner label="Loading payouts..." />;
  const lines = detail.data.lines ?? [];
  const payable = lines.some((l) => actions(l.status).includes('pay') || l.status === 'awaiting_account');
  const chosen = lines.filter((l) => selected.has(l.athleteId));
  const toggle = (id: number) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const markable = (to: MarkTo) => chosen.length > 0 && chosen.every((l) => canMark(l, to));
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
      <h4 className="ap-subtitle">Payouts of {periodLabel(batch.periodStart, batch.periodEnd)}</h4>
      <div className="dash-actions" role="toolbar" aria-label={`Payouts of ${periodLabel(batch.periodStart, batch.periodEnd)}`}>
        {payable && (
          <Button intent="primary" size="sm" busy={pay.running} busyLabel="Paying..." onClick={() => void runPay()}>
            Pay now
          </Button>
        )}
        <Button size="sm" disabled={!markable('sent')} onClick={() => setMarking('sent')}>
          Mark sent…
        </Button>
        <Button size="sm" disabled={!markable('paid')} onClick={() => setMarking('paid')}>
          Mark paid…
        </Button>
        <Button
          size="sm"
          busy={csv.running}
          onClick={() => void csv.run(() => downloadBatchCsv(collectiveId, batch.batchId), `payouts-${batch.batchId}.csv downloaded.`)}
        >
          Export CSV
        </Button>
      </div>
      <p className="hint">
        {payable ? 'Pay now sends each athlete’s payout through Stripe to the bank account they linked. ' : ''}
        Paying from your own bank? Export the CSV, select the payouts and mark them sent, then paid.
        {chosen.length > 0 ? ` ${chosen.length} selected, ${formatUsd(chosen.reduce((n, l) => n + l.amountCents, 0))}.` : ''}
      </p>
      <FormOutcome success={pay.success} error={pay.error} />
      <FormOutcome success={csv.success} error={csv.error} />
      <Table
        caption={`Payouts of batch ${batch.batchId}`}
        rows={lines}
        rowKey={(l) => l.athleteId}
        rowClass={(l) => (selected.has(l.athleteId) ? 'dt-highlight' : undefined)}
        columns={[
          {
            header: 'Select',
            hideHeader: true,
            cell: (l) =>
              canMark(l, 'sent') || canMark(l, 'paid') ? (
                <input
                  type="checkbox"
                  className="dt-check"
                  aria-label={`Select the payout of ${nameOf(l.athleteId)}`}
                  checked={selected.has(l.athleteId)}
                  onChange={() => toggle(l.athleteId)}
                />
              ) : null,
          },
          { header: 'Athlete', rowHeader: true, cell: (l) => nameOf(l.athleteId) },
          { header: 'Amount', align: 'end', cell: (l) => formatUsd(l.amountCents) },
          { header: 'Status', cell: (l) => <LineStatus line={l} /> },
          { header: 'Sent', cell: (l) => (l.sentDate ? `${l.sentDate} · ${l.sentReference ?? ''}` : '—') },
          { header: 'Paid', cell: (l) => (l.paidDate ? `${l.paidDate} · ${l.paidReference ?? ''}` : '—') },
          {
            header: 'Next step',
            actions: true,
            cell: (l) =>
              l.status === 'paid' ? (
                <span className="muted">Done</span>
              ) : actions(l.status).includes('retry') ? (
                <Button size="sm" disabled={pay.running} aria-label={`Retry the payout of ${nameOf(l.athleteId)}`} onClick={() => void runRetry(l.athleteId)}>
                  Retry
                </Button>
              ) : l.status === 'sending' || l.status === 'in_transit' ? (
                <span className="muted">Stripe is sending it</span>
              ) : (
                <span className="muted">{canMark(l, 'sent') ? 'Pay it, or mark it sent' : 'Mark it paid once it arrives'}</span>
              ),
          },
        ]}
      />
      {marking && (
        <BulkMark
          collectiveId={collectiveId}
          batchId={batch.batchId}
          lines={chosen.filter((l) => canMark(l, marking))}
          to={marking}
          nameOf={nameOf}
          onClose={(message) => {
            setMarking(null);
            if (message) {
              setSelected(new Set());
              pay.show(message);
              void detail.mutate();
            }
          }}
        />
      )}
    </div>
  );
}

export function Batches({ collectiveId, data, nameOf, owner }: PayoutsPartProps) {
  const [open, setOpen] = useState<string | null>(null);
  const openBatch = data.batches.find((b) => b.batchId === open) ?? null;
  return (
    <section className="panel" aria-labelledby="batches-title">
      <h3 id="batches-title" className="panel-title">
        Payout batches
      </h3>
      <Table
        caption="Payout batches, newest first"
        rows={data.batches}
        rowKey={(b) => b.batchId}
        empty="No payout batches yet."
        rowClass={(b) => (b.batchId === open ? 'dt-highlight' : undefined)}
        columns={[
          { header: 'Period', rowHeader: true, cell: (b) => periodLabel(b.periodStart, b.periodEnd) },
          { header: 'Payouts', align: 'end', cell: (b) => b.lineCount },
          { header: 'Total', align: 'end', cell: (b) => formatUsd(b.totalCents) },
          { header: 'Created', cell: (b) => (b.status === 'creating' ? 'Still being created' : <DateText iso={b.createdAt} />) },
          owner && {
            header: 'Open',
            actions: true,
            cell: (b) => (
              <Button
                size="sm"
                aria-expanded={open === b.batchId}
                aria-label={`${open === b.batchId ? 'Hide' : 'Show'} payouts of ${periodLabel(b.periodStart, b.periodEnd)}`}
                onClick={() => setOpen(open === b.batchId ? null : b.batchId)}
              >
                {open === b.batchId ? 'Hide payouts' : 'Show payouts'}
              </Button>
            ),
          },
        ]}
      />
      {owner && openBatch && <BatchDetail key={openBatch.batchId} collectiveId={collectiveId} batch={openBatch} nameOf={nameOf} />}
    </section>
  );
}
