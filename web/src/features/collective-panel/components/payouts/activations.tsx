// Activations in the collective's Payouts section (issue 33 item 3; docs/decisions/0027-activations.md):
// "Record an activation" (a deliverable the collective pays one of its athletes for: kind,
// description, date, price, proof link), checked by the shared validator field by field, confirmed in
// a dialog before it is sent; then the list of the collective's activations with their states and the
// moves the table (shared/money/activations.ts) offers the collective (Cancel, before the athlete
// confirms). Only what the athlete confirms reaches its balance: paying from donations with nothing
// delivered is refused since 2026 (NIL Go), which the section says.
import { useRef, useState } from 'react';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import {
  ACTIVATION_KINDS,
  ACTIVATION_KIND_LABEL,
  activationErrors,
  type ActivationField,
  type ActivationInput,
  type ActivationKind,
  type ActivationView,
} from '@shared/money/activations';
import { formatUsd } from '@shared/platform/money';
import { ConfirmButton } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { InputField, SelectField, TextAreaField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { SOMETHING_WENT_WRONG } from '@/components/form/form-errors';
import { FormOutcome } from '@/components/form/form-outcome';
import { centsOf, MoneyField } from '@/components/form/money-field';
import { useForm } from '@/components/form/use-form-submit';
import { Spinner } from '@/components/spinner';
import { Table } from '@/components/table/table';
import { ActivationState } from '@/components/compliance/activation-state';
import { useCancelActivation, useCollectiveActivations, useRecordActivation } from '@/features/collective-panel/api/activations';
import { LOAD_ERROR, PAYOUT_TEXTS } from '@/features/collective-panel/config';

/** The form's own names of the validator's fields (the price is typed in dollars). */
const FIELD_OF: Record<ActivationField, string> = {
  athleteId: 'athleteId',
  kind: 'kind',
  description: 'description',
  date: 'date',
  priceCents: 'price',
  proofUrl: 'proofUrl',
};

/** The validator's words, as the form says them (capitalised, the price in dollars). */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Thrown when the collective steps back in the confirmation: nothing was sent. */
class NotConfirmed extends Error {}

const today = () => new Date().toISOString().slice(0, 10);

function RecordActivation({ collectiveId, members }: { collectiveId: number; members: MemberSummary[] }) {
  const record = useRecordActivation(collectiveId);
  const [asking, setAsking] = useState<ActivationInput | null>(null);
  const answer = useRef<((go: boolean) => void) | null>(null);
  const nameOf = (id: number) => members.find((m) => m.id === id)?.name ?? `Athlete ${id}`;
  const form = useForm({
    initial: { athleteId: '', kind: '', description: '', date: today(), price: '', proofUrl: '' },
    check: (values) => {
      const cents = centsOf(values.price);
      const input = {
        athleteId: Number(values.athleteId),
        kind: values.kind as ActivationKind,
        description: values.description.trim(),
        date: values.date,
        priceCents: cents ?? NaN,
        proofUrl: values.proofUrl.trim(),
      };
      const found = activationErrors(input, today());
      const errors: Record<string, string> = {};
      for (const [field, message] of Object.entries(found)) errors[FIELD_OF[field as ActivationField]] = sentence(message);
      if (cents === undefined) errors.price = 'Enter the price in dollars, at least $1.00';
      else if (cents === null) errors.price = 'Enter the price in dollars and cents, such as 250 or 250.00';
      return { value: input, errors };
    },
    // Confirmed first: the dialog answers, then the activation is recorded (or nothing is sent).
    send: async (input, { idempotencyKey }) => {
      const go = await new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking(input);
      });
      setAsking(null);
      if (!go) throw new NotConfirmed();
      return record.trigger({ ...input, idempotencyKey });
    },
    onSuccess: (created) => {
      form.reset();
      return `Recorded: ${formatUsd(created.priceCents)} for ${created.athleteName || nameOf(created.athleteId)}. They are paid once they confirm it was delivered.`;
    },
    serverFields: { priceCents: 'price' },
    texts: { ...PAYOUT_TEXTS, other: (error: unknown) => (error instanceof NotConfirmed ? 'Nothing was recorded.' : SOMETHING_WENT_WRONG) },
  });
  const reply = (go: boolean) => {
    answer.current?.(go);
    answer.current = null;
  };
  return (
    <Form form={form} className="panel" aria-labelledby="record-activation-title">
      <h3 className="panel-title" id="record-activation-title">
        Record an activation
      </h3>
      <p className="hint">
        Pay an athlete for something they deliver: an appearance, an autograph session, a post, a camp. The athlete confirms it was delivered, then the price is
        added to their balance and paid with the next payout. Paying from donations with nothing delivered is not allowed since 2026 (NIL Go).
      </p>
      <div className="dash-form">
        <SelectField
          label="Athlete"
          required
          placeholder="Choose an athlete"
          options={members.map((m) => ({ value: m.id, label: m.name }))}
          {...form.field('athleteId')}
        />
        <SelectField
          label="Deliverable"
          required
          placeholder="Choose what they deliver"
          options={ACTIVATION_KINDS.map((k) => ({ value: k, label: ACTIVATION_KIND_LABEL[k] }))}
          {...form.field('kind')}
        />
        <TextAreaField label="Description" required rows={2} maxLength={500} hint="What, where, for whom" {...form.field('description')} />
        <InputField label="Date" required type="date" {...form.field('date')} />
        <MoneyField label="Price (USD)" required hint="From $1.00 to $100,000.00" {...form.field('price')} />
        <InputField
          label="Proof (link)"
          required
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          hint="A public https link: the post, a photo, the event page"
          {...form.field('proofUrl')}
        />
      </div>
      <FormOutcome success={form.success} error={form.error} />
      <SubmitButton form={form} busy="Recording...">
        Record activation
      </SubmitButton>
      {asking && (
        <ConfirmDialog
          title="Record this activation?"
          confirmLabel={`Record ${formatUsd(asking.priceCents)}`}
          onCancel={() => reply(false)}
          onConfirm={() => reply(true)}
        >
          <p>
            {ACTIVATION_KIND_LABEL[asking.kind]} by {nameOf(asking.athleteId)} on {asking.date}, {formatUsd(asking.priceCents)}: “{asking.description}”.
          </p>
          <p>{nameOf(asking.athleteId)} is asked to confirm it was delivered. Nothing is paid until they do; you can cancel it until then.</p>
        </ConfirmDialog>
      )}
    </Form>
  );
}

function ActivationList({ collectiveId }: { collectiveId: number }) {
  const list = useCollectiveActivations(collectiveId);
  const cancel = useCancelActivation(collectiveId);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  if (list.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void list.mutate()} retryLabel="Retry" />;
  if (!list.data) return <Spinner label="Loading activations..." />;
  const doCancel = async (a: ActivationView) => {
    setOutcome(null);
    try {
      await cancel.trigger(a.id);
      await list.mutate();
      setOutcome({ ok: true, text: `Canceled the ${formatUsd(a.priceCents)} activation of ${a.athleteName}. Nothing is paid for it.` });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : SOMETHING_WENT_WRONG });
    }
  };
  return (
    <section className="panel" aria-labelledby="activations-title">
      <h3 className="panel-title" id="activations-title">
        Activations
      </h3>
      <Table
        caption="Your activations, newest first"
        rows={list.data.activations}
        rowKey={(a) => a.id}
        empty="No activations yet."
        columns={[
          { header: 'Athlete', rowHeader: true, cell: (a) => a.athleteName },
          {
            header: 'Deliverable',
            cell: (a) => (
              <>
                {ACTIVATION_KIND_LABEL[a.kind]} · <DateText iso={a.date} />
                <div className="muted small">{a.description}</div>
                <a href={a.proofUrl} target="_blank" rel="noopener noreferrer" className="small">
                  Proof
                  <span className="sr-only">
                    {' '}
                    for {a.athleteName}’s {ACTIVATION_KIND_LABEL[a.kind].toLowerCase()}
                  </span>
                </a>
              </>
            ),
          },
          { header: 'Price', align: 'end', cell: (a) => formatUsd(a.priceCents) },
          {
            header: 'State',
            cell: (a) => (
              <>
                <ActivationState activation={a} />
                {a.declineReason && <div className="muted small">“{a.declineReason}”</div>}
              </>
            ),
          },
          {
            header: 'Actions',
            actions: true,
            hideHeader: true,
            cell: (a) =>
              a.actions.includes('cancel') ? (
                <ConfirmButton
                  title={`Cancel the ${formatUsd(a.priceCents)} activation?`}
                  body={<p>{a.athleteName} will no longer be asked to confirm it, and nothing is paid for it.</p>}
                  confirmLabel="Cancel activation"
                  disabled={cancel.isMutating}
                  aria-label={`Cancel the activation of ${a.athleteName} on ${a.date}`}
                  onConfirm={() => void doCancel(a)}
                >
                  Cancel
                </ConfirmButton>
              ) : null,
          },
        ]}
      />
      <FormOutcome success={outcome?.ok ? outcome.text : null} error={outcome && !outcome.ok ? outcome.text : null} />
    </section>
  );
}

export function Activations({ collectiveId, members }: { collectiveId: number; members: MemberSummary[] }) {
  return (
    <>
      <RecordActivation collectiveId={collectiveId} members={members} />
      <ActivationList collectiveId={collectiveId} />
    </>
  );
}
