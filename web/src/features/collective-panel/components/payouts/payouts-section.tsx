// Payouts (left menu; read-only in the demo): what each member is owed, payout batches for a
// period (weekly by default) with their payouts marked sent then paid, the batch's CSV, tax status
// per athlete and year (W-9 on file, payments in the year, 1099-NEC required), the NIL disclosure
// alert for members past the threshold, and donation allocations to members. Money moves only on
// the server; every write carries an idempotency key made once per submission.
import { useRef, useState } from 'react';
import type { CollectivePayoutsResponse, PayoutBatchView, PayoutLineView, Transaction } from '@shared/api';
import type { MemberSummary } from '@shared/catalog-types';
import { formatUsd } from '@shared/money';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Badge, type BadgeTone } from '@/components/dashboard/format';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { ApiError } from '@/lib/api-client';
import { useTenant } from '@/lib/use-tenant';
import {
  downloadBatchCsv,
  idempotencyKey,
  useAllocateDonation,
  useBatch,
  useCreateBatch,
  useMarkPayout,
  usePayouts,
  useSetW9,
} from '@/features/collective-panel/api/payouts';
import { useTransactions } from '@/features/collective-panel/api/get-transactions';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { dollarsToCents } from '@/features/collective-panel/components/settings/card-form';
import { DisclosureStatus } from './disclosure-status';

const today = () => new Date().toISOString().slice(0, 10);
const day = (iso: string) => iso.slice(0, 10);

/** The message and field errors of a failed write. */
function failure(error: unknown): { fields: Record<string, string>; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 401) return { fields: {}, message: 'Sign in as the collective to make changes.' };
    const fields = error.fields ?? {};
    const named = Object.entries(fields).map(([k, v]) => (/^[A-Z]/.test(v) ? v : `${k}: ${v}`));
    return { fields, message: named.length ? named.join(' ') : error.message };
  }
  return { fields: {}, message: 'Something went wrong. Please try again.' };
}

/** Keeps one idempotency key per submission: the same key for retries until it succeeds or the input changes. */
function useSubmissionKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= idempotencyKey()),
    reset: () => {
      key.current = null;
    },
  };
}

const STATUS_TONE: Record<PayoutLineView['status'], BadgeTone> = { pending: 'yellow', sent: 'yellow', paid: 'green' };
const STATUS_LABEL: Record<PayoutLineView['status'], string> = { pending: 'Pending', sent: 'Sent', paid: 'Paid' };

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

function CreateBatchForm({ collectiveId, defaults }: { collectiveId: number; defaults: CollectivePayoutsResponse['defaultPeriod'] }) {
  const create = useCreateBatch(collectiveId);
  const key = useSubmissionKey();
  // The instant an end of today stands for, fixed with the submission's key: a retry sends the same period.
  const endInstant = useRef<string | null>(null);
  const [period, setPeriod] = useState({ start: day(defaults.periodStart), end: day(defaults.periodEnd) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const change = (field: 'start' | 'end') => (e: { target: { value: string } }) => {
    key.reset();
    endInstant.current = null;
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
        if (!period.end) local.periodEnd = 'Choose the day after the period';
        else if (period.start && period.end <= period.start) local.periodEnd = 'The end must be after the start';
        else if (period.end > today()) local.periodEnd = 'The period must have ended: the end cannot be in the future';
        setErrors(local);
        if (Object.keys(local).length) return;
        // An end of today pays what was earned up to now (a period must have ended: the server refuses a future end).
        if (period.end === today()) endInstant.current ??= new Date(Date.now() - 1000).toISOString();
        const periodEnd = period.end === today() && endInstant.current ? endInstant.current : period.end;
        try {
          const batch = await create.trigger({ periodStart: period.start, periodEnd, idempotencyKey: key.current() });
          key.reset();
          endInstant.current = null;
          setOutcome({ ok: true, text: `Batch created: ${batch.lineCount} payout${batch.lineCount === 1 ? '' : 's'}, ${formatUsd(batch.totalCents)} in all.` });
        } catch (error) {
          const { fields, message } = failure(error);
          setErrors({ periodStart: fields.periodStart ?? '', periodEnd: fields.periodEnd ?? '' });
          setOutcome({ ok: false, text: fields.period ?? message });
        }
      }}
    >
      <h3 className="panel-title">Create payout batch</h3>
      <p className="hint">
        Pays each member what they earned before the end of the period and is not in a batch yet. Weekly by default: the last full week, Monday to Monday (UTC).
      </p>
      <div className="dash-form">
        <Field label="Period start" error={errors.periodStart || undefined}>
          {(control) => <input {...control} type="date" className="input" value={period.start} onChange={change('start')} />}
        </Field>
        <Field label="Period end (exclusive)" error={errors.periodEnd || undefined}>
          {(control) => <input {...control} type="date" className="input" value={period.end} max={today()} onChange={change('end')} />}
        </Field>
      </div>
      <FormOutcome success={outcome?.ok ? outcome.text : null} error={outcome && !outcome.ok ? outcome.text : null} />
      <button type="submit" className="btn btn-primary" disabled={create.isMutating}>
        {create.isMutating ? 'Creating...' : 'Create payout batch'}
      </button>
    </form>
  );
}

function MarkForm({ collectiveId, batchId, line, name }: { collectiveId: number; batchId: string; line: PayoutLineView; name: string }) {
  const mark = useMarkPayout(collectiveId);
  const key = useSubmissionKey();
  const next: 'sent' | 'paid' = line.status === 'pending' ? 'sent' : 'paid';
  const [form, setForm] = useState({ reference: line.sentReference ?? '', date: today() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const label = next === 'sent' ? 'Mark sent' : 'Mark paid';
  return (
    <form
      className="dash-assign"
      aria-label={`${label}: ${name}`}
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        const local: Record<string, string> = {};
        if (!/^[\x20-\x7e]{1,100}$/.test(form.reference.trim())) local.reference = 'Enter the ACH trace, transfer id or cheque number';
        if (!form.date) local.date = 'Choose the day';
        else if (form.date > today()) local.date = 'The day cannot be in the future';
        setErrors(local);
        if (Object.keys(local).length) return;
        try {
          await mark.trigger({
            batchId,
            athleteId: line.athleteId,
            status: next,
            date: form.date,
            reference: form.reference.trim(),
            idempotencyKey: key.current(),
          });
          key.reset();
        } catch (err) {
          const { fields, message } = failure(err);
          setErrors(fields);
          setError(message);
        }
      }}
    >
      <Field label={`Reference for ${name}`} error={errors.reference}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={form.reference}
            onChange={(e) => {
              key.reset();
              setForm((f) => ({ ...f, reference: e.target.value }));
            }}
          />
        )}
      </Field>
      <Field label={`Date ${next} for ${name}`} error={errors.date}>
        {(control) => (
          <input
            {...control}
            type="date"
            className="input"
            max={today()}
            value={form.date}
            onChange={(e) => {
              key.reset();
              setForm((f) => ({ ...f, date: e.target.value }));
            }}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary btn-sm" disabled={mark.isMutating}>
        {label}
      </button>
      <FormOutcome error={error} />
    </form>
  );
}

function BatchDetail({ collectiveId, batch, nameOf }: { collectiveId: number; batch: PayoutBatchView; nameOf: (id: number) => string }) {
  const detail = useBatch(collectiveId, batch.batchId);
  const [csv, setCsv] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (detail.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void detail.mutate()} retryLabel="Retry" />;
  if (!detail.data) return <Spinner label="Loading payouts..." />;
  const lines = detail.data.lines ?? [];
  return (
    <div className="dash-main">
      <div className="dash-actions">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setCsv(null);
            try {
              await downloadBatchCsv(collectiveId, batch.batchId);
              setCsv({ ok: true, text: `payouts-${batch.batchId}.csv downloaded.` });
            } catch (error) {
              setCsv({ ok: false, text: error instanceof ApiError ? error.message : 'The download failed. Please try again.' });
            } finally {
              setBusy(false);
            }
          }}
        >
          Export CSV
        </button>
      </div>
      <FormOutcome success={csv?.ok ? csv.text : null} error={csv && !csv.ok ? csv.text : null} />
      <div className="dash-table-wrap">
        <table className="dash-table">
          <caption className="sr-only">Payouts of batch {batch.batchId}</caption>
          <thead>
            <tr>
              <th scope="col">Athlete</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Sent</th>
              <th scope="col">Paid</th>
              <th scope="col">Next step</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.athleteId}>
                <th scope="row">{nameOf(line.athleteId)}</th>
                <td>{formatUsd(line.amountCents)}</td>
                <td>
                  <Badge tone={STATUS_TONE[line.status]}>{STATUS_LABEL[line.status]}</Badge>
                </td>
                <td>{line.sentDate ? `${line.sentDate} · ${line.sentReference ?? ''}` : '—'}</td>
                <td>{line.paidDate ? `${line.paidDate} · ${line.paidReference ?? ''}` : '—'}</td>
                <td>
                  {line.status === 'paid' ? (
                    <span className="muted">Done</span>
                  ) : (
                    <MarkForm key={line.status} collectiveId={collectiveId} batchId={batch.batchId} line={line} name={nameOf(line.athleteId)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Batches({
  collectiveId,
  data,
  nameOf,
  owner,
}: {
  collectiveId: number;
  data: CollectivePayoutsResponse;
  nameOf: (id: number) => string;
  owner: boolean;
}) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="panel" aria-labelledby="batches-title">
      <h3 id="batches-title" className="panel-title">
        Payout batches
      </h3>
      {data.batches.length === 0 ? (
        <p className="muted">No payout batches yet.</p>
      ) : (
        <ul className="plain-list">
          {data.batches.map((b) => (
            <li key={b.batchId} style={{ marginBottom: 12 }}>
              <div className="dash-row">
                <span>
                  <strong>
                    {day(b.periodStart)} to {day(b.periodEnd)}
                  </strong>{' '}
                  · {b.lineCount} payout{b.lineCount === 1 ? '' : 's'} · {formatUsd(b.totalCents)} · created <DateText iso={b.createdAt} />
                  {b.status === 'creating' ? ' · still being created' : ''}
                </span>
                {owner && (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-expanded={open === b.batchId}
                    aria-label={`${open === b.batchId ? 'Hide' : 'Show'} payouts of ${day(b.periodStart)} to ${day(b.periodEnd)}`}
                    onClick={() => setOpen(open === b.batchId ? null : b.batchId)}
                  >
                    {open === b.batchId ? 'Hide payouts' : 'Show payouts'}
                  </button>
                )}
              </div>
              {owner && open === b.batchId && <BatchDetail collectiveId={collectiveId} batch={b} nameOf={nameOf} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function W9Control({ collectiveId, athleteId, year, onFile, name }: { collectiveId: number; athleteId: number; year: number; onFile: boolean; name: string }) {
  const save = useSetW9(collectiveId);
  const [date, setDate] = useState(today());
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const submit = async (w9OnFile: boolean) => {
    setError(null);
    if (w9OnFile && (!date || date > today())) {
      setError('Choose the day the W-9 was received');
      return;
    }
    try {
      await save.trigger({ athleteId, year, w9OnFile, date: w9OnFile ? date : null });
    } catch (err) {
      setError(failure(err).message);
    }
  };
  if (onFile) {
    return (
      <>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={save.isMutating}
          aria-label={`Clear the W-9 of ${name}`}
          onClick={() => setConfirming(true)}
        >
          Clear
        </button>
        <FormOutcome error={error} />
        {confirming && (
          <ConfirmDialog
            title={`Clear the W-9 of ${name}?`}
            confirmLabel="Clear W-9"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void submit(false);
            }}
          >
            <p>Record that no W-9 is on file for {year}.</p>
          </ConfirmDialog>
        )}
      </>
    );
  }
  return (
    <form
      className="dash-assign"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(true);
      }}
    >
      <Field label={`W-9 received on (${name})`} error={error}>
        {(control) => <input {...control} type="date" className="input" max={today()} value={date} onChange={(e) => setDate(e.target.value)} />}
      </Field>
      <button type="submit" className="btn btn-outline btn-sm" disabled={save.isMutating}>
        Record W-9
      </button>
    </form>
  );
}

function MembersMoney({
  collectiveId,
  data,
  nameOf,
  owner,
}: {
  collectiveId: number;
  data: CollectivePayoutsResponse;
  nameOf: (id: number) => string;
  owner: boolean;
}) {
  return (
    <section className="panel" aria-labelledby="owed-title">
      <h3 id="owed-title" className="panel-title">
        Balances and tax status ({data.year})
      </h3>
      {data.members.length === 0 ? (
        <p className="muted">No members yet.</p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="sr-only">What each member is owed, and their tax status in {data.year}</caption>
            <thead>
              <tr>
                <th scope="col">Athlete</th>
                <th scope="col">Balance owed</th>
                <th scope="col">Payable for the default period</th>
                <th scope="col">Paid in {data.year}</th>
                <th scope="col">W-9 on file</th>
                <th scope="col">1099-NEC</th>
                <th scope="col">NIL disclosure</th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((m) => (
                <tr key={m.athleteId}>
                  <th scope="row">{nameOf(m.athleteId)}</th>
                  <td>{formatUsd(m.balanceCents)}</td>
                  <td>{formatUsd(m.payableCents)}</td>
                  <td>{formatUsd(m.year.paidCents)}</td>
                  <td>
                    {m.year.w9OnFile ? (
                      <>
                        Yes
                        {m.year.w9Date ? (
                          <>
                            {' '}
                            (<DateText iso={m.year.w9Date} />)
                          </>
                        ) : (
                          ''
                        )}
                      </>
                    ) : (
                      'No'
                    )}
                    {owner && (
                      <W9Control collectiveId={collectiveId} athleteId={m.athleteId} year={data.year} onFile={m.year.w9OnFile} name={nameOf(m.athleteId)} />
                    )}
                  </td>
                  <td>{m.year.form1099Required ? <Badge tone="red">1099-NEC required</Badge> : <span className="muted">Not required</span>}</td>
                  <td>
                    <DisclosureStatus nil={m.year.nil} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
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
      {isOwnerCollective && <CreateBatchForm collectiveId={collectiveId} defaults={data.defaultPeriod} />}
      <MembersMoney collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      <Batches collectiveId={collectiveId} data={data} nameOf={nameOf} owner={isOwnerCollective} />
      {isOwnerCollective && <DonationAllocations collectiveId={collectiveId} members={members} />}
    </div>
  );
}
