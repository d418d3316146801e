// Cards (Settings): per member, its cards in every lifecycle state with their history
// (card-table.tsx), and its sets (sets-panel.tsx). Create a card or edit one (card-form.tsx); each
// card's buttons are the moves shared/cards/lifecycle.ts offers the collective in its state
// (card-actions.tsx); deleting and retiring ask for a confirmation. A refusal shows the server's
// message, the lifecycle's own words. "On sale" is said only when the answer says published.
import { useState } from 'react';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import type { OwnerCard } from '@shared/cards/cards-api';
import { isOnSale, stateLabel, stateOf } from '@shared/cards/lifecycle';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { SelectField } from '@/components/form/field';
import { describeFailure } from '@/components/form/form-errors';
import { FormOutcome } from '@/components/form/form-outcome';
import { useCardAction, type CardAction } from '@/features/collective-panel/api/card-writes';
import { useAthleteCards } from '@/features/collective-panel/api/get-athlete-cards';
import { LOAD_ERROR, WRITE_TEXTS } from '@/features/collective-panel/config';
import { CardActions } from '@/features/collective-panel/components/settings/card-actions';
import { CardForm } from '@/features/collective-panel/components/settings/card-form';
import { CardTable } from '@/features/collective-panel/components/settings/card-table';
import { SetsPanel } from '@/features/collective-panel/components/settings/sets-panel';

function MemberCards({ collectiveId, member, canWrite }: { collectiveId: number; member: MemberSummary; canWrite: boolean }) {
  const cards = useAthleteCards(member.id);
  const act = useCardAction(collectiveId, member.id);
  const [editing, setEditing] = useState<OwnerCard | 'new' | null>(null);
  const deleting = useConfirmation<OwnerCard>();
  const retiring = useConfirmation<OwnerCard>();
  const [actingOn, setActingOn] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  if (cards.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void cards.mutate()} retryLabel="Retry" />;
  if (!cards.data) return <Spinner label="Loading cards..." />;
  const data = cards.data;

  /** Runs one lifecycle action; its outcome is the notice, but a publication's failure is also
   * thrown to the publish form (manual mode), which shows it beside the product id (the product id's
   * own error only there). */
  async function run(card: OwnerCard, action: CardAction): Promise<void> {
    setActingOn(card.id);
    setNotice(null);
    try {
      const result = await act.trigger({ cardId: card.id, action });
      const after = result && typeof result === 'object' ? (result as OwnerCard) : null;
      const text =
        action.kind === 'delete'
          ? `${card.name} was deleted.`
          : action.kind === 'submit'
            ? `${card.name} was sent to ${member.name} for approval.`
            : action.kind === 'retire'
              ? `${card.name} was retired: it is no longer on sale.`
              : after && isOnSale(after)
                ? `${card.name} is published and on sale.`
                : `${card.name} was not published yet (it is ${stateLabel(stateOf(after ?? card)).toLowerCase()}).`;
      setNotice({ ok: true, text });
    } catch (error) {
      const inline = action.kind === 'publish' && data.publishMode === 'manual';
      const { fields, message } = describeFailure(error, WRITE_TEXTS, { fields: inline ? ['shopifyProductId'] : [] });
      if (!fields.shopifyProductId) setNotice({ ok: false, text: message ?? '' });
      if (inline) throw error;
    } finally {
      setActingOn(null);
    }
  }

  const deleteCard = (card: OwnerCard) => void run(card, { kind: 'delete' });
  const retireCard = (card: OwnerCard) => void run(card, { kind: 'retire' });
  const busy = (card: OwnerCard) => act.isMutating && actingOn === card.id;
  return (
    <div className="dash-main">
      <FormOutcome success={notice?.ok ? notice.text : null} error={notice && !notice.ok ? notice.text : null} />
      {canWrite && editing === null && (
        <div>
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
            New Card
          </button>
        </div>
      )}
      {editing !== null && (
        <CardForm
          key={editing === 'new' ? 'new' : editing.id}
          collectiveId={collectiveId}
          athleteId={member.id}
          card={editing === 'new' ? null : editing}
          cards={data.cards}
          sets={data.sets}
          onDone={(message) => {
            setEditing(null);
            if (message) setNotice({ ok: true, text: message });
          }}
        />
      )}
      {data.cards.length === 0 ? (
        <p className="muted">{member.name} has no cards yet.</p>
      ) : (
        <CardTable
          memberName={member.name}
          data={data}
          actionsOf={
            canWrite
              ? (card) => (
                  <CardActions
                    card={card}
                    publishMode={data.publishMode}
                    busy={busy(card)}
                    onEdit={() => setEditing(card)}
                    onSubmit={() => void run(card, { kind: 'submit' })}
                    onDelete={() => deleting.ask(card)}
                    onPublish={(id) => run(card, { kind: 'publish', request: id ? { shopifyProductId: id } : {} })}
                    onRetire={() => retiring.ask(card)}
                    drop={{ collectiveId, athleteId: member.id, onScheduled: (text) => setNotice({ ok: true, text }) }}
                  />
                )
              : null
          }
        />
      )}
      {canWrite ? <SetsPanel collectiveId={collectiveId} athleteId={member.id} data={data} /> : null}
      <ConfirmAbout about={deleting} title={(card) => `Delete ${card.name}?`} confirmLabel="Delete" danger onConfirm={deleteCard}>
        {() => <p>The draft and its history are removed. Nothing was on sale.</p>}
      </ConfirmAbout>
      <ConfirmAbout about={retiring} title={(card) => `Retire ${card.name}?`} confirmLabel="Retire" danger onConfirm={retireCard}>
        {() => <p>The card comes off sale for good. Fans keep the cards and serials they hold; make a new card to sell again.</p>}
      </ConfirmAbout>
    </div>
  );
}

export function CardsManager({ collectiveId, members, canWrite }: { collectiveId: number; members: MemberSummary[]; canWrite: boolean }) {
  const [athleteId, setAthleteId] = useState<number | null>(members[0]?.id ?? null);
  const member = members.find((m) => m.id === athleteId) ?? null;
  if (members.length === 0) return <p className="muted">No athletes yet: add one in Add Athlete Profile.</p>;
  return (
    <div className="dash-main">
      <div className="toolbar">
        <SelectField
          label="Athlete"
          options={members.map((m) => ({ value: m.id, label: m.name }))}
          value={String(athleteId ?? '')}
          onValue={(id) => setAthleteId(Number(id))}
        />
      </div>
      {member && <MemberCards key={member.id} collectiveId={collectiveId} member={member} canWrite={canWrite} />}
    </div>
  );
}
