// The sets of a member's cards (Cards tab): each set with its cards, open or closed; create a set,
// close one after a confirmation that explains Top Fans (closing fixes the set to its cards on sale,
// shared/cards/sets.ts).
import { useState } from 'react';
import type { OwnerCardsResponse } from '@shared/cards/cards-api';
import { validateSet } from '@shared/cards/cards-api';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { Field } from '@/components/form/field';
import { FormOutcome } from '@/components/form/form-outcome';
import { useSetWrites } from '@/features/collective-panel/api/card-writes';
import { errorsFrom } from '@/features/collective-panel/components/settings/form-parts';

export function SetsPanel({ collectiveId, athleteId, data }: { collectiveId: number; athleteId: number; data: OwnerCardsResponse }) {
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
