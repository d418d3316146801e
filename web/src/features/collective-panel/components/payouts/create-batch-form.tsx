// Create payout batch: a period from its first day through its last day (UTC), by default from the
// day the latest batch ended through today, which pays everything owed now in one step. The API's
// period end is exclusive: the form sends the day after the last day, and a period through today
// pays what was earned up to the moment the batch is created (lambdas/money/payouts.ts).
import { useState } from 'react';
import type { CollectivePayoutsResponse } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { lastDayOf } from '@shared/money/payouts-api';
import { countLabel } from '@shared/platform/text';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useCreateBatch } from '@/features/collective-panel/api/payouts';
import { day, failure, today, useSubmissionKey } from '@/features/collective-panel/components/payouts/payout-parts';

/** The day after `date` (YYYY-MM-DD): the exclusive end of a period through `date`. */
export const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

export function CreateBatchForm({ collectiveId, data }: { collectiveId: number; data: CollectivePayoutsResponse }) {
  const create = useCreateBatch(collectiveId);
  const key = useSubmissionKey();
  const defaults = data.defaultPeriod;
  const [period, setPeriod] = useState({ start: day(defaults.periodStart), through: lastDayOf(defaults.periodEnd) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const payable = data.members.filter((m) => m.payableCents > 0);
  const payableCents = payable.reduce((n, m) => n + m.payableCents, 0);
  const laterCents = data.members.reduce((n, m) => n + Math.max(0, m.balanceCents - m.payableCents), 0);
  const change = (field: 'start' | 'through') => (e: { target: { value: string } }) => {
    key.reset();
    setPeriod((p) => ({ ...p, [field]: e.target.value }));
  };
  return (
    <form
      className="panel"
      aria-label="Create payout batch"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setOutcome(null);
        const local: Record<string, string> = {};
        if (!period.start) local.periodStart = 'Choose the first day of the period';
        if (!period.through) local.periodEnd = 'Choose the last day of the period';
        else if (period.start && period.through < period.start) local.periodEnd = 'The last day must be on or after the first day';
        else if (period.through > today()) local.periodEnd = 'The last day can be today (UTC) at the latest: later days have no earnings yet';
        setErrors(local);
        if (Object.keys(local).length) return;
        try {
          const batch = await create.trigger({ periodStart: period.start, periodEnd: dayAfter(period.through), idempotencyKey: key.current() });
          key.reset();
          setOutcome({ ok: true, text: `Batch created: ${countLabel(batch.lineCount, 'payout')}, ${formatUsd(batch.totalCents)} in all.` });
        } catch (error) {
          const { fields, message } = failure(error);
          setErrors({ periodStart: fields.periodStart ?? '', periodEnd: fields.periodEnd ?? '' });
          setOutcome({ ok: false, text: fields.period ?? message });
        }
      }}
    >
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
        <Field label="Period start" error={errors.periodStart || undefined}>
          {(control) => <input {...control} type="date" className="input" value={period.start} max={today()} onChange={change('start')} />}
        </Field>
        <Field label="Last day (UTC)" hint="Included. Today pays up to now." error={errors.periodEnd || undefined}>
          {(control) => <input {...control} type="date" className="input" value={period.through} max={today()} onChange={change('through')} />}
        </Field>
      </div>
      <FormOutcome success={outcome?.ok ? outcome.text : null} error={outcome && !outcome.ok ? outcome.text : null} />
      <button type="submit" className="btn btn-primary" disabled={create.isMutating}>
        {create.isMutating ? 'Creating...' : 'Create payout batch'}
      </button>
    </form>
  );
}
