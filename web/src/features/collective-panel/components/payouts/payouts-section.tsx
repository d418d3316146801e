// Payouts (left menu; read-only in the demo): what each member is owed and what is payable now,
// payout batches for a period (by default through today: everything owed now) with their payouts
// marked sent then paid, the batch's CSV, tax status per athlete and year (W-9 on file, payments
// in the year, 1099-NEC required), the NIL disclosure alert for members past the threshold, and
// donation allocations to members. Money moves only on the server; every write carries an
// idempotency key made once per submission.
import { useState } from 'react';
import type { CollectivePayoutsResponse } from '@shared/money/payouts-api';
import type { Transaction } from '@shared/sales/sales-api';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useTenant } from '@/lib/use-tenant';
import { useAllocateDonation, usePayouts } from '@/features/collective-panel/api/payouts';
import { useTransactions } from '@/features/collective-panel/api/get-transactions';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { dollarsToCents } from '@/features/collective-panel/components/settings/card-form';
import { Batches } from '@/features/collective-panel/components/payouts/batches';
import { CreateBatchForm } from '@/features/collective-panel/components/payouts/create-batch-form';
import { MembersMoney } from '@/features/collective-panel/components/payouts/members-money';
import { day, failure, useSubmissionKey } from '@/features/collective-panel/components/payouts/payout-parts';

function NilAlerts({ data, nameOf }: { data: CollectivePayoutsResponse; nameOf: (id: number) => string }) {
  const crossed = data.members.filter((m) => m.year.nil.crossedAt && !m.year.nil.reportedDate);
  if (crossed.length === 0) return null;
  return (
    <div className="dash-red-box" role="alert" aria-label="NIL disclosure due">
      <strong>NIL disclosure due</strong>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
        {crossed.map((m) => (
          <li key={m.athleteId}>
            {nameOf(m.athleteId)} passed {formatUsd(m.year.nil.thresholdCents)} in {data.year} on <DateText iso={m.year.nil.crossedAt!} />
            {m.year.nil.deadline ? (
              <>
                : report it by <DateText iso={m.year.nil.deadline} />.
              </>
            ) : (
              '.'
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const isDonation = (t: Transaction) => t.type === 'Donation (Organization)' || t.type === 'Donation (Individual)';

function DonationAllocations({ collectiveId, members }: { collectiveId: number; members: MemberSummary[] }) {
  const transactions = useTransactions(collectiveId);
  const allocate = useAllocateDonation(collectiveId);
  const key = useSubmissionKey();
  const [form, setForm] = useState({ donationId: '', athleteId: '', amount: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const donations = (transactions.data ?? []).flatMap((p) => p.items).filter(isDonation);
  const change = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    key.reset();
    setForm((f) => ({ ...f, [field]: e.target.value }));
  };
  if (transactions.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void transactions.mutate()} retryLabel="Retry" />;
  if (!transactions.data) return <Spinner label="Loading donations..." />;
  if (donations.length === 0) return null;
  return (
    <form
      className="panel"
      aria-label="Allocate a donation"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setOutcome(null);
        const local: Record<string, string> = {};
        const cents = dollarsToCents(form.amount);
        if (!form.donationId) local.donationId = 'Choose a donation';
        if (!form.athleteId) local.athleteId = 'Choose a member';
        if (cents === undefined) local.amount = 'Amount is required';
        else if (!Number.isInteger(cents) || cents <= 0) local.amount = 'Enter an amount in dollars and cents, more than $0.00';
        setErrors(local);
        if (Object.keys(local).length) return;
        try {
          const result = await allocate.trigger({
            donationId: form.donationId,
            allocations: [{ athleteId: Number(form.athleteId), amountCents: cents! }],
            idempotencyKey: key.current(),
          });
          key.reset();
          setForm((f) => ({ ...f, amount: '' }));
          setOutcome({
            ok: true,
            text: `Allocated ${formatUsd(result.allocatedCents)} of this donation so far; ${formatUsd(result.remainingCents)} left to allocate.`,
          });
        } catch (err) {
          const { fields, message } = failure(err);
          setErrors({ amount: fields['allocations[0].amountCents'] ?? '' });
          setOutcome({ ok: false, text: message });
        }
      }}
    >
      <h3 className="panel-title">Allocate a donation to a member</h3>
      <p className="hint">The amount is credited to the member’s balance and paid in their next batch.</p>
      <div className="dash-form">
        <Field label="Donation" error={errors.donationId}>
          {(control) => (
            <select {...control} className="input" value={form.donationId} onChange={change('donationId')}>
              <option value="">Choose a donation</option>
              {donations.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} · {formatUsd(d.amountCents)} · {day(d.date)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Member" error={errors.athleteId}>
          {(control) => (
            <select {...control} className="input" value={form.athleteId} onChange={change('athleteId')}>
              <option value="">Choose a member</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Amount (USD)" error={errors.amount || undefined}>
          {(control) => <input {...control} className="input" inputMode="decimal" value={form.amount} onChange={change('amount')} />}
        </Field>
      </div>
      <FormOutcome success={outcome?.ok ? outcome.text : null} error={outcome && !outcome.ok ? outcome.text : null} />
      <button type="submit" className="btn btn-primary" disabled={allocate.isMutating}>
        {allocate.isMutating ? 'Allocating...' : 'Allocate'}
      </button>
    </form>
  );
}

export function PayoutsSection({ collectiveId, members }: { collectiveId: number; members: MemberSummary[] }) {
  const { isOwnerCollective } = useTenant();
  const payouts = usePayouts();
  const nameOf = (id: number) => members.find((m) => m.id === id)?.name ?? `Athlete ${id}`;
  if (payouts.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void payouts.mutate()} retryLabel="Retry" />;
  if (!payouts.data) return <Spinner label="Loading payouts..." />;
  const data = payouts.data;
  return (
    <div className="dash-main">
      <h2 className="panel-title">Payouts</h2>
      <NilAlerts data={data} nameOf={nameOf} />
      {isOwnerCollective && <CreateBatchForm collectiveId={collectiveId} data={data} />}
      <MembersMoney collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      <Batches collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      {isOwnerCollective && <DonationAllocations collectiveId={collectiveId} members={members} />}
    </div>
  );
}
