// Balances and tax status: what each member is owed and what is payable now (and, when some of it
// is not, when and why), payments in the year, paid out all time with what is sent or awaiting an
// account beside it (the figures the athlete's Payouts tab shows), the payout account, W-9 status, and the tax forms
// (the 1099-NEC flag and the NIL disclosure status); one table of the design system. A W-9 is recorded in a side panel (the
// day it was received) and cleared after a confirmation, never by a form in every row.
import { useState } from 'react';
import type { CollectivePayoutsResponse } from '@shared/money/payouts-api';
import { formatUsd } from '@shared/platform/money';
import { accountStatus } from '@shared/payments/account-status';
import { Button, ConfirmButton } from '@/components/button';
import { DateText } from '@/components/date-text';
import { Badge } from '@/components/dashboard/format';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { SidePanel } from '@/components/side-panel';
import { Table } from '@/components/table/table';
import { useSetW9 } from '@/features/collective-panel/api/payouts';
import { PAYOUT_TEXTS } from '@/features/collective-panel/config';
import { DisclosureStatus } from '@/features/collective-panel/components/payouts/disclosure-status';
import { TaxFormsStatus } from '@/components/compliance/tax-forms';
import { today, type PayoutsPartProps } from '@/features/collective-panel/components/payouts/payout-parts';

type Member = CollectivePayoutsResponse['members'][number];

/** Records that the member's W-9 for the year was received, on the day given. */
function RecordW9({
  collectiveId,
  member,
  year,
  name,
  onClose,
}: {
  collectiveId: number;
  member: Member;
  year: number;
  name: string;
  onClose: (message: string | null) => void;
}) {
  const save = useSetW9(collectiveId);
  const form = useForm({
    initial: { date: today() },
    check: ({ date }) => ({ value: date, errors: { date: !date || date > today() ? 'Choose the day the W-9 was received (today at the latest)' : '' } }),
    send: (date) => save.trigger({ athleteId: member.athleteId, year, w9OnFile: true, date }),
    onSuccess: () => {
      onClose(`The W-9 of ${name} for ${year} is on file.`);
      return null;
    },
    serverFields: { w9OnFile: 'date' },
    texts: PAYOUT_TEXTS,
  });
  return (
    <SidePanel title={`Record the W-9 of ${name}`} onClose={() => onClose(null)}>
      <p className="muted">Keep the W-9 itself in your own records: Drift stores only that it is on file and when it arrived, never a taxpayer id.</p>
      <Form form={form} className="dash-main" aria-label={`W-9 of ${name}`}>
        <InputField label={`W-9 received on (${year})`} type="date" max={today()} {...form.field('date')} />
        <FormOutcome error={form.error} />
        <SubmitButton form={form} busy="Saving...">
          Record W-9
        </SubmitButton>
      </Form>
    </SidePanel>
  );
}

/** Why part of a balance is not payable now, when it is not. */
function NotPayableYet({ balanceCents, payableCents }: { balanceCents: number; payableCents: number }) {
  if (balanceCents < 0)
    return <span className="dash-cell-note">Refunds after the last payout: later earnings make up the {formatUsd(-balanceCents)} first.</span>;
  if (balanceCents > payableCents)
    return <span className="dash-cell-note">{formatUsd(balanceCents - payableCents)} recorded after today (UTC): available from tomorrow.</span>;
  return null;
}

function W9Cell({
  member,
  year,
  owner,
  name,
  onRecord,
  onClear,
  busy,
}: {
  member: Member;
  year: number;
  owner: boolean;
  name: string;
  onRecord: () => void;
  onClear: () => void;
  busy: boolean;
}) {
  const y = member.year;
  return (
    <>
      {y.w9OnFile ? (
        <>
          Yes{y.w9Source === 'stripe' ? ', through Stripe' : ''}
          {y.w9Date ? (
            <>
              {' '}
              (<DateText iso={y.w9Date} />)
            </>
          ) : null}
        </>
      ) : (
        'No'
      )}
      {owner && y.w9Source !== 'stripe' && (
        <div className="dash-actions">
          {y.w9OnFile ? (
            <ConfirmButton
              size="sm"
              disabled={busy}
              aria-label={`Clear W-9 of ${name}`}
              title={`Clear the W-9 of ${name}?`}
              confirmLabel="Clear W-9"
              body={<p>Record that no W-9 is on file for {year}.</p>}
              onConfirm={onClear}
            >
              Clear
            </ConfirmButton>
          ) : (
            <Button size="sm" aria-label={`Record W-9 of ${name}`} onClick={onRecord}>
              Record W-9…
            </Button>
          )}
        </div>
      )}
    </>
  );
}

export function MembersMoney({ collectiveId, data, nameOf, owner }: PayoutsPartProps) {
  const [recording, setRecording] = useState<Member | null>(null);
  const save = useSetW9(collectiveId);
  const notice = useAction(PAYOUT_TEXTS);
  return (
    <section className="panel" aria-labelledby="owed-title">
      <h3 id="owed-title" className="panel-title">
        Balances and tax status ({data.year})
      </h3>
      <FormOutcome success={notice.success} error={notice.error} />
      <Table
        caption={`What each member is owed, and their tax status in ${data.year}`}
        rows={data.members}
        rowKey={(m) => m.athleteId}
        empty="No members yet."
        columns={[
          { header: 'Athlete', rowHeader: true, cell: (m) => nameOf(m.athleteId) },
          {
            header: 'Owed',
            align: 'end',
            cell: (m) => (
              <>
                {formatUsd(m.balanceCents)}
                {m.payableCents !== m.balanceCents && m.balanceCents > 0 && <span className="dash-cell-note">{formatUsd(m.payableCents)} payable now</span>}
                <NotPayableYet balanceCents={m.balanceCents} payableCents={m.payableCents} />
              </>
            ),
          },
          { header: `Paid in ${data.year}`, align: 'end', cell: (m) => formatUsd(m.year.paidCents) },
          {
            header: 'Paid out (all time)',
            align: 'end',
            cell: (m) => (
              <>
                {formatUsd(m.payouts.paidOutCents)}
                {m.payouts.sentCents > 0 && <span className="dash-cell-note">{formatUsd(m.payouts.sentCents)} sent, on its way</span>}
                {m.payouts.awaitingCents > 0 && <span className="dash-cell-note">{formatUsd(m.payouts.awaitingCents)} awaiting a payout account</span>}
              </>
            ),
          },
          { header: 'Payout account', cell: (m) => <Badge tone={accountStatus(m.payoutAccount).tone}>{accountStatus(m.payoutAccount).label}</Badge> },
          {
            header: 'W-9 on file',
            cell: (m) => (
              <W9Cell
                member={m}
                year={data.year}
                owner={owner}
                name={nameOf(m.athleteId)}
                busy={notice.running}
                onRecord={() => setRecording(m)}
                onClear={() =>
                  void notice.run(
                    () => save.trigger({ athleteId: m.athleteId, year: data.year, w9OnFile: false, date: null }),
                    `The W-9 of ${nameOf(m.athleteId)} was cleared.`,
                  )
                }
              />
            ),
          },
          {
            header: 'Tax forms',
            cell: (m) => (
              <>
                <TaxFormsStatus year={m.year} />
                <DisclosureStatus nil={m.year.nil} />
              </>
            ),
          },
        ]}
      />
      {recording && (
        <RecordW9
          collectiveId={collectiveId}
          member={recording}
          year={data.year}
          name={nameOf(recording.athleteId)}
          onClose={(message) => {
            setRecording(null);
            if (message) notice.show(message);
          }}
        />
      )}
    </section>
  );
}
