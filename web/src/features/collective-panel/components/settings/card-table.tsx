// A member's cards in every lifecycle state (Cards tab): image and title, edition, set and unlock
// rule, price, edition size (serials issued once on sale), the state as shared/cards/lifecycle.ts
// names it (sold out derived from the edition), the athlete's reason while rejected, the history,
// and each card's actions (card-actions.tsx) when the account may change them.
import type { ReactNode } from 'react';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { rejectionOf, shownState, stateLabel, type ShownState } from '@shared/cards/lifecycle';
import type { CardAction as HistoryAction } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { DateText } from '@/components/date-text';
import { FallbackImage } from '@/components/fallback-image';
import { Badge, type BadgeTone } from '@/components/dashboard/format';
import { DataTable } from '@/components/dashboard/data-table';

const STATE_TONE: Record<ShownState, BadgeTone> = {
  draft: 'yellow',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  published: 'green',
  retired: 'red',
  'sold-out': 'red',
};

const ACTION_WORD: Record<HistoryAction, string> = {
  created: 'Created',
  edited: 'Edited',
  submitted: 'Submitted for approval',
  approved: 'Approved by the athlete',
  rejected: 'Rejected by the athlete',
  published: 'Published',
  retired: 'Retired',
  'image-changed': 'Image changed',
  'drop-scheduled': 'Drop scheduled',
  'drop-closed': 'Drop closed (print run fixed)',
};

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

function CardRow({ card, data, actions }: { card: OwnerCard; data: OwnerCardsResponse; actions: ReactNode }) {
  const state = shownState(card, card.sale?.soldOut);
  const reason = rejectionOf(card);
  return (
    <tr>
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
        <Badge tone={STATE_TONE[state]}>{stateLabel(state)}</Badge>
        {reason && <p className="small form-error">Reason: {reason}</p>}
      </td>
      {actions !== null && <td>{actions}</td>}
    </tr>
  );
}

/** The table; `actionsOf` draws a card's actions (null: a read-only account, no Actions column). */
export function CardTable({
  memberName,
  data,
  actionsOf,
}: {
  memberName: string;
  data: OwnerCardsResponse;
  actionsOf: ((card: OwnerCard) => ReactNode) | null;
}) {
  return (
    <DataTable caption={`Cards of ${memberName}`} columns={['Card', 'Price', 'Edition', 'State', actionsOf && 'Actions']}>
      {data.cards.map((card) => (
        <CardRow key={card.id} card={card} data={data} actions={actionsOf ? actionsOf(card) : null} />
      ))}
    </DataTable>
  );
}
