// My Cards (Cards & approvals): the spec's card carousel with the totals for cards and sold, and
// each public card's sale state (sold, serials issued, locked with its unlock progress, sold out,
// retired). The cards come from the athlete's public profile (GET /api/athletes/{id}); the counts
// from its live stats.
import type { AthleteProfileResponse, CardView } from '@shared/catalog/catalog-api';
import type { DigitalCollectible } from '@shared/catalog/catalog-types';
import { formatUsd } from '@shared/platform/money';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { CardCarousel } from '@/components/dashboard/card-carousel';
import { Panel } from '@/components/panel';
import { Table } from '@/components/table/table';
import { FigureTile, Tiles } from '@/components/tiles';
import { useAthleteStats } from '@/features/athlete-panel/api/get-athlete-stats';
import { LIVE_REFRESH_MS } from '@/features/athlete-panel/config';
import { SALES_ERROR } from '@/features/athlete-panel/components/orders-panel';
import { saleStateLabel } from '@/features/athlete-panel/components/sale-state';

/** The carousel shows cards as the catalog stores them; a public card's edition may be null. */
const asCollectible = (card: CardView): DigitalCollectible => ({ ...card, edition: card.edition ?? undefined });

export function MyCardsTab({ profile }: { profile: AthleteProfileResponse }) {
  const { athlete, cards } = profile;
  const stats = useAthleteStats(athlete.id, LIVE_REFRESH_MS);
  if (stats.error) return <ErrorBox message={SALES_ERROR} onRetry={() => void stats.mutate()} />;
  if (!stats.data) return <Spinner label="Loading your cards..." />;
  return (
    <Panel id="my-cards-title" title="My Cards">
      <CardCarousel cards={cards.map(asCollectible)} soldByCard={stats.data.cardsSoldByCard} label={`${athlete.name} cards`} />
      <Tiles label="Card totals">
        <FigureTile label="Total Cards" value={String(cards.length)} />
        <FigureTile label="Sold" value={String(stats.data.totalCardsSold)} />
      </Tiles>
      <Table
        caption="Sale state of each card"
        rows={cards}
        rowKey={(card) => card.id}
        columns={[
          {
            header: 'Card',
            rowHeader: true,
            cell: (card) => (
              <>
                {card.name}
                {card.edition ? <span className="muted small"> · {card.edition}</span> : null}
              </>
            ),
          },
          { header: 'Price', align: 'end', cell: (card) => formatUsd(card.priceCents) },
          { header: 'Sale state', cell: (card) => saleStateLabel(card, cards) },
        ]}
      />
    </Panel>
  );
}
