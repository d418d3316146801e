// A card's lifecycle buttons in the Cards tab: exactly the moves shared/cards/lifecycle.ts offers
// the collective in the card's state (`actions`): edit a draft or a rejected card, submit a draft
// for approval or delete it, publish an approved card (with a Shopify product id when publishing is
// manual here), retire a published one.
import { Fragment, useState, type ReactNode } from 'react';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { validatePublish } from '@shared/cards/cards-api';
import { actions, type Move } from '@shared/cards/lifecycle';
import { Field } from '@/components/form/field';

export interface CardActionsProps {
  card: OwnerCard;
  publishMode: OwnerCardsResponse['publishMode'];
  busy: boolean;
  onEdit: () => void;
  onSubmit: () => void;
  /** Asks for a confirmation first. */
  onDelete: () => void;
  /** Publishes; answers the error to show beside the product id field (null on success). */
  onPublish: (productId: string | undefined) => Promise<string | null>;
  /** Asks for a confirmation first. */
  onRetire: () => void;
}

/** Publish with the product id field when publishing is manual here; a plain button otherwise. */
function PublishControl({ card, publishMode, busy, onPublish }: Pick<CardActionsProps, 'card' | 'publishMode' | 'busy' | 'onPublish'>) {
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (publishMode !== 'manual') {
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

function control(move: Move, props: CardActionsProps): ReactNode {
  const { card, busy } = props;
  switch (move) {
    case 'edit':
      return (
        <button type="button" className="btn btn-outline btn-sm" aria-label={`Edit ${card.name}`} onClick={props.onEdit}>
          Edit
        </button>
      );
    case 'submit':
      return (
        <button type="button" className="btn btn-primary btn-sm" aria-label={`Submit ${card.name} for approval`} disabled={busy} onClick={props.onSubmit}>
          Submit for approval
        </button>
      );
    case 'delete':
      return (
        <button type="button" className="btn btn-danger btn-sm" aria-label={`Delete ${card.name}`} disabled={busy} onClick={props.onDelete}>
          Delete
        </button>
      );
    case 'publish':
      return <PublishControl card={card} publishMode={props.publishMode} busy={busy} onPublish={props.onPublish} />;
    case 'retire':
      return (
        <button type="button" className="btn btn-danger btn-sm" aria-label={`Retire ${card.name}`} disabled={busy} onClick={props.onRetire}>
          Retire
        </button>
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
    </div>
  );
}
