// A card's recent sales (GET /api/athletes/{id}/cards/{cardId}/sales): when, the serial each got and
// who owns it now, by pseudonym only ('Fan 7KQ2MX'), newest first. With none: who will get serial
// #1, or, for a moment drop that closed with no sale or a card retired before any, that none was
// sold (no one ever will).
import { NO_COPIES_SOLD, serialLabel } from '@shared/cards/editions';
import type { CardView } from '@shared/catalog/catalog-api';
import { ErrorBox } from '@/components/error-box';
import { Panel } from '@/components/panel';
import { Spinner } from '@/components/spinner';
import { formatAgo, formatDateTime } from '@/lib/dates';
import { CARD_SALES_ERROR, useCardSales } from '@/features/cards/api/get-card-sales';

/** What the panel says before any sale: nobody will ever buy a closed drop or a retired card. */
export function noSalesText(card: Pick<CardView, 'drop' | 'state'>): string {
  if (card.drop?.phase === 'closed' && card.drop.printRun === 0) return `${NO_COPIES_SOLD}.`;
  if (card.state === 'retired') return 'No copies were sold before this card was retired.';
  return 'No sales yet: the first buyer gets serial #1.';
}

export function RecentSales({ athleteId, card }: { athleteId: number; card: Pick<CardView, 'id' | 'editionSize' | 'drop' | 'state'> }) {
  const sales = useCardSales(athleteId, card.id);
  const items = sales.data?.items ?? [];
  const none = noSalesText(card);
  return (
    <Panel id="recent-sales-title" title="Recent sales" className="recent-sales">
      {sales.error && <ErrorBox message={CARD_SALES_ERROR} onRetry={() => void sales.mutate()} />}
      {!sales.data && !sales.error && <Spinner label="Loading recent sales..." />}
      {sales.data && items.length === 0 && <p className="muted">{none}</p>}
      {items.length > 0 && (
        <ul className="sales-list">
          {items.map((sale) => (
            <li key={`${sale.at}-${sale.serials[0]?.[0] ?? 0}`}>
              <span className="serial">{sale.serials.map((r) => serialLabel(r, card.editionSize)).join(', ')}</span>
              <span className="sales-owner">{sale.owner}</span>
              <time dateTime={sale.at} title={formatDateTime(sale.at)} className="muted small">
                {formatAgo(sale.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
