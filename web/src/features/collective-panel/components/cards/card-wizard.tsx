// The card form, step by step (issue 25 item 2): athlete, art, edition, price and size, set and
// unlock rule, review (card-wizard-model.ts), with the framed live preview beside every step
// (card-preview.tsx). Any step can be opened from the list of steps; Next checks the step's fields
// in the server's words and names what is wrong under each field; Create on the review checks every
// step and lists each problem with a way to its step, so an empty form names every field. Nothing typed is lost going back and forth or on a
// refusal (a server field error opens its step). Creates a draft, or a draft sent to the athlete
// for approval at once; edits a draft or a rejected card (back to draft, as the lifecycle says).
import { useEffect, useRef, useState } from 'react';
import type { CardSet, MemberSummary } from '@shared/catalog/catalog-types';
import type { OwnerCard } from '@shared/cards/cards-api';
import { rejectionOf } from '@shared/cards/lifecycle';
import { Button } from '@/components/button';
import { Form } from '@/components/form/form';
import { FormOutcome } from '@/components/form/form-outcome';
import { useForm } from '@/components/form/use-form-submit';
import { useCardAction, useSaveCard } from '@/features/collective-panel/api/card-writes';
import { useAthleteCards } from '@/features/collective-panel/api/get-athlete-cards';
import { WRITE_TEXTS } from '@/features/collective-panel/config';
import { IMAGE_FIELDS, pickerProblem } from '@/features/collective-panel/components/settings/form-parts';
import { CardPreview } from '@/features/collective-panel/components/cards/card-preview';
import { StepBody } from '@/features/collective-panel/components/cards/card-wizard-steps';
import {
  FIELD_LABEL,
  SHOWN_FIELDS,
  STEPS,
  checkCard,
  editionOf,
  firstStepWith,
  initialValues,
  sizeOf,
  stepErrors,
  typedPrice,
} from '@/features/collective-panel/components/cards/card-wizard-model';

interface Props {
  collectiveId: number;
  members: MemberSummary[];
  /** The school the cards say (the collective's). */
  school: string | null;
  /** The athlete chosen on the board (a new card), or the card's own (an edit). */
  athleteId: number | null;
  card: OwnerCard | null;
  onDone: (message: string | null) => void;
}

const TEXTS = { ...WRITE_TEXTS, invalid: 'Please correct the fields named below.' };

export function CardWizard({ collectiveId, members, school, athleteId, card, onDone }: Props) {
  const [step, setStep] = useState(card || athleteId !== null ? 1 : 0);
  const [focusTick, setFocusTick] = useState(0);
  const [problems, setProblems] = useState<Record<string, string> | null>(null);
  // Create and send for approval (a ref for the send, which runs before the next render; state for the buttons).
  const sendToo = useRef(false);
  const [andSubmit, setAndSubmit] = useState(false);
  const [sets, setSets] = useState<CardSet[]>([]);
  const form = useForm({
    initial: () => initialValues(card, athleteId, []),
    check: (values, shown) => checkCard(values, { card, others: othersOf(values.athleteId), imageProblem: pickerProblem(shown, values.image) }),
    send: async (request) => {
      const saved = await save.trigger({ cardId: card?.id ?? null, card: request.card, file: request.file });
      if (!sendToo.current) return { saved, submitted: false };
      try {
        await act.trigger({ cardId: saved.id, action: { kind: 'submit' } });
        return { saved, submitted: true };
      } catch {
        return { saved, submitted: false, submitFailed: true };
      }
    },
    onSuccess: ({ saved, submitted, submitFailed }) => {
      const who = members.find((m) => m.id === Number(form.values.athleteId))?.name ?? 'the athlete';
      onDone(
        submitted
          ? `${saved.name} was created and sent to ${who} for approval.`
          : submitFailed
            ? `${saved.name} was saved as a draft, but could not be sent for approval: send it from the board.`
            : card
              ? `${saved.name} was saved as a draft.`
              : `${saved.name} was created as a draft. Submit it for the athlete's approval.`,
      );
    },
    onFailure: ({ fields }) => {
      const first = firstStepWith(fields);
      if (first !== null) setStep(first);
    },
    fields: SHOWN_FIELDS,
    serverFields: IMAGE_FIELDS,
    texts: TEXTS,
  });
  const chosen = form.values.athleteId ? Number(form.values.athleteId) : null;
  const save = useSaveCard(collectiveId, chosen ?? 0);
  const act = useCardAction(collectiveId, chosen ?? 0);
  const athleteCards = useAthleteCards(chosen);
  const cards = athleteCards.data?.cards ?? [];
  function othersOf(id: string): OwnerCard[] {
    return id === String(chosen) ? cards.filter((c) => c.id !== card?.id) : [];
  }
  // The chosen athlete's sets, and a default set once they are known (a new card).
  useEffect(() => {
    const known = athleteCards.data?.sets ?? [];
    setSets(known);
    if (!card && !form.values.setId && known.some((s) => s.closedAt === null)) form.set('setId')(String(known.find((s) => s.closedAt === null)!.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the athlete's sets arrive
  }, [athleteCards.data]);
  // Focus the first field a check found wrong, once it shows.
  useEffect(() => {
    if (focusTick) form.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick, form.formRef]);

  const all = () =>
    checkCard(form.values, { card, others: othersOf(form.values.athleteId), imageProblem: pickerProblem(form.errors, form.values.image) }).errors;
  const showErrors = (errors: Record<string, string>, fields: readonly string[]) => {
    for (const field of fields) form.setFieldError(field, errors[field] ?? null);
    setFocusTick((n) => n + 1);
  };
  const next = () => {
    const errors = stepErrors(all(), step);
    showErrors(errors, STEPS[step].fields);
    if (Object.keys(errors).length === 0) setStep(step + 1);
  };
  const create = (submitToo: boolean) => {
    const errors = Object.fromEntries(Object.entries(all()).filter(([, m]) => m)) as Record<string, string>;
    showErrors(errors, SHOWN_FIELDS);
    setProblems(Object.keys(errors).length ? errors : null);
    if (Object.keys(errors).length) return;
    sendToo.current = submitToo;
    setAndSubmit(submitToo);
    void form.submit();
  };
  const member = members.find((m) => String(m.id) === form.values.athleteId) ?? null;
  const last = step === STEPS.length - 1;
  const title = card ? `Edit ${card.name}` : 'New card';
  const stepProps = { form, collectiveId, members, card, others: othersOf(form.values.athleteId), sets, onStep: setStep };

  return (
    <Form form={{ formRef: form.formRef, onSubmit: (e) => (e?.preventDefault(), last ? create(false) : next()) }} className="panel cw" aria-label={title}>
      <div className="section-head">
        <h3 className="panel-title">{title}</h3>
        <Button intent="quiet" size="sm" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
      {card && rejectionOf(card) && (
        <p className="form-error">Rejected by the athlete: {rejectionOf(card)}. Saving sends it back to draft; submit it again for approval.</p>
      )}
      <ol className="cw-steps" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === step ? 'step' : undefined}
            className={Object.keys(stepErrors(form.errors, i)).length ? 'cw-step-error' : undefined}
          >
            <button type="button" onClick={() => setStep(i)}>
              <span className="cw-step-n" aria-hidden="true">
                {i + 1}
              </span>
              {s.label}
            </button>
          </li>
        ))}
      </ol>
      <div className="cw-body">
        <div className="cw-fields">
          <StepBody step={step} {...stepProps} />
          {last && problems && (
            <div className="dash-red-box" role="alert">
              <p className="flush">
                <strong>
                  {Object.keys(problems).length} {Object.keys(problems).length === 1 ? 'field needs' : 'fields need'} you:
                </strong>
              </p>
              <ul className="cw-problems">
                {Object.entries(problems).map(([field, message]) => (
                  <li key={field}>
                    <button type="button" className="link-button" onClick={() => setStep(STEPS.findIndex((s) => s.fields.includes(field)))}>
                      {FIELD_LABEL[field] ?? field}: {message}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <FormOutcome error={form.error} />
          <div className="dash-actions">
            {step > 0 && <Button onClick={() => setStep(step - 1)}>Back</Button>}
            {!last && (
              <Button intent="primary" type="submit">
                Next
              </Button>
            )}
            {last && (
              <>
                <Button
                  intent={card ? 'primary' : 'secondary'}
                  busy={form.submitting && !andSubmit}
                  busyLabel="Saving..."
                  disabled={form.submitting}
                  onClick={() => create(false)}
                >
                  {card ? 'Save Card' : 'Create draft'}
                </Button>
                {!card && (
                  <Button intent="primary" busy={form.submitting && andSubmit} busyLabel="Sending..." disabled={form.submitting} onClick={() => create(true)}>
                    Create and send for approval
                  </Button>
                )}
              </>
            )}
          </div>
        </div>
        <CardPreview
          member={member}
          school={school}
          title={form.values.name}
          edition={editionOf(form.values)}
          editionSize={sizeOf(form.values)}
          priceCents={typedPrice(form.values.priceCents) ?? null}
          file={form.values.image}
          image={card?.image ?? null}
          cardNumber={card?.id ?? Math.max(0, ...cards.map((c) => c.id)) + 1}
        />
      </div>
    </Form>
  );
}
