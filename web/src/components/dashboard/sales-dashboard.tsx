// The sales dashboard figures: Total Cards Sold; Total Revenue with the average price; Total Fans (unique purchasers).
import type { AthleteStatsResponse } from '@shared/api';
import { formatUsd } from '@shared/money';

export function FigureTile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="dash-tile">
      <dt>{label}</dt>
      <dd>
        <span className="dash-tile-value">{value}</span>
        {note && <span className="dash-tile-note">{note}</span>}
      </dd>
    </div>
  );
}

export function SalesDashboard({ stats }: { stats: AthleteStatsResponse }) {
  return (
    <dl className="dash-tiles" aria-label="Sales dashboard">
      <FigureTile label="Total Cards Sold" value={String(stats.totalCardsSold)} />
      <FigureTile label="Total Revenue" value={formatUsd(stats.totalRevenueCents)} note={`Avg. ${formatUsd(stats.averagePriceCents)} per card`} />
      <FigureTile label="Total Fans" value={String(stats.uniqueFans)} note="Unique purchasers" />
    </dl>
  );
}
