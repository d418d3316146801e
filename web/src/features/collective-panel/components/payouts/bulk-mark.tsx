// Marking several payouts sent or paid at once (issue 25 item 3), in a side panel as the Stripe
// dashboard edits a selection: the day (today by default, never later) and each payout's reference
// (the ACH trace, transfer id or cheque number; one can be copied to all), checked in the server's
// words before anything is sent. Each payout is marked by the existing route with its own
// idempotency key (the submission's, per athlete), so a retry after a failure marks nothing twice;
// the panel says which were marked and which were refused, and keeps what was typed.
import { useState } from 'react';
import type { PayoutLineView } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { countLabel } from '@shared/platform/text';
import { Button } from '@/components/button';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { describeFailure } from '@/components/form/form-errors';
import { useForm } from '@/components/form/use-form-submit';
import { SidePanel } from '@/components/side-panel';
import { useMarkPayout } from '@/features/collective-panel/api/payouts';
import { PAYOUT_TEXTS } from '@/features/collective-panel/config';
import { today } from '@/features/collective-panel/components/payouts/payout-parts';

export type MarkTo = 'sent' | 'paid';

interface Props {
  collectiveId: number;
  batchId: string;
  lines: PayoutLineView[];
  to: MarkTo;
  nameOf: (id: number) => string;
  onClose: (message: string | null) => void;
}

const referenceOk = (reference: string) => /^[\x20-\x7e]{1,100}$/.test(reference.trim());

export function BulkMark({ collectiveId, batchId, lines, to, nameOf, onClose }: Props) {
  const mark = useMarkPayout(collectiveId);
  const [done, setDone] = useState<Set<number>>(new Set());
  const initial = { date: today(), ...Object.fromEntries(lines.map((l) => [`ref-${l.athleteId}`, l.sentReference ?? ''])) } as Record<string, string>;
  const form = useForm({
    initial,
    check: (values) => {
      const errors: Record<string, string> = {};
      if (!values.date) errors.date = 'Choose the day';
      else if (values.date > today()) errors.date = 'The day cannot be in the future';
      for (const l of lines)
        if (!done.has(l.athleteId) && !referenceOk(values[`ref-${l.athleteId}`] ?? ''))
          errors[`ref-${l.athleteId}`] = 'Enter the ACH trace, transfer id or cheque number';
      return { value: values, errors };
    },
    send: async (values, { idempotencyKey }) => {
      const refused: string[] = [];
      const marked = new Set(done);
      for (const line of lines) {
        if (marked.has(line.athleteId)) continue;
        try {
          await mark.trigger({
            batchId,
            athleteId: line.athleteId,
            status: to,
            date: values.date,
            reference: values[`ref-${line.athleteId}`].trim(),
            idempotencyKey: `${idempotencyKey}-${line.athleteId}`,
          });
          marked.add(line.athleteId);
        } catch (error) {
          refused.push(`${nameOf(line.athleteId)}: ${describeFailure(error, PAYOUT_TEXTS, { fields: [] }).message ?? 'refused'}`);
        }
      }
      setDone(marked);
      if (refused.length) throw new Error(`${countLabel(marked.size, 'payout')} marked ${to}. Not marked: ${refused.join('; ')}`);
      return marked.size;
    },
    onSuccess: (count) => {
      onClose(`${countLabel(count, 'payout')} marked ${to}.`);
      return null;
    },
    fields: ['date', ...lines.map((l) => `ref-${l.athleteId}`)],
    texts: { ...PAYOUT_TEXTS, other: (error: unknown) => (error instanceof Error ? error.message : 'Could not mark the payouts.') },
  });
  const first = lines[0];
  const total = lines.reduce((n, l) => n + l.amountCents, 0);
  return (
    <SidePanel
      title={`Mark ${countLabel(lines.length, 'payout')} ${to}`}
      onClose={() => onClose(done.size ? `${countLabel(done.size, 'payout')} marked ${to}.` : null)}
    >
      <p className="muted">
        {formatUsd(total)} in all.{' '}
        {to === 'paid' ? 'Paid payments count toward each athlete’s 1099 total; this cannot be undone.' : 'Mark them paid once the money has arrived.'}
      </p>
      <Form form={form} className="dash-main" aria-label={`Mark payouts ${to}`}>
        <InputField label={`Date ${to}`} type="date" max={today()} {...form.field('date')} />
        {lines.map((l) => (
          <InputField
            key={l.athleteId}
            label={`Reference for ${nameOf(l.athleteId)} (${formatUsd(l.amountCents)})`}
            disabled={done.has(l.athleteId)}
            hint={done.has(l.athleteId) ? `Marked ${to}` : undefined}
            {...form.field(`ref-${l.athleteId}`)}
          />
        ))}
        {lines.length > 1 && first && (
          <Button
            size="sm"
            intent="quiet"
            onClick={() =>
              form.setValues((v) => ({ ...v, ...Object.fromEntries(lines.map((l) => [`ref-${l.athleteId}`, v[`ref-${first.athleteId}`] ?? ''])) }))
            }
          >
            Use the first reference for all
          </Button>
        )}
        <FormOutcome error={form.error} />
        <SubmitButton form={form} busy="Marking...">
          {`Mark ${countLabel(lines.length - done.size, 'payout')} ${to}`}
        </SubmitButton>
      </Form>
    </SidePanel>
  );
}
