// Cards (the collective's menu; issue 25 item 2): the pipeline board of its athletes' cards
// (cards-board.tsx) a page of athletes at a time or one athlete, New card (the step-by-step form
// with its framed preview, card-wizard.tsx), each card's next action, and the chosen athlete's sets.
// Deleting and retiring ask first. A refusal shows the server's message, the lifecycle's own words;
// "on sale" is said only when the answer says published.
import { useEffect, useRef, useState } from 'react';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import type { OwnerCard } from '@shared/cards/cards-api';
import { isOnSale, stateLabel, stateOf } from '@shared/cards/lifecycle';
import { Button } from '@/components/button';
import { ConfirmAbout, useConfirmation } from '@/components/dialog';
import { ErrorBox } from '@/components/error-box';
import { SelectField } from '@/components/form/field';
import { describeFailure } from '@/components/form/form-errors';
import { FormOutcome } from '@/components/form/form-outcome';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { useCardMove, type CardAction } from '@/features/collective-panel/api/card-writes';
import { BOARD_ATHLETES, useCardsBoard } from '@/features/collective-panel/api/get-cards-board';
import { LOAD_ERROR, WRITE_TEXTS } from '@/features/collective-panel/config';
import { CardActions } from '@/features/collective-panel/components/cards/card-actions';
import { CardWizard } from '@/features/collective-panel/components/cards/card-wizard';
import { CardsBoard, type BoardEntry } from '@/features/collective-panel/components/cards/cards-board';
import { SetsPanel } from '@/features/collective-panel/components/cards/sets-panel';
import '@/features/collective-panel/components/cards/cards.css';

const ALL = 'all';

interface Props {
  collectiveId: number;
  members: MemberSummary[];
  school: string | null;
  canWrite: boolean;
}

export function CardsSection({ collectiveId, members, school, canWrite }: Props) {
  const [athlete, setAthlete] = useState<string>(ALL);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<BoardEntry | 'new' | null>(null);
  // The form takes the focus when it opens (card-wizard.tsx); when it closes the focus goes back to
  // what opened it (a card's Edit), or to New card (hidden while the form is open).
  const opener = useRef<HTMLElement | null>(null);
  const newCard = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const edit = (what: BoardEntry | 'new') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setNotice(null);
    setEditing(what);
  };
  useEffect(() => {
    if (editing !== null) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      (opener.current?.isConnected ? opener.current : newCard.current)?.focus();
    }
  }, [editing]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [actingOn, setActingOn] = useState<string | null>(null);
  const deleting = useConfirmation<BoardEntry>();
  const retiring = useConfirmation<BoardEntry>();
  const move = useCardMove(collectiveId);
  const shown = athlete === ALL ? members.slice(page * BOARD_ATHLETES, (page + 1) * BOARD_ATHLETES) : members.filter((m) => String(m.id) === athlete);
  const board = useCardsBoard(shown.map((m) => m.id));
  const one = athlete === ALL ? null : (shown[0] ?? null);

  if (members.length === 0)
    return (
      <Panel id="cards-title" title="Cards">
        {<p className="muted">No athletes yet: add one under Settings, then make their cards here.</p>}
      </Panel>
    );

  const entries: BoardEntry[] = shown.flatMap((m) =>
    (board.data?.byAthlete[m.id]?.cards ?? []).map((card) => ({ card, data: board.data!.byAthlete[m.id], athleteName: m.name })),
  );
  const keyOf = (e: BoardEntry) => `${e.data.athlete.id}-${e.card.id}`;

  /** One lifecycle move; its outcome is the notice. A manual publication's failure goes back to its product id's form too. */
  async function run(entry: BoardEntry, action: CardAction): Promise<void> {
    const { card } = entry;
    setActingOn(keyOf(entry));
    setNotice(null);
    try {
      const result = await move.trigger({ athleteId: entry.data.athlete.id, cardId: card.id, action });
      const after = result && typeof result === 'object' ? (result as OwnerCard) : null;
      const text =
        action.kind === 'delete'
          ? `${card.name} was deleted.`
          : action.kind === 'submit'
            ? `${card.name} was sent to ${entry.athleteName} for approval.`
            : action.kind === 'retire'
              ? `${card.name} was retired: it is no longer on sale.`
              : after && isOnSale(after)
                ? `${card.name} is published and on sale.`
                : `${card.name} was not published yet (it is ${stateLabel(stateOf(after ?? card)).toLowerCase()}).`;
      setNotice({ ok: true, text });
    } catch (error) {
      const inline = action.kind === 'publish' && entry.data.publishMode === 'manual';
      const { fields, message } = describeFailure(error, WRITE_TEXTS, { fields: inline ? ['shopifyProductId'] : [] });
      if (!fields.shopifyProductId) setNotice({ ok: false, text: message ?? '' });
      if (inline) throw error;
    } finally {
      setActingOn(null);
    }
  }

  return (
    <Panel id="cards-title" title="Cards">
      <div className="section-head">
        <SelectField
          label="Athlete"
          options={[{ value: ALL, label: 'All athletes' }, ...members.map((m) => ({ value: m.id, label: m.name }))]}
          value={athlete}
          onValue={(value) => {
            setAthlete(value);
            setPage(0);
          }}
        />
        {canWrite && editing === null && (
          <Button ref={newCard} intent="primary" onClick={() => edit('new')}>
            New card
          </Button>
        )}
      </div>
      <FormOutcome success={notice?.ok ? notice.text : null} error={notice && !notice.ok ? notice.text : null} />
      {editing !== null && (
        <CardWizard
          key={editing === 'new' ? 'new' : keyOf(editing)}
          collectiveId={collectiveId}
          members={members}
          school={school}
          athleteId={editing === 'new' ? (one?.id ?? null) : editing.data.athlete.id}
          card={editing === 'new' ? null : editing.card}
          onDone={(message) => {
            setEditing(null);
            if (message) setNotice({ ok: true, text: message });
          }}
        />
      )}
      {board.error ? (
        <ErrorBox message={LOAD_ERROR} onRetry={() => void board.mutate()} retryLabel="Retry" />
      ) : !board.data ? (
        <Spinner label="Loading cards..." />
      ) : (
        <CardsBoard
          entries={entries}
          actionsOf={
            canWrite
              ? (entry) => (
                  <CardActions
                    card={entry.card}
                    publishMode={entry.data.publishMode}
                    busy={move.isMutating && actingOn === keyOf(entry)}
                    onEdit={() => edit(entry)}
                    onSubmit={() => void run(entry, { kind: 'submit' })}
                    onDelete={() => deleting.ask(entry)}
                    onPublish={(id) => run(entry, { kind: 'publish', request: id ? { shopifyProductId: id } : {} })}
                    onRetire={() => retiring.ask(entry)}
                    drop={{ collectiveId, athleteId: entry.data.athlete.id, onScheduled: (text) => setNotice({ ok: true, text }) }}
                  />
                )
              : null
          }
        />
      )}
      {athlete === ALL && (
        <Pager
          label="Athletes on the board"
          position={`Athletes ${page * BOARD_ATHLETES + 1}–${Math.min(members.length, (page + 1) * BOARD_ATHLETES)} of ${members.length}`}
          hasPrevious={page > 0}
          hasNext={(page + 1) * BOARD_ATHLETES < members.length}
          onPrevious={() => setPage(page - 1)}
          onNext={() => setPage(page + 1)}
        />
      )}
      {canWrite && one && board.data?.byAthlete[one.id] && <SetsPanel collectiveId={collectiveId} athleteId={one.id} data={board.data.byAthlete[one.id]} />}
      <ConfirmAbout about={deleting} title={(e) => `Delete ${e.card.name}?`} confirmLabel="Delete" danger onConfirm={(e) => void run(e, { kind: 'delete' })}>
        {() => <p>The draft and its history are removed. Nothing was on sale.</p>}
      </ConfirmAbout>
      <ConfirmAbout about={retiring} title={(e) => `Retire ${e.card.name}?`} confirmLabel="Retire" danger onConfirm={(e) => void run(e, { kind: 'retire' })}>
        {() => <p>The card comes off sale for good. Fans keep the cards and serials they hold; make a new card to sell again.</p>}
      </ConfirmAbout>
    </Panel>
  );
}
