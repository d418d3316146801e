// A card's lifecycle buttons on the Cards board: exactly the moves shared/cards/lifecycle.ts offers
// the collective in the card's state (`actions`): edit a draft or a rejected card, submit a draft
// for approval or delete it, publish an approved card (with a Shopify product id when publishing is
// manual here) or schedule it as a moment drop (schedule-drop-form.tsx), retire a published one. The
// move that takes the card forward (`nextMove`) is the primary button; deleting and retiring are
// destructive (they ask first, in the caller's dialog). A move the state offers but the card's terms
// refuse (`withheld`: a limited edition cannot be dropped) shows its reason where its button would be.
import { Fragment, type ReactNode } from 'react';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { validatePublish } from '@shared/cards/cards-api';
import { actions, nextMove, withheld, type Move } from '@shared/cards/lifecycle';
import { Button } from '@/components/button';
import { InputField } from '@/components/form/field';
import { Form, SubmitButton } from '@/components/form/form';
import { useForm } from '@/components/form/use-form-submit';
import { WRITE_TEXTS } from '@/features/collective-panel/config';
import { ScheduleDrop } from '@/features/collective-panel/components/schedule-drop-form';

export interface CardActionsProps {
  card: OwnerCard;
  publishMode: OwnerCardsResponse['publishMode'];
  busy: boolean;
  onEdit: () => void;
  onSubmit: () => void;
  /** Asks for a confirmation first. */
  onDelete: () => void;
  /** Publishes; when publishing is manual, a failure is thrown back for the product id's form. */
  onPublish: (productId: string | undefined) => Promise<void>;
  /** Asks for a confirmation first. */
  onRetire: () => void;
  /** Where a moment drop is scheduled from (its collective and athlete), and what to say after. */
  drop?: { collectiveId: number; athleteId: number; onScheduled: (message: string) => void };
}

const PRODUCT_ID_REQUIRED = 'Enter the id of the Shopify product that sells this card';

/** The product id's form (publishing is manual here): its own error, or the publication's failure, under the field. */
function PublishForm({ card, busy, onPublish }: Pick<CardActionsProps, 'card' | 'busy' | 'onPublish'>) {
  const form = useForm({
    initial: { shopifyProductId: '' },
    check: ({ shopifyProductId }) => {
      const checked = validatePublish({ shopifyProductId });
      const id = checked.value.shopifyProductId;
      return { value: id, errors: { shopifyProductId: checked.errors.shopifyProductId ?? (id ? undefined : PRODUCT_ID_REQUIRED) } };
    },
    send: (id) => onPublish(id),
    texts: WRITE_TEXTS,
  });
  return (
    <Form form={form} className="dash-assign">
      <InputField
        label={`Shopify product id for ${card.name}`}
        inputMode="numeric"
        {...form.field('shopifyProductId')}
        error={form.errors.shopifyProductId ?? form.error ?? undefined}
      />
      <SubmitButton form={{ submitting: busy }} className="btn btn-primary btn-sm">
        Publish
      </SubmitButton>
    </Form>
  );
}

/** Publish with the product id field when publishing is manual here; a plain button otherwise. */
function PublishControl({ card, publishMode, busy, onPublish }: Pick<CardActionsProps, 'card' | 'publishMode' | 'busy' | 'onPublish'>) {
  if (publishMode === 'manual') return <PublishForm card={card} busy={busy} onPublish={onPublish} />;
  return (
    <Button intent="primary" size="sm" disabled={busy} aria-label={`Publish ${card.name}`} onClick={() => void onPublish(undefined)}>
      Publish
    </Button>
  );
}

function control(move: Move, props: CardActionsProps): ReactNode {
  const { card, busy } = props;
  switch (move) {
    case 'edit':
      return (
        <Button intent={nextMove(card, 'collective') === 'edit' ? 'primary' : 'secondary'} size="sm" aria-label={`Edit ${card.name}`} onClick={props.onEdit}>
          Edit
        </Button>
      );
    case 'submit':
      return (
        <Button intent="primary" size="sm" aria-label={`Submit for approval: ${card.name}`} disabled={busy} onClick={props.onSubmit}>
          Submit for approval
        </Button>
      );
    case 'delete':
      return (
        <Button intent="destructive" size="sm" aria-label={`Delete ${card.name}`} disabled={busy} onClick={props.onDelete}>
          Delete
        </Button>
      );
    case 'publish':
      return <PublishControl card={card} publishMode={props.publishMode} busy={busy} onPublish={props.onPublish} />;
    case 'schedule-drop':
      return props.drop ? <ScheduleDrop {...props.drop} card={card} publishMode={props.publishMode} busy={busy} /> : null;
    case 'retire':
      return (
        <Button intent="destructive" size="sm" aria-label={`Retire ${card.name}`} disabled={busy} onClick={props.onRetire}>
          Retire
        </Button>
      );
    default:
      return null;
  }
}

export function CardActions(props: CardActionsProps) {
  return (
    <div className="dash-actions">
      {actions(props.card, 'collective').map((move) => (
        <Fragment key={move}>{control(move, props)}</Fragment>
      ))}
      {withheld(props.card, 'collective').map(({ move, reason }) =>
        move === 'schedule-drop' && props.drop ? (
          <p key={move} className="cw-next small cw-withheld">
            No drop of {props.card.name}: {reason}.
          </p>
        ) : null,
      )}
    </div>
  );
}
