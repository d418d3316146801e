// Recent Orders table: Order (Shopify's order name, e.g. #1001, with the full order id on hover and
// a copy button; the first 8 characters of 16-digit ids are the same for every order), Date,
// Buyer (before '@'), Amount, Status (default Paid); optionally the serials each line holds
// ('#4 / 100', '#4–6 / 100') and its flags (units sold past the edition, or while the card was locked).
import { useEffect, useState } from 'react';
import type { SaleLine } from '@shared/sales/sales-api';
import { formatUsd } from '@shared/platform/money';
import { serialLabel } from '@shared/cards/editions';
import { DateText } from '@/components/date-text';
import { buyerLabel, orderLabel, orderStatusLabel } from '@/components/dashboard/format';
import { Table, type Column } from '@/components/table/table';

/** Copies text to the clipboard (Clipboard API, else a selected textarea). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection fallback
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand?.('copy') ?? false;
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

const CopyIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    <path d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H3A1.5 1.5 0 0 0 1.5 3v6A1.5 1.5 0 0 0 3 10.5h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
  </svg>
);

const CheckIcon = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="#5ef08a" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** The order's name with its full Shopify id in a tooltip and a copy button. */
export function OrderRef({ orderId, orderName }: { orderId: string; orderName?: string | null }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = window.setTimeout(() => setCopied(null), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const label = orderLabel(orderId, orderName);
  return (
    <span className="order-ref">
      <span className="mono" title={`Order ID ${orderId}`} data-order-id={orderId}>
        {label}
      </span>
      <button
        type="button"
        className="order-copy"
        title={`Copy order ID ${orderId}`}
        aria-label={`Copy order ID of ${label}`}
        onClick={() => void copyText(orderId).then(setCopied)}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
      <span className="sr-only" role="status">
        {copied === true ? `Order ID ${orderId} copied` : copied === false ? `Copy failed. Order ID ${orderId}` : ''}
      </span>
    </span>
  );
}

function SerialsCell({ order }: { order: SaleLine }) {
  const serials = order.serials ?? [];
  const flags = [
    order.oversoldUnits > 0 ? `${order.oversoldUnits} oversold` : '',
    order.whileLockedUnits > 0 ? `${order.whileLockedUnits} while locked` : '',
  ].filter(Boolean);
  return (
    <>
      {serials.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        serials.map((s) => <div key={`${s.cardId}-${s.from}`}>{serialLabel([s.from, s.to], s.editionSize)}</div>)
      )}
      {flags.map((flag) => (
        <span key={flag} className="dash-badge dash-badge-red dash-badge-gap">
          {flag}
        </span>
      ))}
    </>
  );
}

/** An order line's first columns: Order (the row's name), Date, Buyer, Amount. */
export const ORDER_COLUMNS: ReadonlyArray<Column<SaleLine>> = [
  { header: 'Order', rowHeader: true, cell: (order) => <OrderRef orderId={order.orderId} orderName={order.orderName} /> },
  { header: 'Date', cell: (order) => <DateText iso={order.createdAt} /> },
  { header: 'Buyer', cell: (order) => buyerLabel(order.buyer) },
  { header: 'Amount', align: 'end', cell: (order) => formatUsd(order.amountCents) },
];

export const orderKey = (order: SaleLine) => `${order.orderId}-${order.createdAt}`;

export function RecentOrdersTable({ orders, caption, showSerials = false }: { orders: SaleLine[]; caption: string; showSerials?: boolean }) {
  return (
    <Table
      caption={caption}
      rows={orders}
      rowKey={orderKey}
      empty="No orders yet."
      columns={[
        ...ORDER_COLUMNS,
        { header: 'Status', cell: (order) => orderStatusLabel(order.status) },
        showSerials && { header: 'Serials', cell: (order) => <SerialsCell order={order} /> },
      ]}
    />
  );
}
