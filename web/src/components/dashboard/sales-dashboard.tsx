// The sales dashboard figures: Total Cards Sold; Total Revenue with the average price (the gross:
// what buyers paid, net of discounts, refunds and included tax, before the platform's 3%; README
// "API", the stats' totalRevenueCents); Total Fans (unique purchasers); and, where the screen does
// not show the athlete's earnings elsewhere, Net Revenue (the athlete's 97% of it, from the ledger).
// Each note says what its figure is. Tiles of the design system (tiles.tsx).
import type { AthleteStatsResponse } from '@shared/sales/sales-api';
import { formatUsd } from '@shared/platform/money';
import { FigureTile, Tiles } from '@/components/tiles';

export function SalesDashboard({ stats, withNet = true }: { stats: AthleteStatsResponse; withNet?: boolean }) {
  return (
    <Tiles label="Sales dashboard">
      <FigureTile label="Total Cards Sold" value={String(stats.totalCardsSold)} />
      <FigureTile
        label="Total Revenue"
        value={formatUsd(stats.totalRevenueCents)}
        note={`Avg. ${formatUsd(stats.averagePriceCents)} per card · Gross: what fans paid, after discounts and refunds`}
      />
      {withNet && <FigureTile label="Net Revenue" value={formatUsd(stats.earningsCents)} note="Athlete's 97% of Total Revenue, after the 3% platform share" />}
      <FigureTile label="Total Fans" value={String(stats.uniqueFans)} note="Unique purchasers" />
    </Tiles>
  );
}
