// "Pay everything owed through {date}" (issue 25 item 3), as the Stripe dashboard pays out a
// balance: the preview of who gets what and how (through Stripe to the athlete's bank, waiting for
// the athlete's payout account, or by hand from the collective's bank), what is owed but not payable
// yet with the day it is and why, and what earlier batches are still paying. One action pays it:
// after a confirmation, the existing batch creation for the period through that day, then, when
// the collective's Stripe account can pay, the existing Pay now on that batch. Both are idempotent
// (the batch by its submission's key, each transfer by its line's): pressing again pays nothing twice.
import { useState } from 'react';
import type { PayoutPreview, PreviewRail } from '@shared/money/payouts-api';
import { LINE_STATUS_LABEL } from '@shared/payments/payout-line';
import { formatUsd } from '@shared/platform/money';
import { countLabel } from '@shared/platform/text';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { ErrorBox } from '@/components/error-box';
import { InputField } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { Table } from '@/components/table/table';
import { formatDate } from '@/lib/dates';
import { useCreateBatch, usePayoutPreview } from '@/features/collective-panel/api/payouts';
import { usePayNow } from '@/features/collective-panel/api/stripe';
import { LOAD_ERROR, PAYOUT_TEXTS } from '@/features/collective-panel/config';
import { today } from '@/features/collective-panel/components/payouts/payout-parts';

const RAIL: Record<PreviewRail, string> = {
  stripe: 'Stripe, to their bank',
  awaiting_account: 'Waits for their payout account',
  by_hand: 'By hand, from your bank (CSV)',
};

const dayWords = (day: string) => formatDate(`${day}T00:00:00.000Z`);

/** What the batch pays, and what it does not, in the table's words. */
function PreviewTables({ preview, nameOf }: { preview: PayoutPreview; nameOf: (id: number) => string }) {
  return (
    <>
      <Table
        caption={`Who gets what: everything owed through ${dayWords(preview.through)}`}
        showCaption
        rows={preview.lines}
        rowKey={(l) => l.athleteId}
        empty={<p className="muted">Nothing is owed through {dayWords(preview.through)}: every member’s earnings are in a batch already.</p>}
        columns={[
          { header: 'Athlete', rowHeader: true, cell: (l) => nameOf(l.athleteId) },
          { header: 'Amount', align: 'end', cell: (l) => formatUsd(l.amountCents) },
          { header: 'How', cell: (l) => RAIL[l.rail] },
        ]}
      />
      {preview.notPayable.length > 0 && (
        <Table
          caption="Owed, not payable yet"
          showCaption
          rows={preview.notPayable}
          rowKey={(l) => `${l.athleteId}-${l.reason}`}
          columns={[
            { header: 'Athlete', rowHeader: true, cell: (l) => nameOf(l.athleteId) },
            { header: 'Amount', align: 'end', cell: (l) => formatUsd(l.amountCents) },
            {
              header: 'Available',
              cell: (l) =>
                l.reason === 'after_date' && l.availableOn
                  ? `Available on ${dayWords(l.availableOn)}: earned after ${dayWords(preview.through)}`
                  : 'When later earnings make it up: refunds came in after the last payout',
            },
          ]}
        />
      )}
      {preview.inFlight.length > 0 && (
        <Table
          caption="Already on their way (earlier batches)"
          showCaption
          rows={preview.inFlight}
          rowKey={(l) => `${l.batchId}-${l.athleteId}`}
          columns={[
            { header: 'Athlete', rowHeader: true, cell: (l) => nameOf(l.athleteId) },
            { header: 'Amount', align: 'end', cell: (l) => formatUsd(l.amountCents) },
            {
              header: 'Status',
              cell: (l) =>
                l.status === 'in_transit' && l.availableOn
                  ? `In transit: available on ${dayWords(l.availableOn)}`
                  : l.status === 'awaiting_account'
                    ? 'Waiting for the athlete to link a payout account'
                    : `${LINE_STATUS_LABEL[l.status]}${l.status === 'pending' || l.status === 'sent' ? ': mark it in its batch below' : ''}`,
            },
          ]}
        />
      )}
    </>
  );
}

/** The outcome of paying, in the collective's words. */
function paidSummary(preview: PayoutPreview, stripe: { sent: number; waiting: number; failed: number; again: number } | null): string {
  const total = `${formatUsd(preview.totalCents)} to ${countLabel(preview.lines.length, 'athlete')}`;
  if (!stripe) return `Batch created for ${total}. Pay it from your bank with the batch’s CSV, then mark each payout sent and paid below.`;
  const parts = [
    `${stripe.sent} on their way through Stripe`,
    stripe.waiting ? `${stripe.waiting} waiting for the athlete’s payout account` : '',
    stripe.failed ? `${stripe.failed} failed (see the batch below)` : '',
    stripe.again ? `${stripe.again} not sent yet: open the batch and press Pay now again` : '',
  ].filter(Boolean);
  return `Paying ${total}: ${parts.join('; ')}.`;
}

export function PayEverything({ collectiveId, nameOf, owner }: { collectiveId: number; nameOf: (id: number) => string; owner: boolean }) {
  const [through, setThrough] = useState(today());
  const [asking, setAsking] = useState(false);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(through) && through <= today();
  const preview = usePayoutPreview(valid ? through : null);
  const create = useCreateBatch(collectiveId);
  const { payNow } = usePayNow(collectiveId);
  const data = preview.data;
  const pay = useFormSubmit({
    check: () => ({ value: data!.period, message: data && data.lines.length > 0 ? null : 'Nothing to pay through this day.' }),
    send: async (period, { idempotencyKey }) => {
      const batch = await create.trigger({ ...period, idempotencyKey });
      if (!data!.stripeReady) return { stripe: null };
      const result = await payNow(batch.batchId);
      const lines = result.batch.lines ?? [];
      const count = (status: string) => lines.filter((l) => l.status === status).length;
      return {
        stripe: {
          sent: count('sending') + count('in_transit') + count('paid'),
          waiting: count('awaiting_account'),
          failed: count('failed'),
          again: result.errors.length + result.notStarted,
        },
      };
    },
    onSuccess: (result) => {
      void preview.mutate();
      return paidSummary(data!, result.stripe);
    },
    texts: PAYOUT_TEXTS,
  });
  const error = !valid ? (through > today() ? 'The day can be today (UTC) at the latest: later days have no earnings yet' : 'Choose a day') : undefined;
  const label = `Pay everything owed through ${valid ? dayWords(through) : '…'}`;
  return (
    <Panel id="pay-everything-title" title="Pay everything owed">
      <div className="dash-assign">
        <InputField
          label="Through (UTC)"
          type="date"
          max={today()}
          value={through}
          onValue={setThrough}
          error={error}
          hint="Earnings recorded up to the end of this day"
        />
      </div>
      {preview.error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void preview.mutate()} retryLabel="Retry" />
      ) : !data ? (
        <Spinner label="Working out who is owed what..." />
      ) : (
        <>
          <p className="dash-payable" role="status">
            {data.lines.length > 0 ? `${formatUsd(data.totalCents)} to ${countLabel(data.lines.length, 'athlete')}.` : 'Nothing to pay through this day.'}
            {data.stripeReady ? '' : ' Your Stripe account is not linked: you pay from your own bank with the batch’s CSV.'}
          </p>
          <PreviewTables preview={data} nameOf={nameOf} />
          {owner && (
            <div className="dash-actions">
              <Button
                intent="primary"
                disabled={!valid || data.lines.length === 0 || pay.submitting}
                busy={pay.submitting}
                busyLabel="Paying..."
                onClick={() => setAsking(true)}
              >
                {label}
              </Button>
            </div>
          )}
          <FormOutcome success={pay.success} error={pay.error} />
        </>
      )}
      {asking && data && (
        <ConfirmDialog
          title={`${label}?`}
          confirmLabel={data.stripeReady ? `Pay ${formatUsd(data.totalCents)}` : 'Create the batch'}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void pay.submit();
          }}
        >
          <p>
            {formatUsd(data.totalCents)} to {countLabel(data.lines.length, 'athlete')}:{' '}
            {data.lines.map((l) => `${nameOf(l.athleteId)} ${formatUsd(l.amountCents)}`).join(', ')}.
          </p>
          <p>
            {data.stripeReady
              ? 'Stripe sends each payment to the athlete’s bank (those without a payout account wait for one). Money sent cannot be called back.'
              : 'A batch is created for you to pay from your bank; mark each payout sent, then paid.'}
          </p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
