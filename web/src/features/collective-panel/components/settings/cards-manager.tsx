// Cards (Settings): per member, its cards in every lifecycle state with their history, and its
// sets. Create a card, edit a draft or rejected card (the athlete's reason shown), delete a draft,
// submit for approval, publish an approved card (with a Shopify product id when publishing is
// manual here), retire a published card; create a set and close one (a confirmation explains that
// closing fixes its cards for Top Fans). "On sale" is said only when the answer says published.
import { useState } from 'react';
import type { CardState, MemberSummary } from '@shared/catalog/catalog-types';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { validatePublish, validateSet } from '@shared/cards/cards-api';
import { formatUsd } from '@shared/platform/money';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { ErrorBox } from '@/components/error-box';
import { FallbackImage } from '@/components/fallback-image';
import { Spinner } from '@/components/spinner';
import { Badge, type BadgeTone } from '@/components/dashboard/format';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useCardAction, useSetWrites, type CardAction } from '@/features/collective-panel/api/card-writes';
import { useAthleteCards } from '@/features/collective-panel/api/get-athlete-cards';
import { LOAD_ERROR } from '@/features/collective-panel/config';
import { CardForm } from '@/features/collective-panel/components/settings/card-form';
import { errorsFrom } from '@/features/collective-panel/components/settings/form-parts';
import { TableRegion } from '@/components/dashboard/table-region';

const STATE_LABEL: Record<CardState, string> = {
  draft: 'Draft',
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  published: 'Published',
  retired: 'Retired',
};

const STATE_TONE: Record<CardState, BadgeTone> = { draft: 'yellow', pending: 'yellow', approved: 'green', rejected: 'red', published: 'green', retired: 'red' };

const ACTION_WORD: Record<string, string> = {
  created: 'Created',
  edited: 'Edited',
  submitted: 'Submitted for approval',
  approved: 'Approved by the athlete',
  rejected: 'Rejected by the athlete',
  published: 'Published',
  retired: 'Retired',
  'image-changed': 'Image changed',
};

function stateOf(card: OwnerCard): { label: string; tone: BadgeTone } {
  if (card.state === 'published' && card.sale?.soldOut) return { label: 'Sold out', tone: 'red' };
  return { label: STATE_LABEL[card.state], tone: STATE_TONE[card.state] };
}

function History({ card }: { card: OwnerCard }) {
  const events = card.history ?? [];
  if (events.length === 0) return null;
  return (
    <details>
      <summary>History ({events.length})</summary>
      <ol className="small" style={{ paddingInlineStart: 18, margin: '4px 0' }}>
        {[...events].reverse().map((e, i) => (
          <li key={`${e.at}-${i}`}>
            {ACTION_WORD[e.action] ?? e.action} · <DateText iso={e.at} />
            {e.reason ? ` · “${e.reason}”` : ''}
            {e.shopifyProductId ? ` · product ${e.shopifyProductId}` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** Publish with the product id field when publishing is manual here; a plain button otherwise. */
function PublishControl({
  card,
  mode,
  busy,
  onPublish,
}: {
  card: OwnerCard;
  mode: OwnerCardsResponse['publishMode'];
  busy: boolean;
  onPublish: (productId: string | undefined) => Promise<string | null>;
}) {
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (mode !== 'manual') {
    return (
      <button type="button" className="btn btn-primary btn-sm" disabled={busy} aria-label={`Publish ${card.name}`} onClick={() => void onPublish(undefined)}>
        Publish
      </button>
    );
  }
  return (
    <form
      className="dash-assign"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const checked = validatePublish({ shopifyProductId: productId });
        const problem = checked.errors.shopifyProductId ?? (checked.value.shopifyProductId ? null : 'Enter the id of the Shopify product that sells this card');
        setError(problem);
        if (problem) return;
        setError(await onPublish(checked.value.shopifyProductId));
      }}
    >
      <Field label={`Shopify product id for ${card.name}`} error={error}>
        {(control) => <input {...control} className="input" inputMode="numeric" value={productId} onChange={(e) => setProductId(e.target.value)} />}
      </Field>
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        Publish
      </button>
    </form>
  );
}

function SetsPanel({ collectiveId, athleteId, data }: { collectiveId: number; athleteId: number; data: OwnerCardsResponse }) {
  const writes = useSetWrites(collectiveId, athleteId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [closing, setClosing] = useState<number | null>(null);
  const closingSet = data.sets.find((s) => s.id === closing);
  const nameOf = (id: number) => data.cards.find((c) => c.id === id)?.name ?? `Card ${id}`;
  return (
    <section aria-labelledby={`sets-${athleteId}`}>
      <h4 id={`sets-${athleteId}`} className="panel-title">
        Sets
      </h4>
      {data.sets.length === 0 ? (
        <p className="muted">No sets yet: every card on sale counts as one set for Top Fans.</p>
      ) : (
        <ul className="plain-list">
          {data.sets.map((s) => (
            <li key={s.id} className="dash-row">
              <span>
                <strong>{s.name}</strong> · {s.cardIds.length ? s.cardIds.map(nameOf).join(', ') : 'no cards yet'} ·{' '}
                {s.closedAt ? (
                  <>
                    Closed <DateText iso={s.closedAt} />
                  </>
                ) : (
                  'Open'
                )}
              </span>
              {!s.closedAt && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={`Close set ${s.name}`}
                  disabled={writes.isMutating}
                  onClick={() => setClosing(s.id)}
                >
                  Close set
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="dash-assign"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setOutcome(null);
          const checked = validateSet({ name });
          setError(checked.errors.name ?? null);
          if (checked.errors.name) return;
          try {
            const created = await writes.trigger({ create: checked.value.name });
            setName('');
            setOutcome({ ok: true, text: `Set ${created.name} was created.` });
          } catch (err) {
            const { fields, message } = errorsFrom(err);
            setError(fields.name ?? null);
            setOutcome(message ? { ok: false, text: message } : null);
          }
        }}
      >
        <Field label="New set name" error={error}>
          {(control) => <input {...control} className="input" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <button type="submit" className="btn btn-outline" disabled={writes.isMutating}>
          Create Set
        </button>
      </form>
      <FormOutcome success={outcome?.ok ? outcome.text : null} error={outcome && !outcome.ok ? outcome.text : null} />
      {closingSet && (
        <ConfirmDialog
          title={`Close ${closingSet.name}?`}
          confirmLabel="Close Set"
          onCancel={() => setClosing(null)}
          onConfirm={async () => {
            setClosing(null);
            setOutcome(null);
            try {
              const closed = await writes.trigger({ close: closingSet.id });
              setOutcome({ ok: true, text: `${closed.name} is closed with ${closed.cardIds.length} card${closed.cardIds.length === 1 ? '' : 's'}.` });
            } catch (err) {
              const { fields, message } = errorsFrom(err);
              setOutcome({ ok: false, text: message ?? Object.values(fields).join(' ') });
            }
          }}
        >
          <p>
            Closing fixes the set to its cards on sale now. A fan holding every one of them becomes a Top Fan; cards not yet on sale leave the set, and no new
            card can join it (new cards go into a new set). This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function MemberCards({ collectiveId, member, canWrite }: { collectiveId: number; member: MemberSummary; canWrite: boolean }) {
  const cards = useAthleteCards(member.id);
  const act = useCardAction(collectiveId, member.id);
  const [editing, setEditing] = useState<OwnerCard | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OwnerCard | null>(null);
  const [retiring, setRetiring] = useState<OwnerCard | null>(null);
  const [actingOn, setActingOn] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  if (cards.error) return <ErrorBox message={LOAD_ERROR} onRetry={() => void cards.mutate()} retryLabel="Retry" />;
  if (!cards.data) return <Spinner label="Loading cards..." />;
  const data = cards.data;

  /** Runs one lifecycle action; answers the error text (null on success) for inline forms. */
  async function run(card: OwnerCard, action: CardAction): Promise<string | null> {
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
              : after?.state === 'published'
                ? `${card.name} is published and on sale.`
                : `${card.name} was not published yet (it is ${STATE_LABEL[after?.state ?? card.state].toLowerCase()}).`;
      setNotice({ ok: true, text });
      return null;
    } catch (error) {
      const { fields, message } = errorsFrom(error);
      const text = message ?? Object.values(fields).join(' ');
      if (action.kind === 'publish' && fields.shopifyProductId) return fields.shopifyProductId;
      setNotice({ ok: false, text });
      return text;
    } finally {
      setActingOn(null);
    }
  }

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
        <TableRegion label={`Cards of ${member.name}`}>
          <table className="dash-table">
            <caption className="sr-only">Cards of {member.name}</caption>
            <thead>
              <tr>
                <th scope="col">Card</th>
                <th scope="col">Price</th>
                <th scope="col">Edition</th>
                <th scope="col">State</th>
                {canWrite && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {data.cards.map((card) => {
                const state = stateOf(card);
                return (
                  <tr key={card.id}>
                    <th scope="row">
                      <div className="dash-athlete-cell">
                        <FallbackImage src={card.image} alt={card.name} loading="lazy" />
                        <div>
                          <div>{card.name}</div>
                          <div className="muted small">
                            {card.edition ?? 'Base'}
                            {card.setId ? ` · ${data.sets.find((s) => s.id === card.setId)?.name ?? ''}` : ''}
                            {card.unlock
                              ? ` · unlocks after ${card.unlock.units} of ${data.cards.find((c) => c.id === card.unlock?.cardId)?.name ?? `card ${card.unlock.cardId}`}`
                              : ''}
                          </div>
                          <History card={card} />
                        </div>
                      </div>
                    </th>
                    <td>{formatUsd(card.priceCents)}</td>
                    <td>{card.editionSize ? `${card.sale ? `${card.sale.issued} of ` : ''}${card.editionSize}` : 'Open'}</td>
                    <td>
                      <Badge tone={state.tone}>{state.label}</Badge>
                      {card.state === 'rejected' && card.rejectionReason && <p className="small form-error">Reason: {card.rejectionReason}</p>}
                    </td>
                    {canWrite && (
                      <td>
                        <div className="dash-actions">
                          {(card.state === 'draft' || card.state === 'rejected') && (
                            <button type="button" className="btn btn-outline btn-sm" aria-label={`Edit ${card.name}`} onClick={() => setEditing(card)}>
                              Edit
                            </button>
                          )}
                          {card.state === 'draft' && (
                            <>
                              <button
                                type="button"
                                className="btn btn-primary btn-sm"
                                aria-label={`Submit ${card.name} for approval`}
                                disabled={busy(card)}
                                onClick={() => void run(card, { kind: 'submit' })}
                              >
                                Submit for approval
                              </button>
                              <button
                                type="button"
                                className="btn btn-danger btn-sm"
                                aria-label={`Delete ${card.name}`}
                                disabled={busy(card)}
                                onClick={() => setDeleting(card)}
                              >
                                Delete
                              </button>
                            </>
                          )}
                          {card.state === 'approved' && (
                            <PublishControl
                              card={card}
                              mode={data.publishMode}
                              busy={busy(card)}
                              onPublish={(id) => run(card, { kind: 'publish', request: id ? { shopifyProductId: id } : {} })}
                            />
                          )}
                          {card.state === 'published' && (
                            <button
                              type="button"
                              className="btn btn-danger btn-sm"
                              aria-label={`Retire ${card.name}`}
                              disabled={busy(card)}
                              onClick={() => setRetiring(card)}
                            >
                              Retire
                            </button>
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
      {canWrite ? <SetsPanel collectiveId={collectiveId} athleteId={member.id} data={data} /> : null}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const card = deleting;
            setDeleting(null);
            void run(card, { kind: 'delete' });
          }}
        >
          <p>The draft and its history are removed. Nothing was on sale.</p>
        </ConfirmDialog>
      )}
      {retiring && (
        <ConfirmDialog
          title={`Retire ${retiring.name}?`}
          confirmLabel="Retire"
          danger
          onCancel={() => setRetiring(null)}
          onConfirm={() => {
            const card = retiring;
            setRetiring(null);
            void run(card, { kind: 'retire' });
          }}
        >
          <p>The card comes off sale for good. Fans keep the cards and serials they hold; make a new card to sell again.</p>
        </ConfirmDialog>
      )}
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
        <Field label="Athlete">
          {(control) => (
            <select {...control} className="input" value={athleteId ?? ''} onChange={(e) => setAthleteId(Number(e.target.value))}>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {member && <MemberCards key={member.id} collectiveId={collectiveId} member={member} canWrite={canWrite} />}
    </div>
  );
}
