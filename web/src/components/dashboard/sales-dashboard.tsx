// The sales dashboard figures: Total Cards Sold; Total Revenue with the average price (the gross:
// what buyers paid, net of discounts, refunds and included tax, before the platform's 3%; README
// "API", the stats' totalRevenueCents); beside it Net Revenue (the athlete's 97% of it, from the
// ledger); Total Fans (unique purchasers). Each note says what its figure is.
import type { AthleteStatsResponse } from '@shared/sales/sales-api';
import { formatUsd } from '@shared/platform/money';

/** A figure with its label; `value` null while it loads (the tile keeps its size: a blank line
 * of the value's height, read out as "Loading"). */
export function FigureTile({ label, value, note }: { label: string; value: string | null; note?: string }) {
  return (
    <div className="dash-tile">
      <dt>{label}</dt>
      <dd>
        {value === null ? (
          <span className="dash-tile-value dash-tile-pending">
            {'\u00a0'}
            <span className="sr-only">Loading</span>
          </span>
        ) : (
          <span className="dash-tile-value">{value}</span>
        )}
        {note && <span className="dash-tile-note">{note}</span>}
      </dd>
    </div>
  );
}

export function SalesDashboard({ stats }: { stats: AthleteStatsResponse }) {
  return (
    <dl className="dash-tiles" aria-label="Sales dashboard">
      <FigureTile label="Total Cards Sold" value={String(stats.totalCardsSold)} />
      <FigureTile
        label="Total Revenue"
        value={formatUsd(stats.totalRevenueCents)}
        note={`Avg. ${formatUsd(stats.averagePriceCents)} per card · Gross: what fans paid, after discounts and refunds`}
      />
      <FigureTile label="Net Revenue" value={formatUsd(stats.earningsCents)} note="Athlete's 97% of Total Revenue, after the 3% platform share" />
      <FigureTile label="Total Fans" value={String(stats.uniqueFans)} note="Unique purchasers" />
    </dl>
  );
}
