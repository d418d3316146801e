// Unattributed Sales (Overview): the sale lines no catalog card matched, newest first, and for the
// owner a control per line assigning it to a member's card on sale. The server accepts an
// assignment and settles it a moment later, so the outcome says the figures follow.
import type { CollectiveStatsResponse, UnattributedSale } from '@shared/sales/sales-api';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { isPublic } from '@shared/cards/lifecycle';
import { countLabel } from '@shared/platform/text';
import { DateText } from '@/components/date-text';
import { OrderRef } from '@/components/dashboard/recent-orders';
import { Table } from '@/components/table/table';
import { useTenant } from '@/lib/use-tenant';
import { SelectField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { useAssignUnattributed } from '@/features/collective-panel/api/assign-unattributed';
import { useAthleteCards } from '@/features/collective-panel/api/get-athlete-cards';

/** Assigns one unattributed line to a member's card on sale. */
function AssignLine({ line, members, collectiveId }: { line: UnattributedSale; members: MemberSummary[]; collectiveId: number }) {
  const assign = useAssignUnattributed(collectiveId);
  const form = useForm({
    initial: { athleteId: '', cardId: '' },
    check: ({ athleteId, cardId }) => ({
      value: { orderId: line.orderId, lineItemId: line.lineItemId, athleteId: Number(athleteId), cardId: Number(cardId) },
      message: athleteId && cardId ? null : athleteId ? 'Choose a card' : 'Choose an athlete and a card',
    }),
    send: (request) => assign.trigger(request),
    onSuccess: (result) => (result.pending ? 'Assigned. The figures update in a moment.' : 'This sale was already assigned to that card.'),
    // The choices have no error of their own: everything is said on the outcome line.
    fields: [],
    texts: { other: 'Could not assign the sale. Please try again.' },
  });
  const { athleteId, cardId } = form.values;
  const cards = useAthleteCards(athleteId ? Number(athleteId) : null);
  const onSale = (cards.data?.cards ?? []).filter(isPublic);
  const key = `${line.orderId}-${line.lineItemId}`;
  return (
    <Form form={form} className="dash-assign">
      <SelectField
        label={`Athlete for ${line.title}`}
        hideLabel
        id={`assign-athlete-${key}`}
        placeholder="Choose an athlete…"
        options={members.map((m) => ({ value: m.id, label: m.name }))}
        value={athleteId}
        onValue={(chosen) => form.setValues(() => ({ athleteId: chosen, cardId: '' }))}
        disabled={form.submitting}
      />
      <SelectField
        label={`Card for ${line.title}`}
        hideLabel
        id={`assign-${key}`}
        error={cards.error ? 'Could not load the cards.' : undefined}
        placeholder={athleteId && !cards.data && !cards.error ? 'Loading cards…' : 'Choose a card…'}
        options={onSale.map((c) => ({ value: c.id, label: c.name }))}
        value={cardId}
        onValue={form.set('cardId')}
        disabled={form.submitting || !athleteId}
      />
      <SubmitButton form={form} busy="Assigning..." className="btn btn-outline btn-sm">
        Assign
      </SubmitButton>
      <FormOutcome error={form.error} success={form.success} />
    </Form>
  );
}

export function UnattributedSales({
  unattributed,
  members,
  collectiveId,
}: {
  unattributed: CollectiveStatsResponse['unattributed'] | undefined;
  members: MemberSummary[];
  collectiveId: number;
}) {
  const { isOwnerCollective } = useTenant();
  return (
    <section className="panel" aria-labelledby="unattributed-title" aria-busy={unattributed ? undefined : true}>
      <h2 id="unattributed-title" className="panel-title">
        Unattributed Sales
      </h2>
      <p className="hint">
        {unattributed ? `Sales no catalog card matched: ${countLabel(unattributed.units, 'unit')}, ${formatUsd(unattributed.revenueCents)}.` : '\u00a0'}
      </p>
      {unattributed && (
        <Table
          caption="Unattributed sales, newest first"
          rows={unattributed.recent}
          rowKey={(line) => `${line.orderId}-${line.lineItemId}`}
          empty="Every sale is attributed to an athlete."
          columns={[
            { header: 'Product', rowHeader: true, cell: (line) => line.title },
            { header: 'Date', cell: (line) => <DateText iso={line.createdAt} /> },
            { header: 'Order', cell: (line) => <OrderRef orderId={line.orderId} orderName={line.orderName} /> },
            { header: 'Units', align: 'end', cell: (line) => line.units },
            { header: 'Amount', align: 'end', cell: (line) => formatUsd(line.revenueCents) },
            { header: 'Reason', cell: (line) => (line.reason === 'ambiguous' ? 'Matches several athletes' : 'No matching card') },
            isOwnerCollective && {
              header: 'Assign to',
              actions: true,
              cell: (line) => <AssignLine line={line} members={members} collectiveId={collectiveId} />,
            },
          ]}
        />
      )}
    </section>
  );
}
