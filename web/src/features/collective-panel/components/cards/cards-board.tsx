// The pipeline board of the Cards section: the stages in order with their counts (Draft, Waiting
// for athlete, Approved, Live, Retired: shared/cards/lifecycle.ts PIPELINE), then a lane per stage,
// each card with its art, athlete, edition, price, what it is waiting for, its next action
// (card-actions.tsx: the lifecycle's moves) and its history. A lane's cards fill its width in as
// many columns as fit, so a stage with many cards never becomes one long narrow column.
import type { ReactNode } from 'react';
import type { OwnerCard, OwnerCardsResponse } from '@shared/cards/cards-api';
import { printRunText } from '@shared/cards/editions';
import { PIPELINE, pipelineStage, rejectionOf, type PipelineStage } from '@shared/cards/lifecycle';
import { formatUsd } from '@shared/platform/money';
import type { CardAction as HistoryAction } from '@shared/catalog/catalog-types';
import { DateText } from '@/components/date-text';
import { FallbackImage } from '@/components/fallback-image';

export const STAGE_LABEL: Record<PipelineStage, string> = {
  draft: 'Draft',
  waiting: 'Waiting for athlete',
  approved: 'Approved',
  live: 'Live',
  retired: 'Retired',
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

/** The card's history, newest first, folded. */
function History({ card }: { card: OwnerCard }) {
  const events = card.history ?? [];
  if (events.length === 0) return null;
  return (
    <details className="cw-history">
      <summary>History ({events.length})</summary>
      <ol className="small">
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

/** A card's size on the board: '/100', 'Open', or 'None sold' for a drop that closed with no sale
 * (its print run, 0, is its size). */
const sizeText = (editionSize: number | null | undefined): string =>
  editionSize === 0 ? 'None sold' : editionSize ? `/${editionSize.toLocaleString('en-US')}` : 'Open';

/** What a card of a stage waits for, in words. */
function waitingFor(card: OwnerCard, data: OwnerCardsResponse, athleteName: string): string {
  const reason = rejectionOf(card);
  if (reason) return `Rejected by ${athleteName}: “${reason}”. Edit it, then submit it again.`;
  const sale = card.sale;
  switch (pipelineStage(card)) {
    case 'draft':
      return `Submit it for ${athleteName}'s approval.`;
    case 'waiting':
      return `${athleteName} approves or rejects it.`;
    case 'approved':
      return data.publishMode === 'manual' ? 'Publish it with its Shopify product id.' : 'Publish it: it goes on sale.';
    case 'live':
      // A closed drop: its print run, or that it sold nothing (never "all 0 sold").
      if (card.drop?.closedAt && card.drop.printRun !== null) return `Drop closed. ${printRunText(card.drop.printRun)}.`;
      if (sale?.soldOut) return `Sold out: all ${card.editionSize?.toLocaleString('en-US')} sold.`;
      return card.editionSize
        ? `${(sale?.issued ?? 0).toLocaleString('en-US')} of ${card.editionSize.toLocaleString('en-US')} sold.`
        : 'On sale, open edition.';
    default:
      return 'No longer on sale.';
  }
}

export interface BoardEntry {
  card: OwnerCard;
  data: OwnerCardsResponse;
  athleteName: string;
}

interface Props {
  entries: BoardEntry[];
  /** A card's actions (null: an account that cannot change them). */
  actionsOf: ((entry: BoardEntry) => ReactNode) | null;
}

export function CardsBoard({ entries, actionsOf }: Props) {
  return (
    <div className="cw-board-wrap">
      <nav aria-label="Pipeline">
        <ol className="cw-pipeline">
          {PIPELINE.map((stage) => (
            <li key={stage}>
              <a href={`#stage-${stage}`}>
                {STAGE_LABEL[stage]} <span className="cw-count">{entries.filter((e) => pipelineStage(e.card) === stage).length}</span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="cw-board">
        {PIPELINE.map((stage) => {
          const cards = entries.filter((e) => pipelineStage(e.card) === stage);
          const headingId = `stage-${stage}`;
          return (
            <section key={stage} className="cw-column" aria-labelledby={headingId}>
              <h3 id={headingId} className="cw-column-title">
                {STAGE_LABEL[stage]} <span className="cw-count">{cards.length}</span>
              </h3>
              {cards.length === 0 ? (
                <p className="muted small">None.</p>
              ) : (
                <ul className="plain-list cw-cards" aria-label={`${STAGE_LABEL[stage]} cards`}>
                  {cards.map((entry) => (
                    <li key={`${entry.card.id}-${entry.athleteName}`} className={`cw-card${rejectionOf(entry.card) ? ' cw-card-rejected' : ''}`}>
                      <div className="cw-card-head">
                        <FallbackImage src={entry.card.image} alt="" loading="lazy" className="cw-thumb" />
                        <div>
                          <strong>{entry.card.name}</strong>
                          <div className="muted small">
                            {entry.athleteName} · {entry.card.edition ?? 'Base'} · {sizeText(entry.card.editionSize)} · {formatUsd(entry.card.priceCents)}
                          </div>
                        </div>
                      </div>
                      <p className="cw-next small">{waitingFor(entry.card, entry.data, entry.athleteName)}</p>
                      {actionsOf?.(entry)}
                      <History card={entry.card} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
