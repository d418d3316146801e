// Create payout batch: a period from its first day through its last day (UTC), by default from the
// day the latest batch ended through today, which pays everything owed now in one step. The API's
// period end is exclusive: the form sends the day after the last day, and a period through today
// pays what was earned up to the moment the batch is created (lambdas/money/payouts.ts).
import type { CollectivePayoutsResponse } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { lastDayOf } from '@shared/money/payouts-api';
import { countLabel } from '@shared/platform/text';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { useCreateBatch } from '@/features/collective-panel/api/payouts';
import { PAYOUT_TEXTS } from '@/features/collective-panel/config';
import { day, today } from '@/features/collective-panel/components/payouts/payout-parts';

/** The day after `date` (YYYY-MM-DD): the exclusive end of a period through `date`. */
export const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** The period's rules before it is sent (the server's, in the form's words). */
function periodErrors({ periodStart, through }: { periodStart: string; through: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!periodStart) errors.periodStart = 'Choose the first day of the period';
  if (!through) errors.through = 'Choose the last day of the period';
  else if (periodStart && through < periodStart) errors.through = 'The last day must be on or after the first day';
  else if (through > today()) errors.through = 'The last day can be today (UTC) at the latest: later days have no earnings yet';
  return errors;
}

export function CreateBatchForm({ collectiveId, data }: { collectiveId: number; data: CollectivePayoutsResponse }) {
  const create = useCreateBatch(collectiveId);
  const defaults = data.defaultPeriod;
  const form = useForm({
    initial: { periodStart: day(defaults.periodStart), through: lastDayOf(defaults.periodEnd) },
    check: (period) => {
      const errors = periodErrors(period);
      return { value: { periodStart: period.periodStart, periodEnd: errors.through ? '' : dayAfter(period.through) }, errors };
    },
    send: (period, { idempotencyKey }) => create.trigger({ ...period, idempotencyKey }),
    onSuccess: (batch) => `Batch created: ${countLabel(batch.lineCount, 'payout')}, ${formatUsd(batch.totalCents)} in all.`,
    serverFields: { periodEnd: 'through' },
    texts: PAYOUT_TEXTS,
  });
  const payable = data.members.filter((m) => m.payableCents > 0);
  const payableCents = payable.reduce((n, m) => n + m.payableCents, 0);
  const laterCents = data.members.reduce((n, m) => n + Math.max(0, m.balanceCents - m.payableCents), 0);
  return (
    <Form form={form} className="panel" aria-label="Create payout batch">
      <h3 className="panel-title">Create payout batch</h3>
      <p className="hint">
        Pays each member what they earned up to the end of the last day and is not in a batch yet; a period through today pays what was earned up to the moment
        you create the batch, and later earnings wait for the next one. By default: from the day the latest batch ended through today.
      </p>
      <p className="dash-payable" role="status">
        {payableCents > 0
          ? `Payable now: ${formatUsd(payableCents)} to ${countLabel(payable.length, 'member')}, all of it by a batch through today.`
          : laterCents > 0
            ? 'Nothing is payable yet.'
            : 'Nothing is owed now: every member’s earnings are in a batch already.'}
        {laterCents > 0 && ` ${formatUsd(laterCents)} more is owed but not payable yet: the table says when and why.`}
      </p>
      <div className="dash-form">
        <InputField label="Period start" type="date" max={today()} {...form.field('periodStart')} />
        <InputField label="Last day (UTC)" hint="Included. Today pays up to now." type="date" max={today()} {...form.field('through')} />
      </div>
      <FormOutcome success={form.success} error={form.error} />
      <SubmitButton form={form} busy="Creating...">
        Create payout batch
      </SubmitButton>
    </Form>
  );
}
