// How an order's state is stored in its item: plain, or gzipped when large (an order with
// thousands of lines), refused when even compressed it would not fit a DynamoDB item.
import { gunzipSync, gzipSync } from 'node:zlib';
import { emptyOrderState } from '#shared/orders/contribution';
import type { OrderState } from '#shared/orders/contribution';
import { UnsupportedOrder } from '#shared/orders/shopify';

/** A state above this size is stored gzipped; above MAX_STORED_BYTES compressed it is refused. */
const COMPRESS_ABOVE_BYTES = 100_000;
const MAX_STORED_BYTES = 350_000;

export function encodeState(orderId: string, state: OrderState): { state: OrderState } | { stateGz: Buffer } {
  const json = JSON.stringify(state);
  if (Buffer.byteLength(json) <= COMPRESS_ABOVE_BYTES) return { state };
  const gz = gzipSync(json);
  if (gz.length > MAX_STORED_BYTES)
    throw new UnsupportedOrder(`order ${orderId} is too large to store (${json.length} bytes, ${gz.length} compressed)`, 'size');
  return { stateGz: gz };
}

export function decodeState(item: Record<string, unknown>): OrderState {
  const raw = item.stateGz ? (JSON.parse(gunzipSync(item.stateGz as Uint8Array).toString('utf8')) as OrderState) : (item.state as OrderState | undefined);
  return { ...emptyOrderState(), ...raw };
}
