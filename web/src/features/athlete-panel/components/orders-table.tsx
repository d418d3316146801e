// The athlete's order lines: Order (Shopify's order name, full id on hover, copy), Date, Buyer
// (before '@'), Amount, Serials ('#n / N', ranges '#3–5 / 100', per card; units without a serial
// flagged as oversold or sold while locked), Status (default Paid). One table of the design system:
// rows stack into cards on a phone.
import type { SaleLine } from '@shared/sales/sales-api';
import { serialLabel } from '@shared/cards/editions';
import { orderStatusLabel } from '@/components/dashboard/format';
import { ORDER_COLUMNS, orderKey } from '@/components/dashboard/recent-orders';
import { Table } from '@/components/table/table';

function Serials({ line, cardNames }: { line: SaleLine; cardNames: Map<number, string> }) {
  const multipleCards = new Set(line.serials.map((s) => s.cardId)).size > 1;
  const parts = line.serials.map(
    (s) => `${multipleCards ? `${cardNames.get(s.cardId) ?? `Card ${s.cardId}`} ` : ''}${serialLabel([s.from, s.to], s.editionSize)}`,
  );
  if (line.oversoldUnits > 0) parts.push(`${line.oversoldUnits} oversold (no serial)`);
  if (line.whileLockedUnits > 0) parts.push(`${line.whileLockedUnits} sold while locked`);
  if (parts.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="ap-serials">
      {parts.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}

export function AthleteOrdersTable({ orders, caption, cardNames }: { orders: SaleLine[]; caption: string; cardNames: Map<number, string> }) {
  return (
    <Table
      caption={caption}
      rows={orders}
      rowKey={orderKey}
      empty="No orders yet."
      columns={[
        ...ORDER_COLUMNS,
        { header: 'Serials', cell: (order) => <Serials line={order} cardNames={cardNames} /> },
        { header: 'Status', cell: (order) => orderStatusLabel(order.status) },
      ]}
    />
  );
}
