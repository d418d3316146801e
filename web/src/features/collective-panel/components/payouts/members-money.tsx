// Balances and tax status: what each member is owed and what the default period pays now (and,
// when some of it is not payable yet, when and why), payments in the year, W-9 status with its
// control, the 1099-NEC flag and the NIL disclosure status.
import { useState } from 'react';
import { formatUsd } from '@shared/platform/money';
import { accountStatus } from '@shared/payments/account-status';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { Badge } from '@/components/dashboard/format';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { useSetW9 } from '@/features/collective-panel/api/payouts';
import { PAYOUT_TEXTS } from '@/features/collective-panel/config';
import { DisclosureStatus } from '@/features/collective-panel/components/payouts/disclosure-status';
import { TaxFormsStatus } from '@/components/compliance/tax-forms';
import { today, type PayoutsPartProps } from '@/features/collective-panel/components/payouts/payout-parts';
import { DataTable } from '@/components/dashboard/data-table';

function W9Control({ collectiveId, athleteId, year, onFile, name }: { collectiveId: number; athleteId: number; year: number; onFile: boolean; name: string }) {
  const save = useSetW9(collectiveId);
  const clear = useAction(PAYOUT_TEXTS);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initial: { date: today() },
    check: ({ date }) => ({ value: date, message: !date || date > today() ? 'Choose the day the W-9 was received' : null }),
    send: (date) => save.trigger({ athleteId, year, w9OnFile: true, date }),
    // The server's field errors speak of the request (date, w9OnFile): all in the one line under the field.
    fields: [],
    texts: PAYOUT_TEXTS,
  });
  if (onFile) {
    return (
      <>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={clear.running}
          aria-label={`Clear the W-9 of ${name}`}
          onClick={() => setConfirming(true)}
        >
          Clear
        </button>
        <FormOutcome error={clear.error} />
        {confirming && (
          <ConfirmDialog
            title={`Clear the W-9 of ${name}?`}
            confirmLabel="Clear W-9"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void clear.run(() => save.trigger({ athleteId, year, w9OnFile: false, date: null }));
            }}
          >
            <p>Record that no W-9 is on file for {year}.</p>
          </ConfirmDialog>
        )}
      </>
    );
  }
  return (
    <Form form={form} className="dash-assign">
      <InputField label={`W-9 received on (${name})`} type="date" max={today()} {...form.field('date')} error={form.error} />
      <SubmitButton form={form} className="btn btn-outline btn-sm">
        Record W-9
      </SubmitButton>
    </Form>
  );
}

/** Why part of a balance is not in the next batch, when it is not: a negative balance (a refund
 * after the last payout) is made up by later earnings first; an amount recorded after the period's
 * end waits for the next batch. */
function NotPayableYet({ balanceCents, payableCents }: { balanceCents: number; payableCents: number }) {
  if (balanceCents < 0)
    return <span className="dash-cell-note">Refunds after the last payout: later earnings make up the {formatUsd(-balanceCents)} first.</span>;
  if (balanceCents > payableCents)
    return <span className="dash-cell-note">{formatUsd(balanceCents - payableCents)} recorded after today (UTC): payable in a batch from tomorrow.</span>;
  return null;
}

export function MembersMoney({ collectiveId, data, nameOf, owner }: PayoutsPartProps) {
  return (
    <section className="panel" aria-labelledby="owed-title">
      <h3 id="owed-title" className="panel-title">
        Balances and tax status ({data.year})
      </h3>
      {data.members.length === 0 ? (
        <p className="muted">No members yet.</p>
      ) : (
        <DataTable
          caption={`What each member is owed, and their tax status in ${data.year}`}
          columns={['Athlete', 'Balance owed', 'Payable now', `Paid in ${data.year}`, 'Payout account', 'W-9 on file', '1099 forms', 'NIL Go']}
        >
          {data.members.map((m) => (
            <tr key={m.athleteId}>
              <th scope="row">{nameOf(m.athleteId)}</th>
              <td>{formatUsd(m.balanceCents)}</td>
              <td>
                {formatUsd(m.payableCents)}
                <NotPayableYet balanceCents={m.balanceCents} payableCents={m.payableCents} />
              </td>
              <td>{formatUsd(m.year.paidCents)}</td>
              <td>
                <Badge tone={accountStatus(m.payoutAccount).tone}>{accountStatus(m.payoutAccount).label}</Badge>
              </td>
              <td>
                {m.year.w9OnFile ? (
                  <>
                    Yes{m.year.w9Source === 'stripe' ? ', through Stripe' : ''}
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
                {owner && m.year.w9Source !== 'stripe' && (
                  <W9Control collectiveId={collectiveId} athleteId={m.athleteId} year={data.year} onFile={m.year.w9OnFile} name={nameOf(m.athleteId)} />
                )}
              </td>
              <td>
                <TaxFormsStatus year={m.year} />
              </td>
              <td>
                <DisclosureStatus nil={m.year.nil} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
