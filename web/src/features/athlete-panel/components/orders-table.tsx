// The athlete's order lines: Order (Shopify's order name, full id on hover, copy), Date, Buyer
// (before '@'), Amount, Serials ('#n / N', ranges '#3–5 / 100', per card; units without a serial
// flagged as oversold or sold while locked), Status (default Paid).
import type { SaleLine } from '@shared/sales/sales-api';
import { formatUsd } from '@shared/platform/money';
import { serialLabel } from '@shared/cards/editions';
import { DateText } from '@/components/date-text';
import { buyerLabel, orderStatusLabel } from '@/components/dashboard/format';
import { OrderRef } from '@/components/dashboard/recent-orders';
import { TableRegion } from '@/components/dashboard/table-region';

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
  if (orders.length === 0) return <p className="muted">No orders yet.</p>;
  return (
    <TableRegion label={caption}>
      <table className="dash-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Buyer</th>
            <th scope="col">Amount</th>
            <th scope="col">Serials</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={`${order.orderId}-${order.createdAt}`}>
              <td>
                <OrderRef orderId={order.orderId} orderName={order.orderName} />
              </td>
              <td>
                <DateText iso={order.createdAt} />
              </td>
              <td>{buyerLabel(order.buyer)}</td>
              <td>{formatUsd(order.amountCents)}</td>
              <td>
                <Serials line={order} cardNames={cardNames} />
              </td>
              <td>{orderStatusLabel(order.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
