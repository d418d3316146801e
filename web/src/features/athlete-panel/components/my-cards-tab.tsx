// My Cards: the card carousel, each public card's sale state (sold, serials issued, locked with its
// unlock progress, sold out, retired), card totals, live earnings (the 97% share), the sales
// dashboard, Top Fans, and Recent Orders (first 5, with serials) with View All Orders paging
// through every order. The cards come from the athlete's public profile (GET /api/athletes/{id}).
import { useMemo, useState } from 'react';
import type { AthleteProfileResponse, CardView } from '@shared/catalog/catalog-api';
import type { DigitalCollectible } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { countLabel } from '@shared/platform/text';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { CardCarousel } from '@/components/dashboard/card-carousel';
import { SalesDashboard } from '@/components/dashboard/sales-dashboard';
import { useAllOrders, useRecentOrders } from '@/features/athlete-panel/api/get-athlete-orders';
import { useAthleteStats } from '@/features/athlete-panel/api/get-athlete-stats';
import { LIVE_REFRESH_MS } from '@/features/athlete-panel/config';
import { AthleteOrdersTable } from '@/features/athlete-panel/components/orders-table';
import { saleStateLabel } from '@/features/athlete-panel/components/sale-state';
import { DataTable } from '@/components/dashboard/data-table';
import { Panel } from '@/components/panel';

export const RECENT_ORDERS = 5;
export const SALES_ERROR = 'Failed to load your sales data. Please try again later.';

/** The carousel shows cards as the catalog stores them; a public card's edition may be null. */
const asCollectible = (card: CardView): DigitalCollectible => ({ ...card, edition: card.edition ?? undefined });

function SaleStates({ cards }: { cards: CardView[] }) {
  if (cards.length === 0) return null;
  return (
    <DataTable caption="Sale state of each card" columns={['Card', 'Price', 'Sale state']}>
      {cards.map((card) => (
        <tr key={card.id}>
          <td>
            {card.name}
            {card.edition ? <span className="muted small"> · {card.edition}</span> : null}
          </td>
          <td>{formatUsd(card.priceCents)}</td>
          <td>{saleStateLabel(card, cards)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function AllOrders({ athleteId, cardNames, onClose }: { athleteId: number; cardNames: Map<number, string>; onClose: () => void }) {
  const { data, error, size, setSize, isValidating, mutate } = useAllOrders(athleteId, true);
  const orders = data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);
  return (
    <section className="panel" aria-labelledby="all-orders-title">
      <div className="dash-row">
        <h2 id="all-orders-title" className="panel-title">
          All Orders
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Back to Recent Orders
        </button>
      </div>
      {error ? (
        <ErrorBox message={SALES_ERROR} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading orders..." />
      ) : (
        <>
          <AthleteOrdersTable orders={orders} caption="All orders, newest first" cardNames={cardNames} />
          <p className="hint">Showing {countLabel(orders.length, 'order')}</p>
          {hasMore && (
            <button type="button" className="btn btn-outline" disabled={isValidating} onClick={() => void setSize(size + 1)}>
              {isValidating ? 'Loading...' : 'Load More Orders'}
            </button>
          )}
        </>
      )}
    </section>
  );
}

export function MyCardsTab({ profile }: { profile: AthleteProfileResponse }) {
  const { athlete, cards } = profile;
  const cardNames = useMemo(() => new Map(cards.map((c) => [c.id, c.name])), [cards]);
  const stats = useAthleteStats(athlete.id, LIVE_REFRESH_MS);
  const recent = useRecentOrders(athlete.id, RECENT_ORDERS + 1, LIVE_REFRESH_MS);
  const [showAll, setShowAll] = useState(false);

  if (stats.error || recent.error) {
    return (
      <ErrorBox
        message={SALES_ERROR}
        onRetry={() => {
          void stats.mutate();
          void recent.mutate();
        }}
      />
    );
  }
  if (!stats.data || !recent.data) return <Spinner label="Loading your sales..." />;

  const s = stats.data;
  const orders = recent.data.items;
  return (
    <>
      <Panel id="my-cards-title" title="My Cards">
        <CardCarousel cards={cards.map(asCollectible)} soldByCard={s.cardsSoldByCard} label={`${athlete.name} cards`} />
        <SaleStates cards={cards} />
        <dl className="dash-tiles" style={{ marginTop: 16 }}>
          <div className="dash-tile">
            <dt>Total Cards</dt>
            <dd>
              <span className="dash-tile-value">{cards.length}</span>
            </dd>
          </div>
          <div className="dash-tile">
            <dt>Sold</dt>
            <dd>
              <span className="dash-tile-value">{s.totalCardsSold}</span>
            </dd>
          </div>
        </dl>
      </Panel>

      <Panel id="earnings-title" title="Your Earnings (97%)">
        <p className="dash-earnings" aria-live="polite">
          {formatUsd(s.earningsCents)}
        </p>
        <p className="hint">Your 97% share of {formatUsd(s.totalRevenueCents)} in card sales, from your ledger. Updates live.</p>
      </Panel>

      <Panel id="sales-title" title="Sales Dashboard">
        <SalesDashboard stats={s} />
      </Panel>

      <Panel id="top-fans-title" title="Top Fans">
        <p className="hint">
          Fans who own your full set of cards{s.topFanCount > 0 ? `: ${s.topFanCount}` : ''}.
          {s.topFanCount > s.topFans.length ? ` Showing the first ${s.topFans.length}.` : ''}
        </p>
        {s.topFans.length === 0 ? (
          <p className="muted">No Top Fans yet.</p>
        ) : (
          <ul className="dash-fans">
            {s.topFans.map((fan) => (
              <li key={fan.buyer}>
                {fan.buyer} <span className="muted small">({countLabel(fan.cardsHeld, 'card')})</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      {showAll ? (
        <AllOrders athleteId={athlete.id} cardNames={cardNames} onClose={() => setShowAll(false)} />
      ) : (
        <Panel id="recent-orders-title" title="Recent Orders">
          <AthleteOrdersTable orders={orders.slice(0, RECENT_ORDERS)} caption="Recent orders, newest first" cardNames={cardNames} />
          {orders.length > RECENT_ORDERS && (
            <button type="button" className="btn btn-outline" style={{ marginTop: 12 }} onClick={() => setShowAll(true)}>
              View All Orders
            </button>
          )}
        </Panel>
      )}
    </>
  );
}
