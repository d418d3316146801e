// Recent Orders table: Order ID (first 8 characters), Date, Buyer (before '@'), Amount, Status (default Paid).
import type { SaleLine } from '../../../../shared/api';
import { formatUsd } from '../../../../shared/money';
import { buyerLabel, formatDate, orderStatusLabel, shortOrderId } from './format';

export function RecentOrdersTable({ orders, caption }: { orders: SaleLine[]; caption: string }) {
  if (orders.length === 0) return <p className="muted">No orders yet.</p>;
  return (
    <div className="dash-table-wrap">
      <table className="dash-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order ID</th>
            <th scope="col">Date</th>
            <th scope="col">Buyer</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={`${order.orderId}-${order.createdAt}`}>
              <td className="mono" title={order.orderName}>
                {shortOrderId(order.orderId)}
              </td>
              <td>{formatDate(order.createdAt)}</td>
              <td>{buyerLabel(order.buyer)}</td>
              <td>{formatUsd(order.amountCents)}</td>
              <td>{orderStatusLabel(order.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
