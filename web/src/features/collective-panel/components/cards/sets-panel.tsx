// The sets of a member's cards (the Cards section, one athlete chosen): each set with its cards, open or closed; create a set
// (a form of the form kit), close one after a confirmation that explains Top Fans (closing fixes
// the set to its cards on sale, shared/cards/sets.ts). One outcome line says how the last of them went.
import { useState } from 'react';
import type { OwnerCardsResponse } from '@shared/cards/cards-api';
import { validateSet } from '@shared/cards/cards-api';
import { ConfirmDialog } from '@/components/dialog';
import { DateText } from '@/components/date-text';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useAction } from '@/components/form/use-action';
import { useForm } from '@/components/form/use-form-submit';
import { useSetWrites } from '@/features/collective-panel/api/card-writes';
import { WRITE_TEXTS } from '@/features/collective-panel/config';

export function SetsPanel({ collectiveId, athleteId, data }: { collectiveId: number; athleteId: number; data: OwnerCardsResponse }) {
  const writes = useSetWrites(collectiveId, athleteId);
  const closing = useAction(WRITE_TEXTS);
  const [confirming, setConfirming] = useState<number | null>(null);
  const create = useForm({
    initial: { name: '' },
    check: ({ name }) => {
      const checked = validateSet({ name });
      return { value: checked.value.name, errors: checked.errors };
    },
    send: (name) => writes.trigger({ create: name }),
    onSuccess: (created) => {
      create.reset();
      return `Set ${created.name} was created.`;
    },
    texts: WRITE_TEXTS,
  });
  const closingSet = data.sets.find((s) => s.id === confirming);
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
                  onClick={() => setConfirming(s.id)}
                >
                  Close set
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Form
        form={{
          formRef: create.formRef,
          onSubmit: (event) => {
            closing.show(null);
            create.onSubmit(event);
          },
        }}
        className="dash-assign"
      >
        <InputField label="New set name" {...create.field('name')} />
        <SubmitButton form={{ submitting: writes.isMutating }} className="btn btn-outline">
          Create Set
        </SubmitButton>
      </Form>
      <FormOutcome success={create.success ?? closing.success} error={create.error ?? closing.error} />
      {closingSet && (
        <ConfirmDialog
          title={`Close ${closingSet.name}?`}
          confirmLabel="Close Set"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            create.clear();
            void closing.run(
              () => writes.trigger({ close: closingSet.id }),
              (closed) => `${closed.name} is closed with ${closed.cardIds.length} card${closed.cardIds.length === 1 ? '' : 's'}.`,
            );
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
