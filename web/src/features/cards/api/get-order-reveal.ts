// GET /api/me/orders/{orderId}: the order just bought, polled until its sale is counted and its
// serials assigned (moments after payment: the webhook stores the order, settlement numbers it).
// Signed out, lib/api-client.ts sends it to the demo buyer's twin (the local checkout's buyer).
import useSWR from 'swr';
import type { OrderRevealResponse } from '@shared/sales/card-page-api';
import { apiFetch } from '@/lib/api-client';

export const orderRevealKey = (orderId: string | null) => (orderId ? `/me/orders/${encodeURIComponent(orderId)}` : null);

/** Polls every `intervalMs` while `polling` (the caller stops once settled or after its wait). */
export function useOrderReveal(orderId: string | null, polling: boolean, intervalMs = 1000) {
  return useSWR<OrderRevealResponse>(orderRevealKey(orderId), (path: string) => apiFetch<OrderRevealResponse>(path), {
    refreshInterval: polling ? intervalMs : 0,
    revalidateOnFocus: false,
    // A 404 right after checkout (the order not yet stored) is retried by the polling itself.
    shouldRetryOnError: false,
  });
}
