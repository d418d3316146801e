// NIL Go in the collective's Payouts (issue 23): the alert of every member whose deal must be
// reported (before the deadline, on it, and after it), and the members' records: eligibility start
// (the collective sets it; the join date until then), what the collective (or its payor group)
// provided, the status; a member's details open its records, "Mark reported" per record and the
// eligibility start's edit. From the payouts answer (each member's `nilGo`), so nothing more is read.
import { useState } from 'react';
import type { CollectivePayoutsResponse } from '@shared/money/payouts-api';
import { eligibilityStartError } from '@shared/catalog/admin-api';
import { formatUsd } from '@shared/platform/money';
import { DataTable } from '@/components/dashboard/data-table';
import { InputField } from '@/components/form/field';
import { Form, FormEnd } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { Panel } from '@/components/panel';
import { NilGoAlertText, NilGoRecords, NilGoStatusBadge } from '@/components/compliance/nil-go';
import { useReportMemberNilGo, useSetEligibilityStart } from '@/features/collective-panel/api/compliance';
import { PAYOUT_TEXTS } from '@/features/collective-panel/config';

type Member = CollectivePayoutsResponse['members'][number];

interface Props {
  collectiveId: number;
  data: CollectivePayoutsResponse;
  nameOf: (id: number) => string;
  owner: boolean;
}

/** Every member with a report due: one line each. */
export function NilGoAlerts({ data, nameOf }: Pick<Props, 'data' | 'nameOf'>) {
  const due = data.members.filter((m) => m.nilGo?.alert);
  if (due.length === 0) return null;
  return (
    <div className="dash-red-box" role="alert" aria-label="NIL Go reports due">
      <strong>NIL Go reports due</strong>
      <ul className="nil-go-alerts">
        {due.map((m) => (
          <li key={m.athleteId}>
            {nameOf(m.athleteId)}: <NilGoAlertText record={m.nilGo!.alert!} who={nameOf(m.athleteId)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function EligibilityForm({ collectiveId, member, name }: { collectiveId: number; member: Member; name: string }) {
  const save = useSetEligibilityStart(collectiveId);
  const form = useForm({
    initial: { eligibilityStart: member.nilGo?.eligibilityStart ?? '' },
    check: (values: { eligibilityStart: string }) => {
      const error = eligibilityStartError(values.eligibilityStart, new Date().toISOString().slice(0, 10));
      return { value: { athleteId: member.athleteId, eligibilityStart: values.eligibilityStart.trim() }, errors: error ? { eligibilityStart: error } : {} };
    },
    send: (arg) => save.trigger(arg),
    onSuccess: (_r, arg) => `${name}'s eligibility start is ${arg.eligibilityStart}: NIL Go counts from that day.`,
    texts: PAYOUT_TEXTS,
  });
  return (
    <Form form={form} className="nil-go-report" aria-label={`Eligibility start of ${name}`}>
      <InputField label="Eligibility start" type="date" required hint="The start of the athlete's period of eligibility." {...form.field('eligibilityStart')} />
      <FormEnd form={form} busy="Saving..." className="btn btn-outline">
        Save eligibility start
      </FormEnd>
    </Form>
  );
}

export function NilGoMembers({ collectiveId, data, nameOf, owner }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const report = useReportMemberNilGo(collectiveId);
  const chosen = data.members.find((m) => m.athleteId === open) ?? null;
  return (
    <Panel id="nil-go-members-title" title="NIL Go">
      <p className="hint">
        Per member: what your collective (with any collective under the same ownership) has paid since the member’s eligibility start, across years. A deal is
        reported within 5 business days of reaching $600, with the royalty rate.
      </p>
      <DataTable caption="NIL Go by member" columns={['Member', 'Eligibility start', 'Provided', 'Status', 'Records']}>
        {data.members.map((m) => {
          const view = m.nilGo;
          const shown = view?.alert ?? view?.records[0] ?? null;
          return (
            <tr key={m.athleteId}>
              <td>{nameOf(m.athleteId)}</td>
              <td>
                {view?.eligibilityStart ?? '—'}
                {view?.eligibilityStartSource === 'join date' ? <div className="hint">join date</div> : null}
              </td>
              <td>{formatUsd(shown?.cumulativeCents ?? 0)}</td>
              <td>{shown ? <NilGoStatusBadge record={shown} /> : <span className="muted">Nothing paid yet</span>}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-expanded={open === m.athleteId}
                  onClick={() => setOpen(open === m.athleteId ? null : m.athleteId)}
                >
                  {open === m.athleteId ? 'Hide' : 'Details'}
                  <span className="sr-only"> of {nameOf(m.athleteId)}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </DataTable>
      {chosen?.nilGo && (
        <section aria-label={`NIL Go of ${nameOf(chosen.athleteId)}`} className="nil-go-details">
          <h3 className="panel-title">{nameOf(chosen.athleteId)}</h3>
          <NilGoRecords view={chosen.nilGo} onReport={owner ? (recordId, r) => report.trigger({ athleteId: chosen.athleteId, recordId, ...r }) : undefined} />
          {owner && <EligibilityForm key={chosen.athleteId} collectiveId={collectiveId} member={chosen} name={nameOf(chosen.athleteId)} />}
        </section>
      )}
    </Panel>
  );
}
