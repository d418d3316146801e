// "Schedule a drop" (decision 0022): an approved card sold as an open edition during a window, from
// a start (now by default) to an end (24 hours later by default), in the collective's own time
// zone; when the window closes the print run is fixed and published and the card is no longer
// sold. The window is checked by the validator the server runs (shared/cards/cards-api.ts); the
// Shopify product id is asked only where publishing is manual.
import { useState } from 'react';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { validateScheduleDrop } from '@shared/cards/cards-api';
import { DROP_DEFAULT_HOURS } from '@shared/cards/lifecycle';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { useScheduleDrop } from '@/features/collective-panel/api/schedule-drop';
import { WRITE_TEXTS } from '@/features/collective-panel/config';

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a datetime-local input's value, in the browser's time zone ('2027-03-01T12:00'). */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as ISO-8601 UTC, or '' when it is not a time. */
const toIso = (value: string) => (value && Number.isFinite(new Date(value).getTime()) ? new Date(value).toISOString() : '');

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** When a drop's window opens and closes, in the reader's time zone. */
export const whenText = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  collectiveId: number;
  athleteId: number;
  card: OwnerCard;
  publishMode: OwnerCardsResponse['publishMode'];
  /** After a schedule: what to say (the panel's outcome line). */
  onScheduled: (message: string) => void;
  onCancel: () => void;
}

function ScheduleDropForm({ collectiveId, athleteId, card, publishMode, onScheduled, onCancel }: Props) {
  const schedule = useScheduleDrop(collectiveId, athleteId);
  const [start] = useState(() => new Date(Math.ceil(Date.now() / 60_000) * 60_000));
  const form = useForm({
    initial: {
      startsAt: localInputValue(start),
      endsAt: localInputValue(new Date(start.getTime() + DROP_DEFAULT_HOURS * 3_600_000)),
      shopifyProductId: '',
    },
    check: (values) => {
      const checked = validateScheduleDrop(
        { startsAt: toIso(values.startsAt), endsAt: toIso(values.endsAt), shopifyProductId: publishMode === 'manual' ? values.shopifyProductId : undefined },
        new Date().toISOString(),
      );
      const errors = { ...checked.errors };
      if (publishMode === 'manual' && !checked.value.shopifyProductId) errors.shopifyProductId ??= 'Enter the id of the Shopify product that sells this card';
      return { value: checked.value, errors };
    },
    send: (request) => schedule.trigger({ cardId: card.id, request }),
    onSuccess: (_result, request) => {
      onScheduled(`${card.name} drops from ${whenText(request.startsAt)} to ${whenText(request.endsAt)}.`);
    },
    texts: WRITE_TEXTS,
  });
  return (
    <Form form={form} className="drop-form" aria-label={`Schedule a drop of ${card.name}`}>
      <p className="hint">
        The card sells as an open edition during the window: every order gets the next serial. When the window closes, its print run is fixed and shown to fans,
        and the card is no longer sold. Times are in your time zone ({zone()}).
      </p>
      <InputField label="Drop starts" type="datetime-local" required {...form.field('startsAt')} />
      <InputField
        label="Drop ends"
        type="datetime-local"
        required
        hint={`${DROP_DEFAULT_HOURS} hours after the start unless you change it`}
        {...form.field('endsAt')}
      />
      {publishMode === 'manual' && <InputField label="Shopify product id" inputMode="numeric" required {...form.field('shopifyProductId')} />}
      <FormOutcome error={form.error} />
      <div className="dash-actions">
        <SubmitButton form={form} busy="Scheduling..." className="btn btn-primary btn-sm">
          Schedule drop
        </SubmitButton>
        <button type="button" className="btn btn-outline btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

/** The card's "Schedule a drop" button, opening its form in place. */
export function ScheduleDrop(props: Omit<Props, 'onCancel'> & { busy: boolean }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Schedule a drop of ${props.card.name}`}
        disabled={props.busy}
        onClick={() => setOpen(true)}
      >
        Schedule a drop
      </button>
    );
  return (
    <ScheduleDropForm
      {...props}
      onCancel={() => setOpen(false)}
      onScheduled={(message) => {
        setOpen(false);
        props.onScheduled(message);
      }}
    />
  );
}
